import Foundation

/// Which of a ledger's columns hold each line's date, amount and currency: found by their
/// header in any of the app's five languages (and the words bank exports use), or chosen.
package struct LedgerColumns: Sendable, Equatable, Codable {
    package var date: Int
    package var amount: Int
    package var currency: Int

    package init(date: Int, amount: Int, currency: Int) {
        self.date = date
        self.amount = amount
        self.currency = currency
    }

    /// What each column may be called, compared without case, spaces, `_`, `-` and `.`.
    package static let dateNames = [
        "date", "day", "invoicedate", "bookingdate", "transactiondate", "valuedate",
        "datum", "rechnungsdatum", "buchungsdatum", "belegdatum", "valutadatum", "wertstellung",
        "дата", "датаоперации", "датасчета", "датасчёта", "датаплатежа",
        "日付", "日時", "取引日", "請求日", "計上日",
        "التاريخ", "تاريخ", "تاريخالفاتورة",
    ]
    package static let amountNames = [
        "amount", "value", "sum", "total", "net", "gross",
        "betrag", "summe", "wert", "netto", "brutto",
        "сумма", "стоимость", "итого",
        "金額", "合計", "額",
        "المبلغ", "مبلغ", "القيمة", "المجموع",
    ]
    package static let currencyNames = [
        "currency", "currencycode", "ccy", "cur",
        "währung", "waehrung", "währungscode",
        "валюта", "кодвалюты",
        "通貨", "通貨コード",
        "العملة", "عملة",
    ]

    /// The columns `header` names, or `nil` unless all three are found (the first column of
    /// each name counts).
    package static func find(in header: [String]) -> LedgerColumns? {
        let keys = header.map(key)
        func first(_ names: [String]) -> Int? {
            let wanted = Set(names.map(key))
            return keys.firstIndex { wanted.contains($0) }
        }
        guard let date = first(dateNames), let amount = first(amountNames), let currency = first(currencyNames),
            Set([date, amount, currency]).count == 3
        else { return nil }
        return LedgerColumns(date: date, amount: amount, currency: currency)
    }

    /// A header cell as it is compared.
    package static func key(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !" _-.\t\u{FEFF}\"'".unicodeScalars.contains($0) })
    }
}
