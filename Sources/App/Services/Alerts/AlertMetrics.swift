import CoreMetrics

/// What the alerts did, for `/metrics`: `alert_notices_total` (notices made),
/// `alert_deliveries_total{channel,outcome}` with `sent`, `failed` (an attempt that did not go
/// through; it may be retried) and `dropped` (never sent: a refused address, a channel that is
/// off, or given up after every retry).
struct AlertMetrics: Sendable {
    private let notices = Counter(label: "alert_notices_total")
    private let deliveries: [String: Counter]

    init() {
        let pairs = ["webhook", "email"].flatMap { channel in ["sent", "failed", "dropped"].map { (channel, $0) } }
        deliveries = Dictionary(
            uniqueKeysWithValues: pairs.map { channel, outcome in
                (
                    "\(channel)/\(outcome)",
                    Counter(label: "alert_deliveries_total", dimensions: [("channel", channel), ("outcome", outcome)])
                )
            })
    }

    func noticed() { notices.increment() }
    /// A notice made with a channel that will not send (its webhook switched off, e-mail not configured).
    func dropped(_ channel: String = "webhook") { deliveries["\(channel)/dropped"]?.increment() }
    func delivered(_ channel: String, outcome: String) { deliveries["\(channel)/\(outcome)"]?.increment() }
}
