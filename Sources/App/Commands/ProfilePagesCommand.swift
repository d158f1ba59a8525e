import Core
import Vapor
import Web

/// `App profile-pages [--iterations N]`: where a page's time goes, stage by stage, measured
/// in-process with `ContinuousClock` (this machine's `perf` cannot sample and valgrind cannot
/// read Swift 6's debug information). For each page: the whole request through the app's
/// middleware, router and handler (no sockets), each middleware, Leaf's own rendering and the
/// page's values; the result page's and the API's hot stages (interactor, presenter, skeleton,
/// JSON, gzip) are the microbenchmarks' (`Benchmarks/AppBenchmarks`). `scripts/bench` runs it
/// on the release build and writes the table into docs/BENCHMARKS.md.
struct ProfilePagesCommand: AsyncCommand {
    struct Signature: CommandSignature {
        init() {}

        @Option(name: "iterations", help: "Requests per page (default 2000).")
        var iterations: Int?
    }

    var help: String { "Times each page's stages in-process (for docs/BENCHMARKS.md)." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        // As the server starts: the stored days in memory and blended (on PostgreSQL while the
        // change listener is in force, or every page would read them from the database).
        try await app.prepareToServe()
        // Every day read and blended before anything is timed, however long the history.
        await app.warmUpBeforeServing(patience: .seconds(600))
        do {
            try await profile(app, context: context, signature: signature)
        } catch {
            await app.changeListener?.stop()
            throw error
        }
        await app.changeListener?.stop()
    }

    private func profile(_ app: Application, context: CommandContext, signature: Signature) async throws {
        let iterations = max(10, signature.iterations ?? 2000)
        let services = app.appServices
        let loop = app.eventLoopGroup.next()
        let pairs = ["USD", "EUR", "JPY", "GBP", "CHF", "SEK", "PLN", "CAD", "AUD", "CNY"]
        func pair(_ index: Int) -> (String, String) {
            (pairs[index % pairs.count], pairs[(index / pairs.count + index + 1) % pairs.count])
        }
        func amount(_ index: Int) -> String { "\(index * 7919 % 250_000).\(index % 100)" }
        func request(_ path: String) -> Request {
            Request(application: app, method: .GET, url: URI(string: path), on: loop)
        }

        let converter = ConverterAssembly.interactor(services: services)
        let converterPresenter = ConverterPresenter(providers: services.providerCatalog)
        let english = Localizations.of(.en)
        let history = RateHistoryInteractor(
            history: services.officialRates, rates: services.currentRates, catalog: services.catalog, providers: services.providerCatalog,
            load: services.historyProgress, now: services.now)
        let about = AboutInteractor(rates: services.currentRates, sourceCodeURL: services.configuration.sourceCodeURL, now: services.now)

        var rows: [(String, String, Duration)] = []
        func time(_ page: String, _ stage: String, _ body: (Int) async throws -> Void) async rethrows {
            for index in 0..<min(50, iterations) { try await body(index) } // warm-up
            let clock = ContinuousClock()
            let started = clock.now
            for index in 0..<iterations { try await body(index) }
            rows.append((page, stage, (clock.now - started) / iterations))
        }

        let plain = "/healthz (plaintext)"
        try await time(plain, "whole request in-process") { _ in
            _ = try await app.responder.respond(to: request(SiteURL.Route.healthz.pattern)).get()
        }
        struct Constant: Responder {
            func respond(to request: Request) -> EventLoopFuture<Response> {
                request.eventLoop.makeSucceededFuture(Response(status: .ok, body: "ok"))
            }
        }
        for middleware in app.middleware.resolve() {
            try await time("middleware", String(describing: type(of: middleware))) { index in
                let path = index % 2 == 0 ? SiteURL.about.path : SiteURL.conversion(from: "USD", to: "EUR", amount: amount(index)).path
                _ = try await middleware.respond(to: request(path), chainingTo: Constant()).get()
            }
        }

        let result = "result page"
        try await time(result, "whole request in-process") { index in
            let (from, to) = pair(index)
            _ = try await app.responder.respond(to: request(SiteURL.conversion(from: from, to: to, amount: amount(index)).path)).get()
        }
        // The microbenchmarks (Benchmarks/AppBenchmarks) time these stages on the ECB's rates
        // alone; here they run on what is stored (with every provider, the blend's details list
        // each provider's rate of the pair).
        try await time(result, "interactor") { index in
            let (from, to) = pair(index)
            _ = try await converter.show(Converter.Query(Converter.Input(from: from, to: to, amount: amount(index))))
        }
        var outputs: [Converter.Output] = []
        for index in 0..<100 {
            let (from, to) = pair(index)
            outputs.append(try await converter.show(Converter.Query(Converter.Input(from: from, to: to, amount: amount(index)))))
        }
        await time(result, "presenter") { index in _ = converterPresenter.present(outputs[index % outputs.count], in: english) }
        await time(result, "page key and the amount's texts") { index in
            let output = outputs[index % outputs.count]
            _ = ConverterPresenter.frame(of: output, in: english).map { (DerivedCacheKey($0.key), $0.texts.texts) }
        }
        try await time(result, "frame filled with them") { index in
            let output = outputs[index % outputs.count]
            let frame = ConverterPresenter.frame(of: output, in: english)!
            _ = try await request(SiteURL.converter.path).renderPage(
                "converter", key: DerivedCacheKey(frame.key), texts: frame.texts
            ) { converterPresenter.present(output, amount: $0, in: english) }
        }
        let models = outputs.map { converterPresenter.present($0, in: english) }
        try await time(result, "page skeleton filled") { index in
            _ = try await app.pages.render("converter", models[index % models.count], for: request(SiteURL.converter.path))
        }
        try await time(result, "Leaf render (what the skeleton replaces)") { index in
            _ = try await request(SiteURL.converter.path).leaf.render("converter", models[index % models.count]).get()
        }
        try await time(result, "page values (texts and shape)") { index in _ = try PageValues(encoding: models[index % models.count]) }

        let api = "/api/v1/convert"
        try await time(api, "whole request in-process") { index in
            let (from, to) = pair(index)
            _ = try await app.responder.respond(to: request(SiteURL.apiConvert.path + "?from=\(from)&to=\(to)&amount=\(amount(index))"))
                .get()
        }

        try await time("/about", "whole request in-process") { _ in
            _ = try await app.responder.respond(to: request(SiteURL.about.path)).get()
        }
        let aboutPresenter = AboutPresenter(providers: services.providerCatalog)
        await time("/about", "interactor + presenter") { _ in _ = aboutPresenter.present(await about.about(), in: english) }
        let aboutModel = aboutPresenter.present(await about.about(), in: english)
        try await time("/about", "Leaf render") { _ in _ = try await request(SiteURL.about.path).leaf.render("about", aboutModel).get() }
        try await time("/about", "page skeleton filled") { _ in
            _ = try await app.pages.render("about", aboutModel, for: request(SiteURL.about.path))
        }

        for range in [HistoryRange.default, .all] {
            let historyPage = "/rates/FROM/TO" + (range == .default ? "" : "?range=\(range.rawValue)")
            try await time(historyPage, "whole request in-process") { index in
                let (from, to) = pair(index)
                _ = try await app.responder.respond(to: request(SiteURL.rateHistory(from: from, to: to, range: range).path)).get()
            }
            try await time(historyPage, "interactor (stored days in memory)") { index in
                let (from, to) = pair(index)
                _ = try await history.history(RateHistory.Query(from: from, to: to, range: range))
            }
            let historyOutput = try await history.history(RateHistory.Query(from: "USD", to: "EUR", range: range))
            let historyPresenter = RateHistoryPresenter(providers: services.providerCatalog)
            await time(historyPage, "presenter") { _ in _ = historyPresenter.present(historyOutput, in: english) }
            let historyModel = historyPresenter.present(historyOutput, in: english)
            try await time(historyPage, "Leaf render") { _ in
                _ = try await request(SiteURL.converter.path).leaf.render("rate-history", historyModel).get()
            }
            try await time(historyPage, "page values (texts and shape)") { _ in _ = try PageValues(encoding: historyModel) }
            try await time(historyPage, "page skeleton filled") { _ in
                _ = try await app.pages.render("rate-history", historyModel, for: request(SiteURL.converter.path))
            }
        }

        // A past day of `/v2/rates` over every day blended, each request a day and base not asked
        // before (what `scripts/bench-history` varies), so that no kept answer serves it.
        let v2 = "/v2/rates?date=DAY&base=BASE"
        let v2Interactor = try FrankfurterV2Assembly.interactor(services: services)
        let blendedDays = try await services.officialRates.blendedSeries().days.days.map(\.date)
        func pastDay(_ index: Int) -> String {
            // Bases every day of the blend quotes.
            "date=\(blendedDays[(index &* 7919) % max(1, blendedDays.count)])&base=\(["USD", "JPY", "GBP", "CHF", "EUR"][index % 5])"
        }
        var v2Round = 0
        try await time(v2, "whole request in-process") { index in
            v2Round += 1
            _ = try await app.responder.respond(to: request("/v2/rates?\(pastDay(index + v2Round * 100_003))")).get()
        }
        try await time(v2, "query and basis") { index in
            let query = try v2Interactor.query(request("/v2/rates?\(pastDay(index))").queryItems)
            _ = try await v2Interactor.basis(of: query)
        }
        let v2Basis = try await v2Interactor.basis(of: try v2Interactor.query(request("/v2/rates?\(pastDay(0))").queryItems))
        try await time(v2, "validator (answer key and ETag)") { index in
            let key = FrankfurterV2.AnswerKey(
                endpoint: "rates", format: .json, query: try v2Interactor.query(request("/v2/rates?\(pastDay(index))").queryItems),
                basis: v2Basis)
            _ = services.cachePolicy.directive(key, maxAge: 86_400, varies: ["Accept"])
        }
        try await time(v2, "interactor (records)") { index in
            _ = try await v2Interactor.rates(try v2Interactor.query(request("/v2/rates?\(pastDay(index))").queryItems))
        }
        let v2Answers = try await (0..<100).asyncMap {
            try await v2Interactor.rates(try v2Interactor.query(request("/v2/rates?\(pastDay($0))").queryItems))
        }
        let v2Presenter = FrankfurterV2Presenter()
        await time(v2, "presenter (JSON)") { index in _ = v2Presenter.pieces(of: v2Answers[index % 100], as: .json).whole }

        context.console.print("| page | stage | µs per request |")
        context.console.print("|---|---|---:|")
        for (page, stage, duration) in rows {
            let micros = Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
            context.console.print("| \(page) | \(stage) | \(String(format: "%.1f", micros)) |")
        }
        let skeletons = app.pages.statistics
        context.console.print(
            "\n\(iterations) requests per stage; \(try await history.history(RateHistory.Query(from: "USD", to: "EUR", range: .all)).points.count) "
                + "days of USD/EUR history in all; "
                + "\(skeletons.skeletons) page skeletons made, \(skeletons.leafOnly) shapes left to Leaf.")
    }

    init() {}
}

extension Range where Bound == Int {
    fileprivate func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for index in self { results.append(try await transform(index)) }
        return results
    }
}
