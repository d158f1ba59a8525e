import Foundation
import Testing

@testable import Core
@testable import Web

@Suite("Languages: Accept-Language, plural rules, numbers, dates and names")
struct LanguageTests {
    @Test(
        "Accept-Language: by q-value then order, regional variants, refusals, nothing known",
        arguments: [
            ("ru", Language?.some(.ru)),
            ("de-AT", .de),
            ("de-AT,de;q=0.9,en;q=0.8", .de),
            ("fr-FR,fr;q=0.9,ja;q=0.8,en;q=0.7", .ja),
            ("en;q=0.5, ar;q=0.9", .ar),
            ("ja, ru", .ja),
            ("fr, zh-CN", nil),
            ("*", nil),
            ("ru;q=0, de;q=0.1", .de),
            ("AR-eg", .ar),
            ("pt-BR;q=oops, de", .de),
            ("", nil),
        ])
    func negotiation(header: String, expected: Language?) {
        #expect(Language.preferred(acceptLanguage: header) == expected)
    }

    @Test("plural forms by CLDR's rules, in each .po file's order")
    func plurals() {
        #expect([0, 1, 2, 5, 21].map(Language.en.pluralForm) == [1, 0, 1, 1, 1])
        #expect([1, 2, 4, 5, 11, 12, 21, 22, 25, 111, 101].map(Language.ru.pluralForm) == [0, 1, 1, 2, 2, 2, 0, 1, 2, 2, 0])
        #expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(Language.ar.pluralForm) == [0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4])
        #expect([0, 1, 7].map(Language.ja.pluralForm) == [0, 0, 0])
        let ru = Localizations.of(.ru), ar = Localizations.of(.ar), ja = Localizations.of(.ja), de = Localizations.of(.de)
        #expect(
            [1, 3, 5, 21].map { ru.plural("{count} contact", "{count} contacts", count: $0) } == [
                "1 контакт", "3 контакта", "5 контактов", "21 контакт",
            ])
        #expect([1, 2].map { en.plural("{count} contact", "{count} contacts", count: $0) } == ["1 contact", "2 contacts"])
        #expect([1, 2].map { de.plural("{count} contact", "{count} contacts", count: $0) } == ["1 Kontakt", "2 Kontakte"])
        #expect(
            [1, 2, 3, 11, 100].map { ar.plural("{count} contact", "{count} contacts", count: $0) }
                == [
                    "جهة اتصال واحدة", "جهتا اتصال", "\u{2068}3\u{2069} جهات اتصال", "\u{2068}11\u{2069} جهة اتصال",
                    "\u{2068}100\u{2069} جهة اتصال",
                ])
        #expect(ja.plural("{count} contact", "{count} contacts", count: 5) == "5件の連絡先")
        #expect(ru.plural("{count} contact", "{count} contacts", count: 12_345) == "12\u{A0}345 контактов")
    }

    @Test("numbers keep their digits, grouped and separated as each language writes them")
    func numbers() {
        #expect(en.number("36295.5") == "36,295.5" && en.number("1234567.00001") == "1,234,567.00001" && en.number("999") == "999")
        #expect(Localizations.of(.de).number("36295.5") == "36.295,5")
        #expect(Localizations.of(.ru).number("36295.5") == "36\u{A0}295,5")
        #expect(Localizations.of(.ja).number("36295.5") == "36,295.5")
        #expect(Localizations.of(.de).number("-1234.5") == "-1.234,5" && Localizations.of(.de).number("0.00012") == "0,00012")
        #expect(Localizations.of(.de).decimalSeparator == "," && Localizations.of(.de).groupingSeparator == ".")
    }

    @Test("dates in each language's medium style, and the month and year of a chart's axis")
    func dates() throws {
        let day = try #require(CalendarDate(iso8601: "2026-10-30"))
        #expect(en.date(day) == "Oct 30, 2026" && en.dateWithWeekday(day) == "Friday, October 30, 2026")
        #expect(Localizations.of(.de).date(day) == "30.10.2026" || Localizations.of(.de).date(day) == "30. Okt. 2026")
        #expect(Localizations.of(.ru).date(day).hasPrefix("30 окт"))
        #expect(Localizations.of(.ja).date(day) == "2026/10/30" || Localizations.of(.ja).date(day) == "2026年10月30日")
        #expect(Localizations.of(.ar).date(day).contains("أكتوبر") || Localizations.of(.ar).date(day).contains("/"))
        #expect(en.month(day) == "October 2026" && Localizations.of(.ja).month(day) == "2026年10月")
    }

    @Test("currency names people use (CLDR), the ISO name where CLDR has none, a withdrawal year kept")
    func currencyNames() {
        let yen = Currency(code: "JPY", name: "Yen", minorUnits: 0)
        #expect(en.currencyName(yen) == "Japanese Yen")
        #expect(Localizations.of(.ru).currencyName(yen) == "японская иена")
        #expect(Localizations.of(.de).currencyName(yen) == "Japanischer Yen")
        #expect(Localizations.of(.ar).currencyName(yen) == "ين ياباني")
        #expect(Localizations.of(.ja).currencyName(yen) == "日本円")
        #expect(en.currencyName(Currency(code: "GBP", name: "Pound Sterling", minorUnits: 2)) == "British Pound")
        #expect(en.currencyName(Currency(code: "CNY", name: "Yuan Renminbi", minorUnits: 2)) == "Chinese Yuan")
        #expect(en.currencyName(Currency(code: "QQQ", name: "Made-up Money", minorUnits: 2)) == "Made-up Money")
        let pound = Currency(code: "CYP", name: "Cyprus Pound (withdrawn 2008)", minorUnits: 2)
        #expect(en.currencyName(pound) == "Cypriot Pound (withdrawn 2008)")
        #expect(Localizations.of(.de).currencyName(pound) == "Zypern-Pfund (seit 2008 abgeschafft)")
    }

    @Test("a message's arguments: canonical in English for the API, localized and isolated on a page")
    func messages() throws {
        let message = Message(
            "There is no rate for {code} on {day}: it has rates from {first} to {last}.",
            [
                "code": .text("CYP"), "day": .day(try #require(CalendarDate(iso8601: "2020-03-13"))),
                "first": .day(try #require(CalendarDate(iso8601: "1999-01-04"))),
                "last": .day(try #require(CalendarDate(iso8601: "2007-12-31"))),
            ])
        #expect(message.english == "There is no rate for CYP on 2020-03-13: it has rates from 1999-01-04 to 2007-12-31.")
        #expect(en.text(message) == "There is no rate for CYP on Mar 13, 2020: it has rates from Jan 4, 1999 to Dec 31, 2007.")
        #expect(Localizations.of(.ar).text(message).hasPrefix("لا يوجد سعر لـ \u{2068}CYP\u{2069} في \u{2068}"))
        #expect(Localizations.of(.ja).text(Message("Remove the leading zeros.")) == "先頭のゼロを削除してください。")
        // A text with no translation stays English rather than failing.
        #expect(Localizations.of(.de).text("Not a translated text") == "Not a translated text")
    }

    @Test("alternatives read as each language lists them, each item whole and, right to left, isolated")
    func alternatives() {
        #expect(Message.alternatives([]).english == "")
        #expect(en.text(.alternatives(["POST"])) == "POST")
        #expect(en.text(.alternatives(["GET", "HEAD"])) == "GET or HEAD")
        #expect(Message.alternatives(["GET", "HEAD", "POST", "OPTIONS"]).english == "GET, HEAD, POST or OPTIONS")
        #expect(Localizations.of(.de).text(.alternatives(["GET", "HEAD", "POST"])) == "GET, HEAD oder POST")
        #expect(Localizations.of(.ru).text(.alternatives(["GET", "HEAD"])) == "GET или HEAD")
        #expect(Localizations.of(.ja).text(.alternatives(["GET", "HEAD", "POST"])) == "GET、HEAD または POST")
        let ar = Localizations.of(.ar).text(.alternatives(["GET", "HEAD", "POST"]))
        #expect(ar == "\u{2068}GET\u{2069}، \u{2068}\u{2068}HEAD\u{2069} أو \u{2068}POST\u{2069}\u{2069}")
    }
}
