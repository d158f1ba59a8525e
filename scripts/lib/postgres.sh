# Shared by scripts/test and scripts/db-up: a private PostgreSQL cluster on 127.0.0.1.
# Source it, then call `pg_start DIR PORT` and `pg_stop DIR`.

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# Installs PostgreSQL from Debian's packages when it is missing.
pg_install() {
  if [ -z "$(pg_bin)" ]; then
    echo "==> Installing PostgreSQL from Debian's packages"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
}

# initdb and pg_ctl refuse to run as root: run them as the postgres user then.
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# pg_start DIR PORT [SERVER OPTIONS]: creates the cluster in DIR if needed (trust auth,
# superuser postgres) and starts it.
pg_start() {
  local dir="$1" port="$2" extra="${3:-}" bin
  pg_install
  bin="$(pg_bin)"
  mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  fi
  as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=200 $extra" \
    start >/dev/null
}

pg_stop() {
  as_pg "$(pg_bin)/pg_ctl" -D "$1/data" -m fast stop >/dev/null 2>&1 || true
}

# pg_createdb PORT NAME: creates the database unless it exists.
pg_createdb() {
  "$(pg_bin)/psql" -h 127.0.0.1 -p "$1" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$2'" | grep -q 1 \
    || "$(pg_bin)/createdb" -h 127.0.0.1 -p "$1" -U postgres "$2"
}
