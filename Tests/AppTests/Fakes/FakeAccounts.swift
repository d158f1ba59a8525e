import Foundation
import NIOConcurrencyHelpers
import TestSupport

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

/// Accounts in memory with plain-text passwords: enough to test interactors without a database.
final class FakeAccountService: AccountService {
    private let users = NIOLockedValueBox<[(user: User, password: String)]>([])
    /// Each registration asked for, as `email role`, so tests check what an interactor asks.
    let registrations = NIOLockedValueBox<[String]>([])

    init(_ accounts: [(String, String, User.Role)] = []) {
        for (email, password, role) in accounts {
            users.withLockedValue { $0.append((User(id: UUID(), email: email, role: role, createdAt: testNow), password)) }
        }
    }

    func user(withEmail email: String) async throws -> User? {
        users.withLockedValue { $0.first { $0.user.email == EmailAddress.normalized(email) }?.user }
    }

    func authenticate(email: String, password: String) async throws -> User? {
        users.withLockedValue { $0.first { $0.user.email == EmailAddress.normalized(email) && $0.password == password }?.user }
    }

    func register(email: String, password: String, role: User.Role) async throws -> User {
        registrations.withLockedValue { $0.append("\(email) \(role)") }
        let email = EmailAddress.normalized(email)
        guard EmailAddress.isPlausible(email) else { throw AccountError.invalidEmail }
        if let problem = Password.problem(with: password) { throw AccountError.weakPassword(problem) }
        if try await user(withEmail: email) != nil { throw AccountError.emailTaken }
        let user = User(id: UUID(), email: email, role: role, createdAt: testNow)
        users.withLockedValue { $0.append((user, password)) }
        return user
    }
}

/// A throttle that refuses when told to and writes down what it was told: the counting itself
/// is ``AttemptThrottle``'s, tested on PostgreSQL.
final class FakeAttemptThrottle: SignInThrottling, SignUpThrottling {
    private let refusal = NIOLockedValueBox<AttemptRefusal?>(nil)
    private let log = NIOLockedValueBox<[String]>([])

    /// Every call so far, e.g. `failure ann@example.org from 203.0.113.5`.
    var events: [String] { log.withLockedValue { $0 } }

    func refuse(_ refusal: AttemptRefusal?) { self.refusal.withLockedValue { $0 = refusal } }

    func signInRefusal(email: String, client: String, now: Date) async throws -> AttemptRefusal? {
        refusal.withLockedValue { $0 }
    }

    func recordSignInFailure(email: String, client: String, at now: Date) async throws {
        log.withLockedValue { $0.append("failure \(email) from \(client)") }
    }

    func forgiveSignInFailures(email: String, client: String) async throws {
        log.withLockedValue { $0.append("forgive \(email) from \(client)") }
    }

    func signUpRefusal(client: String, now: Date) async throws -> AttemptRefusal? {
        refusal.withLockedValue { $0 }
    }

    func recordSignUp(client: String, at now: Date) async throws {
        log.withLockedValue { $0.append("sign-up from \(client)") }
    }
}

/// Hands out canned refresh attempts and remembers who asked.
final class FakeRefresher: RatesRefreshing {
    let attempts: [RefreshAttempt]
    let backfillable: [RateSource]
    /// The backfillable providers that publish a document per day.
    let dayByDay: Set<RateSourceID>
    private let calls = NIOLockedValueBox<[String]>([])

    init(
        attempts: [RefreshAttempt] = [], backfillable: [RateSource] = [.ecb, .cbr, .nbp], dayByDay: Set<RateSourceID> = [RateSource.cbr.id]
    ) {
        self.attempts = attempts
        self.backfillable = backfillable
        self.dayByDay = dayByDay
    }

    func fetchesDayByDay(_ source: RateSourceID) -> Bool { dayByDay.contains(source) }

    var uploadable: [UploadableFile] {
        [UploadableFile(name: "kursliste", sources: [.ictax, .ictaxMonthly, .ictaxMean], maxBytes: 1 << 20)]
    }

    func importUpload(named name: String, file: URL, actor: String?) async -> [RefreshAttempt]? {
        guard name == "kursliste" else { return nil }
        let bytes = (try? Data(contentsOf: file).count) ?? -1
        calls.withLockedValue { $0.append("upload:\(name):\(bytes):\(actor ?? "schedule")") }
        return [Self.attempt(.upload, actor: actor, .stored, "Stored 1 day of rates.")]
    }

    /// Each backfillable provider with no day and no attempt.
    func health() async throws -> [ProviderHealth] {
        backfillable.map { ProviderHealth(source: $0, newestDay: nil, lastSuccess: nil, lastFailure: nil) }
    }

    var actors: [String] { calls.withLockedValue { $0 } }

    func refresh(actor: String?) async -> [RefreshAttempt] {
        calls.withLockedValue { $0.append("refresh:\(actor ?? "schedule")") }
        return [Self.attempt(.refresh, actor: actor, .stored, "Stored 162 rates from ExchangeRate-API, effective 2023-12-03.")]
    }

    func backfill(_ source: RateSourceID, days: ClosedRange<CalendarDate>, actor: String?) async -> RefreshAttempt? {
        guard backfillable.contains(where: { $0.id == source }) else { return nil }
        calls.withLockedValue { $0.append("backfill:\(source):\(days.lowerBound)..\(days.upperBound):\(actor ?? "schedule")") }
        return Self.attempt(.backfill, actor: actor, .stored, "Stored 3 days of rates.")
    }

    func importHistory(actor: String?) async -> RefreshAttempt {
        calls.withLockedValue { $0.append("import:\(actor ?? "schedule")") }
        return Self.attempt(.importHistory, actor: actor, .unchanged, "All 5 days are already stored.")
    }

    func importFullHistory(actor: String?) async -> RefreshAttempt {
        calls.withLockedValue { $0.append("import-full:\(actor ?? "schedule")") }
        return Self.attempt(.importFullHistory, actor: actor, .unchanged, "All 7126 days are already stored.")
    }

    func recentAttempts(limit: Int) async throws -> [RefreshAttempt] { Array(attempts.prefix(limit)) }

    static func attempt(
        _ kind: RefreshAttempt.Kind, actor: String?, _ outcome: RefreshAttempt.Outcome, _ message: Message,
        duration: TimeInterval = 0.25
    ) -> RefreshAttempt {
        RefreshAttempt(
            kind: kind, source: "exchangerate-api", startedAt: testNow, duration: duration, actor: actor,
            outcome: outcome, message: message)
    }
}
