/// One choice of a short menu a template writes itself (`#for(option in …)`): a `<select>`'s
/// option or a radio button, its value, its words, and whether it is the one chosen. Long menus
/// (160 currencies) are ``SelectOptions``.
package struct MenuOption: Encodable, Sendable, Equatable {
    package let value: String
    package let label: String
    package let selected: Bool

    package init(value: String, label: String, selected: Bool) {
        self.value = value
        self.label = label
        self.selected = selected
    }
}

/// A labelled group of a menu's options (an `<optgroup>`).
package struct MenuGroup: Encodable, Sendable, Equatable {
    package let label: String
    package let options: [MenuOption]

    package init(label: String, options: [MenuOption]) {
        self.label = label
        self.options = options
    }
}
