import Fluent
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("create-user command on PostgreSQL")
struct CreateUserCommandTests {
    func run(_ arguments: [String], password: String, on app: Application) async throws {
        var context = CommandContext(console: Terminal(), input: CommandInput(arguments: ["App"] + arguments))
        context.application = app
        try await CreateUserCommand(readPassword: { _, _ in password }).run(using: &context)
    }

    @Test("creates an admin or a user with the password from standard input; the account can sign in")
    func createsAccounts() async throws {
        try await withPostgresApp(.bare, configuration: .forTests()) { app in
            try await run(["--email", "Root@Example.org", "--admin"], password: "long enough", on: app)
            try await run(["--email", "ann@example.org"], password: "also long enough", on: app)
            let users = try await UserModel.query(on: app.db).sort(\.$email).all()
            #expect(users.map(\.email) == ["ann@example.org", "root@example.org"])
            #expect(users.map(\.role) == ["user", "admin"])
            let browser = TestBrowser(app)
            try await browser.signIn("root@example.org", "long enough")
            #expect(try await browser.get("/admin/rates").status == .ok)
        }
    }

    @Test("refuses a taken email, a weak password and a missing email, with a message")
    func refuses() async throws {
        try await withPostgresApp(configuration: .forTests()) { app in
            try await run(["--email", "ann@example.org"], password: "long enough", on: app)
            for (arguments, password, message) in [
                (["--email", "ANN@example.org"], "long enough", "already exists"),
                (["--email", "bob@example.org"], "short", "at least 8 characters"),
                (["--email", "not an email"], "long enough", "Enter an email address"),
                ([], "long enough", "Give the account's email"),
            ] {
                await #expect {
                    try await run(arguments, password: password, on: app)
                } throws: { error in
                    String(describing: error).contains(message)
                }
            }
            #expect(try await UserModel.query(on: app.db).count() == 1)
        }
    }
}
