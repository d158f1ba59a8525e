import Core

/// A message without arguments, written as its text: test expectations read as the page does.
extension Message: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) { self.init(text) }
}
