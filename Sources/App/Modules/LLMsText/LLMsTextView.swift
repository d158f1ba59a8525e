import Vapor

/// `GET /llms.txt`: the text, Markdown as llmstxt.org writes it.
struct LLMsTextView: Sendable {
    let text: String

    func show(_ request: Request) async throws -> Response {
        Response(
            status: .ok, headers: ["Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "public, max-age=3600"],
            body: .init(string: text))
    }
}
