import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// Keeps this instance's caches (``ListenedCache``) in step with every other instance on
/// PostgreSQL: on a connection of its own it `LISTEN`s for the changes the triggers of
/// ``AddSessionChangeNotifications`` and ``AddContactChangeNotifications`` announce, and evicts
/// what they name: a session's digest, `*` (a user changed: every session),
/// `contacts:<owner>` (that owner's contact pages), or `rates` (a snapshot was stored: the
/// days kept for rate history, ``AddRateChangeNotifications``).
///
/// The caches are trusted only while listening. When the connection drops, fails to answer a
/// probe (a network that silently swallows traffic) or cannot be made, they are flushed and
/// bypassed; once listening again they start empty, because changes made meanwhile went unheard.
///
/// ``start(on:logger:)`` and ``stop()`` are the app's to call as it boots and shuts down.
package struct ChangeListener: Sendable {
    /// One channel for every change (named for the first of them).
    package static let channel = "cc_session_changes"
    package static let contactsPrefix = "contacts:"
    /// A snapshot of rates was stored (``AddRateChangeNotifications``).
    package static let ratesChanged = "rates"

    package struct Caches: Sendable {
        package let sessions: SessionCache
        package let contactPages: ContactPageCache
        package let rateDays: RateDaysCache

        package func setLive(_ live: Bool) {
            sessions.setLive(live)
            contactPages.setLive(live)
            rateDays.setLive(live)
        }

        /// Forgets what one announcement names.
        package func hear(_ payload: String) {
            if payload == "*" {
                sessions.flush()
            } else if payload == ChangeListener.ratesChanged {
                rateDays.snapshotsChanged()
            } else if payload.hasPrefix(ChangeListener.contactsPrefix) {
                contactPages.evict(String(payload.dropFirst(ChangeListener.contactsPrefix.count)))
            } else {
                sessions.evict(payload)
            }
        }
    }

    package let configuration: PostgresConnection.Configuration
    package let caches: Caches
    /// How often the connection is asked `SELECT 1`, and how long it has to answer.
    package var probeInterval: Duration = .seconds(5)
    package var probeTimeout: Duration = .seconds(2)
    /// The wait before connecting again after a failure.
    package var retryDelay: Duration = .seconds(1)
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)
    /// Whether `LISTEN` is in force now (the caches trusted).
    private let inForce = NIOLockedValueBox(false)

    /// How the listening connection of the instance `instance` names itself in `pg_stat_activity`.
    package static func applicationName(instance: String) -> String { "currency-converter \(instance) change listener" }

    package init(configuration: PostgresConnection.Configuration, caches: Caches, instance: String) {
        var configuration = configuration
        configuration.options.additionalStartupParameters.append(("application_name", Self.applicationName(instance: instance)))
        self.configuration = configuration
        self.caches = caches
    }

    /// Listens from now on, connecting again whenever the connection is lost, until ``stop()``;
    /// once started, starting again changes nothing.
    package func start(on loop: any EventLoop, logger: Logger) {
        task.withLockedValue { task in
            guard task == nil else { return }
            task = Task { await run(on: loop, logger: logger) }
        }
    }

    /// Waits until `LISTEN` is in force, at most `limit`: whether it is.
    package func listening(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !inForce.withLockedValue({ $0 }) {
            guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(5))) != nil else { return false }
        }
        return true
    }

    /// Stops listening; the caches are no longer trusted.
    package func stop() async {
        guard let running = task.withLockedValue({ $0 }) else { return }
        running.cancel()
        await running.value
        inForce.withLockedValue { $0 = false }
        caches.setLive(false)
    }

    private func run(on loop: any EventLoop, logger: Logger) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: loop, configuration: configuration, id: 0, logger: logger)
                failures = 0
                do {
                    try await listen(on: connection, logger: logger)
                } catch {
                    if !Task.isCancelled {
                        logger.warning(
                            "Stopped hearing changes (\(String(describing: error))); sessions, contact pages and rate history are read from the database until listening again."
                        )
                    }
                }
                caches.setLive(false)
                try? await connection.close()
            } catch {
                caches.setLive(false)
                failures += 1
                if failures == 1 {
                    logger.warning(
                        "Cannot listen for changes (\(String(describing: error))); sessions, contact pages and rate history are read from the database until it can."
                    )
                }
            }
            try? await Task.sleep(for: retryDelay)
        }
    }

    /// Returns or throws only when the connection can no longer be trusted, or on cancellation.
    private func listen(on connection: PostgresConnection, logger: Logger) async throws {
        let caches = caches, probeInterval = probeInterval, probeTimeout = probeTimeout, inForce = inForce
        defer { inForce.withLockedValue { $0 = false } }
        try await withTaskCancellationHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await connection.listen(on: Self.channel) { changes in
                        // LISTEN is in force from here: what changes from now on will be heard.
                        caches.setLive(true)
                        inForce.withLockedValue { $0 = true }
                        logger.debug("Listening for changes; the session, contact page and rate history caches are on.")
                        for try await change in changes {
                            caches.hear(change.payload)
                        }
                    }
                    throw ListenerStopped()
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: probeInterval)
                        try await Deadline.run(within: probeTimeout, onExpiry: { connection.close().whenComplete { _ in } }) {
                            _ = try await connection.query("SELECT 1", logger: logger).collect()
                        }
                    }
                }
                defer { group.cancelAll() }
                try await group.next()
            }
        } onCancel: {
            connection.close().whenComplete { _ in } // ends the notification stream at once
        }
    }

    private struct ListenerStopped: Error, CustomStringConvertible {
        var description: String { "the notification stream ended" }
    }
}
