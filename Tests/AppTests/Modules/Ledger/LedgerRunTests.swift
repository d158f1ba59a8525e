import Testing

@testable import App

@Suite("Ledger run")
struct LedgerRunTests {
    @Test(
        "a currency cell: three letters, any case, spaces (no-break ones too) around them; anything else is refused",
        arguments: [
            ("USD", "USD"), (" usd ", "USD"), ("\tEur", "EUR"), ("\u{00A0}PLN\u{202F}", "PLN"), ("US D", nil), ("USDX", nil), ("US", nil),
            ("", nil), ("€", nil), ("U\u{00A0}SD", nil), ("ÜSD", nil), ("12$", nil),
        ] as [(String, String?)])
    func currencyCode(cell: String, expected: String?) {
        #expect(LedgerRun.currencyCode(cell) == expected)
    }
}
