import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("The API presenter's problem documents")
struct ConverterAPIProblemsTests {
    let presenter = ConverterAPIPresenter(providers: .everyDeclared)

    @Test("missing parameters: 400, each named with a message, and an example request")
    func missing() {
        let problem = presenter.problem(missing: ["from", "amount"], instance: "/api/v1/convert?to=EUR")
        #expect(problem.status == 400 && problem.type.hasSuffix("/missing-parameter"))
        #expect(problem.detail == "Give from, amount: /api/v1/convert?from=USD&to=EUR&amount=100")
        #expect(problem.errors == ["from": "This parameter is required.", "amount": "This parameter is required."])
        #expect(problem.instance == "/api/v1/convert?to=EUR")
    }

    @Test("invalid fields: 422, the messages in the form's order")
    func invalid() {
        let problem = ConverterAPIPresenter.problem(invalid: [.from: "From is wrong.", .amount: "Amount is wrong."], instance: "/x")
        #expect(problem.status == 422 && problem.type.hasSuffix("/invalid-parameter"))
        #expect(problem.detail == "Amount is wrong. From is wrong.")
        #expect(problem.errors == ["amount": "Amount is wrong.", "from": "From is wrong."])
    }

    @Test("the latest rates' failures: 400 malformed, 404 unknown, 503 before any rates")
    func latestRatesFailures() {
        #expect(presenter.problem(.malformedBase("US"), instance: "/x").status == 400)
        #expect(presenter.problem(.malformedBase("US"), instance: "/x").errors?["base"] != nil)
        let unknown = presenter.problem(.unknownBase("XYZ"), instance: "/x")
        #expect(unknown.status == 404 && unknown.type.hasSuffix("/unknown-currency") && unknown.detail.contains("XYZ"))
        #expect(presenter.problem(.ratesUnavailable, instance: "/x") == presenter.unavailable(instance: "/x"))
        #expect(presenter.unavailable(instance: "/x").status == 503)
    }
}
