import Leaf
import LeafKit
import Vapor

/// A tag whose HTML depends on the request (who is signed in, the session's CSRF token) rather
/// than on the page's view model. Its HTML comes from a template of its own, rendered for each
/// request from a small view model before the page is (``PageRenderer``). In a page skeleton it
/// leaves a marker that this HTML fills, so no visitor's HTML is ever kept in a skeleton.
package protocol RequestTag: UnsafeUnescapedLeafTag, Sendable {
    /// The name templates call it by.
    var name: String { get }
    /// This request's HTML for the tag, rendered with ``PageRenderer/renderFragment(_:_:for:)``.
    func html(for request: Request, pages: PageRenderer) async throws -> String
}

extension RequestTag {
    package func render(_ context: LeafContext) throws -> LeafData {
        if context.userInfo[PageSkeleton.renderingKey] != nil { return .string(PageSkeleton.tagMarker(name)) }
        let rendered = context.userInfo[PageRenderer.requestTagsKey] as? [String: String]
        return .string(rendered?[name] ?? "")
    }
}

/// `#csrfField()`: the hidden CSRF input every state-changing form carries (`csrf-field.leaf`),
/// the one place forms get their token. Nothing without a session (the View makes one first).
package struct CSRFFieldTag: RequestTag {
    package struct ViewModel: Encodable, Sendable {
        package let name = CSRFMiddleware.fieldName
        package let token: String
    }

    package let name = "csrfField"

    package init() {}

    package func html(for request: Request, pages: PageRenderer) async throws -> String {
        guard let token = request.browserSessionIfAttached?.current?.csrfToken else { return "" }
        return try await pages.renderFragment("csrf-field", ViewModel(token: token), for: request)
    }
}
