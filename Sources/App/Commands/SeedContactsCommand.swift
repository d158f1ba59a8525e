import Core
import Vapor

/// `swift run App seed-contacts --email E --count N`: gives an existing account N generated
/// contacts (names from many scripts, some with email, phone and notes), in batches, for
/// benchmarks and trying the pages with a full book.
struct SeedContactsCommand: AsyncCommand {
    struct Signature: CommandSignature {
        init() {}

        @Option(name: "email", help: "The account that gets the contacts.")
        var email: String?

        @Option(name: "count", help: "How many contacts to add (1 to 1,000,000).")
        var count: Int?
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    var help: String { "Adds generated contacts to an account, for benchmarks and manual testing." }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let email = signature.email, let count = signature.count, (1...1_000_000).contains(count) else {
            throw Failure(description: "Use: seed-contacts --email you@example.org --count 10000 (1 to 1,000,000)")
        }
        let app = context.application
        try await app.prepareDatabase()
        guard let owner = try await app.appServices.accounts.user(withEmail: email) else {
            throw Failure(description: "No account has the email \(email); create it first (create-user).")
        }
        var generator = SeededGenerator(seed: UInt64(count))
        let drafts = (0..<count).map { Self.draft(number: $0, using: &generator) }
        _ = try await app.appServices.contacts.createAll(drafts, owner: owner.id, batchSize: 1000)
        context.console.success("Added \(count) contacts to \(owner.email).")
    }

    static let firstNames = [
        "Anna", "Ben", "Chloé", "Dmitri", "Élodie", "Fatima", "György", "Hiroshi", "Ingrid", "José",
        "Kateřina", "Liam", "Мария", "Nikos", "Olga", "Priya", "Quentin", "Rosa", "Søren", "Tomás",
        "Umar", "Vera", "Wei", "Yuki", "Zoë", "أحمد", "さくら", "Ευγενία",
    ]
    static let lastNames = [
        "Andersen", "Bauer", "Çelik", "Dubois", "Eriksson", "Fernández", "García", "Hoffmann", "Ivanova",
        "Jensen", "Kowalski", "López", "Müller", "Nakamura", "O'Brien", "Papadopoulos", "Quispe",
        "Rossi", "Smith", "Tanaka", "Újvári", "van Dijk", "Wójcik", "Xu", "Yilmaz", "Zhang",
        "Иванов", "الحسن", "佐藤",
    ]

    static func draft(number: Int, using generator: inout SeededGenerator) -> ContactDraft {
        let first = firstNames.randomElement(using: &generator)!
        let last = lastNames.randomElement(using: &generator)!
        let withEmail = Int.random(in: 0..<10, using: &generator) < 7
        let withPhone = Int.random(in: 0..<10, using: &generator) < 6
        return ContactDraft(
            firstName: first, lastName: last,
            email: withEmail ? "contact\(number)@example.org" : nil,
            phone: withPhone ? "+1 555 \(String(format: "%04d", Int.random(in: 0..<10_000, using: &generator)))" : nil,
            notes: number % 5 == 0 ? "Met at conference #\(number % 97)." : "")
    }

    init() {}
}

/// A small deterministic generator (SplitMix64), so a seed gives the same book every time.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
