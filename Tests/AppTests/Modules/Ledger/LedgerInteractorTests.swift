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
