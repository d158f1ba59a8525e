import CoreMetrics

/// What `/mcp`'s tools are asked and how long they take, by tool, beside Vapor's own metrics of
/// the route (one path for every tool): `mcp_tool_calls_total{tool,outcome}` (`answer` or
/// `tool_error`) and `mcp_tool_call_duration_seconds{tool}`. A name no tool has counts as
/// `unknown`, so a client cannot add labels.
struct MCPToolMetrics: Sendable {
    private let calls: [String: (answer: Counter, error: Counter)]
    private let durations: [String: Timer]

    init() {
        let names = MCPEndpoint.Tool.allCases.map(\.rawValue) + ["unknown"]
        calls = Dictionary(
            uniqueKeysWithValues: names.map { name in
                let counter = { (outcome: String) in
                    Counter(label: "mcp_tool_calls_total", dimensions: [("tool", name), ("outcome", outcome)])
                }
                return (name, (counter("answer"), counter("tool_error")))
            })
        durations = Dictionary(
            uniqueKeysWithValues: names.map { ($0, Timer(label: "mcp_tool_call_duration_seconds", dimensions: [("tool", $0)])) })
    }

    func record(tool: MCPEndpoint.Tool?, isError: Bool, took duration: Duration) {
        let name = tool?.rawValue ?? "unknown"
        (isError ? calls[name]?.error : calls[name]?.answer)?.increment()
        durations[name]?.recordNanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }
}
