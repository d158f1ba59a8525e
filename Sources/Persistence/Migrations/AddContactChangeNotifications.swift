import Fluent
import SQLKit

/// On PostgreSQL, announces every change to a contact as `contacts:<owner id>` on
/// ``ChangeListener/channel``, so that every instance forgets that owner's cached contact pages
/// (``CachedContactsService``). PostgreSQL delivers one notification per owner however many rows
/// a transaction changes. The embedded SQLite database has one instance and needs none.
package struct AddContactChangeNotifications: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.AddContactChangeNotifications" }

    package func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw(
            """
            CREATE OR REPLACE FUNCTION cc_announce_contact_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP <> 'INSERT' THEN
                    PERFORM pg_notify('\(unsafeRaw: ChangeListener.channel)', '\(unsafeRaw: ChangeListener.contactsPrefix)' || OLD.owner_id::text);
                END IF;
                IF TG_OP <> 'DELETE' THEN
                    PERFORM pg_notify('\(unsafeRaw: ChangeListener.channel)', '\(unsafeRaw: ChangeListener.contactsPrefix)' || NEW.owner_id::text);
                END IF;
                RETURN NULL;
            END $$
            """
        ).run()
        try await sql.raw(
            """
            CREATE TRIGGER contacts_announce_change AFTER INSERT OR UPDATE OR DELETE ON \(ident: ContactModel.schema)
            FOR EACH ROW EXECUTE FUNCTION cc_announce_contact_change()
            """
        ).run()
    }

    package func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw("DROP TRIGGER IF EXISTS contacts_announce_change ON \(ident: ContactModel.schema)").run()
        try await sql.raw("DROP FUNCTION IF EXISTS cc_announce_contact_change()").run()
    }

    package init() {}
}
