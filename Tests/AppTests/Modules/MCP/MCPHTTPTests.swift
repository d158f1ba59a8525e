import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core

/// `POST /mcp` over HTTP on PostgreSQL holding the ECB sample's five days: the handshake, the
/// five tools listed with their schemas, each tool's figures the same as its API's, hostile
/// arguments as tool errors with the API's message, the `Origin` refused, the body bounded,
/// `GET` and `DELETE` 405, and the route gone with `MCP_ENABLED=false`.
@Suite("MCP endpoint over HTTP on PostgreSQL")
struct MCPHTTPTests {
    func withSampleDays(
        _ configure: (inout AppConfiguration) -> Void = { _ in }, _ test: (Application) async throws -> Void
    ) async throws {
        var configuration = AppConfiguration.forTests(bundledRatesFile: Fixtures.sampleArchive)
        configure(&configuration)
        try await withPostgresApp(configuration: configuration) { app in
            #expect(await app.appServices.historyLoader.storeForTest() != nil, "the bundled history stored")
            try await test(app)
        }
    }

    static let headers: HTTPHeaders = [
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18",
    ]

    /// One JSON-RPC request's answer: its status and its JSON.
    static func rpc(
        _ app: Application, _ method: String, _ params: [String: Any]? = nil, headers extra: HTTPHeaders = [:]
    ) async throws -> (status: HTTPStatus, json: [String: Any]) {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": 7, "method": method]
        if let params { message["params"] = params }
        var headers = Self.headers
        for (name, value) in extra { headers.replaceOrAdd(name: name, value: value) }
        let body = try JSONSerialization.data(withJSONObject: message)
        let response = try await TestBrowser(app).send(.POST, "/mcp", headers: headers, body: ByteBuffer(data: body))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]) ?? [:]
        return (response.status, json)
    }

    /// One JSON-RPC message's answer: its status, headers and JSON.
    static func post(
        _ app: Application, _ message: [String: Any]
    ) async throws -> (status: HTTPStatus, headers: HTTPHeaders, json: [String: Any]) {
        let body = try JSONSerialization.data(withJSONObject: message)
        let response = try await TestBrowser(app).send(.POST, "/mcp", headers: Self.headers, body: ByteBuffer(data: body))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]) ?? [:]
        return (response.status, response.headers, json)
    }

    /// A `tools/call`'s result: its text, its structured content and whether it is an error.
    static func call(
        _ app: Application, _ tool: String, _ arguments: [String: Any]
    ) async throws -> (
        text: String, structured: [String: Any], isError: Bool
    ) {
        let (status, json) = try await rpc(app, "tools/call", ["name": tool, "arguments": arguments])
        #expect(status == .ok)
        let result = try #require(json["result"] as? [String: Any], "\(json)")
        let text = ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        return (text, result["structuredContent"] as? [String: Any] ?? [:], result["isError"] as? Bool ?? false)
    }

    @Test("initialize, then five tools listed, each with a description and input and output schemas")
    func handshake() async throws {
        try await withSampleDays { app in
            let (status, initialized) = try await Self.rpc(
                app, "initialize",
                ["protocolVersion": "2025-06-18", "capabilities": [String: Any](), "clientInfo": ["name": "test", "version": "1"]])
            #expect(status == .ok)
            let result = try #require(initialized["result"] as? [String: Any])
            #expect((result["serverInfo"] as? [String: Any])?["name"] as? String == "Currency Converter")
            #expect((result["capabilities"] as? [String: Any])?["tools"] != nil)
            let listed = try #require(try await Self.rpc(app, "tools/list").json["result"] as? [String: Any])
            let tools = try #require(listed["tools"] as? [[String: Any]])
            #expect(tools.map { $0["name"] as? String } == ["convert", "get_rates", "list_currencies", "list_providers", "convert_ledger"])
            for tool in tools {
                #expect((tool["description"] as? String)?.isEmpty == false)
                #expect((tool["inputSchema"] as? [String: Any])?["type"] as? String == "object")
                #expect((tool["outputSchema"] as? [String: Any])?["type"] as? String == "object")
            }
        }
    }

    @Test("convert: the same figures as /api/v1/convert, the rate both ways, its day and source, the receipt line")
    func convert() async throws {
        try await withSampleDays { app in
            let answer = try await Self.call(app, "convert", ["amount": "1250", "from": "USD", "to": "GBP", "date": "2025-05-09"])
            #expect(!answer.isError)
            let api = try await TestBrowser(app).get("/api/v1/convert?amount=1250&from=USD&to=GBP&date=2025-05-09")
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(api.body.readableBytesView)) as? [String: Any])
            for key in ["result", "rate", "inverseRate", "ratesDate", "receipt", "summary"] {
                #expect(answer.structured[key] as? String == expected[key] as? String, "\(key)")
            }
            // 1,250 USD at the ECB's 9 May 2025: 1,250 ÷ 1.1252 × 0.84770, truncated to pence.
            #expect(answer.structured["result"] as? String == "941.72")
            #expect(answer.text.hasPrefix("1250 USD = 941.72 GBP. 1 USD = "), "\(answer.text)")
            // The pair's later answers come from its frame (as the API's do), each with its own amount.
            for (amount, result) in [("100", "75.33"), ("0.01", "0.00"), ("1250", "941.72"), ("3.5", "2.63")] {
                let again = try await Self.call(app, "convert", ["amount": amount, "from": "USD", "to": "GBP", "date": "2025-05-09"])
                #expect(again.structured["result"] as? String == result && again.structured["amount"] as? String == amount)
                #expect(again.text.hasPrefix("\(amount) USD = \(result) GBP."), "\(again.text)")
            }
        }
    }

    @Test("hostile arguments are tool errors with the API's message, never a protocol error or a 500")
    func hostile() async throws {
        try await withSampleDays { app in
            let unknown = try await Self.call(app, "convert", ["amount": "1", "from": "USD", "to": "XYZ"])
            #expect(unknown.isError && unknown.text.contains("XYZ"), "\(unknown.text)")
            let number = try await Self.call(app, "convert", ["amount": 12.5, "from": "USD", "to": "EUR"])
            #expect(number.isError && number.text == #"amount must be text, such as "1250.00" or "USD""#)
            let missing = try await Self.call(app, "convert", ["from": "USD"])
            #expect(missing.isError && missing.text == "Give amount, to.")
            let huge = try await Self.call(app, "convert", ["amount": String(repeating: "9", count: 5_000), "from": "USD", "to": "EUR"])
            #expect(huge.isError)
            let noTool = try await Self.call(app, "rm_rf", [:])
            #expect(noTool.isError && noTool.text.hasPrefix("There is no tool rm_rf"))
            let badDate = try await Self.call(app, "get_rates", ["date": "2025-02-30"])
            #expect(badDate.isError && badDate.text == "invalid date", "\(badDate.text)")
            let notJSON = try await TestBrowser(app).send(.POST, "/mcp", headers: Self.headers, body: ByteBuffer(string: "{not json"))
            #expect(notJSON.status == .badRequest)
        }
    }

    @Test("get_rates, list_currencies, list_providers: what /v2 answers")
    func rates() async throws {
        try await withSampleDays { app in
            let day = try await Self.call(app, "get_rates", ["date": "2025-05-09", "quotes": ["USD", "GBP"]])
            #expect(!day.isError && day.structured["dates"] as? Int == 1 && day.structured["downsampled"] as? Bool == false)
            let records = try #require(day.structured["records"] as? [[String: Any]])
            #expect(records.map { $0["quote"] as? String } == ["GBP", "USD"] && records[1]["rate"] as? Double == 1.1252)
            #expect(day.text == "On 2025-05-09, 1 EUR = GBP 0.8477, USD 1.1252.", "\(day.text)")
            let series = try await Self.call(app, "get_rates", ["start": "1999-01-01", "end": "2025-05-09", "quotes": "USD"])
            #expect(series.structured["dates"] as? Int == 5)
            let currencies = try await Self.call(app, "list_currencies", [:])
            #expect((currencies.structured["currencies"] as? [[String: Any]])?.contains { $0["iso_code"] as? String == "USD" } == true)
            let providers = try await Self.call(app, "list_providers", [:])
            #expect((providers.structured["providers"] as? [[String: Any]])?.first?["key"] as? String == "ECB")
        }
    }

    @Test("convert_ledger: the CSV as POST /api/v1/ledger converts it, with its receipt; too much CSV is refused naming the limit")
    func ledger() async throws {
        try await withSampleDays { app in
            let answer = try await Self.call(
                app, "convert_ledger",
                ["csv": "date,amount,currency\n2025-05-09,112.52,USD\n2025-05-10,x,USD\n", "to": "EUR", "source": "ecb"])
            #expect(!answer.isError, "\(answer.text)")
            let csv = try #require(answer.structured["csv"] as? String)
            #expect(
                csv.hasPrefix(
                    "date,amount,currency,rate,rate_date,source,converted,error\n2025-05-09,112.52,USD,0.88873,2025-05-09,ecb,100.00,\n"))
            #expect((answer.structured["receipt"] as? [String: Any])?["converted_lines"] as? Int == 1)
            #expect(answer.text.hasPrefix("1 of 2 lines converted into EUR"), "\(answer.text)")
            let noColumns = try await Self.call(app, "convert_ledger", ["csv": "foo,bar\n1,2\n"])
            #expect(noColumns.isError && noColumns.text.contains("No date, amount and currency columns"))
            // A body past 2 MB is refused before any of it is read as JSON-RPC.
            let large = ByteBuffer(repeating: UInt8(ascii: " "), count: MCPEndpoint.maxBodyBytes + 1)
            let refused = try await TestBrowser(app).send(.POST, "/mcp", headers: Self.headers, body: large)
            #expect(
                refused.status == .payloadTooLarge && refused.html.contains("larger than 2 MB"),
                "\(refused.status) \(refused.html.prefix(300))")
        }
    }

    @Test(
        "a plain tools/call or tools/list, answered without the SDK's Server, answers as the Server does (one with _meta goes to the Server)"
    )
    func plainCallsAnswerAsTheServer() async throws {
        try await withSampleDays { app in
            let calls: [(String, [String: Any])] = [
                ("convert", ["amount": "1250", "from": "USD", "to": "GBP", "date": "2025-05-09"]),
                ("convert", ["amount": "1", "from": "USD", "to": "XYZ"]), ("convert", ["amount": 12.5, "from": "USD"]),
                ("get_rates", ["date": "2025-05-09", "quotes": ["USD", "GBP"]]), ("get_rates", ["start": "1999-01-01", "quotes": "JPY"]),
                ("list_currencies", [:]), ("list_providers", ["unused": NSNull()]), ("rm_rf", [:]),
                ("convert_ledger", ["csv": "date,amount,currency\n2025-05-09,112.52,USD\n", "to": "EUR", "source": "ecb"]),
            ]
            for (index, (tool, arguments)) in calls.enumerated() {
                let id: Any = index.isMultiple(of: 2) ? index : "call \"\(index)\""
                let plain = try await Self.post(
                    app, ["jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": tool, "arguments": arguments]])
                let server = try await Self.post(
                    app,
                    [
                        "jsonrpc": "2.0", "id": id, "method": "tools/call",
                        "params": ["name": tool, "arguments": arguments, "_meta": ["progressToken": 1]],
                    ])
                #expect(plain.status == .ok && server.status == .ok)
                #expect(plain.headers.first(name: .contentType) == server.headers.first(name: .contentType))
                #expect((plain.json as NSDictionary) == (server.json as NSDictionary), "\(tool): \(plain.json) against \(server.json)")
                #expect(plain.json["result"] != nil, "\(plain.json)")
            }
            let listed = try await Self.post(app, ["jsonrpc": "2.0", "id": 9, "method": "tools/list"])
            let listedByServer = try await Self.post(
                app, ["jsonrpc": "2.0", "id": 9, "method": "tools/list", "params": ["_meta": ["progressToken": 1]]])
            #expect(listed.status == .ok && (listed.json as NSDictionary) == (listedByServer.json as NSDictionary))
            #expect(((listed.json["result"] as? [String: Any])?["tools"] as? [Any])?.count == 5)
            // The transport's validators hold for a plain call as for any other message.
            var noAccept = Self.headers
            noAccept.remove(name: .accept)
            let body = ByteBuffer(string: #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_providers"}}"#)
            #expect(try await TestBrowser(app).send(.POST, "/mcp", headers: noAccept, body: body).status == .notAcceptable)
            var oldVersion = Self.headers
            oldVersion.replaceOrAdd(name: "MCP-Protocol-Version", value: "1999-01-01")
            #expect(try await TestBrowser(app).send(.POST, "/mcp", headers: oldVersion, body: body).status == .badRequest)
        }
    }

    @Test("each tool's calls counted by outcome and timed in /metrics; a name no tool has counts as unknown")
    func metrics() async throws {
        try await withSampleDays { app in
            func count(_ labels: String) async throws -> Double {
                let text = try await TestBrowser(app).get("/metrics").html
                let line = text.split(separator: "\n").first { $0.hasPrefix("mcp_tool_calls_total{\(labels)} ") }
                return line.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
            }
            let answered = #"tool="list_providers",outcome="answer""#, refused = #"tool="unknown",outcome="tool_error""#
            let (answeredBefore, refusedBefore) = (try await count(answered), try await count(refused))
            _ = try await Self.call(app, "list_providers", [:])
            _ = try await Self.call(app, "list_providers\"} 1e9\n", [:])
            #expect(try await count(answered) >= answeredBefore + 1)
            #expect(try await count(refused) >= refusedBefore + 1)
            let text = try await TestBrowser(app).get("/metrics").html
            #expect(text.contains(#"mcp_tool_call_duration_seconds_count{tool="list_providers"}"#), "\(text.suffix(2000))")
            #expect(!text.contains("1e9"))
        }
    }

    @Test("which messages are plain: one request with an id, a tool's name and arguments, or tools/list without parameters")
    func plainRequests() throws {
        func read(_ json: String) -> MCPView.PlainRequest? { MCPView.PlainRequest.read(ByteBuffer(string: json)) }
        let plain = try #require(
            read(
                #"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"convert","arguments":{"amount":"1","quotes":["USD","GBP"],"date":null,"n":2}}}"#
            ))
        guard case .callTool(let name, let arguments) = plain.message else {
            Issue.record("\(plain.message)")
            return
        }
        #expect(plain.id == "a" && name == "convert" && arguments["amount"] == "1" && arguments["quotes"] == "USD,GBP")
        #expect(arguments["date"] == nil && arguments.wrongTypes == ["n"])
        #expect(read(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_providers"}}"#)?.id == 3)
        for list in [#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#, #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#] {
            guard case .listTools? = read(list)?.message else {
                Issue.record("\(list)")
                continue
            }
        }
        for other in [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#, #"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"convert"}}"#,
            #"{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"convert"}}"#,
            #"{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":"convert"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"convert","_meta":{"progressToken":1}}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"x"}}"#,
            #"[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"convert"}}]"#, "{not json",
        ] {
            #expect(read(other) == nil, "\(other)")
        }
    }

    @Test("a browser's Origin is refused unless allowed; GET and DELETE are 405; MCP_ENABLED=false removes the route")
    func safety() async throws {
        try await withSampleDays({ $0.mcpAllowedOrigins = ["https://assistant.example"] }) { app in
            let refused = try await Self.rpc(app, "tools/list", headers: ["Origin": "http://evil.example"])
            #expect(refused.status == .forbidden && (refused.json["error"] as? [String: Any])?["code"] as? Int == -32600)
            #expect(try await Self.rpc(app, "tools/list", headers: ["Origin": "https://assistant.example"]).status == .ok)
            for method in [HTTPMethod.GET, .DELETE] {
                let answer = try await TestBrowser(app).send(method, "/mcp", headers: [:], body: ByteBuffer())
                #expect(answer.status == .methodNotAllowed && answer.headers.first(name: .allow) == "POST")
            }
        }
        try await withSampleDays({ $0.mcpEnabled = false }) { app in
            let status = try await Self.rpc(app, "tools/list").status
            #expect(status == .notFound)
        }
    }

    @Test("/llms.txt: what the service is, its APIs and their documents, the MCP endpoint and its tools, the sources")
    func llmsText() async throws {
        try await withSampleDays { app in
            let text = try await TestBrowser(app).get("/llms.txt")
            #expect(text.status == .ok && text.headers.first(name: .contentType) == "text/markdown; charset=utf-8")
            #expect(text.html.hasPrefix("# Currency Converter\n\n> A self-hosted currency converter over official exchange rates"))
            #expect(text.html.contains("- [JSON API, OpenAPI document](/api/v1/openapi.yaml)"))
            #expect(text.html.contains("- [Model Context Protocol endpoint](/mcp): `POST`"))
            #expect(text.html.contains("- European Central Bank (`ecb`, reference rate, daily)"), "\(text.html)")
            #expect(text.html.contains("`side=buying` or `side=selling` asks for its own figure"))
        }
        try await withSampleDays({ $0.mcpEnabled = false }) { app in
            let text = try await TestBrowser(app).get("/llms.txt")
            #expect(!text.html.contains("/mcp"))
        }
        // A source that writes buying and selling rates says so; one of mids only does not.
        let lines = LLMsTextPresenter().present(sources: [.ecb, .tcmb], mcpEnabled: false).split(separator: "\n")
        #expect(lines.first { $0.contains("(`tcmb`") }?.contains(", buying and selling rates too)") == true)
        #expect(lines.first { $0.contains("(`ecb`") }?.contains("buying and selling") == false)
    }
}
