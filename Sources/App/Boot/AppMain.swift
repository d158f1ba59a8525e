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
            var configuration: AppConfiguration
            do {
                configuration = try AppConfiguration(environment: ProcessInfo.processInfo.environment)
            } catch {
                fail(error.description)
            }
            configuration.role = environment.role
            let app = try await Application.make(environment)
            do {
                try await run(app, configuration: configuration)
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

    /// Configures `app` and runs what its command line asks: the server, prepared first, or a
    /// command; any `--help` only prints.
    static func run(_ app: Application, configuration: AppConfiguration) async throws {
        try configure(app, configuration: configuration)
        if configuration.role == .server {
            try await app.prepareToServe()
            await app.warmUpBeforeServing()
        }
        try await app.execute()
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}

extension Environment {
    /// `App` and `App serve …` start the server; `App migrate`, `App routes`, … run a command;
    /// `--help` (or `-h`) anywhere only asks for words.
    var role: AppConfiguration.Role {
        let arguments = arguments.dropFirst()
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        guard let command = arguments.first else { return .server }
        return command == "serve" || command.hasPrefix("-") ? .server : .command
    }
}
