import Testing

@testable import Core
@testable import Web

@Suite("A verbatim message")
struct VerbatimMessageTests {
    @Test("a verbatim text is written as it is in every language, even one that looks like a translated text")
    func verbatim() {
        let message = Message.verbatim("European Central Bank {source}")
        for language in Language.allCases {
            // On right-to-left pages, kept apart from the sentence around it.
            let expected = language.isRightToLeft ? "\u{2068}European Central Bank {source}\u{2069}" : "European Central Bank {source}"
            #expect(Localizations.of(language).text(message) == expected)
        }
        #expect(Localizations.of(.de).text(Message("European Central Bank")) == "Europäische Zentralbank")
    }
}
