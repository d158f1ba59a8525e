import App
import Benchmark
import CSV
import Core
import Foundation
import NIOCore
import Persistence
import ServiceInterfaces

// The ledger's stages over the same 10,000 lines as `scripts/bench` posts (a German-style file:
// semicolons, decimal commas, DD.MM.YYYY, a byte-order mark, CRLF; a year of dates, six
// currencies): reading the rows, parsing the amounts, converting, and converting and writing.
// Issue 30's target over HTTP is 100,000 lines in 1.5 s, 15 µs a line; these say where a line's
// time goes. Measured on the 2-core machine: reading the rows with CSV.swift 3.6 µs a line,
// parsing an amount 0.2 µs, converting (reading included) 7.4 µs, writing 2 µs more; over HTTP
// 100,000 lines took 1.04 s, so CSV.swift stays (a byte-level reader is not needed for the target).
func ledgerBenchmarks() {
    // Each iteration is 10,000 lines (tens of milliseconds): a few seconds' worth of them.
    let configuration = Benchmark.Configuration(warmupIterations: 2, maxDuration: .seconds(3), maxIterations: 50)

    Benchmark("LedgerReadTenThousandRows", configuration: configuration) { benchmark in
        let stage = try LedgerStage.shared()
        for _ in benchmark.scaledIterations {
            let reader = try CSVReader(
                stream: InputStream(url: stage.spool.url)!, hasHeaderRow: false, trimFields: false, delimiter: ";")
            var rows = 0
            while let row = reader.next() { rows += row.count }
            blackHole(rows)
        }
    }

    Benchmark("LedgerParseTenThousandAmounts", configuration: configuration) { benchmark in
        let stage = try LedgerStage.shared()
        for _ in benchmark.scaledIterations {
            for text in stage.amounts { blackHole(LedgerAmount.parse(text, decimalComma: true)) }
        }
    }

    Benchmark("LedgerConvertTenThousandRows", configuration: configuration) { benchmark in
        let stage = try LedgerStage.shared()
        for _ in benchmark.scaledIterations {
            let run = try stage.run()
            while let row = run.next() { blackHole(row) }
        }
    }

    Benchmark("LedgerConvertAndWriteTenThousandRows", configuration: configuration) { benchmark in
        let stage = try LedgerStage.shared()
        for _ in benchmark.scaledIterations {
            let run = try stage.run()
            let writer = LedgerWriter(dialect: run.dialect, source: "ecb", fractionDigits: 2) { row, _ in "row \(row)" }
            var buffer = ByteBufferAllocator().buffer(capacity: 1 << 20)
            writer.writeHeader(run.header, into: &buffer)
            while let row = run.next() { writer.write(row, width: run.header.count, into: &buffer) }
            blackHole(buffer)
        }
    }
}

/// The file (spooled as an upload is) and a year of the ECB's days for six currencies.
final class LedgerStage: Sendable {
    static let lines = 10_000
    static let codes = ["USD", "GBP", "JPY", "CHF", "PLN", "CZK"]

    let spool: LedgerSpool
    let facts: LedgerSpool.Facts
    let amounts: [String]
    let days: RateDays

    static func shared() throws -> LedgerStage {
        if let stage = box.withLock({ $0 }) { return stage }
        let made = try LedgerStage()
        box.withLock { $0 = made }
        // A static value is never released, so its spool's file would outlive each benchmark's
        // process in the temporary folder (four files of 426 KB a run): released at exit.
        atexit { LedgerStage.box.withLock { $0 = nil } }
        return made
    }

    private static let box = Locked<LedgerStage?>(nil)

    private init() throws {
        let first = CalendarDate(iso8601: "2025-11-03")!
        var text = "\u{FEFF}Rechnung;Datum;Betrag;Währung;Kunde\r\n"
        var amounts: [String] = []
        for line in 0..<Self.lines {
            // The same lines every run (allocations are compared with the thresholds' exactly).
            let day = first.adding(days: line * 7_919 % 360)
            let cents = 100 + line * 104_729 % 999_999_900
            let amount = "\(cents / 100),\(String(cents % 100 + 100).dropFirst())"
            amounts.append(amount)
            let date = "\(String(day.day + 100).dropFirst()).\(String(day.month + 100).dropFirst()).\(day.year)"
            text += "R-\(line);\(date);\(amount);\(Self.codes[line % 6]);Kunde \(line % 97)\r\n"
        }
        self.amounts = amounts
        spool = try LedgerSpool()
        try spool.append(ByteBuffer(string: text))
        facts = try spool.finish()
        var builder = RateDays.Builder()
        let published = ["USD": "1.0815", "GBP": "0.8412", "JPY": "162.33", "CHF": "0.9374", "PLN": "4.2625", "CZK": "24.311"]
        for offset in -10..<370 {
            let day = first.adding(days: offset)
            let snapshot = UUID()
            for (code, rate) in published {
                builder.add(snapshot: snapshot, date: day, code: code, rate: Decimal(plainText: rate)!)
            }
        }
        days = builder.build()
    }

    func run() throws -> LedgerRun {
        let settings = LedgerSettings(booking: "EUR", rule: .sameDay, source: "ecb")
        let rates = LedgerRates(
            days: LedgerDays(days: days, base: "EUR", providers: ["ecb"]), cadence: .daily, fallback: nil,
            today: CalendarDate(iso8601: "2026-11-25")!, fractionDigits: 2, sourceName: Message("European Central Bank"))
        return try LedgerRun(
            url: spool.url, facts: facts, settings: settings, book: LedgerRateBook(rates: rates, settings: settings), fractionDigits: 2)
    }
}
