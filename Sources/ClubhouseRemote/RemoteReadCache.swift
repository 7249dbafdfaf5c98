import ClubhouseDomain
import Foundation
import Synchronization

/// Reads on their way, by request: a second caller of the same read waits for the first one's answer.
final class InFlightReads: Sendable {
    private let running = Mutex<[String: Task<any Sendable, any Error>]>([:])

    func join(_ key: String, _ work: @escaping @Sendable () async throws -> any Sendable) async throws -> any Sendable {
        let task: Task<any Sendable, any Error> = running.withLock { running in
            if let t = running[key] { return t }
            let t = Task { try await work() }
            running[key] = t
            return t
        }
        defer { running.withLock { if $0[key] == task { $0[key] = nil } } }
        return try await task.value
    }
}

/// Pages read so far, by request (and whether a token was sent), with when they were last known current, the
/// server's `ETag` for them and the value decoded from them.
final class ReadCache: Sendable {
    struct Entry: Sendable {
        var data: Data
        var at: Date
        var etag: String?
        var value: (any Sendable)?
    }
    private struct State {
        var pages: [String: Entry] = [:]
        var bytes = 0
    }
    private let state = Mutex(State())
    let maxBytes = 32 << 20

    func store(_ key: String, _ data: Data, etag: String? = nil, value: (any Sendable)? = nil) {
        state.withLock { s in
            if let old = s.pages[key] { s.bytes -= old.data.count }
            if s.bytes + data.count > maxBytes { s.pages = [:]; s.bytes = 0 }
            s.pages[key] = Entry(data: data, at: Date(), etag: etag, value: value); s.bytes += data.count
        }
    }
    /// The server said the page is unchanged (304): it is current as of now.
    func revalidated(_ key: String) { state.withLock { $0.pages[key]?.at = Date() } }
    func entry(_ key: String) -> Entry? { state.withLock { $0.pages[key] } }
    func load(_ key: String) -> (Data, Date)? { state.withLock { $0.pages[key].map { ($0.data, $0.at) } } }
    func clear() { state.withLock { $0 = State() } }
}
