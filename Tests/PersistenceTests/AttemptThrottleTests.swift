import Fluent
import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

@Suite("Attempt limits on PostgreSQL: per client, per account from a client, per window")
struct AttemptThrottleTests {
    func withThrottle(_ test: (AttemptThrottle, TestClock, any Database) async throws -> Void) async throws {
        let clock = TestClock()
        try await withStores(now: clock.closure) { stores, database in
            try await test(stores.throttle, clock, database)
        }
    }

    static let attacker = "203.0.113.66", owner = "198.51.100.20"

    @Test("5 failures for one account from one client refuse that client for that account only")
    func perAccountAndClient() async throws {
        try await withThrottle { throttle, clock, _ in
            for _ in 0..<5 {
                #expect(try await throttle.signInRefusal(email: "ann@example.org", client: Self.attacker, now: clock.now) == nil)
                try await throttle.recordSignInFailure(email: "Ann@Example.org ", client: Self.attacker, at: clock.now)
                clock.advance(by: 60)
            }
            // The first failure was 300 s ago: it leaves the 15-minute window in 600 s.
            let refusal = try await throttle.signInRefusal(email: "ann@example.org", client: Self.attacker, now: clock.now)
            #expect(refusal == .init(scope: .account, retryAfter: 600))
            #expect(try await throttle.signInRefusal(email: "ann@example.org", client: Self.owner, now: clock.now) == nil)
            #expect(try await throttle.signInRefusal(email: "bob@example.org", client: Self.attacker, now: clock.now) == nil)
            clock.advance(by: 600)
            #expect(try await throttle.signInRefusal(email: "ann@example.org", client: Self.attacker, now: clock.now) == nil)
        }
    }

    @Test("20 failures from one client across accounts refuse that client for every account")
    func perClient() async throws {
        try await withThrottle { throttle, clock, _ in
            for index in 0..<AttemptThrottle.signInPerClient.attempts {
                try await throttle.recordSignInFailure(email: "user\(index)@example.org", client: Self.attacker, at: clock.now)
            }
            #expect(try await throttle.signInRefusal(email: "fresh@example.org", client: Self.attacker, now: clock.now)?.scope == .client)
            #expect(try await throttle.signInRefusal(email: "fresh@example.org", client: Self.owner, now: clock.now) == nil)
        }
    }

    @Test("a success forgives that account's failures from that client, not the client's others")
    func forgiveness() async throws {
        try await withThrottle { throttle, clock, _ in
            for index in 0..<19 {
                try await throttle.recordSignInFailure(email: "user\(index)@example.org", client: Self.attacker, at: clock.now)
            }
            try await throttle.recordSignInFailure(email: "mine@example.org", client: Self.attacker, at: clock.now)
            try await throttle.forgiveSignInFailures(email: "MINE@example.org", client: Self.attacker)
            // 19 left: one more failure anywhere and the client is refused again.
            #expect(try await throttle.signInRefusal(email: "x@example.org", client: Self.attacker, now: clock.now) == nil)
            try await throttle.recordSignInFailure(email: "user0@example.org", client: Self.attacker, at: clock.now)
            #expect(try await throttle.signInRefusal(email: "x@example.org", client: Self.attacker, now: clock.now)?.scope == .client)
        }
    }

    @Test("sign-ups: 10 an hour from one client")
    func signUps() async throws {
        try await withThrottle { throttle, clock, _ in
            for _ in 0..<10 {
                #expect(try await throttle.signUpRefusal(client: Self.attacker, now: clock.now) == nil)
                try await throttle.recordSignUp(client: Self.attacker, at: clock.now)
            }
            #expect(try await throttle.signUpRefusal(client: Self.attacker, now: clock.now) == .init(scope: .client, retryAfter: 3600))
            #expect(try await throttle.signUpRefusal(client: Self.owner, now: clock.now) == nil)
        }
    }

    @Test("rows past every window are swept as new ones arrive")
    func sweeps() async throws {
        try await withThrottle { throttle, clock, database in
            try await throttle.recordSignUp(client: Self.attacker, at: clock.now)
            clock.advance(by: 3601)
            try await throttle.recordSignInFailure(email: "a@example.org", client: Self.owner, at: clock.now)
            #expect(try await ThrottleEventModel.query(on: database).all().map(\.client) == [Self.owner])
        }
    }
}
