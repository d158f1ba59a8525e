import Fluent
import SQLKit

/// The contacts book. Two indexes keep a 10,000-contact book fast: the list reads one owner's
/// rows in sort order straight off a B-tree, and on PostgreSQL a trigram index answers
/// substring searches without reading every row.
package struct CreateContacts: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.CreateContacts" }

    package func prepare(on database: any Database) async throws {
        try await database.schema(ContactModel.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("first_name", .string, .required)
            .field("last_name", .string, .required)
            .field("email", .string)
            .field("phone", .string)
            .field("notes", .string, .required)
            .field("sort_last", .string, .required)
            .field("sort_first", .string, .required)
            .field("search_text", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        let sql = database as! any SQLDatabase
        try await sql.create(index: "contacts_owner_sort_idx").on(ContactModel.schema)
            .column("owner_id").column("sort_last").column("sort_first").column("id")
            .run()
        if sql.dialect.name == "postgresql" {
            if let schema = try await trigramSchema(sql) {
                try await sql.raw(
                    """
                    CREATE INDEX contacts_search_trgm_idx ON contacts USING gin (search_text \(ident: schema).gin_trgm_ops)
                    """
                ).run()
            } else {
                database.logger.warning("pg_trgm is not available: contact search works without its index (slower for very large books).")
            }
        }
    }

    /// The schema holding pg_trgm, installing it if needed. It ships with PostgreSQL and is a
    /// trusted extension (13+), so a database owner may create it; extensions are database-wide,
    /// so it goes in `public` rather than in whatever schema this app uses. `nil` if it cannot be had.
    private func trigramSchema(_ sql: any SQLDatabase) async throws -> String? {
        if let schema = try await installedTrigramSchema(sql) { return schema }
        do {
            try await sql.raw("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public").run()
        } catch {
            // Created concurrently by another migration, or not permitted: look again.
            sql.logger.notice("CREATE EXTENSION pg_trgm: \(String(reflecting: error))")
        }
        return try await installedTrigramSchema(sql)
    }

    private func installedTrigramSchema(_ sql: any SQLDatabase) async throws -> String? {
        try await sql.raw(
            """
            SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
            WHERE e.extname = 'pg_trgm'
            """
        ).first()?.decode(column: "schema", as: String.self)
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(ContactModel.schema).delete()
    }

    package init() {}
}
