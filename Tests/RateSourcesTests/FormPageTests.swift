import Foundation
import Testing

@testable import RateSources

/// A form page read for what its POST must carry back: cookies and hidden fields.
@Suite("Form pages: the cookies and hidden fields a POST carries back")
struct FormPageTests {
    @Test("the Bank of Tanzania's page: its antiforgery token, and the cookie set with it, go first in the body")
    func recordedPage() throws {
        let data = try OfficialDocumentTests.fixture("bota-previous-rates-1.html")
        let page = try FormPage(
            data, setCookies: ["__RequestVerificationToken=c00k1e; path=/; HttpOnly", "ASP.NET_SessionId=s3ss; path=/; secure"])
        #expect(page.cookie == "__RequestVerificationToken=c00k1e; ASP.NET_SessionId=s3ss")
        let token = "jd5KNjc0tLCkU5rIQdshrRo3YaozVBmomb_abzQP-2Spzz7tGi9k4BzB_DYZP29qFbc77d63vGRfx8W9LAHW8Y1z2wJ49dl0uK02KGd9bJk1"
        #expect(page.inputs["__RequestVerificationToken"] == [token])
        #expect(page.inputs["dateFrom"] == [""], "an input without a value")
        #expect(
            try page.body(carrying: ["__RequestVerificationToken"], then: "dateFrom=05%2F19%2F2026")
                == "__RequestVerificationToken=\(token)&dateFrom=05%2F19%2F2026")
    }

    @Test("values are decoded from the page and encoded for the form; either quote; no cookie, no header")
    func encoding() throws {
        let html = #"<form><INPUT type='hidden' name='__VIEWSTATE' value='a+b/c=&amp;d'><input name="x" value="1 2"></form>"#
        let page = try FormPage(Data(html.utf8), setCookies: [])
        #expect(page.cookie == nil)
        #expect(try page.body(carrying: ["__VIEWSTATE", "x"], then: "") == "__VIEWSTATE=a%2Bb%2Fc%3D%26d&x=1%202")
    }

    @Test("the Central Bank of Sri Lanka's page: a checkbox per currency under one name, each value carried")
    func checkboxes() throws {
        let page = try FormPage(try OfficialDocumentTests.fixture("cbsl-exrates.html"), setCookies: [])
        let currencies = try #require(page.inputs["chk_cur[]"])
        #expect(currencies.count == 55 && currencies.first == "AUD~Australian Dollar")
        let body = try page.body(carrying: ["chk_cur[]"], then: "rangeType=dates")
        #expect(body.hasPrefix("chk_cur%5B%5D=AUD~Australian%20Dollar&chk_cur%5B%5D=BHD~Bahrain%20Dinar&"))
        #expect(body.hasSuffix("&rangeType=dates"))
    }

    @Test("a page without the field (an error page, a changed form) is refused, not posted half-filled")
    func missingField() throws {
        let page = try FormPage(Data("<html><body>Service unavailable</body></html>".utf8), setCookies: [])
        #expect(throws: RatesProviderError.unreadable("the form's page has no __RequestVerificationToken")) {
            try page.body(carrying: ["__RequestVerificationToken"], then: "dateFrom=1")
        }
        #expect(throws: RatesProviderError.self) { try FormPage(Data([0xFF, 0xFE, 0x00]), setCookies: []) }
    }
}
