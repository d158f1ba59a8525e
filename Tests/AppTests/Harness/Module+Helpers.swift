import Vapor

@testable import App
@testable import Core

/// The tests ask the modules as the Views do: what was typed, checked where it comes in.
extension ConverterInteractor {
    func show(_ input: Converter.Input) async throws(Converter.Failure) -> Converter.Output {
        try await show(Converter.Query(input))
    }

    func submit(_ input: Converter.Input) async throws(Converter.Failure) -> Converter.Submission {
        try await submit(Converter.Query(input))
    }

    func swap(_ input: Converter.Input) async throws(Converter.Failure) -> Converter.Submission {
        try await swap(Converter.Query(input))
    }
}

extension RateHistoryInteractor {
    func history(
        from: String?, to: String?, range: String? = nil, date: String? = nil, page: String? = nil, source: String? = nil
    ) async throws -> RateHistory.Output {
        try await history(
            try RateHistory.Query(checking: from, to: to, range: range, date: date, page: page, source: source, among: providers))
    }
}

extension AdminRatesInteractor {
    func backfill(_ input: AdminRates.BackfillInput, by actor: User?) async throws -> AdminRates.Backfill {
        try await backfill(AdminRates.BackfillQuery(input), by: actor)
    }
}

extension Redirection {
    /// The headers of the answer a View makes of it.
    var headers: HTTPHeaders { Response(self).headers }
    var status: HTTPStatus { Response(self).status }
}
