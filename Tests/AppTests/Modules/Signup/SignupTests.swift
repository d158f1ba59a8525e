import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("Signup interactor and presenter")
struct SignupTests {
    let accounts = FakeAccountService([("ann@example.org", "correct-horse", .user)])
    let throttle = FakeAttemptThrottle()

    func signUp(_ email: String, _ password: String, _ confirmation: String? = nil, open: Bool = true) async throws -> Signup.Outcome {
        try await SignupInteractor(accounts: accounts, throttle: throttle, isOpen: open, now: { testNow })
            .signUp(
                .init(email: email, password: password, passwordConfirmation: confirmation ?? password, next: "/about"),
                client: "198.51.100.7")
    }

    @Test("every attempt counts against its client, whatever its outcome")
    func countsAttempts() async throws {
        _ = try await signUp("bob@example.org", "long enough")
        _ = try await signUp("ANN@example.org", "long enough")
        _ = try await signUp("carol@example.org", "short")
        #expect(throttle.events == Array(repeating: "sign-up from 198.51.100.7", count: 3))
    }

    @Test("a refused client gets no answer about the email, and no account is made")
    func throttled() async throws {
        throttle.refuse(.init(scope: .client, retryAfter: 1200))
        let outcome = try await signUp("bob@example.org", "long enough")
        #expect(outcome == .throttled(retryAfter: 1200, input: .init(email: "bob@example.org", next: "/about")))
        #expect(try await accounts.user(withEmail: "bob@example.org") == nil)
        #expect(
            SignupPresenter().presentThrottled(.init(), retryAfter: 1200, in: en).formError
                == "Too many sign-up attempts from your connection. Try again in 20 minutes.")
    }

    @Test("asks for a user account with the email as typed, without the spaces around it; signs in the account it gets")
    func createsAUserAccount() async throws {
        guard case let .created(user, next) = try await signUp("  Bob@Example.org ", "long enough") else {
            Issue.record("not created")
            return
        }
        #expect(accounts.registrations.withLockedValue { $0 } == ["Bob@Example.org user"])
        #expect(try await accounts.user(withEmail: "bob@example.org") == user)
        #expect(next?.value == "/about")
    }

    @Test(
        "each problem lands at its field",
        arguments: [
            ("not-an-email", "long enough", nil, Signup.Field.email),
            ("ANN@example.org", "long enough", nil, .email),
            ("bob@example.org", "short", nil, .password),
            ("bob@example.org", String(repeating: "é", count: 40), nil, .password),
            ("bob@example.org", "long enough", "long enougH", .passwordConfirmation),
        ])
    func invalid(email: String, password: String, confirmation: String?, field: Signup.Field) async throws {
        guard case let .invalid(errors, kept) = try await signUp(email, password, confirmation) else {
            Issue.record("created")
            return
        }
        #expect(errors[field] != nil)
        #expect(kept.password == nil && kept.passwordConfirmation == nil)
        #expect(kept.email == email)
    }

    @Test func closed() async throws {
        await #expect(throws: Signup.Failure.closed) { try await signUp("bob@example.org", "long enough", open: false) }
    }

    @Test func presenterShowsErrorsAndHints() {
        let model = SignupPresenter().present(.init(email: "x", next: "/about"), errors: [.email: "Bad.", .password: "Short."], in: en)
        #expect(model.emailError == "Bad." && model.passwordError == "Short." && model.passwordConfirmationError == nil)
        #expect(model.minimumPasswordLength == 8)
        #expect(model.loginURL == "/login?next=/about")
    }
}
