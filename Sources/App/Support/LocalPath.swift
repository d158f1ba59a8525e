/// A path on this site, safe to redirect to after sign-in: it starts with a single `/`, names no
/// other host (`//evil.example`, `/\evil.example`), no scheme, and holds no control characters.
struct LocalPath: Sendable, Equatable {
    let value: String

    init?(_ text: String?) {
        guard let text, text.hasPrefix("/"), text.count <= 2000 else { return nil }
        let second = text.dropFirst().first
        guard second != "/", second != "\\",
              !text.contains("\\"),
              !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
              // A percent-encoded slash or backslash right after the first could be decoded by a
              // proxy into `//host`; no page of this app needs one there.
              !text.lowercased().hasPrefix("/%2f"), !text.lowercased().hasPrefix("/%5c")
        else { return nil }
        value = text
    }
}
