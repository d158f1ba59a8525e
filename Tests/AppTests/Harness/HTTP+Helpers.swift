import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

extension TestingHTTPResponse {
    var html: String { body.string }

    /// The `Set-Cookie` value for `name`, if the response sets it.
    func cookie(_ name: String) -> HTTPCookies.Value? {
        headers.setCookie?[name]
    }
}

/// A form body as a browser sends it.
func formBody(_ fields: [(String, String)]) -> (HTTPHeaders, ByteBuffer) {
    let allowed = CharacterSet.alphanumerics.union(.init(charactersIn: "-._~"))
    let text = fields.map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
    return (["Content-Type": "application/x-www-form-urlencoded"], ByteBuffer(string: text))
}

extension String {
    /// How many times `needle` occurs.
    func occurrences(of needle: String) -> Int {
        components(separatedBy: needle).count - 1
    }
}
