/// The options of a `<select>`: each choice's value and label, the one whose value is `selected`
/// marked so. When none is (no value, or one not among the choices), a disabled `placeholder` is
/// selected instead of silently the first. A template prints it as it is
/// (`<select>#unsafeHTML(options)</select>`): it is written as the options' escaped HTML.
package struct SelectOptions: Encodable, Sendable, Equatable {
    package struct Choice: Sendable, Hashable {
        package let value: String
        package let label: String

        package init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    package let choices: [Choice]
    package let selected: String?
    package let placeholder: String

    package init(_ choices: [Choice], selected: String?, placeholder: String) {
        self.choices = choices
        self.selected = selected
        self.placeholder = placeholder
    }

    /// The options' HTML, every label and value escaped.
    package var html: String { OptionMenu.of(choices, placeholder: placeholder).html(selecting: selected).text }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(html)
    }
}
