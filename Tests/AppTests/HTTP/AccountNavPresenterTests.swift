import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("The header's account links")
struct AccountNavPresenterTests {
    let presenter = AccountNavPresenter()
    let ann = User(id: UUID(), email: "ann@example.org", role: .user, createdAt: testNow)
    let admin = User(id: UUID(), email: "root@example.org", role: .admin, createdAt: testNow)

    @Test("signed out: Sign in, returning to the page")
    func signedOut() {
        let model = presenter.present(.signedOut(next: LocalPath("/contacts?page=2")))
        #expect(model == .init(signInURL: "/login?next=/contacts%3Fpage%3D2"))
        #expect(presenter.present(.signedOut(next: nil)) == .init(signInURL: "/login"))
    }

    @Test("signed in: who, a Sign out form with the session's token, and Admin only for admins")
    func signedIn() {
        let user = presenter.present(.signedIn(ann, csrfToken: "t0k"))
        #expect(user == .init(email: "ann@example.org", signOutURL: "/logout", csrfFieldName: "csrf_token", csrfToken: "t0k"))
        #expect(presenter.present(.signedIn(admin, csrfToken: "t0k")).adminURL == "/admin/rates")
    }

    @Test func unavailable() {
        #expect(presenter.present(.unavailable) == .init(unavailable: true))
    }
}
