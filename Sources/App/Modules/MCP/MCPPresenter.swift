import Core
import Foundation
import ServiceInterfaces
import Web

/// Each tool's answer as an assistant reads it: the figures as the API writes them (the
/// structured content, one JSON object) and a sentence or two saying them (the text).
struct MCPPresenter: Sendable {
    /// The converter's API answers, which `convert` gives.
    let api: ConverterAPIPresenter
    /// The ledger's lines, which `convert_ledger` gives.
    let ledger: LedgerPresenter

    /// `convert`: `/api/v1/convert`'s answer, and its summary, rates both ways and receipt line.
    /// `json` writes the answer's model for its key and amount texts, as the API's View does,
    /// from the renderer's frames rather than encoding it for every call (docs/BENCHMARKS.md,
    /// *MCP without the SDK's round trip*).
    func conversion(_ output: Converter.Output, json: ConversionJSON) throws -> MCPEndpoint.Answer {
        guard case .converted(let conversion) = output.outcome, let (key, texts) = ConverterAPIPresenter.frame(of: output) else {
            throw MCPEndpoint.Refusal("Give amount.")
        }
        let structured = try json(DerivedCacheKey(key), texts) {
            api.present(
                conversion, alternatives: output.alternatives, snapshot: output.snapshot, askedDate: output.askedDate, today: output.today,
                chosenSource: output.accepted?.source, side: output.accepted?.side, texts: $0)
        }
        let summary = ConverterPresenter.summary(
            amountText: ConverterPresenter.amountText(texts.amount, conversion),
            resultText: ConverterPresenter.resultText(texts.result, conversion))
        let dayReceipt = ConverterPresenter.receipt(asked: output.askedDate, snapshot: output.snapshot, today: output.today).english
        let receipt = output.side == .mid ? dayReceipt : "\(dayReceipt) · \(output.side.name.english)"
        return MCPEndpoint.Answer(
            text:
                "\(summary). \(ConverterPresenter.rateLine(conversion.rate)); \(ConverterPresenter.rateLine(conversion.inverseRate)). \(receipt)",
            structured: structured)
    }

    /// Writes the API's JSON of a conversion: its key, its amount's texts, and the model for any texts.
    typealias ConversionJSON = (
        _ key: DerivedCacheKey, _ texts: Converter.AmountTexts, _ model: (Converter.AmountTexts) -> ConverterAPIPresenter.Conversion
    ) throws -> Data

    /// `get_rates`: `/v2/rates`' records, and whether they were down-sampled from `dates` dates.
    func rates(_ rates: FrankfurterV2.Rates, dates: Int) -> MCPEndpoint.Answer {
        let shown = Set(rates.records.map(\.date)).sorted()
        var object = Array(#"{"records":"#.utf8) + FrankfurterV2Presenter().json(rates.records)
        object += Array(#","dates":\#(shown.count),"downsampled":\#(shown.count < dates)}"#.utf8)
        let text: String
        if shown.count == 1, let first = rates.records.first {
            let listed = rates.records.prefix(12).map { "\($0.quote) \(FrankfurterV2Presenter.number($0.rate))" }
            text =
                "On \(first.date), 1 \(first.base) = " + listed.joined(separator: ", ")
                + (rates.records.count > listed.count ? " and \(rates.records.count - listed.count) more" : "") + "."
        } else {
            text =
                "\(rates.records.count) rates over \(shown.count) dates, \(shown.first.map(\.description) ?? "") to \(shown.last.map(\.description) ?? "")"
                + (shown.count < dates ? ", down-sampled from \(dates) dates (evenly spread, the last kept)." : ".")
        }
        return MCPEndpoint.Answer(text: text, structured: Data(object))
    }

    /// `list_currencies`: `/v2/currencies`' list.
    func currencies(_ currencies: [FrankfurterV2.CurrencyInfo]) -> MCPEndpoint.Answer {
        MCPEndpoint.Answer(
            text: "\(currencies.count) currencies: " + currencies.map(\.code).joined(separator: ", ") + ".",
            structured: Data(Array(#"{"currencies":"#.utf8) + FrankfurterV2Presenter().json(currencies: currencies) + [UInt8(ascii: "}")]))
    }

    /// `list_providers`: `/v2/providers`' list.
    func providers(_ providers: [FrankfurterV2.ProviderInfo]) -> MCPEndpoint.Answer {
        MCPEndpoint.Answer(
            text: "\(providers.count) providers: " + providers.map { "\($0.source.key) (\($0.source.name))" }.joined(separator: ", ") + ".",
            structured: Data(Array(#"{"providers":"#.utf8) + FrankfurterV2Presenter().json(providers: providers) + [UInt8(ascii: "}")]))
    }

    /// A ledger's failed row as the converted CSV's `error` column says it: in English, as the API's.
    var ledgerWords: LedgerRowWords {
        let ledger = ledger, english = Localizations.of(.en)
        return { row, problem in ledger.describe(row: row, problem, in: english) }
    }

    /// `convert_ledger`: the converted CSV as `POST /api/v1/ledger` writes it, and its receipt.
    func ledger(csv: String, receipt: LedgerReceipt) throws -> MCPEndpoint.Answer {
        var object = Array(#"{"csv":"#.utf8)
        APIJSON.writeString(csv, into: &object)
        object += Array(#","receipt":"#.utf8) + Array(try receipt.json(pretty: false)) + [UInt8(ascii: "}")]
        return MCPEndpoint.Answer(
            text:
                "\(receipt.convertedLines) of \(receipt.lines) lines converted into \(receipt.bookingCurrency) at the \(receipt.rule.rawValue) rule of \(receipt.sourceName)"
                + (receipt.side.map { " (its \($0.rawValue) rates)" } ?? "")
                + (receipt.preset.map { " (preset \($0.id), following \($0.guidance))" } ?? "")
                + "; total \(receipt.total) \(receipt.bookingCurrency)"
                + (receipt.failedLines > 0
                    ? "; \(receipt.failedLines) lines could not be converted (the csv's error column says why)." : "."),
            structured: Data(object))
    }
}
