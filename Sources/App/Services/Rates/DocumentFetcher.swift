import AsyncHTTPClient
import NIOCore
import Vapor

/// Downloads a provider's document. A protocol so provider tests can hand in documents directly.
protocol DocumentFetcher: Sendable {
    func fetch(_ url: URL) async throws(RatesProviderError) -> Data
}

/// Fetches through Vapor's HTTP client with a deadline for the whole exchange.
struct HTTPDocumentFetcher: DocumentFetcher {
    let client: @Sendable () -> any Client
    let timeout: TimeInterval
    /// Refuses documents larger than this (the 90-day ECB history is about 70 kB).
    static let maxBytes = 5 * 1024 * 1024

    func fetch(_ url: URL) async throws(RatesProviderError) -> Data {
        let response: ClientResponse
        do {
            response = try await client().get(URI(string: url.absoluteString), headers: [
                "Accept": "application/json, application/xml, text/xml;q=0.9, */*;q=0.1",
                "User-Agent": "\(AppInfo.name)/\(AppInfo.version)",
            ]) { request in
                request.timeout = .milliseconds(Int64(timeout * 1000))
            }
        } catch {
            throw Self.classify(error, timeout: timeout)
        }
        guard response.status == .ok else { throw .httpStatus(Int(response.status.code)) }
        guard var body = response.body, body.readableBytes > 0 else { throw .unreadable("the answer is empty") }
        guard body.readableBytes <= Self.maxBytes else { throw .unreadable("the answer is larger than 5 MB") }
        return body.readData(length: body.readableBytes) ?? Data()
    }

    static func classify(_ error: any Error, timeout: TimeInterval) -> RatesProviderError {
        if let error = error as? HTTPClientError,
           [.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error) {
            return .timedOut(seconds: timeout)
        }
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("refused") { return .unreachable("connection refused") }
        if text.localizedCaseInsensitiveContains("timeout") || text.localizedCaseInsensitiveContains("timed out") {
            return .timedOut(seconds: timeout)
        }
        return .unreachable(text.count > 200 ? String(text.prefix(200)) + "…" : text)
    }
}
