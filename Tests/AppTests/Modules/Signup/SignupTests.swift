@testable import App
import Testing

@Suite("Signup interactor and presenter")
struct SignupTests {
    let accounts = FakeAccountService([("ann@example.org", "correct-horse", .user)])

    func signUp(_ email: String, _ password: String, _ confirmation: String? = nil, open: Bool = true) async throws -> Signup.Outcome {
        try await SignupInteractor(accounts: accounts, isOpen: open)
            .signUp(.init(email: email, password: password, passwordConfirmation: confirmation ?? password, next: "/about"))
    }

    @Test func createsAUserAccount() async throws {
        guard case let .created(user, next) = try await signUp("Bob@Example.org", "long enough") else { Issue.record("not created"); return }
        #expect(user.email == "bob@example.org" && user.role == .user)
        #expect(next?.value == "/about")
    }

    @Test("each problem lands at its field", arguments: [
        ("not-an-email", "long enough", nil, Signup.Field.email),
        ("ANN@example.org", "long enough", nil, .email),
        ("bob@example.org", "short", nil, .password),
        ("bob@example.org", String(repeating: "é", count: 40), nil, .password),
        ("bob@example.org", "long enough", "long enougH", .passwordConfirmation),
    ])
    func invalid(email: String, password: String, confirmation: String?, field: Signup.Field) async throws {
        guard case let .invalid(errors, kept) = try await signUp(email, password, confirmation) else { Issue.record("created"); return }
        #expect(errors[field] != nil)
        #expect(kept.password == nil && kept.passwordConfirmation == nil)
        #expect(kept.email == email)
    }

    @Test func closed() async throws {
        await #expect(throws: Signup.Failure.closed) { try await signUp("bob@example.org", "long enough", open: false) }
    }

    @Test func presenterShowsErrorsAndHints() {
        let model = SignupPresenter().present(.init(email: "x", next: "/about"), errors: [.email: "Bad.", .password: "Short."])
        #expect(model.emailError == "Bad." && model.passwordError == "Short." && model.passwordConfirmationError == nil)
        #expect(model.minimumPasswordLength == 8)
        #expect(model.loginURL == "/login?next=/about")
    }
}
