import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-page Invoice --path /invoices [--form]`
///
/// Adds a page in this project's style: a VIPER module in `Sources/App/Modules/<Name>/`
/// (Contract, View, Presenter, Interactor, Router, Assembly), its template in `Templates/`, its
/// tests (presenter and interactor, and the page over HTTP on PostgreSQL), its route in
/// `SiteURL`, and its Assembly in `configure`. `--form` adds a CSRF-checked POST with
/// validation (422, messages at the fields) and a 303 through the Router.
///
/// Checks everything before writing anything, and never overwrites a file.
@main
struct NewPage: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        let request = try PageRequest(arguments: arguments)
        let root = context.package.directoryURL
        let plan = try PagePlan(request: request, root: root)
        try plan.apply()
        print(plan.summary)
    }
}

/// A failure the person running the command can act on.
struct NewPageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
