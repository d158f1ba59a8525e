import Fluent
import SQLKit

/// On PostgreSQL, announces every change to a session or a user on the channel
/// ``ChangeListener/channel``, so that every instance's ``SessionCache`` forgets it at
/// once: a session's id when it is updated (a flash message) or deleted (sign-out, rotation,
/// expiry, its user deleted), `*` when a user changes. Triggers rather than calls in the app:
/// a change made any way at all (a script, `psql`, a later feature) is announced too.
/// The embedded SQLite database has one instance and needs none.
package struct AddSessionChangeNotifications: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.AddSessionChangeNotifications" }

    package func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        let channel = ChangeListener.channel
        try await sql.raw(
            """
            CREATE OR REPLACE FUNCTION cc_announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('\(unsafeRaw: channel)', OLD.id);
                RETURN NULL;
            END $$
            """
        ).run()
        try await sql.raw(
            """
            CREATE OR REPLACE FUNCTION cc_announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('\(unsafeRaw: channel)', '*');
                RETURN NULL;
            END $$
            """
        ).run()
        try await sql.raw(
            """
            CREATE TRIGGER sessions_announce_change AFTER UPDATE OR DELETE ON \(ident: SessionModel.schema)
            FOR EACH ROW EXECUTE FUNCTION cc_announce_session_change()
            """
        ).run()
        try await sql.raw(
            """
            CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON \(ident: UserModel.schema)
            FOR EACH ROW EXECUTE FUNCTION cc_announce_user_change()
            """
        ).run()
    }

    package func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw("DROP TRIGGER IF EXISTS sessions_announce_change ON \(ident: SessionModel.schema)").run()
        try await sql.raw("DROP TRIGGER IF EXISTS users_announce_change ON \(ident: UserModel.schema)").run()
        try await sql.raw("DROP FUNCTION IF EXISTS cc_announce_session_change()").run()
        try await sql.raw("DROP FUNCTION IF EXISTS cc_announce_user_change()").run()
    }

    package init() {}
}
