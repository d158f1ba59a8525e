import NIOConcurrencyHelpers

/// A list of ``SelectOptions`` choices written as HTML once, with any one of them selected
/// cheaply: a result page's two currency menus are 160 options each (18 KB of its 24), the same
/// on every page but for the option selected. Writing them through Leaf on every request cost
/// most of the page's time; here they are escaped once per list, and marking one selected swaps
/// one option. The options before and after the selected one can also be had deflated ahead
/// (``PrecompressedHTML``), so a gzip'd page compresses only the selected option of each menu,
/// and a page frame (``PageFrame``) refers to them rather than copying them.
final class OptionMenu: Sendable {
    private let choices: [SelectOptions.Choice]
    private let placeholder: String
    private let placeholderOption: String
    /// Every option, none selected, as one text.
    private let options: String
    /// Where each option starts in `options` (and, last, where they end), in UTF-8 bytes.
    private let offsets: [Int]
    private let selectedOptions: [String]
    private let indexByValue: [String: Int]
    /// The options' runs before and after each selected one, deflated as gzip'd pages ask.
    private let deflated: DeflatedRuns

    private init(_ choices: [SelectOptions.Choice], placeholder: String) {
        self.choices = choices
        self.placeholder = placeholder
        placeholderOption = "<option value=\"\" selected disabled>\(HTML.escape(placeholder))</option>"
        let escaped = choices.map { (value: HTML.escape($0.value), label: HTML.escape($0.label)) }
        let unselected = escaped.map { "<option value=\"\($0.value)\">\($0.label)</option>" }
        options = unselected.joined()
        deflated = DeflatedRuns(of: options)
        offsets = unselected.reduce(into: [0]) { offsets, option in offsets.append(offsets.last! + option.utf8.count) }
        selectedOptions = escaped.map { "<option value=\"\($0.value)\" selected>\($0.label)</option>" }
        indexByValue = Dictionary(choices.enumerated().map { ($1.value, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The options with `value`'s selected (or the placeholder), and their runs to be had deflated.
    func html(selecting value: String?) -> PrecompressedHTML {
        let all = options.utf8.count
        guard let selected = value.flatMap({ indexByValue[$0] }) else {
            return PrecompressedHTML(
                text: placeholderOption + options, parts: [part(0..<all, at: placeholderOption.utf8.count)].compactMap { $0 })
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
            text: html, parts: [part(0..<startOffset, at: 0), part(endOffset..<all, at: afterSelected)].compactMap { $0 })
    }

    /// The options' bytes `range`, placed at `offset` in a menu's HTML, deflated when asked.
    private func part(_ range: Range<Int>, at offset: Int) -> PrecompressedHTML.Part? {
        range.isEmpty ? nil : PrecompressedHTML.Part(offset: offset, runs: deflated, range: range)
    }

    // MARK: The menus made lately

    /// A few lists in every language: the current rates' currencies, and those of the past days
    /// being looked at.
    static let capacity = 32
    /// Most recently used first.
    private static let made = NIOLockedValueBox<[OptionMenu]>([])

    /// The menu of `choices`, written once while it is among the lists used lately.
    static func of(_ choices: [SelectOptions.Choice], placeholder: String) -> OptionMenu {
        let kept = made.withLockedValue { made -> OptionMenu? in
            guard let index = made.firstIndex(where: { $0.placeholder == placeholder && $0.choices == choices }) else { return nil }
            if index > 0 { made.insert(made.remove(at: index), at: 0) }
            return made[0]
        }
        if let kept { return kept }
        let menu = OptionMenu(choices, placeholder: placeholder)
        made.withLockedValue { made in
            made.insert(menu, at: 0)
            if made.count > capacity { made.removeLast() }
        }
        return menu
    }
}
