import Fluent
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Contacts over HTTP on PostgreSQL")
struct ContactPagesTests {
    /// Two signed-in users, Ann and Bob, each in their own browser.
    func withUsers(_ test: (Application, TestBrowser, TestBrowser) async throws -> Void) async throws {
        try await withPostgresApp(configuration: .forTests()) { app in
            for email in ["ann@example.org", "bob@example.org"] {
                _ = try await app.appServices.accounts.register(email: email, password: "long enough", role: .user)
            }
            let ann = TestBrowser(app), bob = TestBrowser(app)
            try await ann.signIn("ann@example.org", "long enough")
            try await bob.signIn("bob@example.org", "long enough")
            try await test(app, ann, bob)
        }
    }

    /// Adds a contact through the form; returns its page's path.
    @discardableResult
    func add(_ browser: TestBrowser, _ fields: [(String, String)]) async throws -> String {
        try await browser.get("/contacts/new")
        let response = try await browser.post("/contacts", fields)
        #expect(response.status == .seeOther, "\(fields): \(response.status) \(response.html.prefix(200))")
        return try #require(response.headers.first(name: .location))
    }

    func owner(_ app: Application, _ email: String) async throws -> UUID {
        try #require(try await app.appServices.accounts.user(withEmail: email)).id
    }

    @Test("anonymous visitors are sent to sign in and back, from every contacts page")
    func signInRequired() async throws {
        try await withUsers { app, ann, _ in
            let page = try await add(ann, [("first_name", "Zed")])
            for path in [
                "/contacts", "/contacts?q=a&page=2", "/contacts/new", page, page + "/edit", page + "/delete",
                "/contacts/export.vcf", "/contacts/export.csv",
            ] {
                let response = try await TestBrowser(app).get(path)
                #expect(response.status == .seeOther, "\(path)")
                let location = try #require(response.headers.first(name: .location))
                #expect(location.hasPrefix("/login?next=/contacts"), "\(path) → \(location)")
            }
            #expect(
                try await TestBrowser(app).get("/contacts?q=a&page=2").headers.first(name: .location)
                    == "/login?next=/contacts%3Fq%3Da%26page%3D2")
            // Forms without a session are refused before anything happens.
            #expect(try await TestBrowser(app).post("/contacts", [("first_name", "X")], csrf: nil).status == .forbidden)
            #expect(try await TestBrowser(app).post(page + "/delete", csrf: nil).status == .forbidden)
        }
    }

    @Test("an empty book says so and offers to add the first contact")
    func emptyBook() async throws {
        try await withUsers { _, ann, _ in
            let page = try await ann.get("/contacts")
            #expect(page.status == .ok)
            #expect(page.html.contains("<title>Contacts · Currency Converter</title>"))
            #expect(page.html.contains("No contacts yet."))
            #expect(page.html.contains(">Add your first contact</a>"))
            #expect(page.html.contains("<label for=\"q\">Search contacts</label>"))
        }
    }

    @Test("add, view, edit and delete a contact through the forms")
    func lifecycle() async throws {
        try await withUsers { app, ann, _ in
            let form = try await ann.get("/contacts/new")
            #expect(form.status == .ok)
            #expect(form.html.contains("<label for=\"first_name\">First name</label>"))
            #expect(form.html.contains("name=\"csrf_token\""))

            let created = try await ann.post(
                "/contacts",
                [
                    ("first_name", "ivan"), ("last_name", "petrov"),
                    ("email", "ivan@example.org"), ("phone", "+7 (495) 123-45-67"), ("notes", "Met in Kazan\nLikes tea"),
                ])
            #expect(created.status == .seeOther)
            let path = try #require(created.headers.first(name: .location))
            #expect(path.wholeMatch(of: /\/contacts\/[0-9a-f-]{36}/) != nil)

            let detail = try await ann.get(path)
            #expect(detail.status == .ok)
            #expect(detail.html.contains("Contact added."))
            #expect(detail.html.contains("<h1 id=\"contact-title\" class=\"contact-title\">Ivan Petrov</h1>"))
            #expect(detail.html.contains("<title>Ivan Petrov · Contacts · Currency Converter</title>"))
            #expect(detail.html.contains("Met in Kazan\nLikes tea"))
            #expect(try await !ann.get(path).html.contains("Contact added.")) // flash shown once
            // Stored as typed; shown with the display rule.
            let stored = try #require(try await ContactModel.query(on: app.db).first())
            #expect(stored.firstName == "ivan" && stored.lastName == "petrov")

            let edit = try await ann.get(path + "/edit")
            #expect(edit.html.contains("value=\"ivan\"") && edit.html.contains(">Met in Kazan\nLikes tea</textarea>"))
            let updated = try await ann.post(
                path, [("first_name", "Ivan"), ("last_name", "Petrov-Vodkin"), ("email", ""), ("phone", ""), ("notes", "")])
            #expect(updated.status == .seeOther)
            #expect(updated.headers.first(name: .location) == path)
            let after = try await ann.get(path).html
            #expect(after.contains("Changes saved.") && after.contains("Ivan Petrov-Vodkin") && !after.contains("ivan@example.org"))
            // Fields left empty are left out, not shown as empty links.
            #expect(!after.contains("<dt>Email</dt>") && !after.contains("<dt>Phone</dt>") && !after.contains("<dt>Notes</dt>"))
            #expect(!after.contains("href=\"\"") && !after.contains("href=\"mailto:\"") && !after.contains("href=\"tel:\""))
            #expect(try await !ann.get("/contacts").html.contains("<span></span>"), "the list leaves them out too")

            let confirm = try await ann.get(path + "/delete")
            #expect(confirm.status == .ok)
            #expect(confirm.html.contains("Delete Ivan Petrov-Vodkin?"))
            let deleted = try await ann.post(path + "/delete")
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers.first(name: .location) == "/contacts")
            #expect(try await ann.get("/contacts").html.contains("Contact deleted: Ivan Petrov-Vodkin."))
            #expect(try await ann.get(path).status == .notFound)
            #expect(try await ContactModel.query(on: app.db).count() == 0)
        }
    }

    @Test("invalid input re-renders the form with 422, each message at its field, the input kept")
    func validation() async throws {
        try await withUsers { app, ann, _ in
            try await ann.get("/contacts/new")
            let response = try await ann.post(
                "/contacts",
                [
                    ("first_name", "  "), ("last_name", "Keep me"), ("email", "not-an-email"),
                    ("phone", "call me"), ("notes", String(repeating: "n", count: 2001)),
                ])
            #expect(response.status == .unprocessableEntity)
            for id in ["first_name-error", "email-error", "phone-error", "notes-error"] {
                #expect(response.html.contains("<p class=\"field-error\" id=\"\(id)\">"), "\(id)")
            }
            #expect(!response.html.contains("id=\"last_name-error\""))
            #expect(response.html.contains("value=\"Keep me\"") && response.html.contains("value=\"not-an-email\""))
            #expect(try await ContactModel.query(on: app.db).count() == 0)

            let path = try await add(ann, [("first_name", "Ann")])
            try await ann.get(path + "/edit")
            let invalidEdit = try await ann.post(path, [("first_name", ""), ("last_name", "Changed")])
            #expect(invalidEdit.status == .unprocessableEntity)
            #expect(try #require(try await ContactModel.query(on: app.db).first()).lastName == "")
        }
    }

    @Test("the list: sorted by last then first name ignoring case, 25 a page with links and the total")
    func listAndPaging() async throws {
        try await withUsers { app, ann, _ in
            let owner = try await owner(app, "ann@example.org")
            let contacts = app.appServices.contacts
            for (first, last) in [("bob", "smith"), ("Alice", "Smith"), ("carol", "adams"), ("Dave", "")] {
                _ = try await contacts.create(.named(first, last), owner: owner)
            }
            for index in 0..<56 { _ = try await contacts.create(.named("Filler", String(format: "zz%02d", index)), owner: owner) }

            let first = try await ann.get("/contacts")
            #expect(first.html.contains("60 contacts"))
            let names = first.html.matches(of: /class="contact-name" href="[^"]+">([^<]+)</).map { String($0.1) }
            #expect(names.count == 25)
            #expect(Array(names.prefix(5)) == ["Dave", "Carol Adams", "Alice Smith", "Bob Smith", "Filler Zz00"])
            #expect(first.html.contains("<span aria-current=\"page\">1</span>"))
            #expect(first.html.contains("<a href=\"/contacts?page=3\">3</a>"))
            #expect(first.html.contains("href=\"/contacts?page=2\" rel=\"next\""))

            let third = try await ann.get("/contacts?page=3")
            #expect(third.html.matches(of: /class="contact-name"/).count == 10)
            #expect(third.html.contains("href=\"/contacts?page=2\" rel=\"prev\""))
            #expect(try await ann.get("/contacts?page=99").html.contains("<span aria-current=\"page\">3</span>"))

            for bad in ["0", "abc", "-2"] {
                let response = try await ann.get("/contacts?page=\(bad)")
                #expect(response.status == .badRequest)
                #expect(response.html.contains("is not a page number"))
            }
            #expect(try await ann.get("/contacts?q=" + String(repeating: "a", count: 101)).status == .badRequest)
        }
    }

    @Test(
        "search matches a case-insensitive substring of name, email or phone",
        arguments: [
            ("SMI", ["Alice Smith", "Bob Smith"]), ("ali", ["Alice Smith"]), ("EXAMPLE.NET", ["Carol Adams"]),
            ("555 01", ["Bob Smith"]), ("мари", ["Мария Иванова"]), ("ИВАН", ["Мария Иванова"]), ("100%", ["Dave"]),
            ("_", []), ("nobody", []),
        ])
    func search(query: String, expected: [String]) async throws {
        try await withUsers { app, ann, bob in
            let owner = try await owner(app, "ann@example.org")
            let contacts = app.appServices.contacts
            _ = try await contacts.create(.named("Alice", "Smith", email: "alice@example.org"), owner: owner)
            _ = try await contacts.create(.named("bob", "smith", phone: "+1 555 0199"), owner: owner)
            _ = try await contacts.create(.named("Carol", "Adams", email: "carol@example.net"), owner: owner)
            _ = try await contacts.create(.named("Dave", "", email: "dave100%@example.org"), owner: owner)
            _ = try await contacts.create(.named("Мария", "Иванова"), owner: owner)
            _ = try await contacts.create(.named("Alice", "Other"), owner: try await self.owner(app, "bob@example.org"))

            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let page = try await ann.get("/contacts?q=\(encoded)")
            #expect(page.status == .ok)
            let names = page.html.matches(of: /class="contact-name" href="[^"]+">([^<]+)</).map { String($0.1) }
            #expect(names == expected)
            if expected.isEmpty {
                #expect(page.html.contains("No contact matches “\(HTML.escape(query))”."))
                #expect(!page.html.contains("Add your first contact"))
            } else {
                #expect(page.html.contains("\(expected.count) contact\(expected.count == 1 ? "" : "s") match"))
            }
            _ = bob
        }
    }

    @Test("nobody reaches another user's contacts: read, edit, delete and export are all 404 or absent")
    func ownership() async throws {
        try await withUsers { app, ann, bob in
            let path = try await add(ann, [("first_name", "Ann's"), ("last_name", "Secret"), ("email", "secret@example.org")])
            try await bob.get("/contacts")
            #expect(try await bob.get(path).status == .notFound)
            #expect(try await bob.get(path + "/edit").status == .notFound)
            #expect(try await bob.get(path + "/delete").status == .notFound)
            let update = try await bob.post(path, [("first_name", "Hacked")])
            #expect(update.status == .notFound)
            let invalidUpdate = try await bob.post(path, [("first_name", "")])
            #expect(invalidUpdate.status == .notFound) // not even "invalid": the contact does not exist for Bob
            #expect(try await bob.post(path + "/delete").status == .notFound)
            // Bob's own pages answer, with his own contact and without Ann's.
            _ = try await add(bob, [("first_name", "Bob's"), ("last_name", "Ownlisted"), ("email", "own@example.org")])
            for list in ["/contacts", "/contacts/export.vcf", "/contacts/export.csv"] {
                let response = try await bob.get(list)
                #expect(response.status == .ok, "\(list)")
                #expect(response.html.contains("Ownlisted") && !response.html.contains("Secret"), "\(list)")
            }
            let search = try await bob.get("/contacts?q=secret")
            #expect(search.status == .ok && search.html.contains("No contact matches") && !search.html.contains("Secret"))
            let stored = try #require(try await ContactModel.query(on: app.db).first())
            #expect(stored.firstName == "Ann's")
            // A 404 looks the same for a missing or malformed id.
            for missing in ["/contacts/\(UUID().uuidString)", "/contacts/not-a-uuid", "/contacts/42/edit"] {
                let response = try await ann.get(missing)
                #expect(response.status == .notFound, "\(missing)")
                #expect(response.html.contains("There is no page at this address."))
            }
            // A NUL in the address is refused before routing, for any path.
            #expect(try await ann.get("/contacts/%00/delete").status == .badRequest)
            #expect(try await ann.post("/contacts/not-a-uuid", [("first_name", "X")]).status == .notFound)
        }
    }

    @Test("every contacts form is CSRF-protected: without the token, 403 and nothing changes")
    func csrf() async throws {
        try await withUsers { app, ann, _ in
            let path = try await add(ann, [("first_name", "Keep")])
            #expect(try await ann.post("/contacts", [("first_name", "New")], csrf: nil).status == .forbidden)
            #expect(try await ann.post(path, [("first_name", "Changed")], csrf: "wrong").status == .forbidden)
            #expect(try await ann.post(path + "/delete", csrf: nil).status == .forbidden)
            let rows = try await ContactModel.query(on: app.db).all()
            #expect(rows.map(\.firstName) == ["Keep"])
        }
    }

    @Test("HTML in any field is shown as text everywhere")
    func escaping() async throws {
        try await withUsers { _, ann, _ in
            let payload = "<script>alert(1)</script>"
            let path = try await add(
                ann,
                [
                    ("first_name", payload), ("last_name", "\"><img src=x onerror=alert(1)>"),
                    ("email", "x@example.org"), ("notes", "<b>bold</b> & <i>"),
                ])
            for page in [path, path + "/edit", path + "/delete", "/contacts", "/contacts?q=%3Cscript"] {
                let html = try await ann.get(page).html
                #expect(!html.contains("<script>alert"), "\(page)")
                #expect(!html.contains("<img src=x"), "\(page)")
                #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") || html.contains("&lt;Script&gt;"), "\(page)")
            }
            #expect(try await ann.get(path).html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &lt;i&gt;"))
        }
    }

    @Test("a field that is a word Leaf could read as a flag (`false`, `true`) is shown, not taken for one")
    func wordsLeafReadsAsFlags() async throws {
        try await withUsers { _, ann, _ in
            let path = try await add(ann, [("first_name", "true"), ("last_name", "false"), ("notes", "false")])
            let html = try await ann.get(path).html
            // Names are shown capitalised (the original app's rule); notes as typed.
            #expect(html.contains("<dt>Last name</dt><dd>False</dd>"))
            #expect(html.contains("<dt>Notes</dt><dd class=\"notes\">false</dd>"))
        }
    }

    @Test(
        "Unicode names are stored and shown exactly",
        arguments: [
            ("Мария", "Иванова"), ("أحمد", "الحسن"), ("さくら", "佐藤"), ("Zoë", "Ångström"), ("👩‍💻 Dev", "Øre"),
        ])
    func unicode(first: String, last: String) async throws {
        try await withUsers { app, ann, _ in
            let path = try await add(ann, [("first_name", first), ("last_name", last), ("notes", "\(first) \(last)")])
            let stored = try #require(try await ContactModel.query(on: app.db).first())
            #expect(stored.firstName == first && stored.lastName == last && stored.notes == "\(first) \(last)")
            let html = try await ann.get(path).html
            #expect(html.contains(ContactName.full(first: first, last: last)))
            #expect(html.contains("\(first) \(last)"))
            #expect(try await ann.get(path + "/edit").html.contains("value=\"\(first)\""))
        }
    }

    @Test("exports: vCard 3.0 and RFC 4180 CSV with tricky values, only the user's own contacts")
    func exports() async throws {
        try await withUsers { app, ann, bob in
            try await add(
                ann,
                [
                    ("first_name", "Zoë \"Z\""), ("last_name", "Müller, Jr.; III"), ("email", "zoe@example.org"),
                    ("phone", "+49 30 1234"), ("notes", "Line one\nLine two, with a comma"),
                ])
            try await add(ann, [("first_name", "佐藤"), ("last_name", "")])
            // Another user's contact, which neither of Ann's exports may carry.
            try await add(bob, [("first_name", "Bobsfriend"), ("last_name", "Elsewhere"), ("email", "friend@example.org")])

            let vcf = try await ann.get("/contacts/export.vcf")
            #expect(vcf.status == .ok)
            #expect(vcf.headers.first(name: .contentType) == "text/vcard; charset=utf-8")
            #expect(vcf.headers.first(name: .contentDisposition) == "attachment; filename=\"contacts.vcf\"")
            let card = vcf.body.string
            #expect(card.components(separatedBy: "BEGIN:VCARD\r\nVERSION:3.0\r\n").count == 3)
            #expect(card.contains("N:Müller\\, Jr.\\; III;Zoë \"Z\";;;\r\n"))
            #expect(card.contains("FN:Zoë \"Z\" Müller\\, Jr.\\; III\r\n"))
            #expect(card.contains("NOTE:Line one\\nLine two\\, with a comma\r\n"))
            #expect(card.contains("TEL;TYPE=VOICE:+49 30 1234\r\n"))
            #expect(card.contains("N:;佐藤;;;\r\n"))
            #expect(card.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nN:;佐藤;;;")) // sorted: no last name first

            let csv = try await ann.get("/contacts/export.csv")
            #expect(csv.headers.first(name: .contentType) == "text/csv; charset=utf-8; header=present")
            let text = csv.body.string
            let lines = text.components(separatedBy: "\r\n")
            #expect(lines.first == "\u{FEFF}\"First name\",\"Last name\",\"Email\",\"Phone\",\"Notes\",\"Added\",\"Updated\"")
            #expect(
                text.contains(
                    "\"Zoë \"\"Z\"\"\",\"Müller, Jr.; III\",\"zoe@example.org\",\"+49 30 1234\",\"Line one\nLine two, with a comma\","))
            #expect(text.hasSuffix("\r\n"))
            // The header, Ann's two contacts (a note's own line break is a bare LF) and what follows the last CRLF.
            #expect(lines.count == 4 && lines.last == "")
            for export in [card, text] {
                #expect(!export.contains("Bobsfriend") && !export.contains("friend@example.org"))
            }
            #expect(try await bob.get("/contacts/export.csv").body.string.contains("Bobsfriend"))
            _ = app
        }
    }

    @Test("indexes: the first page reads the owner's rows in order from an index; a search for one person is answered by the trigram index")
    func indexPlans() async throws {
        try await withUsers { app, _, _ in
            let owner = try await self.owner(app, "ann@example.org")
            let other = try await self.owner(app, "bob@example.org")
            var generator = SeededGenerator(seed: 7)
            for (user, count) in [(owner, 3000), (other, 3000)] {
                let drafts = (0..<count).map { SeedContactsCommand.draft(number: $0, using: &generator) }
                _ = try await app.appServices.contacts.createAll(drafts, owner: user, batchSize: 1000)
            }
            let sql = app.db as! any SQLDatabase
            // VACUUM too: it moves the rows just added out of the trigram index's pending list,
            // whose size (whatever autovacuum has done meanwhile) the planner counts in that
            // index's cost; after ANALYZE alone the plan sometimes went the other way.
            try await sql.raw("VACUUM ANALYZE contacts").run()
            func plan(_ query: SQLQueryString, seqScan: Bool = true) async throws -> String {
                try await sql.withSession { session in
                    // At test scale a sequential scan is cheapest; switching it off shows which
                    // index the planner can use when the table is large.
                    if !seqScan { try await session.raw("SET enable_seqscan = off").run() }
                    let rows = try await session.raw("EXPLAIN (FORMAT TEXT) " + query).all()
                    // Reset before the connection goes back to the pool, not in a task after it.
                    if !seqScan { try await session.raw("RESET enable_seqscan").run() }
                    return try rows.map { try $0.decode(column: "QUERY PLAN", as: String.self) }.joined(separator: "\n")
                }
            }
            let firstPage = try await plan(
                """
                SELECT * FROM contacts WHERE owner_id = \(bind: owner) ORDER BY sort_last, sort_first, id LIMIT 25 OFFSET 0
                """, seqScan: false)
            #expect(firstPage.contains("contacts_owner_sort_idx"), "\(firstPage)")
            #expect(!firstPage.contains("Sort  "), "\(firstPage)") // read in order, no sort step
            let search = try await plan(
                """
                SELECT count(*) FROM contacts WHERE owner_id = \(bind: owner) AND search_text LIKE \(bind: "%contact1234@%") ESCAPE '\\'
                """, seqScan: false)
            #expect(search.contains("contacts_search_trgm_idx"), "\(search)")
            #expect(!search.contains("Seq Scan"), "\(search)")
            let trigram = try await sql.raw(
                "SELECT indexdef FROM pg_indexes WHERE indexname = 'contacts_search_trgm_idx' AND schemaname = current_schema()"
            )
            .first()?.decode(column: "indexdef", as: String.self)
            #expect(trigram?.contains("gin (search_text public.gin_trgm_ops)") == true, "\(trigram ?? "no trigram index")")
        }
    }
}
