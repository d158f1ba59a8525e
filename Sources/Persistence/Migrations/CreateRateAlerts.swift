import Fluent
import SQLKit

/// Rate watches, what they sent, and each user's feed address. A notice is unique per watch and
/// day: whichever instance stores it first is the one that delivers it, and a restart finds it
/// already there.
package struct CreateRateAlerts: AsyncMigration {
    package func prepare(on database: any Database) async throws {
        try await database.schema(RateAlertModel.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("from_code", .string, .required)
            .field("to_code", .string, .required)
            .field("source", .string, .required)
            .field("kind", .string, .required)
            .field("value", .string)
            .field("webhook_url", .string)
            .field("webhook_secret", .string, .required)
            .field("webhook_off", .string)
            .field("webhook_failures", .int, .required)
            .field("email", .string)
            .field("email_failures", .int, .required)
            .field("last_day", .string)
            .field("last_rate", .string)
            .field("base_rate", .string)
            .field("language", .string, .required)
            .field("created_at", .datetime)
            .create()
        try await database.schema(AlertNoticeModel.schema)
            .id()
            .field("alert_id", .uuid, .required, .references(RateAlertModel.schema, .id, onDelete: .cascade))
            .field("owner_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("from_code", .string, .required)
            .field("to_code", .string, .required)
            .field("source", .string, .required)
            .field("kind", .string, .required)
            .field("value", .string)
            .field("day", .string, .required)
            .field("rate", .string, .required)
            .field("previous_rate", .string)
            .field("language", .string, .required)
            .field("created_at", .datetime)
            .field("webhook_state", .string, .required)
            .field("webhook_attempts", .int, .required)
            .field("webhook_due", .double)
            .field("email_state", .string, .required)
            .field("email_attempts", .int, .required)
            .field("email_due", .double)
            .unique(on: "alert_id", "day")
            .create()
        try await database.schema(AlertFeedModel.schema)
            .field("owner_id", .uuid, .identifier(auto: false), .references(UserModel.schema, .id, onDelete: .cascade))
            .field("token", .string, .required)
            .unique(on: "token")
            .create()
        let sql = database as! any SQLDatabase
        try await sql.create(index: "rate_alerts_owner_idx").on(RateAlertModel.schema).column("owner_id").column("created_at").run()
        try await sql.create(index: "alert_notices_owner_idx").on(AlertNoticeModel.schema).column("owner_id").column("created_at").run()
        try await sql.create(index: "alert_notices_webhook_due_idx").on(AlertNoticeModel.schema).column("webhook_state")
            .column("webhook_due").run()
        try await sql.create(index: "alert_notices_email_due_idx").on(AlertNoticeModel.schema).column("email_state").column("email_due")
            .run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(AlertFeedModel.schema).delete()
        try await database.schema(AlertNoticeModel.schema).delete()
        try await database.schema(RateAlertModel.schema).delete()
    }

    package init() {}
}
