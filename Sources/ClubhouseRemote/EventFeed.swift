import ClubhouseData
import ClubhouseDomain
import Foundation
import Synchronization

/// One live event stream from the server: parses `text/event-stream`, hands each event on, and reconnects with
/// back-off after a drop, sending `Last-Event-ID` so nothing is missed or repeated.
final class EventFeed: @unchecked Sendable {
    private let client: HTTPClient
    private let url: URL
    private let token: String?
    private let deliver: (LeagueEvent) -> Void
    /// Told after each attempt whether the server answered it (true when a stream opens; false when an attempt ends
    /// without an answer: the server is gone).
    private let reached: (Bool) -> Void

    private struct State {
        var lastID: Int64?
        var cancelled = false
        /// The stream open now.
        var task: SocketStream?
        var buffer = Data()
        var backoff: Double = 0.25
        /// The attempt under way got the server's answer.
        var answered = false
    }
    private let state: Mutex<State>

    init(client: HTTPClient, url: URL, token: String?, after: Int64?, deliver: @escaping (LeagueEvent) -> Void,
         reached: @escaping (Bool) -> Void = { _ in }) {
        self.client = client; self.url = url; self.token = token; self.state = Mutex(State(lastID: after)); self.deliver = deliver
        self.reached = reached
    }

    func connect() {
        let headers: [String: String]? = state.withLock { s in
            guard !s.cancelled else { return nil }
            var headers = ["Accept": "text/event-stream"]
            if let lastID = s.lastID { headers["Last-Event-ID"] = String(lastID) }
            if let token { headers["Authorization"] = "Bearer " + token }
            s.buffer = Data()
            s.answered = false
            return headers
        }
        guard let headers else { return }
        let onResponse: (Int) -> Void = { [weak self] status in
            guard let self else { return }
            self.state.withLock { s in
                s.answered = true
                if status == 200 { s.backoff = 0.25 }
            }
            self.reached(true)
        }
        let onBytes: (Data) -> Void = { [weak self] data in self?.received(data) }
        let t = client.stream(url, headers: headers, onResponse: onResponse, onBytes: onBytes,
                              onEnd: { [weak self] in self?.reconnectLater() })
        let cancelNow: Bool = state.withLock { $0.task = t; return $0.cancelled }
        if cancelNow { t.cancel() }
    }

    func cancel() {
        let t = state.withLock { $0.cancelled = true; return $0.task }
        t?.cancel()
    }

    private func reconnectLater() {
        let (delay, cancelled, answered): (Double, Bool, Bool) = state.withLock { s in
            let d = s.backoff
            s.backoff = min(15, s.backoff * 2)
            return (d * Double.random(in: 0.8...1.2), s.cancelled, s.answered)
        }
        guard !cancelled else { return }
        if !answered { reached(false) }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.connect() }
    }

    private func received(_ data: Data) {
        let events: [LeagueEvent] = state.withLock { s in
            var events: [LeagueEvent] = []
            s.buffer.append(data)
            // Events end with a blank line.
            while let range = s.buffer.range(of: Data("\n\n".utf8)) {
                let block = s.buffer.subdata(in: s.buffer.startIndex..<range.lowerBound)
                s.buffer.removeSubrange(s.buffer.startIndex..<range.upperBound)
                var payload = ""
                for line in String(decoding: block, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("data:") { payload += line.dropFirst(5).drop { $0 == " " } }
                }
                guard !payload.isEmpty, let e = try? JSONDecoder().decode(LeagueEvent.self, from: Data(payload.utf8)) else { continue }
                if let lastID = s.lastID, e.id <= lastID { continue }
                s.lastID = e.id
                events.append(e)
            }
            return events
        }
        for e in events { deliver(e) }
    }
}
