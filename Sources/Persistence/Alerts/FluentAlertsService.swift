import Core
import Fluent
import Foundation
import SQLKit
import ServiceInterfaces

/// ``AlertsService`` over the app's database (PostgreSQL or SQLite alike). What several
/// instances may race on is decided by one conditional `UPDATE … RETURNING` each: a watch moves
/// on to a day once, and a delivery is taken by one instance at a time.
package struct FluentAlertsService: AlertsService {
    let database: DatabaseAccess

    package func alerts(owner: UUID) async throws -> [RateAlert] {
        try await database.run { database in
            try await RateAlertModel.query(on: database).filter(\.$owner.$id == owner).sort(\.$createdAt).sort(\.$id).all()
                .compactMap { $0.toEntity() }
        }
    }

    package func alert(id: UUID, owner: UUID) async throws -> RateAlert? {
        try await database.run { try await Self.model(id: id, owner: owner, on: $0)?.toEntity() }
    }

    package func create(_ alert: RateAlert) async throws -> Bool {
        try await database.transaction { database in
            let count = try await RateAlertModel.query(on: database).filter(\.$owner.$id == alert.ownerID).count()
            guard count < Self.maxPerUser else { return false }
            try await RateAlertModel(alert).create(on: database)
            return true
        }
    }

    package func update(_ alert: RateAlert) async throws -> Bool {
        try await database.run { database in
            guard let model = try await Self.model(id: alert.id, owner: alert.ownerID, on: database) else { return false }
            let addressChanged = model.webhookURL != alert.webhookURL
            model.apply(alert)
            if alert.webhookOff == nil { model.webhookFailures = 0 }
            if addressChanged { model.webhookFailures = 0 }
            model.emailFailures = 0
            try await model.update(on: database)
            return true
        }
    }

    package func delete(id: UUID, owner: UUID) async throws -> Bool {
        try await database.run { database in
            guard let model = try await Self.model(id: id, owner: owner, on: database) else { return false }
            try await model.delete(on: database)
            return true
        }
    }

    package func feedToken(owner: UUID) async throws -> String {
        try await database.run { database in
            if let feed = try await AlertFeedModel.find(owner, on: database) { return feed.token }
            let feed = AlertFeedModel(owner: owner, address: SecureToken.generate())
            do {
                try await feed.create(on: database)
                return feed.token
            } catch {
                // Made at the same moment by another request: that one's.
                guard let made = try await AlertFeedModel.find(owner, on: database) else { throw error }
                return made.token
            }
        }
    }

    package func rotateFeedToken(owner: UUID) async throws -> String {
        try await database.transaction { database in
            let token = SecureToken.generate()
            if let feed = try await AlertFeedModel.find(owner, on: database) {
                feed.token = token
                try await feed.update(on: database)
            } else {
                try await AlertFeedModel(owner: owner, address: token).create(on: database)
            }
            return token
        }
    }

    package func owner(ofFeedToken token: String) async throws -> UUID? {
        try await database.run { try await AlertFeedModel.query(on: $0).filter(\.$token == token).first()?.id }
    }

    package func notices(owner: UUID, limit: Int) async throws -> [AlertNotice] {
        try await database.run { database in
            try await AlertNoticeModel.query(on: database).filter(\.$ownerID == owner).sort(\.$createdAt, .descending)
                .sort(\.$day, .descending).limit(limit).all().compactMap { $0.toEntity() }
        }
    }

    package func allAlerts() async throws -> [RateAlert] {
        try await database.run { try await RateAlertModel.query(on: $0).all().compactMap { $0.toEntity() } }
    }

    package func advance(_ alert: RateAlert, to day: CalendarDate, rate: Decimal, notice: AlertNotice?) async throws -> Bool {
        let base = notice != nil ? rate : alert.baseRate ?? rate
        return try await database.transaction { database in
            let sql = database as! any SQLDatabase
            // Ids are UUIDs on PostgreSQL and text on SQLite: matched as Fluent binds them.
            let moved = try await sql.raw(
                """
                UPDATE \(ident: RateAlertModel.schema)
                SET last_day = \(bind: day.description), last_rate = \(bind: rate.plainText), base_rate = \(bind: base.plainText)
                WHERE id = \(bind: alert.id) AND (last_day IS NULL OR last_day < \(bind: day.description))
                RETURNING id
                """
            ).all()
            guard !moved.isEmpty else { return false }
            if let notice { try await AlertNoticeModel(notice).create(on: database) }
            return true
        }
    }

    package func claimDeliveries(_ channel: AlertChannel, now: Date, lease: TimeInterval, limit: Int) async throws -> [AlertDelivery] {
        let (state, due, attempts) = Self.columns(channel)
        let moment = now.timeIntervalSince1970
        return try await database.run { database in
            let sql = database as! any SQLDatabase
            let query = AlertNoticeModel.query(on: database).with(\.$alert)
            let candidates =
                switch channel {
                case .webhook:
                    try await query.filter(\.$webhookState == AlertNotice.DeliveryState.pending.rawValue).filter(\.$webhookDue <= moment)
                        .sort(\.$webhookDue).limit(limit).all()
                case .email:
                    try await query.filter(\.$emailState == AlertNotice.DeliveryState.pending.rawValue).filter(\.$emailDue <= moment)
                        .sort(\.$emailDue).limit(limit).all()
                }
            var claimed: [AlertDelivery] = []
            for model in candidates {
                // Taken only if still due: another instance that took it first moved its time on.
                let rows = try await sql.raw(
                    """
                    UPDATE \(ident: AlertNoticeModel.schema)
                    SET \(ident: due) = \(bind: moment + lease), \(ident: attempts) = \(ident: attempts) + 1
                    WHERE id = \(bind: model.id!) AND \(ident: state) = 'pending' AND \(ident: due) <= \(bind: moment)
                    RETURNING \(ident: attempts)
                    """
                ).all()
                guard let attempt = try rows.first?.decode(column: attempts, as: Int.self), let notice = model.toEntity() else { continue }
                let alert = model.alert
                let target = channel == .webhook ? alert.webhookURL : alert.email
                claimed.append(
                    AlertDelivery(
                        notice: notice, channel: channel, target: target ?? "", secret: alert.webhookSecret, attempt: attempt,
                        failuresBefore: channel == .webhook ? alert.webhookFailures : alert.emailFailures))
            }
            return claimed
        }
    }

    package func finish(
        _ delivery: AlertDelivery, state: AlertNotice.DeliveryState, retryAt: Date?, switchOff: WebhookSwitchOff?
    ) async throws {
        let (stateColumn, due, _) = Self.columns(delivery.channel)
        let failures = delivery.channel == .webhook ? "webhook_failures" : "email_failures"
        try await database.transaction { database in
            let sql = database as! any SQLDatabase
            try await sql.raw(
                """
                UPDATE \(ident: AlertNoticeModel.schema) SET \(ident: stateColumn) = \(bind: state.rawValue),
                \(ident: due) = \(bind: retryAt?.timeIntervalSince1970)
                WHERE id = \(bind: delivery.notice.id)
                """
            ).run()
            switch state {
            case .sent:
                try await sql.raw(
                    "UPDATE \(ident: RateAlertModel.schema) SET \(ident: failures) = 0 WHERE id = \(bind: delivery.notice.alertID)"
                )
                .run()
            case .failed:
                try await sql.raw(
                    """
                    UPDATE \(ident: RateAlertModel.schema) SET \(ident: failures) = \(ident: failures) + 1
                    WHERE id = \(bind: delivery.notice.alertID)
                    """
                ).run()
            default: break
            }
            guard let switchOff else { return }
            let switched = try await sql.raw(
                """
                UPDATE \(ident: RateAlertModel.schema) SET webhook_off = \(bind: switchOff.reason)
                WHERE id = \(bind: delivery.notice.alertID) AND webhook_off IS NULL AND webhook_failures >= \(bind: switchOff.failures)
                RETURNING id
                """
            ).all()
            guard !switched.isEmpty else { return }
            // The watch's other notices waiting for the webhook are not sent either.
            try await sql.raw(
                """
                UPDATE \(ident: AlertNoticeModel.schema) SET webhook_state = 'dropped', webhook_due = NULL
                WHERE alert_id = \(bind: delivery.notice.alertID) AND webhook_state = 'pending'
                """
            ).run()
        }
    }

    private static func columns(_ channel: AlertChannel) -> (state: String, due: String, attempts: String) {
        ("\(channel.rawValue)_state", "\(channel.rawValue)_due", "\(channel.rawValue)_attempts")
    }

    private static func model(id: UUID, owner: UUID, on database: any Database) async throws -> RateAlertModel? {
        try await RateAlertModel.query(on: database).filter(\.$id == id).filter(\.$owner.$id == owner).first()
    }
}
