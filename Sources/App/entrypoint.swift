import Logging
import Vapor

@main
enum Entrypoint {
    static func main() async throws {
        var environment = try Environment.detect()
        try LoggingSystem.bootstrap(from: &environment)

        let configuration: AppConfiguration
        do {
            configuration = try AppConfiguration(environment: ProcessInfo.processInfo.environment)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            exit(1)
        }

        let app = try await Application.make(environment)
        do {
            try configure(app, configuration: configuration)
            if environment.runsServer {
                try await app.prepareToServe()
            }
            try await app.execute()
        } catch {
            app.logger.report(error: error)
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}

extension Environment {
    /// `App` and `App serve ...` start the server; `App migrate`, `App routes`, ... do not.
    var runsServer: Bool {
        guard let command = arguments.dropFirst().first else { return true }
        return command == "serve" || command.hasPrefix("-")
    }
}
