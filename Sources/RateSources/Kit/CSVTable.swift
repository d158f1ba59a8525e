import Core

/// A CSV document's rows under its header: each row's cell by the column's name.
struct CSVTable {
    let header: [String]
    let rows: [[String]]
    private let columns: [String: Int]

    /// `rows` whose first is the header; the header must name every column in `required`.
    init(_ rows: [[String]], required: [String], what: String) throws(RatesProviderError) {
        guard let header = rows.first else { throw .unreadable("not \(what): it is empty") }
        self.header = header.map { $0.trimmingCharacters(in: .whitespaces) }
        self.rows = Array(rows.dropFirst())
        self.columns = Dictionary(self.header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for name in required where columns[name] == nil { throw .unreadable("not \(what): no \(name) column") }
    }

    /// `row`'s cell in the column `name` (empty where the row is short).
    func cell(_ row: [String], _ name: String) -> String {
        guard let index = columns[name], index < row.count else { return "" }
        return row[index].trimmingCharacters(in: .whitespaces)
    }
}
