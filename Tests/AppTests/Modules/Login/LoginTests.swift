import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("Login interactor and presenter")
struct LoginTests {
    let accounts = FakeAccountService([("ann@example.org", "correct-horse", .user)])
    let throttle = FakeAttemptThrottle()
    let clock = TestClock()
    var interactor: LoginInteractor { LoginInteractor(accounts: accounts, throttle: throttle, now: clock.closure) }
    static let client = "203.0.113.5"

    func signIn(_ input: Login.Input) async throws -> Login.Outcome {
        try await interactor.signIn(input, client: Self.client)
    }

    @Test func signsInAndGoesToALocalNext() async throws {
        let outcome = try await signIn(.init(email: " Ann@Example.org ", password: "correct-horse", next: "/admin/rates"))
        guard case let .signedIn(user, next) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(user.email == "ann@example.org")
        #expect(next?.value == "/admin/rates")
    }

    @Test(
        "never redirects to another host",
        arguments: [
            "//evil.example", "https://evil.example/", "/\\evil.example", "\\\\evil.example", "/%2F%2Fevil.example",
            "javascript:alert(1)", "evil.example", "/ok\u{0}", "",
        ])
    func refusesForeignNext(next: String) async throws {
        let outcome = try await signIn(.init(email: "ann@example.org", password: "correct-horse", next: next))
        guard case let .signedIn(_, kept) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(kept == nil)
    }

    @Test("one message for a wrong password and an unknown email; the password is never kept")
    func sameMessage() async throws {
        let wrong = try await signIn(.init(email: "ann@example.org", password: "nope", next: "/x"))
        let unknown = try await signIn(.init(email: "bob@example.org", password: "nope", next: "/x"))
        #expect(wrong == .rejected(message: LoginInteractor.rejection, input: .init(email: "ann@example.org", password: nil, next: "/x")))
        #expect(unknown == .rejected(message: LoginInteractor.rejection, input: .init(email: "bob@example.org", password: nil, next: "/x")))
    }

    @Test func missingFields() async throws {
        let outcome = try await signIn(.init(email: "", password: "x"))
        #expect(outcome == .rejected(message: "Enter your email and password.", input: .init(email: "", password: nil, next: nil)))
        #expect(throttle.events.isEmpty)
    }

    @Test("a failure is counted for this email from this client; a success forgives exactly those")
    func countsPerClient() async throws {
        _ = try await signIn(.init(email: "Ann@example.org", password: "wrong"))
        _ = try await signIn(.init(email: "ann@example.org", password: "correct-horse"))
        // The throttle normalises the email itself.
        #expect(throttle.events == ["failure Ann@example.org from 203.0.113.5", "forgive ann@example.org from 203.0.113.5"])
    }

    @Test("a refused client is refused even with the right password, and nothing more is counted")
    func throttles() async throws {
        let refusal = AttemptRefusal(scope: .account, retryAfter: 600)
        throttle.refuse(refusal)
        let locked = try await signIn(.init(email: "ann@example.org", password: "correct-horse", next: "/x"))
        #expect(locked == .throttled(refusal, input: .init(email: "ann@example.org", password: nil, next: "/x")))
        #expect(throttle.events.isEmpty)
    }

    @Test func presenterKeepsEmailAndSafeNext() {
        let model = LoginPresenter(allowSignup: true).present(.init(email: "ann@example.org", next: "/admin/rates"), error: "No.", in: en)
        #expect(model.email == "ann@example.org")
        #expect(model.next == "/admin/rates")
        #expect(model.error == "No.")
        #expect(model.signupURL == "/signup?next=/admin/rates")
        #expect(LoginPresenter(allowSignup: true).present(.init(next: "//evil.example"), in: en).next == "")
        #expect(LoginPresenter(allowSignup: false).present(.init(), in: en).signupURL == nil)
    }

    @Test("throttling says which limit, in whole minutes")
    func throttleMessage() {
        let presenter = LoginPresenter(allowSignup: true)
        #expect(
            presenter.presentThrottled(.init(), refusal: .init(scope: .account, retryAfter: 600), in: en).error
                == "Too many failed attempts for this email from your connection. Try again in 10 minutes.")
        #expect(
            presenter.presentThrottled(.init(), refusal: .init(scope: .client, retryAfter: 61), in: en).error
                == "Too many failed sign-ins from your connection. Try again in 2 minutes.")
        #expect(
            presenter.presentThrottled(.init(), refusal: .init(scope: .account, retryAfter: 5), in: en).error?.hasSuffix("in 1 minute.")
                == true)
    }

    @Test func routerRedirects() {
        #expect(LoginRouter().afterSignIn(next: LocalPath("/admin/rates?tab=1")).headers.first(name: .location) == "/admin/rates?tab=1")
        #expect(LoginRouter().afterSignIn(next: nil).headers.first(name: .location) == "/")
        #expect(LoginRouter().afterSignOut().status == .seeOther)
    }
}
