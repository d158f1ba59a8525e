import Foundation
import Testing

@testable import Core

/// How ledgers write dates, amounts and headers, read as people's files have them.
@Suite("Ledger input: dates, amounts, columns")
struct LedgerInputTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }
    static func d(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    @Test("dates: ISO, dots, slashes either way round; the style read from a file's dates")
    func dates() {
        #expect(LedgerDateStyle.iso.parse("2026-03-05") == Self.day("2026-03-05"))
        #expect(LedgerDateStyle.dots.parse(" 05.03.2026 ") == Self.day("2026-03-05"))
        #expect(LedgerDateStyle.dayMonthSlashes.parse("05/03/2026") == Self.day("2026-03-05"))
        #expect(LedgerDateStyle.monthDaySlashes.parse("03/05/2026") == Self.day("2026-03-05"))
        for bad in ["2026-02-30", "5.3.2026", "05.03.26", "2026/03/05", "31.04.2026", "", "05-03-2026x"] {
            #expect(LedgerDateStyle.allCases.allSatisfy { $0.parse(bad) == nil }, "\(bad)")
        }
        #expect(LedgerDateStyle.sniff(["2026-03-05", "", "2026-03-06"]) == (.iso, false))
        #expect(LedgerDateStyle.sniff(["05.03.2026", "31.12.2025"]) == (.dots, false))
        #expect(LedgerDateStyle.sniff(["05/03/2026", "31/12/2025"]) == (.dayMonthSlashes, false))
        #expect(LedgerDateStyle.sniff(["03/05/2026", "12/31/2025"]) == (.monthDaySlashes, false))
        #expect(LedgerDateStyle.sniff(["03/05/2026", "04/06/2026"]) == (nil, true))
        #expect(LedgerDateStyle.sniff(["yesterday"]) == (nil, false))
        #expect(LedgerDateStyle.sniff(["02.03.2026", "31.02.2026", "03.03.2026"]) == (.dots, false), "a mistyped date hides nothing")
        #expect(LedgerDateStyle.dots.write(Self.day("2026-03-05")) == "05.03.2026")
        #expect(LedgerDateStyle.monthDaySlashes.write(Self.day("2026-03-05")) == "03/05/2026")
    }

    @Test("amounts: signs, credits in parentheses, thousands separators, either decimal mark")
    func amounts() {
        let comma: [(String, String)] = [
            ("1.234,56", "1234.56"), ("-12,50", "-12.5"), ("−12,50", "-12.5"), ("1 234,56", "1234.56"), ("1\u{202F}234,5", "1234.5"),
            ("12", "12"), (",5", "0.5"), ("1.234", "1234"), ("12,50-", "-12.5"), ("(7,10)", "-7.1"), ("+3", "3"), ("0,00", "0"),
            ("\u{00A0}12,50\t", "12.5"), ("1\u{00A0}234,56", "1234.56"), ("-0,00", "0"), ("000.012,30", "12.3"),
        ]
        for (text, value) in comma { #expect(LedgerAmount.parse(text, decimalComma: true) == Self.d(value), "\(text)") }
        let point: [(String, String)] = [
            ("1,234.56", "1234.56"), ("1'234.56", "1234.56"), ("-0.01", "-0.01"), ("1234.5678", "1234.5678"), ("(12.50)", "-12.5"),
        ]
        for (text, value) in point { #expect(LedgerAmount.parse(text, decimalComma: false) == Self.d(value), "\(text)") }
        for bad in ["", "abc", "1.2.3", "12,5,0", "1,23,456.00", "1e5", "--1", "12 EUR", "1.23,45", String(repeating: "9", count: 25)] {
            #expect(LedgerAmount.parse(bad, decimalComma: false) == nil, "\(bad)")
        }
        #expect(LedgerAmount.parse("1.23,45", decimalComma: true) == nil, "a group of two digits")
        #expect(LedgerAmount.sniffDecimalComma(["1.234,56", "12,00"], commaByDefault: false))
        #expect(!LedgerAmount.sniffDecimalComma(["1,234.56", "12.00"], commaByDefault: true))
        #expect(LedgerAmount.sniffDecimalComma(["100", "2000"], commaByDefault: true), "nothing says: the file's delimiter decides")
    }

    @Test("columns found by their header in five languages, with a byte-order mark or quotes")
    func columns() {
        #expect(LedgerColumns.find(in: ["Date", "Amount", "Currency", "Note"]) == LedgerColumns(date: 0, amount: 1, currency: 2))
        #expect(LedgerColumns.find(in: ["Rechnung", "Datum", "Betrag", "Währung"]) == LedgerColumns(date: 1, amount: 2, currency: 3))
        #expect(LedgerColumns.find(in: ["\u{FEFF}Дата", "Сумма", "Валюта"]) == LedgerColumns(date: 0, amount: 1, currency: 2))
        #expect(LedgerColumns.find(in: ["通貨", "金額", "日付"]) == LedgerColumns(date: 2, amount: 1, currency: 0))
        #expect(LedgerColumns.find(in: ["التاريخ", "المبلغ", "العملة"]) == LedgerColumns(date: 0, amount: 1, currency: 2))
        #expect(LedgerColumns.find(in: ["invoice_date", "Net", "CCY"]) == LedgerColumns(date: 0, amount: 1, currency: 2))
        #expect(LedgerColumns.find(in: ["when", "how much", "what"]) == nil)
        #expect(LedgerColumns.find(in: ["Date", "Amount"]) == nil)
    }
}
