import Core
import Testing

@Suite("A local path (where Sign in returns to)")
struct LocalPathTests {
    @Test(
        "a path on this site is kept as it was written",
        arguments: ["/", "/?from=USD&to=EUR&amount=100", "/rates/USD/EUR?range=5y", "/%2e", "/%25", "/%2", "/%", "/%3Ff", "/a%2f"])
    func kept(path: String) {
        #expect(LocalPath(path)?.value == path)
    }

    @Test(
        "another host, or a separator a proxy could decode into one, is refused",
        arguments: [
            "//evil.example", "/\\evil.example", "https://evil.example/", "evil.example", "", "/%2f%2fevil.example",
            "/%2F%2Fevil.example", "/%2Fevil.example", "/%5cevil.example", "/%5Cevil.example", "/ok\u{0}", "/tab\there", "/a\\b",
        ])
    func refused(path: String) {
        #expect(LocalPath(path) == nil)
    }

    @Test("nil and a path longer than 2,000 characters are refused")
    func nilAndLong() {
        #expect(LocalPath(nil) == nil)
        #expect(LocalPath("/" + String(repeating: "a", count: 2_000)) == nil)
        #expect(LocalPath("/" + String(repeating: "a", count: 1_999)) != nil)
    }
}
