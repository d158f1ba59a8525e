import Persistence
import Vapor

/// Runs the ``ChangeListener`` for as long as the app runs: it starts listening once the app
/// has booted (the server starts it earlier, before it reads the days into memory) and stops as
/// the app shuts down.
struct ChangeListening: LifecycleHandler {
    let listener: ChangeListener

    func didBootAsync(_ application: Application) async throws {
        listener.start(on: application.eventLoopGroup.any(), logger: application.logger)
    }

    func shutdownAsync(_ application: Application) async {
        await listener.stop()
    }
}

extension Application {
    /// The server's listener for other instances' changes (PostgreSQL, with a cache on).
    var changeListener: ChangeListener? {
        get { storage[ChangeListenerKey.self] }
        set { storage[ChangeListenerKey.self] = newValue }
    }

    private struct ChangeListenerKey: StorageKey {
        typealias Value = ChangeListener
    }
}
