import Core

/// `/llms.txt` in the llmstxt.org format: what the service is, its APIs and their documents,
/// the MCP endpoint and its tools, and the sources with their publishers' pages. Links are
/// relative to the site, whatever name it is reached by.
struct LLMsTextPresenter: Sendable {
    func present(sources: [RateSource], mcpEnabled: Bool) -> String {
        var lines = [
            "# \(AppInfo.name)",
            "",
            "> A self-hosted currency converter over official exchange rates: central banks' rates, screened and blended, and the rates tax and customs authorities name (HMRC, the European Commission's InforEuro, the US Treasury), with past days, rate history, ledger conversion at tax rules' rates with an audit receipt, and price files for plain-text accounting.",
            "",
            "Amounts are exact decimals; a converted amount is truncated to the target currency's minor units. Every answer names the day and the source of its rate.",
            "",
            "Where a publisher writes a buying and a selling rate (its sources are marked below), `side=buying` or `side=selling` asks for its own figure instead of the mid: in the converter, the ledger, `/v2`, the price files and the MCP tools. A side is never blended.",
            "",
            "## APIs",
            "",
            "- [JSON API, OpenAPI document](\(SiteURL.Route.apiDocument.pattern)): convert (`/api/v1/convert`), currencies, latest rates, prices for Ledger, hledger and Beancount (`/api/v1/prices`), ledger conversion (`POST /api/v1/ledger`) and its country presets (`/api/v1/ledger/presets`)",
            "- [Frankfurter v2 API](\(SiteURL.Route.frankfurterV2Providers.pattern)): `/v2/rates`, `/v2/rate/{base}/{quote}`, `/v2/currencies`, `/v2/providers` and `/v2/providers/{key}/rates`, compatible with Frankfurter's clients",
            "- [Frankfurter v1 API](\(SiteURL.Route.frankfurterLatest.pattern)): `/v1/latest`, `/v1/{date}`, `/v1/currencies`",
        ]
        if mcpEnabled {
            lines += [
                "",
                "## MCP",
                "",
                "- [Model Context Protocol endpoint](\(SiteURL.Route.mcp.pattern)): `POST`, Streamable HTTP, stateless, JSON answers. Tools: `convert` (an exact amount, today or a past day, any source), `get_rates` (a day or a series, down-sampled past 400 dates), `list_currencies`, `list_providers` and `convert_ledger` (a CSV at a tax rule's or a country preset's rate, with its receipt)",
            ]
        }
        lines += ["", "## Sources", ""]
        for source in sources {
            let kind =
                switch source.kind {
                case .taxAndCustoms: "tax and customs rates"
                case .reference: "\(source.rateType ?? "rates"), never blended"
                case .centralBank, .commercial: source.rateType ?? "official rates"
                }
            let page = source.website.isEmpty ? "" : " — \(source.website)"
            let sides = source.sides.count > 1 ? ", buying and selling rates too" : ""
            lines.append("- \(source.name) (`\(source.id)`, \(kind)\(source.cadence.map { ", \($0.rawValue)" } ?? "")\(sides))\(page)")
        }
        lines += ["", "## Optional", "", "- [About](\(SiteURL.Route.about.pattern)): what the app does and where its rates come from", ""]
        return lines.joined(separator: "\n")
    }
}
