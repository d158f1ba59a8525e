import Foundation
import NIOCore
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import ServiceInterfaces

/// The ledger's use case over fakes (the kept conversions, the source's days, the history's
/// load): no database, no HTTP.
@Suite("Ledger interactor over fakes")
struct LedgerInteractorTests {
    static let ann = User(id: UUID(), email: "ann@example.org", role: .user, createdAt: testNow)
    static let bob = User(id: UUID(), email: "bob@example.org", role: .user, createdAt: testNow)

    func interactor(store: FakeLedgerStore = FakeLedgerStore(), load: FakeHistoryLoad = FakeHistoryLoad()) -> LedgerInteractor {
        LedgerInteractor(
            conversions: LedgerFiles(appVersion: "test", now: { testNow }), rates: FakeLedgerRates([Fixtures.snapshot]),
            current: FakeCurrentRates(snapshot: Fixtures.snapshot), catalog: Fixtures.catalog,
            providers: .everyDeclared, store: store, now: { testNow }, load: load)
    }

    func spool(_ text: String) throws -> LedgerSpool {
        let spool = try LedgerSpool()
        try spool.append(ByteBuffer(string: text))
        return spool
    }

    static let query = Ledger.Query(Ledger.Input(to: "EUR", source: "ecb"))
    static let file = "date,amount,currency\n2025-05-09,112.52,USD\n"

    @Test("while the history loads nothing is converted: how far it has come, to retry; once stored, the file converts")
    func waitsForTheHistory() async throws {
        let loading = HistoryStillLoading(stored: 2_000, total: 7_126)
        await #expect(throws: Ledger.Failure.loading(loading)) {
            try await interactor(load: FakeHistoryLoad(loading: loading)).start(Self.query, upload: try spool(Self.file), fileName: nil)
        }
        let job = try await interactor().start(Self.query, upload: try spool(Self.file), fileName: nil)
        guard case .success(let line) = try #require(job.next()).result else {
            Issue.record("the line was not converted")
            return
        }
        #expect(line.converted == Decimal(100)) // 112.52 USD at 1.1252 per euro
    }

    @Test("a signed-in user's preview is kept and listed for them alone; another user and a visitor cannot have it")
    func keptConversions() async throws {
        let store = FakeLedgerStore()
        let interactor = interactor(store: store)
        let job = try await interactor.start(Self.query, upload: try spool(Self.file), fileName: "march.csv")
        let output = try await interactor.preview(job, of: Self.query, for: Self.ann, describe: { _, _ in "" })
        let saved = try #require(output.preview?.saved)
        #expect(output.entries.map(\.id) == [saved])
        #expect(try await interactor.form(for: Self.bob).entries.isEmpty)
        #expect(try await interactor.conversion(saved, for: Self.ann).receipt.file == "march.csv")
        await #expect(throws: Ledger.Failure.notFound) { try await interactor.conversion(saved, for: Self.bob) }
        await #expect(throws: Ledger.Failure.signInRequired) { try await interactor.conversion(saved, for: nil) }
        await #expect(throws: Ledger.Failure.notFound) { try await interactor.delete(saved, for: Self.bob) }
        try await interactor.delete(saved, for: Self.ann)
        #expect(try await interactor.form(for: Self.ann).entries.isEmpty)
    }

    @Test("no days stored for the source: nothing to convert with")
    func noDays() async throws {
        let interactor = LedgerInteractor(
            conversions: LedgerFiles(appVersion: "test", now: { testNow }), rates: FakeLedgerRates([]),
            current: FakeCurrentRates(snapshot: Fixtures.snapshot),
            catalog: Fixtures.catalog,
            providers: .everyDeclared, store: FakeLedgerStore(), now: { testNow }, load: FakeHistoryLoad())
        await #expect(throws: Ledger.Failure.ratesUnavailable) {
            try await interactor.start(Self.query, upload: try spool(Self.file), fileName: nil)
        }
    }
}

/// The use case apart from App's files: what the interactor hands the conversions, and what it
/// makes of a layout they cannot read.
extension LedgerInteractorTests {
    func interactor(conversions: RecordingLedgerConversions) -> LedgerInteractor {
        LedgerInteractor(
            conversions: conversions, rates: FakeLedgerRates([Fixtures.snapshot]), current: FakeCurrentRates(snapshot: Fixtures.snapshot),
            catalog: Fixtures.catalog, providers: .everyDeclared, store: FakeLedgerStore(), now: { testNow }, load: FakeHistoryLoad())
    }

    func upload(_ text: String, to conversions: RecordingLedgerConversions) throws -> any LedgerUpload {
        let upload = try conversions.newUpload()
        let refusal: LedgerRefusal? = Array(text.utf8).withUnsafeBytes { bytes in
            do throws(LedgerRefusal) { try upload.append(bytes) } catch { return error }
            return nil
        }
        if let refusal { throw refusal }
        return upload
    }

    @Test("a conversion is started with the query's settings, the source's days, today, the booking currency's decimals and names")
    func startsWhatTheQueryAsks() async throws {
        let conversions = RecordingLedgerConversions()
        let query = Ledger.Query(Ledger.Input(to: "JPY", source: "ecb"))
        let job = try await interactor(conversions: conversions).start(
            query, upload: try upload(Self.file, to: conversions), fileName: "march.csv")
        let started = try #require(conversions.started.withLockedValue { $0 }.first)
        #expect(started.fileName == "march.csv" && job.fileName == "march.csv")
        #expect(started.facts.rows == 2 && started.facts.delimiter == UInt8(ascii: ","))
        #expect(started.settings.booking == "JPY" && started.settings.source == "ecb" && started.settings.rule == .sameDay)
        #expect(started.rates.fractionDigits == 0, "the yen has no minor unit")
        #expect(started.rates.today == CalendarDate(containing: testNow) && started.rates.cadence == .daily)
        #expect(started.rates.days.base == "EUR" && started.rates.fallback == nil)
        #expect(started.rates.sourceName.english == "European Central Bank")
    }

    @Test("a layout the conversion cannot read is the form's: the header to choose columns from, or a date that reads both ways")
    func layoutFailures() async throws {
        let header = ["when", "how much", "what"]
        for (failure, expected) in [
            (LedgerLayoutFailure.noColumns(header: header), Ledger.Failure.noColumns(header: header)),
            (.badColumns(header: header), .noColumns(header: header)),
            (.ambiguousDates(example: "03/04/2026", header: header), .ambiguousDates(example: "03/04/2026", header: header)),
        ] {
            let conversions = RecordingLedgerConversions(failure: failure)
            await #expect(throws: expected) {
                try await interactor(conversions: conversions).start(
                    Self.query, upload: try upload(Self.file, to: conversions), fileName: nil)
            }
        }
    }

    @Test("a preview reads the conversion's rows, keeps the file for a signed-in user and names it; a visitor's is not kept")
    func previewThroughTheInterface() async throws {
        let row = LedgerRow(number: 2, cells: ["2025-05-09", "x", "USD"], result: .failure(.badAmount("x")))
        let conversions = RecordingLedgerConversions(rows: [row])
        let interactor = interactor(conversions: conversions)
        let visitor = try await interactor.preview(
            try await interactor.start(Self.query, upload: try upload(Self.file, to: conversions), fileName: nil), of: Self.query, for: nil,
            describe: { _, _ in "" })
        #expect(visitor.preview?.rows == [row] && visitor.preview?.problems.map(\.row) == [2] && visitor.preview?.saved == nil)
        let signedIn = try await interactor.preview(
            try await interactor.start(Self.query, upload: try upload(Self.file, to: conversions), fileName: nil), of: Self.query,
            for: Self.ann, describe: { _, _ in "" })
        #expect(signedIn.preview?.saved != nil && signedIn.entries.count == 1)
    }
}
