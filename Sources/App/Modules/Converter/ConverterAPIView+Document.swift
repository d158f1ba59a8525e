import Vapor

extension ConverterAPIView {
    /// The OpenAPI 3.1 description of the JSON API (`Resources/openapi.yaml`), read once at start.
    struct Document: Sendable {
        let text: String

        static func bundled() throws -> Document {
            guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml", subdirectory: "Resources") else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/openapi.yaml"])
            }
            return Document(text: try String(contentsOf: url, encoding: .utf8))
        }

        func response() -> Response {
            Response(status: .ok, headers: ["Content-Type": "application/yaml; charset=utf-8"], body: .init(string: text))
        }
    }
}
