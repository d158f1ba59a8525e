import Leaf
import LeafKit

/// `#route("about")`: the path of the route the app names so (``SitePaths/routes``: `/about`),
/// for the layout's fixed links, which belong to no page's view model. An unknown name fails the
/// render.
package struct RouteTag: LeafTag {
    package static let name = "route"
    private let paths: [String: String]

    package init(paths: [String: String]) {
        self.paths = paths
    }

    package func render(_ context: LeafContext) throws -> LeafData {
        try context.requireParameterCount(1)
        guard let name = context.parameters[0].string, let path = paths[name] else {
            throw LeafError(.unknownError("#route: no route is named \(context.parameters[0])"))
        }
        return .string(path)
    }
}
