import Persistence
import Vapor

/// Runs the ``ChangeListener`` for as long as the app runs: it starts listening once the app
/// has booted and stops as the app shuts down.
struct ChangeListening: LifecycleHandler {
    let listener: ChangeListener

    func didBootAsync(_ application: Application) async throws {
        listener.start(on: application.eventLoopGroup.any(), logger: application.logger)
    }

    func shutdownAsync(_ application: Application) async {
        await listener.stop()
    }
}
