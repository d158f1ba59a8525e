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
