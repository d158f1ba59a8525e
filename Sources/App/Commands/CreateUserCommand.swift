import Core
import Persistence
import ServiceInterfaces
import Vapor

/// `swift run App create-user --email E [--admin]`: creates an account, reading the password
/// from standard input (asked for without echo on a terminal), so it never lands in the shell's
/// history or the process list.
struct CreateUserCommand: AsyncCommand {
    struct Signature: CommandSignature {
        init() {}

        @Option(name: "email", help: "The new account's email address.")
        var email: String?

        @Flag(name: "admin", help: "Give the account admin rights.")
        var admin: Bool
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    var help: String { "Creates an account; the password is read from standard input." }

    /// Where the password comes from; standard input unless a test hands one in.
    var readPassword: @Sendable (CommandContext, String) throws -> String = CreateUserCommand.passwordFromStandardInput

    /// Asked for without echo on a terminal; otherwise the first line of standard input.
    static func passwordFromStandardInput(_ context: CommandContext, email: String) throws -> String {
        if isatty(STDIN_FILENO) != 0 {
            return context.console.ask("Password for \(email):".consoleText(), isSecure: true)
        }
        guard let line = readLine(strippingNewline: true) else {
            throw Failure(description: "No password on standard input.")
        }
        return line
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let email = signature.email, !email.isEmpty else {
            throw Failure(description: "Give the account's email: create-user --email you@example.org [--admin]")
        }
        let password = try readPassword(context, email)

        let app = context.application
        try await app.prepareDatabase()
        do {
            let user = try await app.appServices.accounts.register(
                email: email, password: password, role: signature.admin ? .admin : .user)
            context.console.success("Created \(user.role == .admin ? "admin" : "user") \(user.email).")
        } catch let error as AccountError {
            throw Failure(description: "Cannot create \(email): \(error.description)")
        }
    }
}
