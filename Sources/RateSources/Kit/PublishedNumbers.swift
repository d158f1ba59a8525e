import Foundation

/// A JSON number a publisher computed in binary floating point and wrote with every digit the
/// float holds (`7.8245000000000005`, `2.7913999999999999`): read to 15 significant digits,
/// as many as a double carries faithfully, which gives back the figure it set (`7.8245`,
/// `2.7914`). Only for publishers that write such noise; everywhere else a number's own
/// digits are read (``PublishedJSON``).
struct FloatWritten: Decodable, Sendable {
    let value: Decimal

    init(from decoder: any Decoder) throws {
        self.value = Self.faithful(try decoder.singleValueContainer().decode(Decimal.self))
    }

    /// `written` rounded to 15 significant digits.
    static func faithful(_ written: Decimal) -> Decimal {
        guard written != 0, written.isFinite else { return written }
        // The power of ten of the first significant digit: 0 for 7.8, -4 for 0.00046.
        var magnitude = 0
        var scaled = written.magnitude
        while scaled >= 10 {
            scaled /= 10
            magnitude += 1
        }
        while scaled < 1 {
            scaled *= 10
            magnitude -= 1
        }
        var value = written
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 14 - magnitude, .plain)
        return rounded
    }
}

extension Decimal {
    /// A number with `,` between thousands (`3,576.42`, `16,172,267.24`).
    init?(thousandsSeparated text: some StringProtocol) {
        self.init(plainText: text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ""))
    }
}
