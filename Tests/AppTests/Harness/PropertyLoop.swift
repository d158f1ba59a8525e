/// Runs `body` for `0..<count`, letting other tests' tasks run every few hundred iterations.
/// Swift Testing runs tests as tasks on the cooperative pool, which has one thread per core
/// (two here): a long synchronous loop would hold one of them for seconds, and timing tests
/// elsewhere (deadlines, timeouts) would then see their own wake-ups late.
func forEachCase(_ count: Int, _ body: (Int) throws -> Void) async rethrows {
    for index in 0..<count {
        if index % 200 == 0 { await Task.yield() }
        try body(index)
    }
}
