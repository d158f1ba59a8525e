import Core

/// How one document is asked for, under the publisher's origin: a path and query to GET (a
/// string literal is one), or a form or SOAP envelope to POST.
package struct DocumentRequest: Sendable, Equatable, ExpressibleByStringInterpolation {
    package let pathAndQuery: String
    /// What a POST sends, and its content type; `nil` for a GET.
    package let body: Body?
    /// Headers the publisher wants besides the fetcher's (`Rsc: 1` for a React page's data).
    package var headers: [String: String] = [:]
    /// A short-lived token to GET first and send back in a header (the Banco Central de Costa
    /// Rica's anonymous JWT in `Token-Csrf`).
    package var token: Token? = nil

    /// A page to GET first whose link to the document is followed: the publisher moves the
    /// document (a workbook named by its month) and links it from a page that stays.
    package var link: Link? = nil
    /// What an operator may call this document to give it an address of its own (`latest`,
    /// `history`: ``ProviderFeed``'s `moved`), rather than moving the publisher's whole origin.
    package var name: String? = nil

    /// The page (a path on the publisher's host) and how the link's address ends (`.xlsx`).
    package struct Link: Sendable, Equatable {
        package let page: String
        package let ending: String
        /// What the link's address must also hold (`_2024_`, a year among a list of years'), if anything.
        package var containing: String? = nil
        /// What the link's text must hold (where addresses are opaque ids), if anything.
        package var labelled: String? = nil
        /// The publisher's own origin, whose links are followed under the configured one
        /// (`<ID>_BASE_URL`) when the publisher is moved: a page links to itself absolutely.
        package var publicOrigin: String? = nil
    }

    /// Where a token is handed out (a path on the publisher's host) and the header it goes back in.
    package struct Token: Sendable, Equatable {
        package let page: String
        package let header: String
    }

    package struct Body: Sendable, Equatable {
        package let text: String
        package let contentType: String
        /// The `SOAPAction` header a SOAP 1.1 service routes by.
        package var soapAction: String? = nil
        /// The page a form is taken from, when its POST must carry what the page hands out.
        package var form: Form? = nil
    }

    /// A form page to GET before posting: its cookies go back with the POST, and so do the
    /// hidden fields named in `carrying`, before the request's own fields.
    package struct Form: Sendable, Equatable {
        package let page: String
        package let carrying: [String]
        /// The page is read again before each POST, where the token it hands out serves once
        /// (else one read serves every document of a fetch).
        package var freshPage = false
    }

    package init(stringLiteral value: String) {
        self.init(pathAndQuery: value, body: nil)
    }

    package init(stringInterpolation: DefaultStringInterpolation) {
        self.init(pathAndQuery: String(stringInterpolation: stringInterpolation), body: nil)
    }

    private init(pathAndQuery: String, body: Body?) {
        self.pathAndQuery = pathAndQuery
        self.body = body
    }

    /// This request, called `name` (``name``).
    package func named(_ name: String) -> DocumentRequest {
        var request = self
        request.name = name
        return request
    }

    /// This request with the header `name: value` too.
    package func with(header name: String, _ value: String) -> DocumentRequest {
        var request = self
        request.headers[name] = value
        return request
    }

    /// The document `page` links to, its address ending in `ending` (and holding `containing`,
    /// its text `labelled`, where given): the first such link on the page, on the publisher's own host.
    package static func linked(from page: String, ending: String, containing: String? = nil, labelled: String? = nil) -> DocumentRequest {
        var request = DocumentRequest.get(page)
        request.link = Link(page: page, ending: ending, containing: containing, labelled: labelled)
        return request
    }

    /// This request, sent with the token a GET of `page` answers, in the header `header`.
    package func with(token page: String, header: String) -> DocumentRequest {
        var request = self
        request.token = Token(page: page, header: header)
        return request
    }

    /// A GET of `pathAndQuery` (for one built of parts; a literal is one already).
    package static func get(_ pathAndQuery: String) -> DocumentRequest {
        DocumentRequest(pathAndQuery: pathAndQuery, body: nil)
    }

    /// A POST of `body` (`application/x-www-form-urlencoded`, JSON or a SOAP envelope).
    package static func post(_ pathAndQuery: String, _ body: String, contentType: String) -> DocumentRequest {
        DocumentRequest(pathAndQuery: pathAndQuery, body: Body(text: body, contentType: contentType))
    }

    /// A form posted to `path` as a browser would, after a GET of `page`: the POST sends back
    /// the cookies the page set and its hidden fields named in `carrying` (an antiforgery
    /// token, ASP.NET's `__VIEWSTATE`), then `fields` (`dateFrom=…&dateTo=…`, encoded already).
    package static func form(_ path: String, page: String, carrying: [String], freshPage: Bool = false, _ fields: String) -> DocumentRequest
    {
        var body = Body(text: fields, contentType: "application/x-www-form-urlencoded")
        body.form = Form(page: page, carrying: carrying, freshPage: freshPage)
        return DocumentRequest(pathAndQuery: path, body: body)
    }

    /// A SOAP 1.1 call of `action` in `namespace` (ending in `/`) with `parameters` (name and
    /// text, escaped here).
    package static func soap(
        _ path: String, namespace: String, action: String, _ parameters: KeyValuePairs<String, String>
    )
        -> DocumentRequest
    {
        let fields = parameters.map { "<\($0.key)>\(XMLText.escaped($0.value))</\($0.key)>" }.joined()
        let envelope = """
            <?xml version="1.0" encoding="utf-8"?>
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <\(action) xmlns="\(namespace)">\(fields)</\(action)></soap:Body></soap:Envelope>
            """
        let body = Body(text: envelope, contentType: "text/xml; charset=utf-8", soapAction: "\"\(namespace)\(action)\"")
        return DocumentRequest(pathAndQuery: path, body: body)
    }
}

/// Text placed inside an XML element.
enum XMLText {
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
