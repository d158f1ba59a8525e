import Testing

@testable import Web

@Suite("A select's options (SelectOptions): escaped once, one selected, a placeholder when none is")
struct SelectOptionsTests {
    @Test func escapesValuesAndLabels() {
        let options = SelectOptions([.init(value: "A&A", label: "AAA — <b>Bold</b> & \"quoted\"")], selected: "A&A", placeholder: "Choose")
        #expect(options.html == "<option value=\"A&amp;A\" selected>AAA — &lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;</option>")
    }

    @Test func marksExactlyOneSelected() {
        let choices = ["EUR", "JPY", "USD"].map { SelectOptions.Choice(value: $0, label: $0 + " label") }
        #expect(
            SelectOptions(choices, selected: "JPY", placeholder: "Choose").html
                == "<option value=\"EUR\">EUR label</option><option value=\"JPY\" selected>JPY label</option><option value=\"USD\">USD label</option>"
        )
    }

    @Test("a placeholder, selected and disabled, when nothing or something unknown is asked for")
    func placeholder() {
        let choices = [SelectOptions.Choice(value: "EUR", label: "Euro")]
        let none = SelectOptions(choices, selected: nil, placeholder: "Choose <one>").html
        #expect(none == "<option value=\"\" selected disabled>Choose &lt;one&gt;</option><option value=\"EUR\">Euro</option>")
        #expect(SelectOptions(choices, selected: "XYZ", placeholder: "Choose <one>").html == none)
    }

    @Test("a list of choices is written once while it is used lately, whatever is selected; equal lists count as one")
    func writtenOnce() {
        let few = (0..<3).map { SelectOptions.Choice(value: "V\($0)", label: "label \($0) of a list written once") }
        #expect(SelectOptions(few, selected: "V1", placeholder: "Choose").html.contains("value=\"V1\" selected"))
        #expect(SelectOptions(few, selected: "V2", placeholder: "Choose").html.contains("value=\"V2\" selected"))
        // The same menu, not a count of menus written: tests running beside this one write theirs.
        let written = OptionMenu.of(few, placeholder: "Choose")
        let equal = (0..<3).map { SelectOptions.Choice(value: "V\($0)", label: "label \($0) of a list written once") }
        #expect(OptionMenu.of(equal, placeholder: "Choose") === written) // equal, not the same array
        #expect(OptionMenu.of(few, placeholder: "Wählen") !== written) // another placeholder, another menu
    }
}
