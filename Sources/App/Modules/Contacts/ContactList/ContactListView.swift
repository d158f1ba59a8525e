import Core
import Vapor
import Web

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
            return try await request.renderPage("contacts", presenter.present(output, in: request.localization))
        } catch ContactAccessFailure.signInRequired {
            return Response(router.signIn(returningTo: request.url.string))
        } catch ContactList.Failure.badPage(let page) {
            throw PageAbort(.badRequest, ContactListPresenter.badPage(page))
        } catch ContactList.Failure.searchTooLong {
            throw PageAbort(
                .badRequest, ContactListPresenter.searchTooLong)
        }
    }

    /// `GET /contacts/export.vcf`.
    func exportVCard(_ request: Request) async throws -> Response {
        try await export(request, type: "text/vcard; charset=utf-8", filename: "contacts.vcf", VCardExport.document)
    }

    /// `GET /contacts/export.csv`.
    func exportCSV(_ request: Request) async throws -> Response {
        try await export(request, type: "text/csv; charset=utf-8; header=present", filename: "contacts.csv") {
            CSVExport.document(in: request.localization, $0)
        }
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
                    "Content-Language": request.language.rawValue,
                ], body: .init(string: document(contacts)))
        } catch ContactAccessFailure.signInRequired {
            return Response(router.signIn(returningTo: request.url.string))
        }
    }
}
