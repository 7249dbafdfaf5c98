import ClubhouseDomain
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One live event stream from the server: parses `text/event-stream`, hands each event on, and reconnects with
/// back-off after a drop, sending `Last-Event-ID` so nothing is missed or repeated.
final class EventFeed: @unchecked Sendable {
    private let client: HTTPClient
    private let url: URL
    private let token: String?
    private let deliver: (LeagueEvent) -> Void

    // Guarded by `lock`.
    private let lock = NSLock()
    private var lastID: Int64?
    private var cancelled = false
    /// The stream open now: a plain socket for http://, URLSession for https://.
    private var task: (any Cancellable)?
    private var buffer = Data()
    private var backoff: Double = 0.25

    init(client: HTTPClient, url: URL, token: String?, after: Int64?, deliver: @escaping (LeagueEvent) -> Void) {
        self.client = client; self.url = url; self.token = token; self.lastID = after; self.deliver = deliver
    }

    func connect() {
        lock.lock()
        guard !cancelled else { lock.unlock(); return }
        var headers = ["Accept": "text/event-stream"]
        if let lastID { headers["Last-Event-ID"] = String(lastID) }
        if let token { headers["Authorization"] = "Bearer " + token }
        buffer = Data()
        lock.unlock()
        let onResponse: (Int) -> Void = { [weak self] status in
            if status == 200 { self?.lock.withLock { self?.backoff = 0.25 } }
        }
        let onBytes: (Data) -> Void = { [weak self] data in self?.received(data) }
        let t: any Cancellable
        if url.scheme == "http" {
            let stream = SocketStream(url: url, headers: headers, onResponse: onResponse, onBytes: onBytes,
                                      onEnd: { [weak self] in self?.reconnectLater() })
            stream.start()
            t = stream
        } else {
            var request = URLRequest(url: url)
            for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
            t = client.stream(request, onResponse: onResponse, onBytes: onBytes, onEnd: { [weak self] _ in self?.reconnectLater() })
        }
        let cancelNow: Bool = lock.withLock { task = t; return cancelled }
        if cancelNow { t.cancel() }
    }

    func cancel() {
        let t = lock.withLock { cancelled = true; return task }
        t?.cancel()
    }

    private func reconnectLater() {
        let delay: Double = lock.withLock {
            let d = backoff
            backoff = min(15, backoff * 2)
            return d * Double.random(in: 0.8...1.2)
        }
        guard !lock.withLock({ cancelled }) else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.connect() }
    }

    private func received(_ data: Data) {
        var events: [LeagueEvent] = []
        lock.lock()
        buffer.append(data)
        // Events end with a blank line.
        while let range = buffer.range(of: Data("\n\n".utf8)) {
            let block = buffer.subdata(in: buffer.startIndex..<range.lowerBound)
            buffer.removeSubrange(buffer.startIndex..<range.upperBound)
            var payload = ""
            for line in String(decoding: block, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("data:") { payload += line.dropFirst(5).drop { $0 == " " } }
            }
            guard !payload.isEmpty, let e = try? JSONDecoder().decode(LeagueEvent.self, from: Data(payload.utf8)) else { continue }
            if let lastID, e.id <= lastID { continue }
            lastID = e.id
            events.append(e)
        }
        lock.unlock()
        for e in events { deliver(e) }
    }
}

/// An open stream that can be ended.
protocol Cancellable: AnyObject, Sendable {
    func cancel()
}
extension SocketStream: Cancellable {}
extension URLSessionDataTask: Cancellable {}
