import Core

/// How one document is asked for, under the publisher's origin: a path and query to GET (a
/// string literal is one), or a form or SOAP envelope to POST.
package struct DocumentRequest: Sendable, Equatable, ExpressibleByStringInterpolation {
    package let pathAndQuery: String
    /// What a POST sends, and its content type; `nil` for a GET.
    package let body: Body?

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
    package static func form(_ path: String, page: String, carrying: [String], _ fields: String) -> DocumentRequest {
        var body = Body(text: fields, contentType: "application/x-www-form-urlencoded")
        body.form = Form(page: page, carrying: carrying)
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
