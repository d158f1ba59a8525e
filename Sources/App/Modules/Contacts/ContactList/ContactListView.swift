import Vapor

/// The contacts list and its exports over HTTP.
struct ContactListView: Sendable {
    let interactor: ContactListInteractor
    let presenter: ContactListPresenter
    let router: ContactListRouter

    /// `GET /contacts?q=&page=`.
    func list(_ request: Request) async throws -> Response {
        let query = request.queryItems
        do {
            let flash = request.currentUser == nil ? nil : try await request.browserSession.takeFlash()?.message
            let output = try await interactor.list(for: request.currentUser, .init(search: query["q"], page: query["page"]), flash: flash)
            return try await request.renderPage("contacts", presenter.present(output))
        } catch ContactAccessFailure.signInRequired {
            return router.signIn(returningTo: request.url.string)
        } catch ContactList.Failure.badPage(let page) {
            throw Abort(.badRequest, reason: "“\(page)” is not a page number. Pages are numbered from 1.")
        } catch ContactList.Failure.searchTooLong {
            throw Abort(.badRequest, reason: "Search for at most \(ContactList.maxSearchLength) characters.")
        }
    }

    /// `GET /contacts/export.vcf`.
    func exportVCard(_ request: Request) async throws -> Response {
        try await export(request, type: "text/vcard; charset=utf-8", filename: "contacts.vcf", VCardExport.document)
    }

    /// `GET /contacts/export.csv`.
    func exportCSV(_ request: Request) async throws -> Response {
        try await export(request, type: "text/csv; charset=utf-8; header=present", filename: "contacts.csv", CSVExport.document)
    }

    private func export(
        _ request: Request, type: String, filename: String,
        _ document: ([Contact]) -> String
    ) async throws -> Response {
        do {
            let contacts = try await interactor.export(for: request.currentUser)
            return Response(
                status: .ok,
                headers: [
                    "Content-Type": type,
                    "Content-Disposition": "attachment; filename=\"\(filename)\"",
                    "Cache-Control": "private, no-store",
                ], body: .init(string: document(contacts)))
        } catch ContactAccessFailure.signInRequired {
            return router.signIn(returningTo: request.url.string)
        }
    }
}
