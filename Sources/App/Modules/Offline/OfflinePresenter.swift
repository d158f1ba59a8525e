import Core
import Foundation
import Web

/// Writes what the browser keeps for converting offline, and the page that says a page needs
/// the server: every sentence and name in the visitor's language, as the converter writes them.
struct OfflinePresenter: Sendable {
    let providers: ProviderCatalog

    /// Raised when the document's shape changes: the worker then drops the documents it kept.
    static let format = 1

    func document(_ output: Offline.Output, in l: Localization) -> Offline.RatesDocument {
        let snapshot = output.snapshot
        let sourceLine = RatesSourceViewModel(snapshot: snapshot, today: output.today, catalog: providers, in: l)
        var currencies: [String: Offline.CurrencyEntry] = [:]
        for currency in output.currencies {
            currencies[currency.code] = Offline.CurrencyEntry(minorUnits: currency.minorUnits, name: l.currencyName(currency))
        }
        let outOfForce = output.inForceUntil.map { lastDay in
            l.text(
                "{source} has no rate in force today: its newest, of {rateDay}, was offered until {lastDay}.",
                ["source": sourceLine.sourceName, "rateDay": l.date(snapshot.effectiveDate), "lastDay": l.date(lastDay)])
        }
        return Offline.RatesDocument(
            format: Self.format,
            source: output.source.id.rawValue,
            day: snapshot.effectiveDate.description,
            base: snapshot.baseCurrency,
            rates: snapshot.rates.mapValues(\.plainText),
            basePerUnit: snapshot.currencyCodes.filter { $0 != snapshot.baseCurrency && snapshot.quotation(of: $0) == .basePerUnit },
            currencies: currencies,
            alternatives: Converter.majorCurrencies,
            inForceUntil: output.inForceUntil?.description,
            language: l.language.rawValue,
            rightToLeft: l.language.isRightToLeft,
            decimalSeparator: l.decimalSeparator,
            groupingSeparator: l.groupingSeparator,
            texts: Offline.Texts(
                appName: l.text("Currency Converter"),
                names: l.text("{from} → {to}"),
                notice: l.text(
                    "You are offline. Converting in your browser with the rates of {day} saved on this device. Source: {source}",
                    ["day": l.date(snapshot.effectiveDate), "source": sourceLine.sourceName]),
                pastDayNeedsServer: l.text("Converting on a past day needs the server. Clear the date to use the saved rates."),
                sideNeedsServer: l.text("Buying and selling rates need the server. Choose the mid rate to use the saved rates."),
                noRate: l.text("There is no saved rate for {code}."),
                sourceNotSaved: l.text("This source’s rates are not saved on this device. Choose a source you used while online."),
                outOfForce: outOfForce))
    }

    /// ``document(_:in:)`` as JSON, members in a fixed order (its validator is the rates' and the language's).
    func json(_ output: Offline.Output, in l: Localization) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(document(output, in: l)))
    }

    func page(in l: Localization) -> Offline.PageViewModel {
        Offline.PageViewModel(
            title: "\(l.text("You are offline")) · \(l.text("Currency Converter"))",
            heading: l.text("This page needs the server"),
            message: l.text(
                "You are offline, and only the server can show this page. The converter works offline with the rates saved on this device."),
            converterURL: SiteURL.converter.path,
            converterLabel: l.text("Open the converter"))
    }
}
