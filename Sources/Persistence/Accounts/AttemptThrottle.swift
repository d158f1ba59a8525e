import Core
import Fluent
import Foundation
import ServiceInterfaces

/// Limits on the attempts an attacker would repeat, counted per client (its address, see
/// ``ClientAddressResolver``) so that nobody can lock someone else out:
///
/// - sign-in: 5 failures for one account from one client in 15 minutes stop that client (only)
///   from trying that account; 20 failures from one client across any accounts stop that client
///   from trying any (password spraying). The owner, on another client, can always sign in.
/// - sign-up: 10 attempts from one client an hour (sign-up tells whether an email has an account).
package struct AttemptThrottle: Sendable {
    package struct Limit: Sendable, Equatable {
        package let attempts: Int
        package let window: TimeInterval
    }

    package enum Action: String, Sendable {
        case signInFailure = "sign-in-failure"
        case signUp = "sign-up"
    }

    package static let signInPerAccount = Limit(attempts: 5, window: 15 * 60)
    package static let signInPerClient = Limit(attempts: 20, window: 15 * 60)
    package static let signUpPerClient = Limit(attempts: 10, window: 60 * 60)

    package let database: DatabaseAccess

    /// Whether `client` may try to sign in to `email` now.
    package func signInRefusal(email: String, client: String, now: Date) async throws -> AttemptRefusal? {
        let account = EmailAddress.normalized(email)
        return try await database.run { database in
            if let wait = try await Self.wait(
                Self.signInPerAccount, now: now,
                ThrottleEventModel.query(on: database)
                    .filter(\.$action == Action.signInFailure.rawValue)
                    .filter(\.$account == account).filter(\.$client == client))
            {
                return AttemptRefusal(scope: .account, retryAfter: wait)
            }
            if let wait = try await Self.wait(
                Self.signInPerClient, now: now,
                ThrottleEventModel.query(on: database)
                    .filter(\.$action == Action.signInFailure.rawValue).filter(\.$client == client))
            {
                return AttemptRefusal(scope: .client, retryAfter: wait)
            }
            return nil
        }
    }

    package func recordSignInFailure(email: String, client: String, at now: Date) async throws {
        try await record(.signInFailure, client: client, account: EmailAddress.normalized(email), at: now)
    }

    /// A successful sign-in forgives this client's earlier failures for this account (never
    /// its failures for others, or one's own account would reset a sprayer's count).
    package func forgiveSignInFailures(email: String, client: String) async throws {
        let account = EmailAddress.normalized(email)
        try await database.run { database in
            try await ThrottleEventModel.query(on: database).filter(\.$action == Action.signInFailure.rawValue)
                .filter(\.$account == account).filter(\.$client == client).delete()
        }
    }

    /// Whether `client` may attempt a sign-up now.
    package func signUpRefusal(client: String, now: Date) async throws -> AttemptRefusal? {
        try await database.run { database in
            try await Self.wait(
                Self.signUpPerClient, now: now,
                ThrottleEventModel.query(on: database)
                    .filter(\.$action == Action.signUp.rawValue).filter(\.$client == client)
            )
            .map { AttemptRefusal(scope: .client, retryAfter: $0) }
        }
    }

    package func recordSignUp(client: String, at now: Date) async throws {
        try await record(.signUp, client: client, account: nil, at: now)
    }

    private func record(_ action: Action, client: String, account: String?, at now: Date) async throws {
        let longestWindow = max(Self.signInPerAccount.window, Self.signInPerClient.window, Self.signUpPerClient.window)
        try await database.run { database in
            try await ThrottleEventModel(action: action.rawValue, client: client, account: account, occurredAt: now)
                .create(on: database)
            // Rows past every window count for nothing: sweep them as new ones arrive.
            try await ThrottleEventModel.query(on: database)
                .filter(\.$occurredAt < now.addingTimeInterval(-longestWindow)).delete()
        }
    }

    /// Seconds until the oldest of the last `limit.attempts` events in the window leaves it, or
    /// `nil` while fewer than that many are in the window.
    private static func wait(_ limit: Limit, now: Date, _ events: QueryBuilder<ThrottleEventModel>) async throws -> TimeInterval? {
        let recent =
            try await events
            .filter(\.$occurredAt > now.addingTimeInterval(-limit.window))
            .sort(\.$occurredAt, .descending)
            .range(..<limit.attempts)
            .all()
        guard recent.count >= limit.attempts, let oldest = recent.last else { return nil }
        return max(1, oldest.occurredAt.addingTimeInterval(limit.window).timeIntervalSince(now))
    }
}

extension AttemptThrottle: SignInThrottling, SignUpThrottling {}
