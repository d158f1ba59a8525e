import Core
import Foundation

/// `POST /mcp`: the Model Context Protocol over Streamable HTTP, stateless, answering in JSON
/// (`GET` and `DELETE` are 405, as the transport says). Five tools give an assistant what the
/// pages and APIs give a person, each through the same interactor, so a tool's figures and a
/// page's never differ: `convert`, `get_rates`, `list_currencies`, `list_providers` and
/// `convert_ledger`. A request whose `Origin` is not allowed is refused 403 (DNS rebinding);
/// bad arguments are tool errors (`isError: true`) with the API's message.
enum MCPEndpoint {
    /// The largest request body: a ledger's CSV travels inside it.
    static let maxBodyBytes = 2 * 1024 * 1024
    /// The most dates `get_rates` answers with; a longer series is down-sampled to this.
    static let maxSeriesDates = 400

    enum Tool: String, CaseIterable, Sendable {
        case convert
        case getRates = "get_rates"
        case listCurrencies = "list_currencies"
        case listProviders = "list_providers"
        case convertLedger = "convert_ledger"
    }

    /// A tool's answer, before it is written: its figures as JSON for the structured content,
    /// and a sentence or two for the text.
    struct Answer: Sendable {
        let text: String
        let structured: Data
    }

    /// Why a tool gave no answer: the same message the API gives.
    struct Refusal: Error, Equatable, Sendable {
        let message: String

        init(_ message: String) { self.message = message }
    }
}

extension MCPEndpoint {
    /// A tool's arguments as text: each string as given, a list of strings joined with commas.
    /// A number, a boolean or an object where text is expected is refused, naming the argument.
    struct Arguments: Sendable {
        private(set) var values: [String: String] = [:]
        /// Arguments of a type the tool does not take.
        private(set) var wrongTypes: [String] = []

        subscript(name: String) -> String? {
            values[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }

        /// The named arguments are there; else which are missing. (An argument of the wrong type
        /// is refused before any tool runs, by ``MCPView``.)
        func require(_ names: [String]) throws(Refusal) {
            let missing = names.filter { self[$0] == nil }
            guard missing.isEmpty else { throw Refusal("Give \(missing.joined(separator: ", ")).") }
        }
    }
}
