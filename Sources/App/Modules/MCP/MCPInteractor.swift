import Core
import Foundation
import ServiceInterfaces

/// The tools' use cases over the interactors the pages and APIs use: the converter's, the v2
/// API's and the ledger's, so that an assistant gets the same figures a person does. Each
/// refusal carries the API's own message.
struct MCPInteractor: Sendable {
    let converter: ConverterInteractor
    let rates: FrankfurterV2Interactor
    let ledger: LedgerInteractor

    /// `convert`: an exact amount from one currency into another, today or on a past day.
    func convert(_ arguments: MCPEndpoint.Arguments) async throws(MCPEndpoint.Refusal) -> Converter.Output {
        try arguments.require(["amount", "from", "to"])
        let input = Converter.Input(
            from: arguments["from"], to: arguments["to"], amount: arguments["amount"], date: arguments["date"],
            source: arguments["source"], side: arguments["side"])
        let output: Converter.Output
        do {
            output = try await converter.show(Converter.Query(input))
        } catch {
            switch error {
            case .ratesUnavailable: throw MCPEndpoint.Refusal(ConverterAPIPresenter.unavailableDetail)
            case .historyLoading(let loading): throw MCPEndpoint.Refusal(loading.message.english)
            }
        }
        if case .invalid(let errors) = output.outcome {
            throw MCPEndpoint.Refusal(ConverterAPIPresenter.problem(invalid: errors, instance: "/mcp").detail)
        }
        return output
    }

    /// `get_rates`: a day's rates or a series, as `/v2/rates` answers them; a series of more
    /// than ``MCPEndpoint/maxSeriesDates`` dates keeps that many, evenly spread, its last included.
    func rates(_ arguments: MCPEndpoint.Arguments) async throws(MCPEndpoint.Refusal) -> (rates: FrankfurterV2.Rates, dates: Int) {
        var values: [String: String] = [:]
        for (name, parameter) in [
            ("base", "base"), ("quotes", "quotes"), ("date", "date"), ("start", "from"), ("end", "to"), ("side", "side"),
        ] {
            values[parameter] = arguments[name]
        }
        if let source = arguments["source"], source.lowercased() != RateSourceID.blend.rawValue { values["providers"] = source }
        do {
            let query = try rates.query(values)
            let answer = try await rates.rates(query)
            let dates = Set(answer.records.map(\.date)).sorted()
            guard dates.count > MCPEndpoint.maxSeriesDates else { return (answer, dates.count) }
            let step = Double(dates.count - 1) / Double(MCPEndpoint.maxSeriesDates - 1)
            let kept = Set((0..<MCPEndpoint.maxSeriesDates).map { dates[Int((Double($0) * step).rounded())] })
            let records = answer.records.filter { kept.contains($0.date) }
            return (FrankfurterV2.Rates(query: query, records: records, basis: answer.basis, isCurrent: answer.isCurrent), dates.count)
        } catch {
            throw MCPEndpoint.Refusal(Self.message(error))
        }
    }

    /// `list_currencies`: as `/v2/currencies` (of one source when given).
    func currencies(_ arguments: MCPEndpoint.Arguments) async throws(MCPEndpoint.Refusal) -> [FrankfurterV2.CurrencyInfo] {
        let source = arguments["source"].flatMap { $0.lowercased() == RateSourceID.blend.rawValue ? nil : $0 }
        do { return try await rates.currencies(scope: nil, providers: source).items } catch {
            throw MCPEndpoint.Refusal(Self.message(error))
        }
    }

    /// `list_providers`: as `/v2/providers`.
    func providers() async throws(MCPEndpoint.Refusal) -> [FrankfurterV2.ProviderInfo] {
        do { return try await rates.providerList().items } catch { throw MCPEndpoint.Refusal(Self.message(error)) }
    }

    /// `convert_ledger`: the CSV converted as `POST /api/v1/ledger` converts it, every row read
    /// and written out (`describe` wording each failed row), with its receipt.
    func convertLedger(
        _ arguments: MCPEndpoint.Arguments, describe: @escaping LedgerRowWords
    ) async throws(MCPEndpoint.Refusal) -> (csv: String, receipt: LedgerReceipt) {
        var input = Ledger.Input(
            to: arguments["to"], source: arguments["source"], rule: arguments["rule"], dateOrder: arguments["date_order"])
        input.preset = arguments["preset"]
        input.side = arguments["side"]
        do {
            let upload = try ledger.upload(arguments["csv"] ?? "")
            let conversion = try await ledger.start(Ledger.Query(input), upload: upload, fileName: nil)
            return ledger.text(conversion, describe: describe)
        } catch {
            switch error {
            case .refused(let refusal): throw MCPEndpoint.Refusal(LedgerPresenter.message(refusal).english)
            default: throw MCPEndpoint.Refusal(LedgerPresenter.problem(error).english)
            }
        }
    }

    /// A v2 failure as its `{"message": …}` says it.
    static func message(_ error: any Error) -> String {
        switch error as? FrankfurterV2.Failure {
        case .notFound: "not found: no rates for the days asked"
        case .unprocessable(let text): text
        case .loading(let loading): loading.message.english
        case .unavailable, nil: ConverterAPIPresenter.unavailableDetail
        }
    }
}
