import Foundation

/// What was asked for, checked: a type name and a path that fit the app.
struct PageRequest {
    static let usage = "Use: swift package --allow-writing-to-package-directory new-page Invoice --path /invoices [--form]"

    /// `TaxReport`: the module's and its types' prefix.
    let name: String
    /// `/tax-reports`: the page's route.
    let path: String
    let hasForm: Bool

    init(arguments: [String]) throws {
        var name: String?
        var path: String?
        var hasForm = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--form": hasForm = true
            case "--path":
                guard let value = rest.popFirst() else { throw NewPageError("--path needs a value, such as /invoices.\n\(Self.usage)") }
                path = value
            case _ where argument.hasPrefix("--path="): path = String(argument.dropFirst("--path=".count))
            case _ where argument.hasPrefix("-"): throw NewPageError("Unknown option \(argument).\n\(Self.usage)")
            default:
                guard name == nil else { throw NewPageError("Give one page name; \(argument) is a second.\n\(Self.usage)") }
                name = argument
            }
        }
        guard let name else { throw NewPageError("Give the page's name, such as Invoice.\n\(Self.usage)") }
        guard let path else { throw NewPageError("Give the page's path with --path, such as /invoices.\n\(Self.usage)") }
        try Self.check(name: name)
        try Self.check(path: path)
        self.name = name
        self.path = path
        self.hasForm = hasForm
    }

    /// UpperCamelCase ASCII letters and digits, like every module's name.
    static func check(name: String) throws {
        let letters = Array(name.unicodeScalars)
        guard let first = letters.first, ("A"..."Z").contains(first),
            letters.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
            name.count <= 40
        else {
            throw NewPageError("“\(name)” is not a page name: use UpperCamelCase ASCII letters and digits, such as Invoice or TaxReport.")
        }
        let reserved: Set = ["Any", "Self", "Type", "Protocol", "App", "Application", "Request", "Response", "View", "Page"]
        guard !reserved.contains(name) else { throw NewPageError("“\(name)” is a name Swift or Vapor already uses; choose another.") }
    }

    /// An absolute path of lower-case segments: letters, digits and hyphens.
    static func check(path: String) throws {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), path != "/", !segments.isEmpty,
            segments.allSatisfy({ segment in
                !segment.isEmpty && segment.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            })
        else {
            throw NewPageError(
                "“\(path)” is not a page path: start with /, use lower-case letters, digits and hyphens, no trailing slash, such as /invoices."
            )
        }
        guard !["api", "health", "metrics", "healthz", "css", "js"].contains(String(segments.first!)) else {
            throw NewPageError("“\(path)” is under /\(segments.first!), which the app keeps for itself; choose another path.")
        }
    }

    /// `taxReport`: the route's case in `SiteURL`.
    var routeCase: String { name.prefix(1).lowercased() + name.dropFirst() }
    /// `tax-report`: the template's file name.
    var templateName: String {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty {
                words.append(String(character).lowercased())
            } else {
                words[words.count - 1].append(character)
            }
        }
        return words.joined(separator: "-")
    }
    /// `Tax report`: the page's heading.
    var title: String {
        let words = templateName.split(separator: "-")
        return ([words[0].prefix(1).uppercased() + words[0].dropFirst()] + words.dropFirst().map(String.init)).joined(separator: " ")
    }
}
