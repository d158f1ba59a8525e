import Fluent
import SQLKit

/// On PostgreSQL, announces `rates` on ``ChangeListener/channel`` whenever snapshots are stored,
/// changed or removed, so that every instance forgets the days it keeps for rate history
/// (``CachedRateHistoryService``). A statement trigger: one announcement per statement, and
/// PostgreSQL folds the same announcement within a transaction into one. The embedded SQLite
/// database has one instance and needs none.
package struct AddRateChangeNotifications: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.AddRateChangeNotifications" }

    package func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw(
            """
            CREATE OR REPLACE FUNCTION cc_announce_rates_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('\(unsafeRaw: ChangeListener.channel)', '\(unsafeRaw: ChangeListener.ratesChanged)');
                RETURN NULL;
            END $$
            """
        ).run()
        for table in [RateSnapshotModel.schema, SnapshotRateModel.schema] {
            try await sql.raw(
                """
                CREATE TRIGGER \(ident: table + "_announce_change") AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(ident: table)
                FOR EACH STATEMENT EXECUTE FUNCTION cc_announce_rates_change()
                """
            ).run()
        }
    }

    package func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        for table in [RateSnapshotModel.schema, SnapshotRateModel.schema] {
            try await sql.raw("DROP TRIGGER IF EXISTS \(ident: table + "_announce_change") ON \(ident: table)").run()
        }
        try await sql.raw("DROP FUNCTION IF EXISTS cc_announce_rates_change()").run()
    }

    package init() {}
}
