/// The text of each file of a new page, in the app's style. `--form` adds the form's parts.
struct PageFiles {
    let request: PageRequest

    private var name: String { request.name }
    private var route: String { request.routeCase }
    private var template: String { request.templateName }
    private var title: String { request.title }
    private var path: String { request.path }
    private var form: Bool { request.hasForm }

    var contract: String {
        if !form {
            return #"""
                import Core
                import Foundation

                /// \#(title): what this page is for (say it here in one sentence).
                ///
                /// - `GET \#(path)` shows the page.
                enum \#(name) {
                    struct Output: Sendable, Equatable {
                        let today: CalendarDate
                    }

                    /// What `\#(template).leaf` renders.
                    struct ViewModel: Encodable, Sendable, Equatable {
                        let title: String
                        let heading: String
                        let today: String
                    }
                }

                """#
        }
        return #"""
            import Core
            import Foundation

            /// \#(title): what this page is for (say it here in one sentence).
            ///
            /// - `GET \#(path)` shows the form.
            /// - `POST \#(path)` (CSRF-checked) checks it: 422 with a message at each wrong field and
            ///   what was typed kept, or a 303 back to the page, which says what was saved.
            enum \#(name) {
                static let maxNameLength = 100

                /// The form as posted (field name `name`).
                struct Input: Sendable, Equatable, Codable {
                    var name: String?
                }

                enum Field: String, Sendable {
                    case name
                }

                /// What is wrong with a field; the presenter words it.
                enum Problem: Sendable, Equatable {
                    case missing
                    case tooLong(limit: Int)
                }

                enum Outcome: Sendable, Equatable {
                    case saved(name: String)
                    /// Back to the form (422) with a problem per field and the input kept.
                    case invalid([Field: Problem], input: Input)
                }

                struct Output: Sendable, Equatable {
                    let today: CalendarDate
                    let input: Input
                    let problems: [Field: Problem]
                    let flash: String?
                }

                /// What `\#(template).leaf` renders.
                struct ViewModel: Encodable, Sendable, Equatable {
                    let title: String
                    let heading: String
                    let today: String
                    let flash: String?
                    let actionURL: String
                    let name: String
                    let nameError: String?
                    let nameMaxLength: Int
                }
            }

            """#
    }

    var interactor: String {
        if !form {
            return #"""
                import Core
                import Foundation

                /// The \#(title.lowercased()) use case: what the page shows, from the services it is given.
                struct \#(name)Interactor: Sendable {
                    let now: @Sendable () -> Date

                    func show() async -> \#(name).Output {
                        \#(name).Output(today: CalendarDate(containing: now()))
                    }
                }

                """#
        }
        return #"""
            import Core
            import Foundation

            /// The \#(title.lowercased()) use case: the form's rules, and what a valid form does.
            struct \#(name)Interactor: Sendable {
                let now: @Sendable () -> Date

                /// The form: empty, or as typed with its problems.
                func show(
                    _ input: \#(name).Input = .init(), problems: [\#(name).Field: \#(name).Problem] = [:], flash: String? = nil
                ) async -> \#(name).Output {
                    \#(name).Output(today: CalendarDate(containing: now()), input: input, problems: problems, flash: flash)
                }

                /// Checks the form; the name is kept without the spaces around it.
                func submit(_ input: \#(name).Input) async -> \#(name).Outcome {
                    let name = (input.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                    var problems: [\#(name).Field: \#(name).Problem] = [:]
                    if name.isEmpty {
                        problems[.name] = .missing
                    } else if name.count > \#(name).maxNameLength {
                        problems[.name] = .tooLong(limit: \#(name).maxNameLength)
                    }
                    guard problems.isEmpty else { return .invalid(problems, input: input) }
                    return .saved(name: name)
                }
            }

            """#
    }

    /// The English texts the page's template and presenter write, to be translated.
    var texts: [String] {
        [title, "Today is {day}."] + (form ? ["Name", "Save", "Saved “{name}”.", "Enter a name.", "Use at most {count} characters."] : [])
    }

    var presenter: String {
        let formFields = #"""
            ,
                        flash: output.flash,
                        actionURL: SiteURL.\#(route).path,
                        name: output.input.name ?? "",
                        nameError: output.problems[.name].map { Self.message($0, in: l) },
                        nameMaxLength: \#(name).maxNameLength
            """#
        let formMessages = #"""


                /// The message for the next page after a valid form.
                func flash(saved name: String, in l: Localization) -> Flash {
                    .success(l.text("Saved “{name}”.", ["name": name]))
                }

                static func message(_ problem: \#(name).Problem, in l: Localization) -> String {
                    switch problem {
                    case .missing: l.text("Enter a name.")
                    case .tooLong(let limit): l.text("Use at most {count} characters.", ["count": l.number(String(limit))])
                    }
                }
            """#
        return #"""
            \#(form ? "import Core\n" : "")import Web

            /// The \#(title.lowercased()) page's wording\#(form ? ": the form, its messages, what was saved" : ""), in
            /// the visitor's language (`l`). Its texts are translated in `Resources/Translations/*.po`.
            struct \#(name)Presenter: Sendable {
                func present(_ output: \#(name).Output, in l: Localization) -> \#(name).ViewModel {
                    \#(name).ViewModel(
                        title: "\(l.text("\#(title)")) · \(l.text("Currency Converter"))",
                        heading: l.text("\#(title)"),
                        today: l.text("Today is {day}.", ["day": l.date(output.today)])\#(form ? formFields : ""))
                }\#(form ? formMessages : "")
            }

            """#
    }

    var router: String {
        if !form {
            return #"""
                /// Where the \#(title.lowercased()) page sends the browser next. It has no redirects yet;
                /// give it one here when it does, as a ``Redirection`` (see `ContactFormRouter`).
                struct \#(name)Router: Sendable {}

                """#
        }
        return #"""
            /// Where the \#(title.lowercased()) page sends the browser next.
            struct \#(name)Router: Sendable {
                /// After a valid form: back to the page (303), which says what was saved.
                func afterSaving() -> Redirection { .seeOther(.\#(route)) }
            }

            """#
    }

    var view: String {
        let show =
            form
            ? #"""
                    try await request.browserSession.ensure() // carries the form's CSRF token
                    let flash = try await request.browserSession.takeFlash()?.message
                    let output = await interactor.show(flash: flash)
            """#
            : "        let output = await interactor.show()"
        let submit = #"""


                /// `POST \#(path)` (CSRF-checked).
                func submit(_ request: Request) async throws -> Response {
                    let input = try request.form(\#(name).Input.self)
                    switch await interactor.submit(input) {
                    case .saved(let name):
                        await request.browserSession.flash(presenter.flash(saved: name, in: request.localization), logger: request.logger)
                        return Response(router.afterSaving())
                    case .invalid(let problems, let kept):
                        let output = await interactor.show(kept, problems: problems)
                        return try await request.renderPage(
                            "\#(template)", presenter.present(output, in: request.localization), status: .unprocessableEntity)
                    }
                }
            """#
        return #"""
            import Vapor
            import Web

            /// The \#(title.lowercased()) page over HTTP.
            struct \#(name)View: Sendable {
                let interactor: \#(name)Interactor
                let presenter: \#(name)Presenter
                let router: \#(name)Router

                /// `GET \#(path)`.
                func show(_ request: Request) async throws -> Response {
            \#(show)
                    return try await request.renderPage("\#(template)", presenter.present(output, in: request.localization))
                }\#(form ? submit : "")
            }

            """#
    }

    var assembly: String {
        let post = form ? "\n        routes.grouped(CSRFMiddleware()).post(.\(route), use: view.submit)" : ""
        return #"""
            import Vapor
            import Web

            /// Wires the \#(name) module\#(form ? "; its POST sits behind the CSRF check" : " and registers its route").
            enum \#(name)Assembly {
                static func register(on routes: any RoutesBuilder, services: AppServices) {
                    let view = \#(name)View(
                        interactor: \#(name)Interactor(now: services.now),
                        presenter: \#(name)Presenter(),
                        router: \#(name)Router())
                    routes.get(.\#(route), use: view.show)\#(post)
                }
            }

            """#
    }

    var leafTemplate: String {
        let formHTML = #"""
              <form class="stacked-form" method="post" action="#(actionURL)" novalidate>
                #csrfField()
                <div class="field">
                  <label for="name">#t("Name")</label>
                  <input id="name" name="name" type="text" required maxlength="#(nameMaxLength)" value="#(name)"#if(nameError): aria-invalid="true" aria-describedby="name-error"#endif>
                  #if(nameError):<p class="field-error" id="name-error">#(nameError)</p>#endif
                </div>
                <div class="actions">
                  <button class="button button-primary" type="submit">#t("Save")</button>
                </div>
              </form>

            """#
        return #"""
            #extend("layout"):
            #export("content"):
            <section class="card narrow" aria-labelledby="\#(template)-title">
              <h1 id="\#(template)-title">#(heading)</h1>
            \#(form ? "  #if(flash):<p class=\"flash\" role=\"status\">#(flash)</p>#endif\n" : "")  <p>#(today)</p>
            \#(form ? formHTML : "")</section>
            #endexport
            #endextend

            """#
    }

    var unitTests: String {
        let formTests = #"""

                @Test("a name is kept without the spaces around it; missing or too long is a message at the field")
                func validates() async {
                    #expect(await interactor.submit(.init(name: "  Ada  ")) == .saved(name: "Ada"))
                    let missing = await interactor.submit(.init(name: " "))
                    #expect(missing == .invalid([.name: .missing], input: .init(name: " ")))
                    let long = String(repeating: "x", count: 101)
                    #expect(await interactor.submit(.init(name: long)) == .invalid([.name: .tooLong(limit: 100)], input: .init(name: long)))
                }

                @Test("the form keeps what was typed and puts the message at its field")
                func presentsTheForm() async {
                    let output = await interactor.show(.init(name: "<b>"), problems: [.name: .missing])
                    let model = \#(name)Presenter().present(output, in: en)
                    #expect(model.name == "<b>" && model.nameError == "Enter a name.")
                    #expect(model.actionURL == "\#(path)")
                    #expect(\#(name)Presenter.message(.tooLong(limit: 100), in: en) == "Use at most 100 characters.")
                    #expect(\#(name)Presenter().flash(saved: "Ada", in: en) == .success("Saved “Ada”."))
                }

            """#
        return #"""
            import Foundation
            import TestSupport
            import Testing

            @testable import App
            @testable import Core
            @testable import Web

            @Suite("\#(title) interactor and presenter")
            struct \#(name)Tests {
                let interactor = \#(name)Interactor(now: { testNow })

                @Test("shows today's date")
                func showsToday() async {
                    let model = \#(name)Presenter().present(await interactor.show(), in: en)
                    #expect(model.title == "\#(title) · Currency Converter")
                    #expect(model.heading == "\#(title)")
                    #expect(model.today == "Today is May 12, 2025.")
                }
            \#(form ? formTests : "")}

            """#
    }

    var pageTests: String {
        let formTests = #"""

                @Test("the form: CSRF-checked, 422 with the message at the field, then 303 and a message saying what was saved")
                func submits() async throws {
                    try await withPostgresApp { app in
                        let browser = TestBrowser(app)
                        try await browser.get("\#(path)")
                        #expect(try await browser.post("\#(path)", [("name", "Ada")], csrf: "forged").status == .forbidden)
                        let invalid = try await browser.post("\#(path)", [("name", "  ")])
                        #expect(invalid.status == .unprocessableEntity)
                        #expect(invalid.html.contains("<p class=\"field-error\" id=\"name-error\">Enter a name.</p>"))
                        let saved = try await browser.post("\#(path)", [("name", "Ada <b>")])
                        #expect(saved.status == .seeOther)
                        #expect(saved.headers.first(name: .location) == "\#(path)")
                        #expect(try await browser.get("\#(path)").html.contains("Saved “Ada &lt;b&gt;”."))
                    }
                }

            """#
        return #"""
            import Testing
            import Vapor

            @testable import App
            @testable import Core
            @testable import Web

            @Suite("\#(title) page over HTTP on PostgreSQL")
            struct \#(name)PageTests {
                @Test func showsThePage() async throws {
                    try await withPostgresApp { app in
                        let page = try await TestBrowser(app).get("\#(path)")
                        #expect(page.status == .ok)
                        #expect(page.html.contains("<h1 id=\"\#(template)-title\">\#(title)</h1>"))
                    }
                }
            \#(form ? formTests : "")}

            """#
    }
}
