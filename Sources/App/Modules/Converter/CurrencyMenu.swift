import Core
import NIOConcurrencyHelpers
import Web

/// The `<option>` list of a currency `<select>` (`USD — US Dollar`, `USD — доллар США`), escaped
/// once per set of currencies and language. Rendering 160 options through Leaf on every request would cost most of the page's
/// time; marking one as selected in a prebuilt list costs almost nothing.
package struct CurrencyMenu: Sendable {
    private let currencies: [Currency]
    private let language: Language
    private let placeholder: String
    /// Every option, none selected, as one text.
    private let options: String
    /// Where each option starts in `options` (and, last, where they end), in UTF-8 bytes.
    private let offsets: [Int]
    private let selectedOptions: [String]
    private let indexByCode: [String: Int]
    /// The options' runs before and after each selected one, deflated as gzip'd pages ask.
    private let deflated: DeflatedRuns

    package init(currencies: [Currency], in l: Localization) {
        self.currencies = currencies
        language = l.language
        placeholder = "<option value=\"\" selected disabled>\(HTML.escape(l.text("Choose a currency")))</option>"
        let labels = currencies.map { (value: HTML.escape($0.code), label: HTML.escape("\($0.code) — \(l.currencyName($0))")) }
        let unselected = labels.map { "<option value=\"\($0.value)\">\($0.label)</option>" }
        options = unselected.joined()
        deflated = DeflatedRuns(of: options)
        offsets = unselected.reduce(into: [0]) { offsets, option in offsets.append(offsets.last! + option.utf8.count) }
        selectedOptions = labels.map { "<option value=\"\($0.value)\" selected>\($0.label)</option>" }
        indexByCode = Dictionary(currencies.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The options with `code` selected: the unselected list with one option swapped. When
    /// `code` is not in the list (missing or unknown), a "Choose a currency" placeholder is
    /// selected instead of silently picking the first.
    package func html(selecting code: String?) -> String { menu(selecting: code).text }

    /// The same, with the options before and after the selected one also to be had deflated
    /// (each made once, when a gzip'd page first needs it): a gzip'd page compresses only the
    /// selected option of each of its two 9 KB menus.
    package func menu(selecting code: String?) -> PrecompressedHTML {
        let all = options.utf8.count
        guard let selected = code.flatMap({ indexByCode[$0] }) else {
            return PrecompressedHTML(
                placeholder + options, parts: [part(0..<all, at: placeholder.utf8.count)].compactMap { $0 })
        }
        let bytes = options.utf8
        let (startOffset, endOffset) = (offsets[selected], offsets[selected + 1])
        let start = bytes.index(bytes.startIndex, offsetBy: startOffset)
        let end = bytes.index(bytes.startIndex, offsetBy: endOffset)
        var html = ""
        html.reserveCapacity(bytes.count + 10)
        html += options[..<start]
        html += selectedOptions[selected]
        html += options[end...]
        let afterSelected = startOffset + selectedOptions[selected].utf8.count
        return PrecompressedHTML(
            html, parts: [part(0..<startOffset, at: 0), part(endOffset..<all, at: afterSelected)].compactMap { $0 })
    }

    /// The options' bytes `range`, placed at `offset` in a menu's HTML, deflated when asked.
    private func part(_ range: Range<Int>, at offset: Int) -> PrecompressedHTML.Part? {
        range.isEmpty ? nil : PrecompressedHTML.Part(offset: offset, runs: deflated, range: range)
    }

    package func isBuilt(for currencies: [Currency], in language: Language) -> Bool {
        self.language == language && self.currencies == currencies
    }
}

/// Remembers the menus of the last few sets of currencies (the current snapshot's, and those of
/// the past days being looked at), rebuilding one only when its set is new. The converter's view
/// keeps one, so its presenter stays a pure function of its input.
package final class CurrencyMenuCache: Sendable {
    /// A few sets of currencies in every language.
    package static let capacity = 4 * Language.allCases.count
    /// Most recently used first.
    private let menus = NIOLockedValueBox<[CurrencyMenu]>([])
    private let builds = NIOLockedValueBox(0)

    package init() {}

    /// How many menus it has built.
    package var buildCount: Int { builds.withLockedValue { $0 } }

    package func menu(for currencies: [Currency], in l: Localization) -> CurrencyMenu {
        let cached = menus.withLockedValue { menus -> CurrencyMenu? in
            guard let index = menus.firstIndex(where: { $0.isBuilt(for: currencies, in: l.language) }) else { return nil }
            if index > 0 { menus.insert(menus.remove(at: index), at: 0) }
            return menus[0]
        }
        if let cached { return cached }
        let built = CurrencyMenu(currencies: currencies, in: l)
        menus.withLockedValue { menus in
            menus.insert(built, at: 0)
            if menus.count > Self.capacity { menus.removeLast() }
        }
        builds.withLockedValue { $0 += 1 }
        return built
    }
}
