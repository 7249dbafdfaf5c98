import ClubhouseDomain
import Foundation
import Synchronization

/// The server's one follower of the events table, fanned out in memory: each event is encoded once and queued on
/// every open stream that wants its league and may read it. A stream that resumes (`Last-Event-ID`) first gets what
/// it missed from the table, page by page, then the live events after it, without gaps or repeats.
///
/// What each reader gets of an event follows its kind's audience (`EventViews`), as the REST reads do.
///
/// Private leagues: an event goes only to streams whose caller may read its league now (`LeagueReaders`, given with
/// each event, read afresh after every event that may change them). A stream of one private league (`league=`) whose
/// caller stops being a member (left the league) is ended at the event that took them out; a stream of every league
/// just stops getting that league's events. The caller is the one the stream was opened with: a token signed out
/// later keeps its open streams (as it keeps nothing else) until they reconnect.
final class EventHub: Sendable {
    final class Subscriber: @unchecked Sendable {
        let stream: EventStream
        let league: LeagueID?
        /// Who opened the stream (from its token, when it sent one).
        let caller: Caller
        // Touched only inside the hub's `state.withLock`.
        var lastSent: Int64
        var replaying: Bool
        /// Live events held back while the replay runs, and their size (beyond the stream's `maxPending` — a client
        /// that resumed and stopped reading — the stream ends).
        var held: [(Int64, [UInt8])] = []
        var heldBytes = 0
        init(stream: EventStream, league: LeagueID?, caller: Caller, lastSent: Int64, replaying: Bool) {
            self.stream = stream; self.league = league; self.caller = caller; self.lastSent = lastSent; self.replaying = replaying
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

    /// An event as a server-sent event. Its data is what `JSONEncoder` writes for a `LeagueEvent` (its keys; the date
    /// as seconds since 2001), written directly: a resume frames up to `maxReplay` events per stream.
    static func frame(_ event: LeagueEvent) -> [UInt8] {
        let json = "{\"id\":\(event.id),\"leagueID\":\(event.leagueID.rawValue),\"kind\":\(JSONText.quote(event.kind.rawValue)),"
            + "\"payload\":\(JSONText.quote(event.payload)),\"at\":\(event.at.timeIntervalSinceReferenceDate)}"
        return Array("id: \(event.id)\nevent: \(event.kind.rawValue)\ndata: \(json)\n\n".utf8)
    }

    /// The frame telling a client that resumed further back than the server replays to reload what it shows: the
    /// events up to `id` are not sent; those after it follow. Its `id:` is where the client resumes from next.
    static func resetFrame(after id: Int64) -> [UInt8] {
        Array("id: \(id)\nevent: reset\ndata: {\"lastEventID\":\(id)}\n\n".utf8)
    }

    /// Registers a stream; nil when the cap is reached or the hub is stopping.
    func subscribe(_ stream: EventStream, league: LeagueID?, caller: Caller, after: Int64?) -> Subscriber? {
        state.withLock { s -> Subscriber? in
            guard !s.stopped, s.subscribers.count < maxStreams else { return nil }
            let sub = Subscriber(stream: stream, league: league, caller: caller, lastSent: after ?? s.lastID, replaying: after != nil)
            s.subscribers[ObjectIdentifier(stream)] = sub
            stream.onFinish = { [weak self] in self?.remove(stream) }
            return sub
        }
    }

    func remove(_ stream: EventStream) { _ = state.withLock { $0.subscribers.removeValue(forKey: ObjectIdentifier(stream)) } }

    /// Sends a resuming stream one page of what it missed (oldest first; events it may not read already left out).
    func replay(_ sub: Subscriber, page: [LeagueEvent]) {
        let frames = page.map { ($0.id, Self.frame($0)) }
        // Only `sub`'s fields change, but under the hub's lock: `publish` holds live events back meanwhile.
        state.withLock { s in
            for (id, bytes) in frames where id > sub.lastSent {
                guard sub.stream.send(bytes) else { return Self.forget(sub, in: &s) }
                sub.lastSent = id
            }
        }
    }

    /// Called with the lock held: a stream a send found over (its `onFinish` isn't called then) leaves the hub.
    private static func forget(_ sub: Subscriber, in s: inout State) { s.subscribers[ObjectIdentifier(sub.stream)] = nil }

    /// Tells a stream that resumed from too far back to reload (`resetFrame`); the replay goes on after `id`.
    func reset(_ sub: Subscriber, after id: Int64) {
        state.withLock { s in
            guard id > sub.lastSent else { return }
            guard sub.stream.send(Self.resetFrame(after: id)) else { return Self.forget(sub, in: &s) }
            sub.lastSent = id
        }
    }

    /// The replay is done: the live events held back meanwhile go out, and live events flow.
    func endReplay(_ sub: Subscriber) {
        state.withLock { s in
            for (id, bytes) in sub.held where id > sub.lastSent {
                guard sub.stream.send(bytes) else { Self.forget(sub, in: &s); break }
                sub.lastSent = id
            }
            sub.held = []
            sub.heldBytes = 0
            sub.replaying = false
        }
    }

    /// One event from the table to every interested stream whose caller is among `readers` (nil: readers unknown,
    /// the lookup failed — sent to nobody), as that caller may see it (`EventViews`: some kinds go to members or to
    /// the parties only, some lose a private part for the others). Each version is framed once, not per stream, and
    /// every stream is written from that one buffer (`StreamFrame`). The streams are chosen under the hub's lock and
    /// written after it, spread over the machine's cores when there are thousands. Returns how many streams it was
    /// written to.
    @discardableResult
    func publish(_ event: LeagueEvent, readers: LeagueReaders?) -> Int {
        let views = EventViews(event)
        // Framed before the lock: at most two versions, however many streams.
        let whole = StreamFrame(Self.frame(views.whole))
        let redacted = views.redacted.map { StreamFrame(Self.frame($0)) }
        var ended: [EventStream] = []
        var targets: [(stream: EventStream, frame: StreamFrame)] = []
        state.withLock { s in
            s.lastID = max(s.lastID, event.id)
            targets.reserveCapacity(s.subscribers.count)
            for sub in s.subscribers.values where sub.league == nil || sub.league == event.leagueID {
                guard event.id > sub.lastSent else { continue }
                guard let readers, readers.admits(sub.caller) else {
                    // The event that took the caller out of the one league this stream follows (they left): it ends
                    // here. (Any other event they may not read is only left out: the follower may be behind the
                    // stream's own check, at events from before they joined.)
                    if sub.league == event.leagueID, readers != nil, event.kind.mayChangeReaders { ended.append(sub.stream) }
                    continue
                }
                // Most kinds go to every reader alike: no per-stream work beyond the league check.
                let version = views.audience == .readers ? .whole : views.version(for: readers.viewer(sub.caller))
                guard let version else { continue }
                let frame = version == .whole ? whole : (redacted ?? whole)
                if sub.replaying {
                    sub.held.append((event.id, frame.bytes))
                    sub.heldBytes += frame.bytes.count
                    if sub.heldBytes > sub.stream.maxPending { sub.held = []; ended.append(sub.stream) }
                    continue
                }
                // Marked sent here, under the lock (a replay ending meanwhile sends only what is older); written below.
                sub.lastSent = event.id
                targets.append((sub.stream, frame))
            }
        }
        // Never waited on: a stream whose client stopped reading is dropped by its own buffer's limit
        // (`EventStream.maxPending`), and its slot freed here at once.
        let dropped = Self.write(targets)
        if !dropped.isEmpty { state.withLock { s in for id in dropped { s.subscribers[id] = nil } } }
        for stream in ended { stream.close() }
        return targets.count - dropped.count
    }

    /// Streams at or above this many are written by every core at once (each part in order, none waiting on another).
    static let parallelWrites = 2_048

    /// Writes each frame to its stream; the streams that are over.
    static func write(_ targets: [(stream: EventStream, frame: StreamFrame)]) -> [ObjectIdentifier] {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, targets.count / parallelWrites))
        let over = Mutex<[ObjectIdentifier]>([])
        let size = (targets.count + parts - 1) / max(1, parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var mine: [ObjectIdentifier] = []
            for i in (part * size)..<min(targets.count, (part + 1) * size) where !targets[i].stream.send(targets[i].frame) {
                mine.append(ObjectIdentifier(targets[i].stream))
            }
            if !mine.isEmpty { over.withLock { $0 += mine } }
        }
        return over.withLock { $0 }
    }

    /// A comment line on every stream keeps proxies from closing it and finds clients that went away.
    func heartbeat() {
        let frame = StreamFrame(Array(": heartbeat\n\n".utf8))
        let all = state.withLock { Array($0.subscribers.values) }
        for sub in all where !sub.stream.send(frame) { remove(sub.stream) }
    }

    /// Ends every stream and refuses new ones.
    func stop() {
        let all = state.withLock { $0.stopped = true; return Array($0.subscribers.values) }
        for sub in all { sub.stream.close() }
    }
}
