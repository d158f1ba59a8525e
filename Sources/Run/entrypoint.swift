import App
import NIOCore
import NIOPosix

@main
enum Entrypoint {
    static func main() async {
        // Run Swift concurrency on NIO's event loops, so a request's async handler does not hop
        // between a concurrency thread and an event loop (measured: ~25% more pages per second).
        // Safe here: nothing in the app blocks with `.wait()`.
        _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await AppMain.run()
    }
}
