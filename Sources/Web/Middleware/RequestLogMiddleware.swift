import Vapor

/// One log line per request, after it is answered: `GET /contacts 200 12.3ms`. Whatever the
/// client put in the path is escaped (``LogText``), so it can never start a forged line.
/// Health checks log at debug, so probes every few seconds do not drown the rest.
/// Future-based: it runs on every request, and Vapor starts a task for each async middleware.
package struct RequestLogMiddleware: Middleware {
    /// The paths logged at debug (``SitePaths/quiet``).
    package let quiet: Set<String>

    package func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        // Above info (production's `LOG_LEVEL=warning`) nothing is logged here: the path, which
        // Vapor writes anew from `URLComponents` on every read, is not read (docs/BENCHMARKS.md,
        // *A request's plumbing*).
        guard request.logger.logLevel <= .info else { return next.respond(to: request) }
        let path = request.url.path
        let level: Logger.Level = quiet.contains(path) ? .debug : .info
        guard request.logger.logLevel <= level else { return next.respond(to: request) }
        let started = ContinuousClock.now
        return next.respond(to: request).map { response in
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            let shown = LogText.escaped(path.removingPercentEncoding ?? path)
            request.logger.log(level: level, "\(request.method) \(shown) \(response.status.code) \(String(format: "%.1f", milliseconds))ms")
            return response
        }
    }
}

/// Text from outside (paths, parameters) made safe for a one-line log entry: control
/// characters, line and paragraph separators and backslashes become visible escapes (`\n`,
/// `\u{1B}`, `\\`), so a client cannot end a line and forge the next one.
package enum LogText {
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            case _ where needsEscape(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x5C: true
        default: false
        }
    }
}
