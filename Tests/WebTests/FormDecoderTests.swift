import Foundation
import Testing

@testable import Web

@Suite("Forms read from the fields the input check parsed")
struct FormDecoderTests {
    struct Input: Decodable, Equatable {
        var name: String?
        var passwordConfirmation: String?
        var count: Int?
        var remember: Bool?

        enum CodingKeys: String, CodingKey {
            case name, count, remember
            case passwordConfirmation = "password_confirmation"
        }
    }

    func decode(_ body: String) throws -> Input {
        try FormDecoder().decode(Input.self, from: FormFields(parsing: body))
    }

    @Test("fields by name (the form's own names), missing ones nil, empty ones empty, numbers and flags from their text")
    func readsFields() throws {
        #expect(
            try decode("name=Ann+Lee&password_confirmation=a%26b&count=3&remember=true")
                == Input(name: "Ann Lee", passwordConfirmation: "a&b", count: 3, remember: true))
        #expect(try decode("") == Input())
        #expect(try decode("name=&csrf_token=x") == Input(name: ""))
    }

    @Test("a number that is not one is a decoding error (a 400 page), not a crash")
    func refusesWrongTypes() {
        #expect(throws: DecodingError.self) { try decode("count=three") }
    }
}
