import Logging
import Vapor

/// The executable's whole life: the environment read and checked, the app configured, prepared
/// and run (the server, or a command such as `refresh`), and shut down. A bad setting or a
/// failing start ends with a clear line and a failing exit status, not a crash.
package enum AppMain {
    package static func run() async {
        do {
            var environment = try Environment.detect()
            try LoggingSystem.bootstrap(from: &environment)
            AppMetrics.bootstrap()
            let configuration: AppConfiguration
            do {
                configuration = try AppConfiguration(environment: ProcessInfo.processInfo.environment)
            } catch {
                fail(error.description)
            }
            let app = try await Application.make(environment)
            do {
                try configure(app, configuration: configuration)
                if environment.runsServer {
                    try await app.prepareToServe()
                }
                try await app.execute()
            } catch {
                app.logger.critical("\(String(describing: error))")
                try? await app.asyncShutdown()
                exit(1)
            }
            try await app.asyncShutdown()
        } catch {
            fail(String(describing: error))
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}

extension Environment {
    /// `App` and `App serve ...` start the server; `App migrate`, `App routes`, ... do not.
    var runsServer: Bool {
        guard let command = arguments.dropFirst().first else { return true }
        return command == "serve" || command.hasPrefix("-")
    }
}
