@testable import App
import Foundation
import Testing

@Suite("Login interactor and presenter")
struct LoginTests {
    let accounts = FakeAccountService([("ann@example.org", "correct-horse", .user)])
    let throttle = FakeLoginThrottle()
    let clock = TestClock()
    var interactor: LoginInteractor { LoginInteractor(accounts: accounts, throttle: throttle, now: clock.closure) }

    @Test func signsInAndGoesToALocalNext() async throws {
        let outcome = try await interactor.signIn(.init(email: " Ann@Example.org ", password: "correct-horse", next: "/admin/rates"))
        guard case let .signedIn(user, next) = outcome else { Issue.record("\(outcome)"); return }
        #expect(user.email == "ann@example.org")
        #expect(next?.value == "/admin/rates")
    }

    @Test("never redirects to another host", arguments: [
        "//evil.example", "https://evil.example/", "/\\evil.example", "\\\\evil.example", "/%2F%2Fevil.example",
        "javascript:alert(1)", "evil.example", "/ok\u{0}", "",
    ])
    func refusesForeignNext(next: String) async throws {
        let outcome = try await interactor.signIn(.init(email: "ann@example.org", password: "correct-horse", next: next))
        guard case let .signedIn(_, kept) = outcome else { Issue.record("\(outcome)"); return }
        #expect(kept == nil)
    }

    @Test("one message for a wrong password and an unknown email; the password is never kept")
    func sameMessage() async throws {
        let wrong = try await interactor.signIn(.init(email: "ann@example.org", password: "nope", next: "/x"))
        let unknown = try await interactor.signIn(.init(email: "bob@example.org", password: "nope", next: "/x"))
        #expect(wrong == .rejected(message: LoginInteractor.rejection, input: .init(email: "ann@example.org", password: nil, next: "/x")))
        #expect(unknown == .rejected(message: LoginInteractor.rejection, input: .init(email: "bob@example.org", password: nil, next: "/x")))
    }

    @Test func missingFields() async throws {
        let outcome = try await interactor.signIn(.init(email: "", password: "x"))
        #expect(outcome == .rejected(message: "Enter your email and password.", input: .init(email: "", password: nil, next: nil)))
        #expect(throttle.count("") == 0)
    }

    @Test("five failures within 15 minutes lock the email, even with the right password, until the window passes")
    func throttles() async throws {
        for _ in 0..<5 {
            _ = try await interactor.signIn(.init(email: "ann@example.org", password: "wrong"))
            clock.advance(by: 60)
        }
        let locked = try await interactor.signIn(.init(email: "ann@example.org", password: "correct-horse"))
        // The first failure was at t=0; it leaves the 15-minute window at t=900; now is t=300.
        #expect(locked == .throttled(retryAfter: 600, input: .init(email: "ann@example.org", password: nil, next: nil)))
        clock.advance(by: 600)
        guard case .signedIn = try await interactor.signIn(.init(email: "ann@example.org", password: "correct-horse")) else {
            Issue.record("still locked after the window"); return
        }
        #expect(throttle.count("ann@example.org") == 0) // success forgives
    }

    @Test("unknown emails are throttled the same way, so throttling reveals nothing")
    func throttlesUnknownEmails() async throws {
        for _ in 0..<5 { _ = try await interactor.signIn(.init(email: "nobody@example.org", password: "x")) }
        guard case .throttled = try await interactor.signIn(.init(email: "nobody@example.org", password: "x")) else {
            Issue.record("not throttled"); return
        }
    }

    @Test func presenterKeepsEmailAndSafeNext() {
        let model = LoginPresenter(allowSignup: true).present(.init(email: "ann@example.org", next: "/admin/rates"), error: "No.")
        #expect(model.email == "ann@example.org")
        #expect(model.next == "/admin/rates")
        #expect(model.error == "No.")
        #expect(model.signupURL == "/signup?next=/admin/rates")
        #expect(LoginPresenter(allowSignup: true).present(.init(next: "//evil.example")).next == "")
        #expect(LoginPresenter(allowSignup: false).present(.init()).signupURL == "")
    }

    @Test("throttling is said in whole minutes")
    func throttleMessage() {
        #expect(LoginPresenter(allowSignup: true).presentThrottled(.init(), retryAfter: 600).error
            == "Too many failed attempts for this email. Try again in 10 minutes.")
        #expect(LoginPresenter(allowSignup: true).presentThrottled(.init(), retryAfter: 5).error?.hasSuffix("in 1 minute.") == true)
    }

    @Test func routerRedirects() {
        #expect(LoginRouter().afterSignIn(next: LocalPath("/admin/rates?tab=1")).headers.first(name: .location) == "/admin/rates?tab=1")
        #expect(LoginRouter().afterSignIn(next: nil).headers.first(name: .location) == "/")
        #expect(LoginRouter().afterSignOut().status == .seeOther)
    }
}
