import FluentSQLiteDriver
import Foundation

// SQLite has no exact decimal type: a `NUMERIC` column would turn 0.84770 into a binary
// float. Rates are therefore kept in a `TEXT` column as plain decimal text, and read back
// exactly. (PostgreSQL stores them as `numeric` through PostgresNIO's own Decimal support.)
extension Decimal: @retroactive SQLiteDataConvertible {
    public init?(sqliteData: SQLiteData) {
        switch sqliteData {
        case .text(let text): self.init(string: text, locale: Locale(identifier: "en_US_POSIX"))
        case .integer(let integer): self.init(integer)
        default: return nil
        }
    }

    public var sqliteData: SQLiteData? {
        .text(plainText)
    }
}

extension Database {
    /// The column type that stores a `Decimal` exactly on this database.
    package var exactDecimalType: DatabaseSchema.DataType {
        (self as? any SQLDatabase)?.dialect.name == "sqlite" ? .string : .custom("NUMERIC")
    }
}
