# Builds the app in release mode and runs it on a slim image.
#   docker compose up            # app + PostgreSQL, see docker-compose.yml
#   docker build -t currency-converter .

# ---- Build ----
FROM swift:6.3-noble AS build
RUN export DEBIAN_FRONTEND=noninteractive DEBCONF_NONINTERACTIVE_SEEN=true \
    && apt-get -q update && apt-get -q dist-upgrade -y \
    && apt-get install -y libsqlite3-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /build

# Resolve dependencies first so they are cached while only the app's code changes.
COPY ./Package.* ./
RUN swift package resolve

COPY . .
RUN swift build -c release --product App --static-swift-stdlib

WORKDIR /staging
RUN cp "$(swift build --package-path /build -c release --show-bin-path)/App" ./ \
    # The app's resources (currencies.csv, the ECB history archive) travel as a bundle next to it.
    && find -L "$(swift build --package-path /build -c release --show-bin-path)/" -regex '.*\.resources$' -exec cp -Ra {} ./ \; \
    && cp -R /build/Public ./Public && cp -R /build/Templates ./Templates \
    && chmod -R a-w ./Public ./Templates

# ---- Run ----
# libxml2: Foundation's XML parser (the ECB documents) links it.
FROM ubuntu:noble
RUN export DEBIAN_FRONTEND=noninteractive DEBCONF_NONINTERACTIVE_SEEN=true \
    && apt-get -q update && apt-get -q dist-upgrade -y \
    && apt-get -q install -y ca-certificates tzdata libsqlite3-0 libxml2 curl \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --user-group --create-home --system --skel /dev/null --home-dir /app vapor
WORKDIR /app
COPY --from=build --chown=vapor:vapor /staging /app
# The embedded SQLite default writes to /app/data when DATABASE_URL is unset.
RUN mkdir -p /app/data && chown vapor:vapor /app/data
ENV SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=./swift-backtrace-static
USER vapor:vapor
EXPOSE 8080
# Liveness: the process serves HTTP (never the database's state; docker-compose.yml checks readiness).
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD curl -fsS http://127.0.0.1:8080/health/live || exit 1
ENTRYPOINT ["./App"]
CMD ["serve", "--env", "production", "--hostname", "0.0.0.0", "--port", "8080"]
