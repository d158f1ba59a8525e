import Core
import Foundation

/// Collects a publisher's rates day by day as its document lists them, and hands them out as one
/// ``FetchedRates`` per day, oldest first. A currency listed twice on one day with two
/// different rates makes the document unreadable (the same rate twice is tolerated).
struct PublishedDays {
    let source: RateSource
    private var days: [CalendarDate: [String: Decimal]] = [:]
    /// Each day's currencies written the other way from the source's ``Quotation``.
    private var reversed: [CalendarDate: Set<String>] = [:]
    /// Each day's buying and selling rates, per one unit, where the publisher writes them.
    private var sides: [CalendarDate: RateSides] = [:]

    init(_ source: RateSource) {
        self.source = source
    }

    /// `rate` is units of the home currency per `units` of `code` (or units of `code` per one
    /// unit of the home currency, as the source's ``Quotation`` says; the other way round where
    /// `reversed`, as a few of some publishers' rates are); stored per one unit.
    mutating func add(
        _ code: String, _ rate: Decimal, units: Int = 1, on date: CalendarDate, reversed isReversed: Bool = false
    ) throws(RatesProviderError) {
        guard rate > 0 else { throw .unreadable("\(code) on \(date) has the rate \(rate.plainText)") }
        guard units > 0 else { throw .unreadable("\(code) on \(date) is quoted per \(units) units") }
        let perUnit = rate.dividedByUnits(units)
        let earlier = days[date, default: [:]].updateValue(perUnit, forKey: code)
        let wasReversed = reversed[date]?.contains(code) ?? false
        if let earlier, earlier != perUnit || wasReversed != isReversed {
            throw .unreadable("\(code) appears twice on \(date) with different rates")
        }
        if isReversed { reversed[date, default: []].insert(code) }
    }

    /// The mean of a buying and a selling rate as written (read by `read`), per `units` of `code`:
    /// both there and above zero, or the document is refused, as a mean of one side and a zero
    /// (or of one side and nothing) is no rate.
    mutating func addMean(
        _ code: String, bought: String?, sold: String?, units: Int = 1, on date: CalendarDate,
        read: (String) -> Decimal? = { Decimal(published: $0) }
    ) throws(RatesProviderError) {
        guard let buying = bought.flatMap(read), let selling = sold.flatMap(read), buying > 0, selling > 0 else {
            throw .unreadable("\(code) on \(date) is bought at \(bought?.prefix(20) ?? "–"), sold at \(sold?.prefix(20) ?? "–")")
        }
        try add(code, (buying + selling) / 2, units: units, on: date)
        try addSides(code, buying: buying, selling: selling, units: units, on: date)
    }

    /// A publisher's buying and selling rates of `code` per `units`, beside the mid ``add(_:_:units:on:reversed:)``
    /// stores for it (the mean of the two, or a mid the publisher writes): both above zero, or
    /// the document is refused; a currency given two different pairs on one day too.
    mutating func addSides(
        _ code: String, buying: Decimal, selling: Decimal, units: Int = 1, on date: CalendarDate
    ) throws(RatesProviderError) {
        guard buying > 0, selling > 0, units > 0 else {
            throw .unreadable("\(code) on \(date) is bought at \(buying.plainText), sold at \(selling.plainText)")
        }
        let pair = (buying.dividedByUnits(units), selling.dividedByUnits(units))
        let earlier = (sides[date]?.buying[code], sides[date]?.selling[code])
        if let bought = earlier.0, let sold = earlier.1, bought != pair.0 || sold != pair.1 {
            throw .unreadable("\(code) appears twice on \(date) with different buying and selling rates")
        }
        sides[date, default: RateSides()].buying[code] = pair.0
        sides[date, default: RateSides()].selling[code] = pair.1
    }

    /// A publisher's buying and selling rates as written (read by `read`), where it writes both
    /// beside its mid: a pair that is missing, unreadable or not above zero is left out, and the
    /// mid stands alone for that currency.
    mutating func addSides(
        _ code: String, bought: String?, sold: String?, units: Int = 1, on date: CalendarDate,
        read: (String) -> Decimal? = { Decimal(published: $0) }
    ) throws(RatesProviderError) {
        guard let buying = bought.flatMap(read), let selling = sold.flatMap(read), buying > 0, selling > 0 else { return }
        try addSides(code, buying: buying, selling: selling, units: units, on: date)
    }

    var isEmpty: Bool { days.isEmpty }

    /// Each record's rate on `date`: its currency, units (`100`, or `1 t.u.` for a metal's troy
    /// ounce, read to the first space) and value under the names the publisher gives them; a code that is not a
    /// currency's (`SDR`, which some write for `XDR`, through `renamed`) is left out.
    mutating func add(
        _ records: [XMLRecords.Record], on date: CalendarDate, code codeName: String, units unitsName: String?, value valueName: String,
        renamed: [String: String] = [:]
    ) throws(RatesProviderError) {
        for record in records {
            guard let written = record[codeName], let code = Optional(renamed[written] ?? written), Currency.isWellFormedCode(code)
            else { continue }
            let unitsText = unitsName.map { record[$0]?.split(separator: " ").first.map(String.init) ?? "" } ?? "1"
            guard let units = Int(unitsText) else { throw .unreadable("\(code) is quoted per \(unitsText.prefix(20)) units") }
            guard let text = record[valueName], let value = Decimal(published: text) else {
                throw .unreadable("\(code)'s \(valueName) is \(record[valueName]?.prefix(20) ?? "missing"), not a number")
            }
            try add(code, value, units: units, on: date)
        }
    }

    /// ``fetched()``, or none where the document held days but none of those wanted (a
    /// document of every day read for a few, ``ProviderDeclaration/init(source:origin:documents:minimumCurrencies:parseDays:)``).
    func fetched(heldAny: Bool) throws(RatesProviderError) -> [FetchedRates] {
        days.isEmpty && heldAny ? [] : try fetched()
    }

    func fetched() throws(RatesProviderError) -> [FetchedRates] {
        guard !days.isEmpty else { throw .unreadable("the document holds no rates") }
        return try days.keys.sorted().map { date throws(RatesProviderError) in
            var day = FetchedRates(
                source: source.id, baseCurrency: source.homeCurrency!, effectiveDate: date, rates: days[date]!, quotation: source.quotation,
                reversed: reversed[date] ?? [])
            if let sides = sides[date] {
                // A side of a currency without a mid would be a rate the day does not have.
                if let code = sides.buying.keys.sorted().first(where: { day.rates[$0] == nil }) {
                    throw .unreadable("\(code) on \(date) has buying and selling rates but no rate")
                }
                day.sides = sides
            }
            return day
        }
    }
}

extension Decimal {
    /// This rate for one unit where it was quoted per `units` (100 JPY): exact when `units` is
    /// a power of ten (as every publisher's is), the exponent moved rather than a division made.
    func dividedByUnits(_ units: Int) -> Decimal {
        guard units != 1 else { return self }
        var power = units, places = 0
        while power % 10 == 0 {
            power /= 10
            places += 1
        }
        guard power == 1, let parts = DecimalParts(self),
            let shifted = DecimalParts(isNegative: parts.isNegative, mantissa: parts.mantissa, exponent: parts.exponent - places).decimal
        else { return self / Decimal(units) }
        return shifted
    }

    /// A publisher's number: plain digits with `.` or, as some write it, `,` for the point.
    init?(published text: some StringProtocol) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        self.init(plainText: trimmed.contains(",") ? trimmed.replacingOccurrences(of: ",", with: ".") : trimmed)
    }
}

/// The day formats publishers write besides ISO 8601.
enum PublishedDate {
    /// `25.04.2026` (the Bank of Russia, the National Bank of Ukraine).
    static func dotted(_ text: String) -> CalendarDate? { dayMonthYear(text, separator: ".") }

    /// `05/01/2026`, the 5th of January.
    static func slashed(_ text: String) -> CalendarDate? { dayMonthYear(text, separator: "/") }

    /// `05-01-2026`, the 5th of January (the Banco Central de Chile, TCMB).
    static func dashed(_ text: String) -> CalendarDate? { dayMonthYear(text, separator: "-") }

    private static func dayMonthYear(_ text: String, separator: Character) -> CalendarDate? {
        let parts = text.split(separator: separator)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
            let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// `17 Mar 2026` (the Bank of England), `03-Jan-2023` (the Reserve Bank of Australia) or
    /// `19-May-26` (the Bank of Tanzania: a two-digit year is 1970 to 2069).
    static func withMonthName(_ text: some StringProtocol, separator: Character) -> CalendarDate? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: separator)
        guard parts.count == 3, (1...2).contains(parts[0].count), parts[2].count == 4 || parts[2].count == 2,
            let day = Int(parts[0]), let month = monthNumbers[parts[1].lowercased()], let written = Int(parts[2])
        else { return nil }
        let year = parts[2].count == 4 ? written : written + (written < 70 ? 2000 : 1900)
        return CalendarDate(year: year, month: month, day: day)
    }

    /// `01.Set.26` (the Banco Central de Reserva del Perú): a Spanish month's abbreviation
    /// (`Ene`, `Ago`, `Set` or `Sep`, `Dic`) and a two- or four-digit year.
    static func withSpanishMonthName(_ text: some StringProtocol, separator: Character) -> CalendarDate? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: separator)
        guard parts.count == 3, let month = spanishMonthNumbers[parts[1].lowercased()] else { return nil }
        return withMonthName("\(parts[0])\(separator)\(monthNames[month - 1])\(separator)\(parts[2])", separator: separator)
    }

    /// `21 May 2026`, `26 April 2011` (the Maldives Monetary Authority): a month's name in full
    /// or as its first three letters.
    static func withFullMonthName(_ text: some StringProtocol) -> CalendarDate? {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let month = monthNumbers[parts[1].prefix(3).lowercased()],
            parts[1].count == 3 || parts[1].lowercased() == fullMonthNames[month - 1]
        else { return nil }
        return withMonthName("\(parts[0]) \(monthNames[month - 1]) \(parts[2])", separator: " ")
    }

    /// `Jan 02 2024` (the Reserve Bank of Malawi).
    static func withMonthName(monthFirst text: some StringProtocol) -> CalendarDate? {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let month = monthNumbers[parts[0].lowercased()], (1...2).contains(parts[1].count),
            let day = Int(parts[1]), parts[2].count == 4, let year = Int(parts[2])
        else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// `17/Mar/2026`, as the Bank of England's query asks for days.
    static func slashedWithMonthName(_ date: CalendarDate) -> String { withMonthName(date, separator: "/") }

    /// `02-Mar-2026` with `-` (Bank Indonesia's form), or another separator.
    static func withMonthName(_ date: CalendarDate, separator: Character) -> String {
        "\(twoDigits(date.day))\(separator)\(monthNames[date.month - 1])\(separator)\(date.year)"
    }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }

    /// `3` for `Mar` (any case).
    static func monthNumber(_ name: some StringProtocol) -> Int? { monthNumbers[name.lowercased()] }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Each month's number by its English abbreviation, lower-cased (`jan` is 1).
    static let monthNumbers = Dictionary(uniqueKeysWithValues: monthNames.enumerated().map { ($1.lowercased(), $0 + 1) })
    private static let fullMonthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]
    private static let spanishMonthNumbers = Dictionary(
        uniqueKeysWithValues: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "set", "oct", "nov", "dic"].enumerated().map {
            ($1, $0 + 1)
        } + [("sep", 9)])
}
