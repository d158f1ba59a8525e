import Vapor

extension ContactAccessFailure {
    /// Runs a contacts page, mapping access failures to HTTP: sign in first (the router's
    /// redirect), or the same plain 404 for a missing contact and someone else's.
    static func guarding(
        _ request: Request, signIn: (String) -> Response,
        _ page: () async throws -> Response
    ) async throws -> Response {
        do {
            return try await page()
        } catch ContactAccessFailure.signInRequired {
            return signIn(request.url.string)
        } catch ContactAccessFailure.notFound {
            throw Abort(.notFound)
        }
    }
}
