import Foundation
import Synchronization

/// Writes per account: a bucket of `burst` that refills at `perSecond`, keyed `user:<id>` (every session of an account
/// shares one, so signing in again buys nothing). In this process's memory only: several instances on one PostgreSQL
/// database each keep their own.
final class WriteLimiter: Sendable {
    private let buckets = Mutex<[String: (tokens: Double, at: ContinuousClock.Instant)]>([:])
    let perSecond: Double, burst: Double
    /// Buckets kept at most; past it, the full ones (which say nothing) are forgotten first.
    static let maxBuckets = 50_000

    init(perSecond: Double, burst: Double) { self.perSecond = perSecond; self.burst = burst }

    /// nil: allowed; else the seconds to wait.
    func take(_ key: String, now: ContinuousClock.Instant = .now) -> Int? {
        buckets.withLock { buckets in
            if buckets.count >= Self.maxBuckets, buckets[key] == nil { forgetFull(&buckets, now: now) }
            var b = buckets[key] ?? (burst, now)
            b.tokens = refilled(b, now: now)
            b.at = now
            guard b.tokens >= 1 else {
                buckets[key] = b
                return max(1, Int(((1 - b.tokens) / perSecond).rounded(.up)))
            }
            b.tokens -= 1
            buckets[key] = b
            return nil
        }
    }

    private func refilled(_ b: (tokens: Double, at: ContinuousClock.Instant), now: ContinuousClock.Instant) -> Double {
        let elapsed = now - b.at
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return min(burst, b.tokens + seconds * perSecond)
    }

    /// Drops buckets that have refilled (a new one would start full anyway); if every bucket is in use, all of them —
    /// memory stays bounded, at the price of a fresh start for the busiest.
    private func forgetFull(_ buckets: inout [String: (tokens: Double, at: ContinuousClock.Instant)], now: ContinuousClock.Instant) {
        buckets = buckets.filter { refilled($0.value, now: now) < burst }
        if buckets.count >= Self.maxBuckets { buckets = [:] }
    }
}
