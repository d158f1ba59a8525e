import Fluent
import Foundation

/// A browser session. The row is keyed by the SHA-256 of the cookie's token, so the table
/// alone cannot be used to take over a session.
package final class SessionModel: Model, @unchecked Sendable {
    package static let schema = "sessions"

    @ID(custom: "id", generatedBy: .user) package var id: String?
    /// `nil` before sign-in: the session then only carries a CSRF token for the login form.
    @OptionalParent(key: "user_id") package var user: UserModel?
    @Field(key: "csrf_token") package var csrfToken: String
    /// A one-time message for the next page (post/redirect/get).
    @OptionalField(key: "flash") package var flash: String?
    /// The flash message's ``Flash/Kind``; `nil` (a success) for messages stored before kinds.
    @OptionalField(key: "flash_kind") package var flashKind: String?
    @Field(key: "created_at") package var createdAt: Date
    @Field(key: "expires_at") package var expiresAt: Date

    package init() {}

    package init(tokenHash: String, userID: UUID?, csrfToken: String, createdAt: Date, expiresAt: Date) {
        id = tokenHash
        $user.id = userID
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
