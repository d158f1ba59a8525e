import Foundation
import MCP
import Vapor
import Web

/// `/mcp` over HTTP: the `Origin` checked (DNS rebinding), the body bounded, then the request
/// handed to an MCP server of its own (the SDK's stateless transport matches answers to
/// requests by their JSON-RPC id, which two clients may share, so servers are not shared), whose
/// `tools/call` asks the interactor and the presenter. `GET` and `DELETE` are 405.
struct MCPView: Sendable {
    let interactor: MCPInteractor
    let presenter: MCPPresenter
    /// Lower-cased `Origin`s allowed; a request without one (not a browser's) is allowed.
    let allowedOrigins: Set<String>
    let metrics: MCPToolMetrics

    /// `POST /mcp`.
    func post(_ request: Vapor.Request) async throws -> Vapor.Response {
        if let origin = request.headers.first(name: HTTPHeaders.Name.origin), !allowedOrigins.contains(origin.lowercased()) {
            return Self.response(
                MCP.HTTPResponse.error(
                    statusCode: 403, MCPError.invalidRequest("Forbidden: the Origin \(origin.prefix(100)) is not allowed")))
        }
        let body: ByteBuffer
        do {
            // A body collected already (by a test client) is measured here too.
            body = try await request.body.collect(max: MCPEndpoint.maxBodyBytes).get() ?? ByteBuffer()
            guard body.readableBytes <= MCPEndpoint.maxBodyBytes else { throw Abort(.payloadTooLarge) }
        } catch {
            return Self.response(
                MCP.HTTPResponse.error(
                    statusCode: 413, MCPError.invalidRequest("The request is larger than \(MCPEndpoint.maxBodyBytes / 1024 / 1024) MB")))
        }
        let headers = Self.headers(of: request)
        if let plain = PlainRequest.read(body) {
            let checked = MCP.HTTPRequest(method: "POST", headers: headers, body: nil, path: "/mcp")
            if let refused = Self.validation.validate(checked, context: HTTPValidationContext(httpMethod: "POST")) {
                return Self.response(refused)
            }
            return await answer(plain, request)
        }
        let server = Server(
            name: AppInfo.name, version: AppInfo.version,
            instructions:
                "Official exchange rates: convert amounts (today or a past day), get rates and series, list currencies and providers, and convert ledgers at tax rules' rates with an audit receipt.",
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: MCPView.ToolCatalog.tools) }
        await server.withMethodHandler(CallTool.self) { parameters in await call(parameters, request) }
        let transport = StatelessHTTPServerTransport(validationPipeline: Self.validation)
        try await server.start(transport: transport)
        let answer = await transport.handleRequest(
            MCP.HTTPRequest(method: "POST", headers: headers, body: Data(buffer: body), path: "/mcp"))
        await server.stop()
        return Self.response(answer)
    }

    /// The request's headers as the SDK takes them: each name once, its values joined.
    static func headers(of request: Vapor.Request) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name] = headers[name].map { $0 + ", " + value } ?? value }
        return headers
    }

    /// What the transport checks of a request: the `Origin` is checked before, against
    /// `MCP_ALLOWED_ORIGINS` rather than localhost.
    static let validation = StandardValidationPipeline(validators: [
        AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
    ])

    /// `GET` and `DELETE /mcp`: a stateless server has no stream and no session.
    func notAllowed(_ request: Vapor.Request) async throws -> Vapor.Response {
        let response = Self.response(MCP.HTTPResponse.error(statusCode: 405, MCPError.invalidRequest("Method Not Allowed: POST only")))
        response.headers.replaceOrAdd(name: HTTPHeaders.Name.allow, value: "POST")
        return response
    }

    /// One `tools/call` read by the SDK's Server: its answer, or a tool error with the API's message.
    func call(_ parameters: CallTool.Parameters, _ request: Vapor.Request) async -> CallTool.Result {
        switch await outcome(of: parameters.name, Self.arguments((parameters.arguments ?? [:]).mapValues(Argument.init)), request) {
        case .success(let answer):
            let structured = try? JSONDecoder().decode(StructuredValue.self, from: answer.structured).value
            return CallTool.Result(content: [.text(answer.text)], structuredContent: structured, isError: false)
        case .failure(let refusal):
            return CallTool.Result(content: [.text(refusal.message)], isError: true)
        }
    }

    /// A tool's answer to its arguments, or why it gave none (the API's message); counted and timed.
    func outcome(
        of name: String, _ arguments: MCPEndpoint.Arguments, _ request: Vapor.Request
    ) async -> Result<MCPEndpoint.Answer, MCPEndpoint.Refusal> {
        let tool = MCPEndpoint.Tool(rawValue: name)
        let started = ContinuousClock.now
        let outcome = await outcome(of: tool, named: name, arguments, request)
        metrics.record(tool: tool, isError: (try? outcome.get()) == nil, took: .now - started)
        return outcome
    }

    private func outcome(
        of tool: MCPEndpoint.Tool?, named name: String, _ arguments: MCPEndpoint.Arguments, _ request: Vapor.Request
    ) async -> Result<MCPEndpoint.Answer, MCPEndpoint.Refusal> {
        do throws(MCPEndpoint.Refusal) {
            guard let tool else { throw MCPEndpoint.Refusal("There is no tool \(name.prefix(40)); tools/list names them.") }
            if let wrong = arguments.wrongTypes.sorted().first {
                throw MCPEndpoint.Refusal("\(wrong) must be text, such as \"1250.00\" or \"USD\"")
            }
            do {
                switch tool {
                case .convert:
                    let output = try await interactor.convert(arguments)
                    return .success(try presenter.conversion(output) { Data(buffer: try request.json(key: $0, texts: $1, model: $2)) })
                case .getRates:
                    let (rates, dates) = try await interactor.rates(arguments)
                    return .success(presenter.rates(rates, dates: dates))
                case .listCurrencies: return .success(presenter.currencies(try await interactor.currencies(arguments)))
                case .listProviders: return .success(presenter.providers(try await interactor.providers()))
                case .convertLedger:
                    try arguments.require(["csv"])
                    let (csv, receipt) = try await interactor.convertLedger(arguments, describe: presenter.ledgerWords)
                    return .success(try presenter.ledger(csv: csv, receipt: receipt))
                }
            } catch let refusal as MCPEndpoint.Refusal {
                throw refusal
            } catch {
                throw MCPEndpoint.Refusal("The answer could not be written: \(error)")
            }
        } catch {
            return .failure(error)
        }
    }
}
