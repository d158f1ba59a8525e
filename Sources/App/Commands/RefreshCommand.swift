import Core
import Vapor

/// `swift run App refresh`: fetches every enabled provider now, as the admin's "Refresh now"
/// does (the same limits, the same attempt log), and prints one line per provider with its
/// outcome. Exits with an error when every provider failed.
struct RefreshCommand: AsyncCommand {
    struct Signature: CommandSignature {
        init() {}
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    var help: String { "Fetches the rates of every enabled provider now and prints what each gave." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.prepareDatabase()
        try await app.appServices.currentRates.reload()
        let attempts = await app.appServices.refresher.refresh(actor: "command line")
        for attempt in attempts { context.console.print(Self.line(attempt)) }
        if !attempts.isEmpty, attempts.allSatisfy({ $0.outcome == .failed }) {
            throw Failure(description: "Every provider failed; the stored rates stay as they were.")
        }
    }

    /// `nbp        stored     Stored 32 rates from National Bank of Poland, effective 2026-03-05.`
    static func line(_ attempt: RefreshAttempt) -> String {
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        return padded(attempt.source.rawValue, 18) + padded(attempt.outcome.rawValue, 11) + attempt.message.english
    }

    init() {}
}
