import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

@Suite("A message kept in the database")
struct StoredMessageTests {
    @Test("every kind of argument, nested messages too, reads back the same")
    func roundTrip() throws {
        let message = Message(
            "{source}: {reason}. The current rates stay in place.",
            [
                "source": .message(RateSource.ecb.displayName),
                "reason": .message(
                    Message(
                        "the rates were rejected: {reason}",
                        ["reason": .message(Message("the rate for {code} is not a number", ["code": .text("USD")]))])),
                "number": .number("1234.5"), "day": .day(CalendarDate(year: 2020, month: 3, day: 13)!),
                "weekday": .dayWithWeekday(CalendarDate(year: 1999, month: 1, day: 4)!), "age": .daysAgo(3),
            ])
        let text = try #require(message.storedText)
        #expect(Message(storedText: text) == message)
        #expect(text.hasPrefix(#"{"arguments":{"age":{"daysAgo":3},"day":{"day":"2020-03-13"}"#))
        #expect(
            Message(storedText: #"{"format":"A refresh is already running; try again in a moment."}"#)
                == Message("A refresh is already running; try again in a moment."))
    }

    @Test("what is not a stored message is refused rather than misread")
    func refused() {
        for text in [
            "", "Stored 30 rates.", "{}", #"{"format":"x","arguments":{"a":{}}}"#,
            #"{"format":"x","arguments":{"a":{"day":"2020-02-30"}}}"#,
            #"{"format":"x","arguments":{"a":{"text":"1","number":"2"}}}"#,
        ] {
            #expect(Message(storedText: text) == nil, "\(text)")
        }
    }
}
