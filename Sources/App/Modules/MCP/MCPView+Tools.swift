import Foundation
import MCP

/// The tools as `tools/list` describes them: a line an assistant can act on, and JSON Schemas
/// for what each takes and gives (the structured content is always one JSON object).
extension MCPView {
    enum ToolCatalog {
        static let tools: [Tool] = [
            Tool(
                name: MCPEndpoint.Tool.convert.rawValue, title: "Convert an amount",
                description:
                    "Convert an exact amount between currencies at today's or a past day's official rate (the blend of central banks, or one source such as nbp or hmrc); the result is truncated to the target's minor units, with the rate both ways, the rate's day and source.",
                inputSchema: schema(
                    #"{"type":"object","properties":{"amount":{"type":"string","description":"The amount as exact decimal text, such as \"1250.00\"."},"from":{"type":"string","description":"ISO 4217 code, such as USD."},"to":{"type":"string","description":"ISO 4217 code, such as PLN."},"date":{"type":"string","description":"A past day, YYYY-MM-DD; today when absent."},"source":{"type":"string","description":"blend (the default) or a provider's id: ecb, nbp, cnb, hmrc, ust…"},"side":{"type":"string","enum":["mid","buying","selling"],"description":"mid (the default), or the source's buying or selling rate of the same day where it publishes them (tcmb, bcb…; never the blend's)."}},"required":["amount","from","to"],"additionalProperties":false}"#
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: false),
                outputSchema: schema(
                    #"{"type":"object","properties":{"amount":{"type":"string"},"result":{"type":"string"},"rate":{"type":"string"},"inverseRate":{"type":"string"},"ratesDate":{"type":"string"},"askedDate":{"type":["string","null"]},"summary":{"type":"string"},"receipt":{"type":"string"},"source":{"type":"object"},"side":{"type":"string","description":"buying or selling when converted at that side; absent for the mid."},"url":{"type":"string"}},"required":["amount","result","rate","inverseRate","ratesDate","source","summary","receipt"]}"#
                )),
            Tool(
                name: MCPEndpoint.Tool.getRates.rawValue, title: "Get exchange rates",
                description:
                    "Official exchange rates against a base: one day (date, or the latest) or a series (start and end), of the blend or one source; a series of more than 400 dates is down-sampled and says so.",
                inputSchema: schema(
                    #"{"type":"object","properties":{"base":{"type":"string","description":"ISO 4217 code; EUR (or the source's own) when absent."},"quotes":{"description":"Codes to answer with, a list or comma-separated text; all when absent.","anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},"date":{"type":"string","description":"YYYY-MM-DD; not with start and end."},"start":{"type":"string","description":"The first day of a series, YYYY-MM-DD."},"end":{"type":"string","description":"The last day of a series (today when absent)."},"source":{"type":"string","description":"blend (the default) or a provider's id (ecb, nbp, hmrc…)."},"side":{"type":"string","enum":["mid","buying","selling"],"description":"mid (the default), or the source's buying or selling rate where it publishes them (one provider's, never the blend's)."}},"additionalProperties":false}"#
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: false),
                outputSchema: schema(
                    #"{"type":"object","properties":{"records":{"type":"array","items":{"type":"object","properties":{"date":{"type":"string"},"base":{"type":"string"},"quote":{"type":"string"},"rate":{"type":"number"}},"required":["date","base","quote","rate"]}},"dates":{"type":"integer"},"downsampled":{"type":"boolean"}},"required":["records","dates","downsampled"]}"#
                )),
            Tool(
                name: MCPEndpoint.Tool.listCurrencies.rawValue, title: "List currencies",
                description:
                    "The currencies with rates here (of one source when given), each with its name, first and last day and the providers that quote it.",
                inputSchema: schema(
                    #"{"type":"object","properties":{"source":{"type":"string","description":"A provider's id; every blended provider's when absent."}},"additionalProperties":false}"#
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: false),
                outputSchema: schema(
                    #"{"type":"object","properties":{"currencies":{"type":"array","items":{"type":"object"}}},"required":["currencies"]}"#)),
            Tool(
                name: MCPEndpoint.Tool.listProviders.rawValue, title: "List rate providers",
                description:
                    "The central banks blended and the tax and customs authorities here: key, name, country, rate type, kind, cadence, first and last day, data and terms pages.",
                inputSchema: schema(#"{"type":"object","properties":{},"additionalProperties":false}"#),
                annotations: .init(readOnlyHint: true, openWorldHint: false),
                outputSchema: schema(
                    #"{"type":"object","properties":{"providers":{"type":"array","items":{"type":"object"}}},"required":["providers"]}"#)),
            Tool(
                name: MCPEndpoint.Tool.convertLedger.rawValue, title: "Convert a ledger",
                description:
                    "Convert every line of a CSV of dated amounts (columns date, amount, currency, in any order, any delimiter) into a booking currency at a tax rule's rate, or a country preset's (gb-vat, pl-vat, cz-vat, eu-grants, us-treasury, ca-cra, au-ato, no-skatt, ru-cbr, ua-nbu, ch-vat, ch-vat-daily, ch-wealth)); gives the converted CSV and an audit receipt listing every rate used. At most 2 MB of CSV here; POST /api/v1/ledger takes up to 50 MB.",
                inputSchema: schema(
                    #"{"type":"object","properties":{"csv":{"type":"string","description":"The CSV text, its header first."},"to":{"type":"string","description":"The booking currency (EUR when absent; a preset sets it)."},"rule":{"type":"string","enum":["same-day","previous-business-day","month-average","year-average"]},"source":{"type":"string","description":"blend or a provider's id."},"preset":{"type":"string","description":"A country and purpose preset, which sets to, source and rule."},"side":{"type":"string","enum":["mid","buying","selling"],"description":"mid (the default), or the source's own buying or selling rates where it publishes them; the receipt names the side of each rate."},"date_order":{"type":"string","enum":["dmy","mdy"]}},"required":["csv"],"additionalProperties":false}"#
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: false),
                outputSchema: schema(
                    #"{"type":"object","properties":{"csv":{"type":"string"},"receipt":{"type":"object"}},"required":["csv","receipt"]}"#)),
        ]

        /// `tools/list`'s result as the SDK's Server writes it (keys sorted, `/` unescaped), once.
        static let listed: [UInt8] = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // The catalog is this file's literals: one that does not encode is a programming error.
            return Array(try! encoder.encode(ListTools.Result(tools: tools)))
        }()

        private static func schema(_ json: String) -> Value {
            // The schemas are this file's literals: one that does not parse is a programming error.
            try! JSONDecoder().decode(Value.self, from: Data(json.utf8))
        }
    }
}
