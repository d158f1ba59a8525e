import Foundation
import Testing

@testable import Core
@testable import Web

@Suite("Form fields: one strict rule for query strings and form bodies")
struct FormFieldsTests {
    @Test func readsFieldsInOrder() throws {
        let fields = try FormFields(parsing: "from=USD&to=EUR&amount=1%2C5&note=a+b%20c&empty=&flag")
        #expect(fields.fields.map(\.name) == ["from", "to", "amount", "note", "empty", "flag"])
        #expect(fields["amount"] == "1,5" && fields["note"] == "a b c" && fields["empty"] == "" && fields["flag"] == "")
        #expect(try FormFields(parsing: "").fields.isEmpty && FormFields(parsing: "&&a=1&").fields.count == 1)
        #expect(try FormFields() == FormFields(parsing: "") && FormFields()["from"] == nil && FormFields().dictionary.isEmpty)
    }

    @Test("keeps what people type: any script, right-to-left marks, emoji, tabs and line breaks")
    func keepsRealText() throws {
        let text = "Ann\t\u{200F}مرحبا\u{202E}x\u{202C} 日本 🙂\r\nline"
        let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(try FormFields(parsing: "notes=" + encoded)["notes"] == text)
    }

    @Test("refuses control characters, anywhere", arguments: ["%00", "a%00b", "%1B%5B31m", "%7F", "%C2%85", "%08", "%0C"])
    func controlCharacters(value: String) {
        #expect(throws: FormFields.Problem.controlCharacters) { try FormFields(parsing: "q=" + value) }
        #expect(throws: FormFields.Problem.controlCharacters) { try FormFields(parsing: value + "=x") }
    }

    @Test("refuses bytes that are not UTF-8, lone surrogates included", arguments: ["%ED%A0%80", "%FF", "caf%E9", "%C0%AF", "%80"])
    func invalidUTF8(value: String) {
        #expect(throws: FormFields.Problem.invalidUTF8) { try FormFields(parsing: "q=" + value) }
    }

    @Test("refuses malformed escapes", arguments: ["%", "%4", "%zz", "a%g1"])
    func malformedEscapes(value: String) {
        #expect(throws: FormFields.Problem.self) { try FormFields(parsing: "q=" + value) }
    }

    @Test("a name given twice, or as an array, is refused: GET and POST cannot read it differently")
    func repeatsAndArrays() {
        #expect(throws: FormFields.Problem.repeated("from")) { try FormFields(parsing: "from=USD&from=EUR") }
        #expect(throws: FormFields.Problem.repeated("from")) { try FormFields(parsing: "from=USD&f%72om=EUR") }
        #expect(throws: FormFields.Problem.bracketedName("email[]")) { try FormFields(parsing: "email[]=a") }
        #expect(throws: FormFields.Problem.bracketedName("user[email]")) { try FormFields(parsing: "user%5Bemail%5D=a") }
        let many = (0...FormFields.maxFields).map { "f\($0)=1" }.joined(separator: "&")
        #expect(throws: FormFields.Problem.tooMany) { try FormFields(parsing: many) }
    }

    @Test func problemsReadAsSentences() {
        #expect(FormFields.Problem.repeated("to").description == "The parameter “to” is given more than once; send it once.")
        #expect(FormFields.Problem.controlCharacters.description.contains("control characters (such as a NUL byte)"))
    }
}

@Suite("Client addresses behind trusted proxies")
struct ClientAddressTests {
    @Test func ranges() throws {
        let block = try #require(IPAddressRange("10.0.0.0/8"))
        #expect(block.contains(IPAddressRange.bytes(of: "10.200.3.4")!))
        #expect(!block.contains(IPAddressRange.bytes(of: "11.0.0.1")!))
        #expect(try #require(IPAddressRange("192.168.1.7")).contains(IPAddressRange.bytes(of: "192.168.1.7")!))
        #expect(!(try #require(IPAddressRange("192.168.1.7")).contains(IPAddressRange.bytes(of: "192.168.1.8")!)))
        let v6 = try #require(IPAddressRange("fd00::/8"))
        #expect(v6.contains(IPAddressRange.bytes(of: "fd12:3456::1")!) && !v6.contains(IPAddressRange.bytes(of: "fe80::1")!))
        #expect(IPAddressRange.bytes(of: "::ffff:10.1.2.3") == [10, 1, 2, 3])
        #expect(IPAddressRange("10.0.0.0/12")!.contains([10, 15, 255, 255]) && !IPAddressRange("10.0.0.0/12")!.contains([10, 16, 0, 0]))
        for bad in ["", "proxy.example", "10.0.0.0/33", "10.0.0/8", "::1/129", "1.2.3.4/-1", "1.2.3.4/x"] {
            #expect(IPAddressRange(bad) == nil, "\(bad)")
        }
    }

    let resolver = ClientAddressResolver(trustedProxies: [IPAddressRange("127.0.0.1")!, IPAddressRange("10.0.0.0/8")!])

    @Test("X-Forwarded-For counts only from a trusted peer, read right to left past trusted hops")
    func resolves() {
        #expect(resolver.client(peer: "203.0.113.9", forwardedFor: ["1.2.3.4"]) == "203.0.113.9") // untrusted peer
        #expect(resolver.client(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        #expect(resolver.client(peer: "127.0.0.1", forwardedFor: ["198.51.100.7"]) == "198.51.100.7")
        // A client may put anything first; the hop our proxies appended is what counts.
        #expect(resolver.client(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 198.51.100.7, 10.1.1.1"]) == "198.51.100.7")
        #expect(resolver.client(peer: "127.0.0.1", forwardedFor: ["6.6.6.6", "198.51.100.7"]) == "198.51.100.7")
        #expect(resolver.client(peer: "127.0.0.1", forwardedFor: ["10.2.2.2, 10.1.1.1"]) == "10.2.2.2") // all trusted
        #expect(resolver.client(peer: "127.0.0.1", forwardedFor: ["not an address"]) == "127.0.0.1")
        #expect(resolver.client(peer: "127.0.0.1", forwardedFor: ["2001:0db8:0:0:0:0:0:1"]) == "2001:db8::1")
        #expect(resolver.client(peer: nil, forwardedFor: ["1.2.3.4"]) == ClientAddressResolver.unknown)
    }
}

@Suite("Log lines and waits")
struct LogTextTests {
    @Test("nothing a client sends can end a log line")
    func escapes() {
        #expect(LogText.escaped("/contacts/42") == "/contacts/42")
        #expect(LogText.escaped("/x\n[ CRITICAL ] forged\r\n") == "/x\\n[ CRITICAL ] forged\\r\\n")
        #expect(LogText.escaped("a\u{0}b\u{1B}[31m\u{7F}\u{85}\u{2028}") == "a\\u{0}b\\u{1B}[31m\\u{7F}\\u{85}\\u{2028}")
        #expect(LogText.escaped("already \\n escaped") == "already \\\\n escaped")
        #expect(LogText.escaped("مرحبا 日本") == "مرحبا 日本")
    }

    @Test func retryWait() {
        #expect(RetryWait(seconds: 749.2).header == "750" && RetryWait(seconds: 0.2).header == "1")
        #expect(en.text(RetryWait(seconds: 749.2)) == "13 minutes" && en.text(RetryWait(seconds: 30)) == "1 minute")
        #expect(
            Localizations.of(.ru).text(RetryWait(seconds: 749.2)) == "13 минут"
                && Localizations.of(.ru).text(RetryWait(seconds: 60)) == "1 минуту")
    }
}
