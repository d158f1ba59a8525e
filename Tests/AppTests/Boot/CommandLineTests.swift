import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing
import Vapor

@testable import App

/// The executable's command line: what each run is for, and that asking a command for its
/// help touches nothing (defect 3: `App refresh --help` opened the database and began storing
/// the bundled history).
@Suite("Command line: the server, a command, or only words")
struct CommandLineTests {
    @Test(
        "what a command line is for",
        arguments: [
            ([], AppConfiguration.Role.server), (["serve"], .server), (["serve", "--port", "8080"], .server),
            (["--env", "production"], .server),
            (["refresh"], .command), (["migrate", "--yes"], .command), (["create-user", "--admin", "a@b.c"], .command),
            (["routes"], .command),
            (["refresh", "--help"], .help), (["--help"], .help), (["serve", "-h"], .help), (["create-user", "--help"], .help),
        ])
    func roles(arguments: [String], role: AppConfiguration.Role) {
        #expect(Environment(name: "testing", arguments: ["App"] + arguments).role == role)
    }

    @Test(
        "every command's --help prints its words and touches nothing: no folder, no database, no job",
        arguments: [
            ["--help"], ["serve", "--help"], ["refresh", "--help"], ["create-user", "--help"], ["seed-contacts", "--help"],
            ["profile-pages", "--help"], ["migrate", "--help"], ["routes", "--help"],
        ])
    func helpTouchesNothing(arguments: [String]) async throws {
        _ = quietTestLogs
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("help-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // No folder is made for the database's file...
        let (words, loading) = try await run(arguments, sqliteAt: folder.appendingPathComponent("data/app.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: folder.path), "\(arguments)")
        #expect(words.contains("Usage: App"), "\(arguments): \(words)")
        // ...no job starts storing the bundled history...
        #expect(!loading, "\(arguments)")
        // ...and where the folder is there, nothing opens the file.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try await run(arguments, sqliteAt: folder.appendingPathComponent("app.sqlite"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "\(arguments)")
    }

    /// What the executable prints when run with `arguments`, on SQLite at `path`, and whether
    /// the bundled history's load began within 300 ms after.
    private func run(_ arguments: [String], sqliteAt path: URL) async throws -> (words: String, loading: Bool) {
        let environment = Environment(name: "testing", arguments: ["App"] + arguments)
        var configuration = AppConfiguration()
        configuration.database = .sqlite(path: path.path)
        configuration.role = environment.role
        let app = try await Application.make(environment)
        let console = RecordingConsole()
        app.console = console
        var loading = false
        do {
            try await AppMain.run(app, configuration: configuration)
            // Long enough for a background job started at boot to begin.
            for _ in 0..<30 where !loading {
                loading = app.appServices.historyProgress.current != nil
                try await Task.sleep(for: .milliseconds(10))
            }
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
        return (console.text, loading)
    }
}

/// A console that keeps what is printed, for the words a command writes.
final class RecordingConsole: Console, @unchecked Sendable {
    private let printed = NIOLockedValueBox("")
    var text: String { printed.withLockedValue { $0 } }
    var userInfo: [AnySendableHashable: any Sendable] = [:]
    var size: (width: Int, height: Int) { (100, 40) }
    var supportsANSICommands: Bool { false }

    func input(isSecure: Bool) -> String { "" }
    func output(_ text: ConsoleText, newLine: Bool) { printed.withLockedValue { $0 += text.description + (newLine ? "\n" : "") } }
    func clear(_ type: ConsoleClear) {}
    func report(error: String, newLine: Bool) { printed.withLockedValue { $0 += error + (newLine ? "\n" : "") } }
}
