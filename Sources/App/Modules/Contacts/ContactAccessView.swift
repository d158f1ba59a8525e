import Vapor

/// What the contact pages' Views share over HTTP: a visitor signed out is sent to sign in, and a
/// missing contact and someone else's are the same plain 404.
enum ContactAccessView {
    /// Runs a contacts page, mapping ``ContactAccessFailure``s to HTTP: sign in first (the
    /// router's redirect), or a 404.
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
