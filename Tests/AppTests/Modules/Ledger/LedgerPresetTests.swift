import Foundation
import NIOCore
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import RateSources
@testable import ServiceInterfaces

/// Each country preset converting a hand-worked file over its authority's documents as they
/// were served (read by the providers' own parsers): which day's or month's rate each line
/// takes, the figure, and what the receipt names. The rules were checked against each preset's
/// cited guidance; the tests say which rate of which day the guidance asks for.
@Suite("Ledger presets: each country's rule on its authority's recorded documents")
struct LedgerPresetTests {
    /// Each source's days from its recorded documents.
    struct Sources: LedgerRatesReading {
        let days: [RateSourceID: LedgerDays]

        func ledgerDays(of source: RateSourceID, side: RateSide) async throws -> LedgerDays? { side == .mid ? days[source] : nil }
    }

    static func days(
        _ declaration: ProviderDeclaration, _ documents: [String], month: String? = nil
    ) throws -> (RateSourceID, LedgerDays, RateSnapshot) {
        var fetched: [FetchedRates] = []
        for name in documents {
            let data = try Data(contentsOf: Fixtures.document("providers/" + name))
            fetched += try declaration.parse(data, month: month.flatMap(CalendarDate.init(iso8601:)))
        }
        var builder = RateDays.Builder()
        for day in fetched.sorted(by: { $0.effectiveDate < $1.effectiveDate }) {
            builder.add(
                snapshot: UUID(), date: day.effectiveDate, rates: day.rates, source: day.source, quotation: day.quotation,
                reversed: day.reversed)
        }
        let last = try #require(fetched.max { $0.effectiveDate < $1.effectiveDate })
        let snapshot = RateSnapshot(
            source: last.source, baseCurrency: last.baseCurrency, effectiveDate: last.effectiveDate, storedAt: testNow, rates: last.rates)
        return (declaration.source.id, LedgerDays(days: builder.build(), base: last.baseCurrency, providers: [last.source.key]), snapshot)
    }

    /// The interactor over `sources`' recorded days, on `today`.
    static func interactor(_ sources: [(RateSourceID, LedgerDays, RateSnapshot)], today: String) -> LedgerInteractor {
        let now = ISO8601DateFormatter().date(from: today + "T12:00:00Z")!
        return LedgerInteractor(
            conversions: LedgerFiles(appVersion: "test", now: { testNow }),
            rates: Sources(days: Dictionary(uniqueKeysWithValues: sources.map { ($0.0, $0.1) })),
            current: FakeCurrentRates(snapshot: Fixtures.snapshot, others: Dictionary(uniqueKeysWithValues: sources.map { ($0.0, $0.2) })),
            catalog: Fixtures.catalog, providers: .everyDeclared, store: FakeLedgerStore(), now: { now },
            load: FakeHistoryLoad())
    }

    /// Each row's result, and the receipt, of `lines` (`date,amount,currency` rows) under `preset`.
    static func convert(
        _ lines: [String], preset: String, over sources: [(RateSourceID, LedgerDays, RateSnapshot)], today: String
    ) async throws -> (rows: [Result<LedgerRun.Converted, LedgerLineProblem>], receipt: LedgerReceipt) {
        let spool = try LedgerSpool()
        try spool.append(ByteBuffer(string: (["date,amount,currency"] + lines).joined(separator: "\n") + "\n"))
        let job = try await interactor(sources, today: today).start(
            Ledger.Query(Ledger.Input(preset: preset)), upload: spool, fileName: "\(preset).csv")
        var rows: [Result<LedgerRun.Converted, LedgerLineProblem>] = []
        while let row = job.next() { rows.append(row.result) }
        return (rows, job.receipt())
    }

    static func d(_ text: String) -> Decimal { Fixtures.decimal(text) }
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    /// The converted amount, the rate's day and its source of a converted row.
    static func line(_ result: Result<LedgerRun.Converted, LedgerLineProblem>) -> (Decimal, String, String?)? {
        guard case .success(let line) = result else { return nil }
        return (line.converted, line.rate.day?.description ?? "", line.rate.source?.rawValue)
    }

    @Test("gb-vat: HMRC's rate of the month of the time of supply, and no rate for a month not yet published")
    func unitedKingdom() async throws {
        let hmrc = try Self.days(.hmrc, ["hmrc-monthly-csv-2026-8.csv", "hmrc-monthly-csv-2026-9.csv"])
        let (rows, receipt) = try await Self.convert(
            ["2026-08-31,1000.00,USD", "2026-09-01,1000.00,USD", "2026-09-15,500,EUR", "2026-10-02,100,USD"], preset: "gb-vat",
            over: [hmrc], today: "2026-11-27")
        // August's 1.3367 USD per pound: 1,000 ÷ 1.3367 = 748.111…; September's 1.3554: 737.789…
        #expect(Self.line(rows[0])! == (Self.d("748.11"), "2026-08-01", nil))
        #expect(Self.line(rows[1])! == (Self.d("737.79"), "2026-09-01", nil))
        // September's 1.1681 EUR per pound: 500 ÷ 1.1681 = 428.045…
        #expect(Self.line(rows[2])! == (Self.d("428.05"), "2026-09-01", nil))
        // October's rates are not stored: September's applied through the 30th, never to October's lines.
        #expect(
            rows[3] == .failure(.outOfForce(day: Self.day("2026-09-01"), through: Self.day("2026-09-30"), asked: Self.day("2026-10-02"))))
        #expect(receipt.bookingCurrency == "GBP" && receipt.source == "hmrc" && receipt.rule == .sameDay)
        #expect(receipt.preset?.id == "gb-vat")
        #expect(receipt.preset?.guidanceURL == "https://www.gov.uk/guidance/foreign-currency-transactions-vat-and-tour-operators")
        // Each month's rate once, with the month it stands for and its lines.
        #expect(
            receipt.rates.map { "\($0.currency) \($0.from!)…\($0.through!) \($0.rate) ×\($0.lines)" } == [
                "EUR 2026-09-01…2026-09-30 0.85609 ×1", "USD 2026-08-01…2026-08-31 0.74811 ×1",
                "USD 2026-09-01…2026-09-30 0.73779 ×1",
            ])
    }

    @Test("pl-vat: table A's rate of the business day before; table B's for a currency only it quotes")
    func poland() async throws {
        let a = try Self.days(.nbp, ["nbp-table-a-2026-03-01..05.json"])
        let b = try Self.days(.nbpB, ["nbp-table-b-2026-03-01..05.json"])
        let (rows, receipt) = try await Self.convert(
            ["2026-03-05,1000,USD", "2026-03-03,1000,EUR", "2026-03-05,10000,AFN"], preset: "pl-vat", over: [a, b], today: "2026-03-05")
        // Thursday 5 March: Wednesday's table A, 3.6770 PLN per dollar.
        #expect(Self.line(rows[0])! == (Self.d("3677.00"), "2026-03-04", nil))
        // Tuesday 3 March: Monday's table A, 4.2304 PLN per euro.
        #expect(Self.line(rows[1])! == (Self.d("4230.40"), "2026-03-02", nil))
        // The afghani is only in table B: Wednesday 4 March's 009/B/NBP/2026, 0.056626 PLN.
        #expect(Self.line(rows[2])! == (Self.d("566.26"), "2026-03-04", "nbp.b"))
        #expect(receipt.providers == ["NBP", "NBP.B"])
        #expect(receipt.rates.first { $0.currency == "AFN" }?.source == "nbp.b")
    }

    @Test("cz-vat: the CNB's fixing valid on the day, Friday's over the weekend")
    func czechia() async throws {
        let cnb = try Self.days(.cnb, ["cnb-exrates-daily-year-2026.json"])
        let (rows, _) = try await Self.convert(
            ["2026-01-03,100,USD", "2026-01-05,100,USD"], preset: "cz-vat", over: [cnb], today: "2026-03-20")
        // Saturday 3 January: Friday the 2nd's 20.611 CZK; Monday the 5th's own 20.742.
        #expect(Self.line(rows[0])! == (Self.d("2061.10"), "2026-01-02", nil))
        #expect(Self.line(rows[1])! == (Self.d("2074.20"), "2026-01-05", nil))
    }

    @Test("eu-grants: the InforEuro rate of the month, none for the next month until it is out")
    func europeanUnion() async throws {
        let inforeuro = try Self.days(.inforeuro, ["inforeuro-monthly-rates.json"], month: "1998-12-01")
        let (rows, receipt) = try await Self.convert(
            ["1998-12-15,1000,USD", "1999-01-04,1000,USD"], preset: "eu-grants", over: [inforeuro], today: "2026-03-20")
        // December 1998's 1.15074 dollars per euro: 1,000 ÷ 1.15074 = 869.006…
        #expect(Self.line(rows[0])! == (Self.d("869.01"), "1998-12-01", nil))
        #expect(
            rows[1] == .failure(.outOfForce(day: Self.day("1998-12-01"), through: Self.day("1998-12-31"), asked: Self.day("1999-01-04"))))
        #expect(receipt.bookingCurrency == "EUR" && receipt.preset?.id == "eu-grants")
    }

    @Test("us-treasury: the quarter's rate from its record date, an amendment from its own, nothing past the quarter")
    func unitedStates() async throws {
        let ust = try Self.days(.ust, ["ust-rates-of-exchange.json"])
        let (rows, _) = try await Self.convert(
            ["2026-04-15,1000,EUR", "2026-04-29,8155,RUB", "2026-05-05,73200,RUB", "2026-09-30,100,EUR"], preset: "us-treasury",
            over: [ust], today: "2026-11-27")
        // The table as of 31 March: 0.87 euro per dollar, 1,000 ÷ 0.87 = 1,149.425…
        #expect(Self.line(rows[0])! == (Self.d("1149.43"), "2026-03-31", nil))
        // The ruble at 81.55 until its amendment of 30 April, 73.2 from then.
        #expect(Self.line(rows[1])! == (Self.d("100.00"), "2026-03-31", nil))
        #expect(Self.line(rows[2])! == (Self.d("1000.00"), "2026-04-30", nil))
        // The last stored table (31 August's amendment) is of the quarter that ends on 29 September:
        // the quarter of 30 September's record date is not in the recorded document.
        #expect(
            rows[3] == .failure(.outOfForce(day: Self.day("2026-08-31"), through: Self.day("2026-09-29"), asked: Self.day("2026-09-30"))))
    }

    @Test("ca-cra, au-ato, no-skatt: the central bank's rate of the day, the last one before a weekend")
    func dayRates() async throws {
        // Saturday 14 March: the Bank of Canada's Friday, 1.3716 CAD per dollar.
        let boc = try await Self.convert(
            ["2026-03-14,100,USD"], preset: "ca-cra", over: [try Self.days(.boc, ["boc-valet-fx-rates-daily-2026-03-12.json"])],
            today: "2026-03-20")
        #expect(Self.line(boc.rows[0])! == (Self.d("137.16"), "2026-03-13", nil))
        // Saturday 3 January: the RBA's Friday, 0.6699 dollars per Australian dollar: 100 ÷ 0.6699 = 149.276…
        let rba = try await Self.convert(
            ["2026-01-03,100,USD"], preset: "au-ato", over: [try Self.days(.rba, ["rba-f11.1-data.csv"])], today: "2026-03-20")
        #expect(Self.line(rba.rows[0])! == (Self.d("149.28"), "2026-01-02", nil))
        // Tuesday 17 March: Norges Bank's 9.6028 NOK per dollar.
        let nb = try await Self.convert(
            ["2026-03-17,100,USD"], preset: "no-skatt", over: [try Self.days(.nb, ["norges-bank-exr-b-nok-sp.csv"])],
            today: "2026-03-20")
        #expect(Self.line(nb.rows[0])! == (Self.d("960.28"), "2026-03-17", nil))
    }

    @Test("ru-cbr and ua-nbu: the official rate set for the date, one set ahead for a weekend")
    func setForTheDate() async throws {
        // Monday 27 April: the rate the Bank of Russia set for Saturday 25 April, 75.5273 RUB, still holds.
        let cbr = try await Self.convert(
            ["2026-04-27,100,USD"], preset: "ru-cbr", over: [try Self.days(.cbr, ["cbr-xml-daily.xml"])], today: "2026-04-27")
        #expect(Self.line(cbr.rows[0])! == (Self.d("7552.73"), "2026-04-25", nil))
        // Sunday 1 March: the rate set for it (43.2081 UAH); Monday 2 March its own, set on Friday (43.0996).
        let nbu = try await Self.convert(
            ["2026-03-01,100,USD", "2026-03-02,100,USD"], preset: "ua-nbu",
            over: [try Self.days(.nbu, ["nbu-exchange-site-2026-03.json"])], today: "2026-03-05")
        #expect(Self.line(nbu.rows[0])! == (Self.d("4320.81"), "2026-03-01", nil))
        #expect(Self.line(nbu.rows[1])! == (Self.d("4309.96"), "2026-03-02", nil))
    }

    @Test("ch-vat: the ESTV's average for the month the tax claim arises in, never another month's")
    func switzerlandMonthly() async throws {
        let estv = try Self.days(.estv, ["estv-xmlavgmonth-2026-08.xml"])
        let (rows, receipt) = try await Self.convert(
            ["2026-08-03,1000.00,EUR", "2026-08-31,300,USD", "2026-08-15,10000,JPY", "2026-09-01,100,EUR"], preset: "ch-vat",
            over: [estv], today: "2026-09-20")
        // August's averages, francs per unit: 1,000 × 0.9328; 300 × 0.8175 = 245.25; 10,000 yen at 0.5037 per 100.
        #expect(Self.line(rows[0])! == (Self.d("932.80"), "2026-08-01", nil))
        #expect(Self.line(rows[1])! == (Self.d("245.25"), "2026-08-01", nil))
        #expect(Self.line(rows[2])! == (Self.d("50.37"), "2026-08-01", nil))
        // September's averages are not stored: August's never convert a September line.
        #expect(
            rows[3] == .failure(.outOfForce(day: Self.day("2026-08-01"), through: Self.day("2026-08-31"), asked: Self.day("2026-09-01"))))
        #expect(receipt.bookingCurrency == "CHF" && receipt.source == "estv" && receipt.rule == .sameDay && receipt.preset?.id == "ch-vat")
        #expect(
            receipt.preset?.guidanceURL
                == "https://www.estv.admin.ch/estv/de/home/mehrwertsteuer/mwst-abrechnen/mwst-fremdwaehrungskurse.html")
    }

    @Test("ch-vat-daily: the BAZG's selling rate valid on the day, Friday's list for the weekend and Monday; none before the first list")
    func switzerlandDaily() async throws {
        let bazg = try Self.days(.bazg, ["bazg-xmldaily-20260724.xml"])
        let (rows, receipt) = try await Self.convert(
            ["2026-07-25,1000,EUR", "2026-07-26,1000,USD", "2026-07-27,100000,JPY", "2026-07-24,100,EUR"], preset: "ch-vat-daily",
            over: [bazg], today: "2026-07-27")
        // The list set on Friday the 24th, valid on the 25th, 26th and 27th: 1,000 × 0.93883; 1,000 × 0.82497; 100,000 yen at 0.50357 per 100.
        #expect(Self.line(rows[0])! == (Self.d("938.83"), "2026-07-25", nil))
        #expect(Self.line(rows[1])! == (Self.d("824.97"), "2026-07-25", nil))
        #expect(Self.line(rows[2])! == (Self.d("503.57"), "2026-07-25", nil))
        // Friday itself took Thursday's list, which is not stored here.
        guard case .failure = rows[3] else {
            Issue.record("the 24th converted at a list valid from the 25th")
            return
        }
        #expect(receipt.bookingCurrency == "CHF" && receipt.source == "bazg" && receipt.preset?.id == "ch-vat-daily")
    }

    @Test("ch-wealth: the Kursliste's year-end rate of 31 December, per balance of that day; no other day's")
    func switzerlandWealth() async throws {
        let ictax = try Self.days(.ictax, ["ictax-kursliste-2024-mini.xml", "ictax-kursliste-2025-mini.xml"])
        let (rows, receipt) = try await Self.convert(
            ["2024-12-31,10000.00,EUR", "2024-12-31,2500,USD", "2024-12-31,800,GBP", "2025-12-31,1200.50,USD", "2025-06-30,100,USD"],
            preset: "ch-wealth", over: [ictax], today: "2026-03-01")
        // 10,000 × 0.93845; 2,500 × 0.90625 = 2,265.625, a half rounded up to the centime; 800 × 1.135038 = 908.0304.
        #expect(Self.line(rows[0])! == (Self.d("9384.50"), "2024-12-31", nil))
        #expect(Self.line(rows[1])! == (Self.d("2265.63"), "2024-12-31", nil))
        #expect(Self.line(rows[2])! == (Self.d("908.03"), "2024-12-31", nil))
        // 2025's list: 1,200.50 × 0.79225 = 951.096125.
        #expect(Self.line(rows[3])! == (Self.d("951.10"), "2025-12-31", nil))
        // A balance of 30 June has no year-end rate: 2024's is not 2025's value.
        #expect(
            rows[4] == .failure(.outOfForce(day: Self.day("2024-12-31"), through: Self.day("2024-12-31"), asked: Self.day("2025-06-30"))))
        #expect(
            receipt.bookingCurrency == "CHF" && receipt.source == "ictax" && receipt.rule == .sameDay && receipt.preset?.id == "ch-wealth")
        #expect(
            receipt.preset?.guidanceURL == "https://www.estv.admin.ch/estv/de/home/servicenavigation/fremdwaehrungskurse-estv.html")
    }

    @Test("the presets: stable ids, each booking in its source's home currency, guidance on the authority's own https page")
    func catalogue() throws {
        let providers = ProviderCatalog.everyDeclared
        #expect(
            LedgerPreset.all.map(\.id) == [
                "gb-vat", "pl-vat", "cz-vat", "eu-grants", "us-treasury", "ca-cra", "au-ato", "no-skatt", "ru-cbr", "ua-nbu", "ch-vat",
                "ch-vat-daily", "ch-wealth",
            ])
        for preset in LedgerPreset.all {
            #expect(providers.source(preset.source).homeCurrency == preset.booking, "\(preset.id)")
            #expect(providers.fetchable.contains { $0.id == preset.source }, "\(preset.id)")
            #expect(preset.guidance.url.hasPrefix("https://"), "\(preset.id)")
        }
        #expect(LedgerPreset.withID("GB-VAT")?.id == "gb-vat" && LedgerPreset.withID("xx-vat") == nil)
        // The OpenAPI document lists them all where it describes `preset`.
        let openAPI = try String(
            contentsOf: URL(fileURLWithPath: #filePath).appendingPathComponent("../../../../../Sources/App/Resources/openapi.yaml")
                .standardized,
            encoding: .utf8)
        let listed = LedgerPreset.all.map { "`\($0.id)`" }.joined(separator: ", ")
        #expect(openAPI.contains("(`GET /api/v1/ledger/presets`: \(listed)) that sets"))
        // So does MCP's ledger tool.
        let tool = try #require(MCPView.ToolCatalog.tools.first { $0.name == MCPEndpoint.Tool.convertLedger.rawValue })
        #expect(tool.description?.contains("a country preset's (\(LedgerPreset.all.map(\.id).joined(separator: ", ")))") == true)
    }

    @Test("the API's preset sets the currency, source and rule; one beside different ones, or unknown, or without rates, is refused")
    func choosing() async throws {
        let interactor = Self.interactor([try Self.days(.cnb, ["cnb-exrates-daily-year-2026.json"])], today: "2026-03-20")
        let settings = try await interactor.settings(Ledger.Query(Ledger.Input(preset: "cz-vat")))
        #expect(settings.booking == "CZK" && settings.source == "cnb" && settings.rule == .sameDay && settings.preset?.id == "cz-vat")
        // The same values beside it are fine; different ones are a contradiction the API names.
        _ = try await interactor.settings(Ledger.Query(Ledger.Input(to: "czk", source: "CNB", rule: "same-day", preset: "cz-vat")))
        await #expect(throws: Ledger.Failure.self) {
            try await interactor.settings(Ledger.Query(Ledger.Input(to: "EUR", preset: "cz-vat")))
        }
        let conflict = Ledger.Query(Ledger.Input(rule: "month-average", preset: "cz-vat"))
        #expect(conflict.problems[.preset]?.english.contains("leave out to, source and rule") == true)
        // The page's form sends every field: there the preset wins.
        var form = Ledger.Input(to: "EUR", source: "ecb", rule: "month-average", preset: "cz-vat")
        form.presetOverrides = true
        #expect(Ledger.Query(form).problems.isEmpty && Ledger.Query(form).booking == "CZK" && Ledger.Query(form).rule == .sameDay)
        #expect(Ledger.Query(Ledger.Input(preset: "xx-vat")).problems[.preset]?.english.contains("gb-vat, pl-vat") == true)
        #expect(Ledger.Query(Ledger.Input(preset: "none")).preset == nil && Ledger.Query(Ledger.Input(preset: "none")).problems.isEmpty)
        // HMRC's rates are not stored: the preset cannot convert, and says why.
        let failure = await #expect(throws: Ledger.Failure.self) {
            try await interactor.settings(Ledger.Query(Ledger.Input(preset: "gb-vat")))
        }
        #expect(
            failure
                == .invalid([
                    .preset: Message(
                        "The preset {preset} needs the rates of {source}, which are not stored here yet.",
                        ["preset": .text("gb-vat"), "source": .message(.verbatim("HM Revenue & Customs"))])
                ]))
        let listed = await interactor.presets()
        #expect(listed.filter(\.available).map(\.preset.id) == ["cz-vat"])
    }

    @Test("a month's rate never converts the next month's lines, preset or not; a day's rate is not cut off")
    func inForce() {
        var builder = RateDays.Builder()
        builder.add(snapshot: UUID(), date: Self.day("2026-09-01"), code: "USD", rate: Self.d("1.3554"), source: "hmrc")
        let days = builder.build()
        var monthly = LedgerRateBook(
            days: days, base: "GBP", booking: "GBP", rule: .sameDay, today: Self.day("2026-11-27"), source: "hmrc", cadence: .monthly)
        #expect(monthly.rate(of: "USD", on: Self.day("2026-09-30")).map(\.text) == .success("0.73779"))
        #expect((try? monthly.rate(of: "USD", on: Self.day("2026-10-01")).get()) == nil)
        var daily = LedgerRateBook(days: days, base: "GBP", booking: "GBP", rule: .sameDay, today: Self.day("2026-11-27"))
        #expect((try? daily.rate(of: "USD", on: Self.day("2026-10-01")).get()) != nil)
    }
}
