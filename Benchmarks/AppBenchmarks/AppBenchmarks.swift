import App
import Benchmark
import CompressNIO
import Core
import Foundation
import Persistence
import RateSources
import ServiceInterfaces
import TestSupport
import Vapor
import Web

// Names are plain words (package-benchmark names the thresholds' files after them). Each
// benchmark's closure runs once per measured iteration: what it needs is made beforehand
// (`Stage.prepare()`, through `Benchmark.setup`), never inside it.
//
// The hot stages of the busiest answers, each alone: a conversion with the same amount in six
// other currencies, the converter's interactor and presenter, filling the result page's
// skeleton, the API's JSON, and gzip of the result page. `scripts/bench` runs them and checks
// them against the thresholds in `Benchmarks/Thresholds/` (`swift package benchmark thresholds check`);
// over HTTP, the same pages are measured as ratios to plaintext (docs/BENCHMARKS.md).

let benchmarks: @Sendable () -> Void = {
    // Made once before any benchmark runs: outputs of a hundred conversions, an app that renders.
    Benchmark.setup = { try await Stage.prepare() }

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 200,
        maxDuration: .seconds(2),
        maxIterations: 100_000,
        // `scripts/bench` compares each stage's 90th percentile with `Benchmarks/Thresholds/`. Wall clock
        // moves with this machine's other work (a stage's p90 was 3.5 µs in one quiet run and
        // 6.5 µs in the next), so only a doubling fails; the allocation count does not move: a
        // new allocation in a hot stage is a change to look at.
        thresholds: [
            .wallClock: .init(relative: [.p90: 100]),
            .mallocCountTotal: .init(relative: [.p90: 10], absolute: [.p90: 3]),
        ]
    )

    Benchmark("ConversionWithSixAlternatives") { benchmark in
        let stage = Stage.shared
        for index in benchmark.scaledIterations {
            let (from, to) = stage.pair(index)
            let amount = stage.amounts[index % stage.amounts.count]
            blackHole(try stage.calculator.convert(amount, from: from, to: to, in: stage.snapshot))
            for other in Stage.alternatives {
                blackHole(try stage.calculator.result(amount, from: from, to: other, in: stage.snapshot))
            }
        }
    }

    // A thousand calls a sample: an async stage runs each sample in a new task on another thread,
    // and one call a sample measured mostly that (p0 4.4 µs, p90 9.7–11.8 µs, from run to run);
    // a thousand in a row measure the interactor, reported per call.
    Benchmark("ConverterInteractor", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let stage = Stage.shared
        for index in benchmark.scaledIterations {
            let (from, to) = stage.pair(index)
            blackHole(
                try await stage.interactor.show(
                    Converter.Query(Converter.Input(from: from, to: to, amount: stage.amountTexts[index % stage.amountTexts.count]))))
        }
    }

    Benchmark("ConverterPresenter") { benchmark in
        let stage = Stage.shared
        for index in benchmark.scaledIterations {
            let output = stage.outputs[index % stage.outputs.count]
            blackHole(stage.presenter.present(output, in: stage.english))
        }
    }

    // What a result page is kept by and what it fills in: its key (a value of named fields,
    // written out by Web) and its amount's texts.
    Benchmark("ResultPageKeyAndTexts") { benchmark in
        let stage = Stage.shared
        for index in benchmark.scaledIterations {
            let output = stage.outputs[index % stage.outputs.count]
            blackHole(ConverterPresenter.frame(of: output, in: stage.english).map { (DerivedCacheKey($0.key), $0.texts) })
        }
    }

    Benchmark("ResultPageSkeletonFilled") { benchmark in
        let stage = Stage.shared
        for index in benchmark.scaledIterations {
            blackHole(
                try await stage.app.pages.render("converter", stage.models[index % stage.models.count], for: Stage.request(stage.app)))
        }
    }

    // What `/api/v1/convert` does once it has answered a pair: the amount's texts, then the
    // pair's frame filled with them (the presenter and the JSON encoder run only for a new frame).
    Benchmark("APIPresenterAndJSON") { benchmark in
        let stage = Stage.shared
        let request = Stage.request(stage.app)
        for index in benchmark.scaledIterations {
            let output = stage.outputs[index % stage.outputs.count]
            guard let frame = ConverterAPIPresenter.frame(of: output) else { continue }
            blackHole(
                try request.json(key: DerivedCacheKey(frame.key), texts: frame.texts) { stage.apiPresenter.present(output, texts: $0) })
        }
    }

    Benchmark("ResultPageGzipNewCompressorEachTime") { benchmark in
        let page = Stage.shared.resultPage
        for _ in benchmark.scaledIterations {
            var input = page
            var output = ByteBufferAllocator().buffer(capacity: page.readableBytes)
            try input.compress(to: &output, with: .gzip())
            blackHole(output)
        }
    }

    // One day of every provider (each declared provider's recorded documents, its newest day dated
    // alike), rebased, screened and averaged into about 160 currencies: a past date's or a
    // source's details, and each day of `/v2`'s recomputed ranges. Issue 39's target: < 5 ms.
    Benchmark("BlendOneDayOfAllProviders", configuration: .init(maxDuration: .seconds(2), maxIterations: 2_000)) { benchmark in
        let stage = Stage.shared
        for _ in benchmark.scaledIterations {
            blackHole(stage.blender.blend(stage.providerDays, on: Stage.blendDay))
        }
    }

    ledgerBenchmarks()

    Benchmark("ResultPageGzipAsTheAppDoes") { benchmark in
        let page = Stage.shared.resultPage
        for _ in benchmark.scaledIterations {
            blackHole(try GzipCompression.compress(page))
        }
    }

    // The result page of the blend of every central bank (two menus of about 160 currencies, 24 KB),
    // gzip'd whole and with its menus' runs deflated ahead, as the app sends it.
    Benchmark("BlendResultPageGzipWhole") { benchmark in
        let page = Stage.shared.blendResultPage
        for _ in benchmark.scaledIterations {
            blackHole(try GzipCompression.compress(page.page))
        }
    }

    Benchmark("BlendResultPageGzipMenusDeflatedAhead") { benchmark in
        let page = Stage.shared.blendResultPage
        for _ in benchmark.scaledIterations {
            blackHole(try GzipCompression.compress(page.page, pieces: page.pieces?.pieces(in: page.page) ?? []))
        }
    }
}

/// What the stages work on: the bundled history's newest day, a hundred conversions of varied
/// pairs and amounts, their outputs and page view models, and an app whose templates render.
final class Stage: Sendable {
    /// Made by ``prepare()`` before the benchmarks run.
    static var shared: Stage { current.withLock { $0! } }
    private static let current = Locked<Stage?>(nil)

    static func prepare() async throws {
        let stage = try await Stage(app: try await application())
        current.withLock { $0 = stage }
    }

    static let pairs = ["USD", "EUR", "JPY", "GBP", "CHF", "SEK", "PLN", "CAD", "AUD", "CNY"]
    static let alternatives = ["USD", "EUR", "GBP", "JPY", "CNY", "CHF"]

    let snapshot: RateSnapshot
    let calculator: ConversionCalculator
    let interactor: ConverterInteractor
    let presenter = ConverterPresenter(providers: .everyDeclared)
    let apiPresenter = ConverterAPIPresenter(providers: .everyDeclared)
    let english = Localizations.of(.en)
    let amountTexts: [String]
    let amounts: [Amount]
    let outputs: [Converter.Output]
    let models: [Converter.ViewModel]
    let app: Application
    /// The result page of 100 USD in EUR as the app writes it, about 8 KB of HTML.
    let resultPage: ByteBuffer
    /// The result page of 100 USD in EUR from the blend of every central bank, and its menus' runs.
    let blendResultPage: (page: ByteBuffer, pieces: DeflatablePieces?)
    /// The blender with the bundled pegs, and one day of every official provider.
    let blender: RateBlender
    let providerDays: [RateSnapshot]
    static let blendDay = CalendarDate(iso8601: "2026-03-05")!

    /// The blend of one day, as the converter's default source is.
    struct FixedRates: CurrentRatesReading, PastRatesReading {
        let snapshot: RateSnapshot
        let defaultSource = RateSourceID.blend
        func currentSnapshot() async -> RateSnapshot? { snapshot }
        func currentSnapshot(of source: RateSourceID) async -> RateSnapshot? { source == defaultSource ? snapshot : nil }
        func availableSources() async -> [RateSource] { [.blend] }
        /// As the app's current rates answer: the list's name made once with it.
        func availableSourcesAndKey() async -> (sources: [RateSource], key: String) { ([.blend], "blend") }
        func rates(on date: CalendarDate, from: String, to: String, source: RateSourceID) async throws -> PastRates { .found(snapshot) }
    }

    /// The bundled history stored: nothing waits.
    struct Loaded: HistoryLoadReading {
        var current: HistoryLoadStage? { nil }
        func check(from day: CalendarDate?, of source: RateSourceID) throws(HistoryStillLoading) {}
    }

    init(app: Application) async throws {
        self.app = app
        let day = try BundledRates.shipped().newestDay().snapshot(storedAt: Date())
        blender = RateBlender(pegs: try Peg.bundled(), providers: ProviderCatalog.everyDeclared.official)
        snapshot = RateSnapshot(blend: blender.blend([day], on: day.effectiveDate)!, key: "bench")
        let ecb = RateSnapshot(
            source: RateSource.ecb.id, baseCurrency: day.baseCurrency, effectiveDate: Self.blendDay, storedAt: Date(), rates: day.rates)
        providerDays = try [ecb] + Self.everyProvidersNewestDay().map { $0.snapshot(storedAt: Date()) }
        let catalog = try CurrencyCatalog.bundled()
        calculator = ConversionCalculator(catalog: catalog)
        let rates = FixedRates(snapshot: snapshot)
        interactor = ConverterInteractor(
            rates: rates, pastRates: rates, history: Loaded(), catalog: catalog, providers: .everyDeclared,
            now: Date.init)
        amountTexts = (0..<100).map { "\($0 * 7919 % 250_000).\($0 % 100)" }
        amounts = try amountTexts.map { try Amount.parse($0)! }
        var made: [Converter.Output] = []
        for index in 0..<amountTexts.count {
            let (from, to) = Self.pair(index)
            made.append(try await interactor.show(Converter.Query(Converter.Input(from: from, to: to, amount: amountTexts[index]))))
        }
        outputs = made
        let (presenter, english) = (presenter, english)
        models = made.map { presenter.present($0, in: english) }
        let usdEUR = Converter.Query(Converter.Input(from: "USD", to: "EUR", amount: "100"))
        let page = try await interactor.show(usdEUR)
        let everyBank = FixedRates(snapshot: RateSnapshot(blend: blender.blend(providerDays, on: Self.blendDay)!, key: "banks"))
        let blendOutput = try await ConverterInteractor(
            rates: everyBank, pastRates: everyBank, history: Loaded(), catalog: catalog, providers: .everyDeclared,
            now: Date.init
        ).show(usdEUR)
        let blendModel = presenter.present(blendOutput, in: english)
        // The first page of a shape is Leaf's own; the next is filled into its skeleton, as pages are.
        _ = try await app.pages.renderPage("converter", blendModel, for: Self.request(app))
        blendResultPage = try await app.pages.renderPage("converter", blendModel, for: Self.request(app))
        resultPage = try await app.pages.render(
            "converter", presenter.present(page, in: english), for: Self.request(app))
    }

    func pair(_ index: Int) -> (String, String) { Self.pair(index) }

    /// Each declared provider's newest day in the documents the tests hold (as the publishers
    /// served them; every currency its documents quote on it), dated ``blendDay`` so that all of
    /// them count: the blend of a day of every provider.
    static func everyProvidersNewestDay() throws -> [FetchedRates] {
        // The central banks' (tax and customs authorities' rates are never blended).
        try ProviderKit.declarations.filter { $0.source.kind == .centralBank }.compactMap { try RecordedDocuments.newestDay(of: $0) }.map {
            FetchedRates(
                source: $0.source, baseCurrency: $0.baseCurrency, effectiveDate: blendDay, rates: $0.rates, quotation: $0.quotation,
                reversed: $0.reversed)
        }
    }

    static func pair(_ index: Int) -> (String, String) {
        (pairs[index % pairs.count], pairs[(index / pairs.count + index + 1) % pairs.count])
    }

    /// The app as `configure` makes it (templates from the package's `Templates/`), once.
    static func application() async throws -> Application {
        if let app = applicationBox.withLock({ $0 }) { return app }
        let app = try await Application.make(.production)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-benchmarks-\(getpid())").path
        try configure(app, configuration: AppConfiguration(environment: ["SQLITE_PATH": folder + "/app.sqlite", "LOG_LEVEL": "error"]))
        applicationBox.withLock { $0 = app }
        return app
    }

    static func request(_ app: Application) -> Request {
        Request(application: app, method: .GET, url: URI(string: "/?from=USD&to=EUR&amount=100"), on: app.eventLoopGroup.next())
    }

    private static let applicationBox = Locked<Application?>(nil)
}
