import Core
import Foundation

/// Why a contacts page cannot be shown; the Views turn these into a redirect or a 404.
enum ContactAccessFailure: Error, Equatable {
    /// Nobody is signed in: sign in first, then come back.
    case signInRequired
    /// No such contact for this user — missing, malformed, or someone else's (never said which).
    case notFound
}

/// Who may see contacts pages: the Views ask this before anything else.
enum ContactOwner {
    static func required(_ user: User?) throws(ContactAccessFailure) -> User {
        guard let user else { throw .signInRequired }
        return user
    }

    /// A contact id from the URL; anything but a UUID is a contact that does not exist.
    static func contactID(_ text: String?) throws(ContactAccessFailure) -> UUID {
        guard let text, let id = UUID(uuidString: text) else { throw .notFound }
        return id
    }
}
