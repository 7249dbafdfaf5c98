import ClubhouseDomain
import Foundation
import Synchronization

/// The server's one follower of the events table, fanned out in memory: each event is encoded once and queued on
/// every open stream that wants its league. A stream that resumes (`Last-Event-ID`) first gets what it missed from
/// the table, then the live events after it, without gaps or repeats.
final class EventHub: Sendable {
    final class Subscriber: @unchecked Sendable {
        let stream: EventStream
        let league: LeagueID?
        // Touched only inside the hub's `state.withLock`.
        var lastSent: Int64
        var replaying: Bool
        var held: [(Int64, [UInt8])] = []
        init(stream: EventStream, league: LeagueID?, lastSent: Int64, replaying: Bool) {
            self.stream = stream; self.league = league; self.lastSent = lastSent; self.replaying = replaying
        }
    }

    private struct State {
        var subscribers: [ObjectIdentifier: Subscriber] = [:]
        var lastID: Int64 = 0
        var stopped = false
    }
    private let state = Mutex(State())
    let maxStreams: Int

    init(maxStreams: Int) { self.maxStreams = maxStreams }

    var count: Int { state.withLock { $0.subscribers.count } }
    var lastEventID: Int64 { state.withLock { $0.lastID } }
    func setLastEventID(_ id: Int64) { state.withLock { $0.lastID = max($0.lastID, id) } }

    static func frame(_ event: LeagueEvent) -> [UInt8] {
        let json = (try? HTTPResponse.jsonEncoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return Array("id: \(event.id)\nevent: \(event.kind.rawValue)\ndata: \(json)\n\n".utf8)
    }

    /// Registers a stream; nil when the cap is reached or the hub is stopping.
    func subscribe(_ stream: EventStream, league: LeagueID?, after: Int64?) -> Subscriber? {
        state.withLock { s -> Subscriber? in
            guard !s.stopped, s.subscribers.count < maxStreams else { return nil }
            let sub = Subscriber(stream: stream, league: league, lastSent: after ?? s.lastID, replaying: after != nil)
            s.subscribers[ObjectIdentifier(stream)] = sub
            stream.onFinish = { [weak self] in self?.remove(stream) }
            return sub
        }
    }

    func remove(_ stream: EventStream) { _ = state.withLock { $0.subscribers.removeValue(forKey: ObjectIdentifier(stream)) } }

    /// Sends the events a resuming stream missed, then lets live events through.
    func replay(_ sub: Subscriber, history: [LeagueEvent]) {
        // Only `sub`'s fields change, but under the hub's lock: `publish` holds live events back meanwhile.
        state.withLock { _ in
            for e in history where e.id > sub.lastSent {
                sub.stream.send(Self.frame(e)); sub.lastSent = e.id
            }
            for (id, bytes) in sub.held where id > sub.lastSent { sub.stream.send(bytes); sub.lastSent = id }
            sub.held = []
            sub.replaying = false
        }
    }

    /// One event from the table to every interested stream.
    func publish(_ event: LeagueEvent) {
        let bytes = Self.frame(event)
        state.withLock { s in
            s.lastID = max(s.lastID, event.id)
            for sub in s.subscribers.values where sub.league == nil || sub.league == event.leagueID {
                guard event.id > sub.lastSent else { continue }
                if sub.replaying { sub.held.append((event.id, bytes)); continue }
                sub.stream.send(bytes)
                sub.lastSent = event.id
            }
        }
    }

    /// A comment line on every stream keeps proxies from closing it and finds clients that went away.
    func heartbeat() {
        let bytes = Array(": heartbeat\n\n".utf8)
        let all = state.withLock { Array($0.subscribers.values) }
        for sub in all where !sub.stream.send(bytes) { remove(sub.stream) }
    }

    /// Ends every stream and refuses new ones.
    func stop() {
        let all = state.withLock { $0.stopped = true; return Array($0.subscribers.values) }
        for sub in all { sub.stream.close() }
    }
}

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
