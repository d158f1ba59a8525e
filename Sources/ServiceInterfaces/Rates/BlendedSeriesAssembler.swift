import Core
import Foundation

extension BlendedSeries {
    /// Puts a blend of every day together from its days' rates, oldest first, and writes the same
    /// into an archive as it goes: a series built and one read back from its archive are made
    /// by the same steps from the same values, so their days are the same byte for byte.
    package struct Assembler {
        private let version: String
        private let versionBytes: [UInt8]
        private var builder = RateDays.Builder()
        private var outliers: [(date: CalendarDate, outliers: [Outlier])] = []
        /// `nil` when it is not written (a series read back from one).
        private var archive: ArchiveWriter?
        /// Each currency's number in the archive, by its first day.
        private var codes: [String: Int] = [:]

        /// `archiving`: whether to write the archive too.
        package init(version: String, archiving: Bool = true) {
            self.version = version
            versionBytes = Array(version.utf8)
            guard archiving else { return }
            var archive = ArchiveWriter()
            archive.bytes(Self.magic)
            archive.string(version)
            self.archive = archive
        }

        /// A day's blend: its rates (the base's 1 among them) and the quotes screened out.
        package mutating func add(date: CalendarDate, rates: [String: Decimal], outliers dayOutliers: [Outlier]) {
            builder.add(snapshot: Self.dayID(date, versionBytes), date: date, rates: rates, source: RateSourceID.blend)
            if !dayOutliers.isEmpty { outliers.append((date, dayOutliers)) }
            guard var archive = archive.take() else { return }
            defer { self.archive = archive }
            archive.byte(1)
            archive.integer(date.dayNumber)
            archive.integer(rates.count)
            for (code, rate) in rates.sorted(by: { $0.key < $1.key }) {
                number(code, into: &archive)
                archive.decimal(rate)
            }
            archive.integer(dayOutliers.count)
            for outlier in dayOutliers {
                archive.string(outlier.source.rawValue)
                number(outlier.currency, into: &archive)
                archive.integer(outlier.date.dayNumber)
                archive.decimal(outlier.value)
                archive.decimal(outlier.median)
                archive.decimal(outlier.deviation)
            }
        }

        /// A currency by its number, written out the first time.
        private mutating func number(_ code: String, into archive: inout ArchiveWriter) {
            if let known = codes[code] { return archive.integer(known) }
            archive.integer(codes.count)
            archive.string(code)
            codes[code] = codes.count
        }

        /// The series, built on `builtOn` from days whose versions are `sourceVersions`, and its
        /// archive (empty when it was not written).
        package func finish(builtOn: CalendarDate?, sourceVersions: [String]) -> (series: BlendedSeries, archive: [UInt8]) {
            var archive = archive
            archive?.byte(0)
            archive?.integer(builtOn.map { $0.dayNumber + 1 } ?? 0)
            archive?.integer(sourceVersions.count)
            for version in sourceVersions { archive?.string(version) }
            let series = BlendedSeries(
                days: builder.build(decoded: true), outliers: outliers.reversed(), version: version, builtOn: builtOn,
                sourceVersions: sourceVersions)
            return (series, archive?.written ?? [])
        }

        static let magic = Array("blended-series/1\n".utf8)

        /// Names a blended day for fingerprints: its date and the stored days it was blended from.
        private static func dayID(_ date: CalendarDate, _ version: [UInt8]) -> UUID {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in version {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            let day = UInt64(bitPattern: Int64(date.dayNumber))
            return UUID(
                uuid: (
                    UInt8(truncatingIfNeeded: hash >> 56), UInt8(truncatingIfNeeded: hash >> 48), UInt8(truncatingIfNeeded: hash >> 40),
                    UInt8(truncatingIfNeeded: hash >> 32), UInt8(truncatingIfNeeded: hash >> 24), UInt8(truncatingIfNeeded: hash >> 16),
                    UInt8(truncatingIfNeeded: hash >> 8), UInt8(truncatingIfNeeded: hash), UInt8(truncatingIfNeeded: day >> 56),
                    UInt8(truncatingIfNeeded: day >> 48), UInt8(truncatingIfNeeded: day >> 40), UInt8(truncatingIfNeeded: day >> 32),
                    UInt8(truncatingIfNeeded: day >> 24), UInt8(truncatingIfNeeded: day >> 16), UInt8(truncatingIfNeeded: day >> 8),
                    UInt8(truncatingIfNeeded: day)
                ))
        }
    }

    /// The series an archive holds (``Assembler``), put together again; `nil` for anything that
    /// is not one whole archive: the stored bytes are read as untrusted (every count checked
    /// against the bytes left, nothing reserved ahead of them).
    package init?(archive bytes: [UInt8]) {
        var reader = ArchiveReader(bytes)
        guard reader.bytes(Assembler.magic.count) == Assembler.magic, let version = reader.string() else { return nil }
        var assembler = Assembler(version: version, archiving: false)
        var codes: [String] = []
        func code() -> String? {
            guard let number = reader.integer(), number >= 0 else { return nil }
            if number < codes.count { return codes[number] }
            guard number == codes.count, let code = reader.string() else { return nil }
            codes.append(code)
            return code
        }
        /// A day, within ten thousand years of 1970 (a day number far beyond would overflow the calendar's arithmetic).
        func day(_ number: Int?) -> CalendarDate? {
            number.flatMap { abs($0) <= 3_652_500 ? CalendarDate(dayNumber: $0) : nil }
        }
        var previous: CalendarDate?
        while true {
            guard let marker = reader.byte(), marker <= 1 else { return nil }
            if marker == 0 { break }
            // Oldest first, one blend a day, as built.
            guard let date = day(reader.integer()), previous.map({ $0 < date }) ?? true, let count = reader.count() else { return nil }
            previous = date
            var rates: [String: Decimal] = [:]
            for _ in 0..<count {
                guard let code = code(), let rate = reader.decimal() else { return nil }
                rates[code] = rate
            }
            guard let outlierCount = reader.count() else { return nil }
            var outliers: [Outlier] = []
            for _ in 0..<outlierCount {
                guard let source = reader.string().flatMap(RateSourceID.init), let currency = code(), let date = day(reader.integer()),
                    let value = reader.decimal(), let median = reader.decimal(), let deviation = reader.decimal()
                else { return nil }
                outliers.append(
                    Outlier(
                        source: source, currency: currency, date: date, value: value, median: median,
                        deviation: deviation))
            }
            assembler.add(date: date, rates: rates, outliers: outliers)
        }
        // The day it was built on, one past its day number (0: none).
        guard let builtOn = reader.integer(), builtOn >= 0, let count = reader.count() else { return nil }
        let builtOnDay = builtOn == 0 ? nil : day(builtOn - 1)
        guard builtOn == 0 || builtOnDay != nil else { return nil }
        var sourceVersions: [String] = []
        for _ in 0..<count {
            guard let version = reader.string() else { return nil }
            sourceVersions.append(version)
        }
        guard reader.remaining == 0 else { return nil }
        self = assembler.finish(builtOn: builtOnDay, sourceVersions: sourceVersions).series
    }
}
