import ClubhouseDomain
import Foundation
import Synchronization

/// What `GET /metrics` says, in Prometheus's text format (version 0.0.4): counters and histograms the server keeps as it
/// answers, and gauges read at the moment of the scrape. Labels carry route templates, methods, status codes and
/// reasons only — never an id, a name or an address.
public final class ServerMetrics: Sendable {
    /// Request latency buckets, in seconds (Prometheus's defaults, trimmed at both ends).
    static let buckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct RefusalKey: Hashable {
        var route: String
        var reason: String
    }
    struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: String
    }
    /// Observations counted into buckets (upper bounds, in seconds), with their sum and count.
    struct Histogram {
        let bounds: [Double]
        var counts: [Int]
        var sum = 0.0
        var count = 0
        init(bounds: [Double]) { self.bounds = bounds; counts = [Int](repeating: 0, count: bounds.count) }

        mutating func observe(_ seconds: Double) {
            if let bucket = bounds.firstIndex(where: { seconds <= $0 }) { counts[bucket] += 1 }
            sum += seconds
            count += 1
        }

        /// The `_bucket` (cumulative, then `+Inf`), `_sum` and `_count` samples of `name` with `labels`.
        func samples(_ name: String, _ labels: [(String, String)], _ line: (String, [(String, String)], String) -> Void) {
            var cumulative = 0
            for (i, le) in bounds.enumerated() {
                cumulative += counts[i]
                line(name + "_bucket", labels + [("le", ServerMetrics.number(le))], String(cumulative))
            }
            line(name + "_bucket", labels + [("le", "+Inf")], String(count))
            line(name + "_sum", labels, ServerMetrics.number(sum))
            line(name + "_count", labels, String(count))
        }
    }
    struct State {
        var requests: [RequestKey: Int] = [:]
        var latency: [String: Histogram] = [:]
        var eventsFannedOut = 0
        var storageFailures = 0
        var signInRefusals: [RefusalKey: Int] = [:]
        var clockLag: [String: Histogram] = [:]
    }
    private let state = Mutex(State())

    public init() {}

    /// The methods a route table answers; anything else is counted as "other" (a client's made-up method can't make a
    /// new series).
    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// One answered (or dropped) request: its route template ("-" when none matched), status (nil: dropped) and time.
    func request(method: String, route: String?, status: Int?, seconds: Double) {
        let key = RequestKey(method: Self.methods.contains(method) ? method : "other", route: route ?? "unmatched",
                             status: status.map(String.init) ?? "dropped")
        state.withLock { s in
            s.requests[key, default: 0] += 1
            s.latency[key.route, default: Histogram(bounds: Self.buckets)].observe(seconds)
            // Sign-in and new accounts refused: wrong password (401), too many tries (429), refused input (400/409/422).
            if ServiceRoutes.signIns.contains(key.route),
               let status, status >= 400, status < 500 {
                let reason = status == 429 ? "rate_limited" : status == 401 ? "unauthenticated" : "refused"
                s.signInRefusals[RefusalKey(route: key.route, reason: reason), default: 0] += 1
            }
        }
    }

    /// Events written to streams (one event to N streams counts N).
    func fannedOut(_ n: Int) { if n > 0 { state.withLock { $0.eventsFannedOut += n } } }
    /// A request that failed on the storage behind the server (each one, not only the ones logged).
    func storageFailed() { state.withLock { $0.storageFailures += 1 } }

    /// How late a clock made a pick or a step after it fell due ("draft" or "season").
    static let lagBuckets: [Double] = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]
    public func clockLag(_ clock: String, seconds: Double) {
        guard clock == "draft" || clock == "season" else { return }
        state.withLock { $0.clockLag[clock, default: Histogram(bounds: Self.lagBuckets)].observe(seconds) }
    }

    /// What is read at the scrape rather than counted.
    struct Gauges {
        var openConnections: Int
        var eventStreams: Int
        var maxEventStreams: Int
        /// PostgreSQL's pool (nil on SQLite).
        var pool: DatabasePoolUse?
        var version: ServerVersion
        /// Anonymous league reads answered from memory, or computed (`ReadCache`), and the answers it holds.
        var readCache: (hits: Int, misses: Int) = (0, 0)
        var readCacheEntries = 0
    }

    /// The exposition text.
    func render(_ g: Gauges) -> String {
        let s = state.withLock { $0 }
        var out = ""
        func family(_ name: String, _ type: String, _ help: String) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        func line(_ name: String, _ labels: [(String, String)] = [], _ value: String) {
            let l = labels.isEmpty ? "" : "{" + labels.map { "\($0.0)=\"\(Self.escape($0.1))\"" }.joined(separator: ",") + "}"
            out += "\(name)\(l) \(value)\n"
        }
        family("clubhouse_build_info", "gauge", "The server's version and API version.")
        line("clubhouse_build_info", [("version", g.version.version), ("api", String(g.version.api))], "1")

        family("clubhouse_http_requests_total", "counter", "Requests answered, by method, route template and status.")
        for (k, n) in s.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            line("clubhouse_http_requests_total", [("method", k.method), ("route", k.route), ("status", k.status)], String(n))
        }
        family("clubhouse_http_request_duration_seconds", "histogram", "Time from a request's head to its answer, by route template.")
        for (route, h) in s.latency.sorted(by: { $0.key < $1.key }) {
            h.samples("clubhouse_http_request_duration_seconds", [("route", route)], line)
        }
        family("clubhouse_clock_lag_seconds", "histogram", "How late the draft clock made a pick, or the season clock a step, after it fell due.")
        for (clock, h) in s.clockLag.sorted(by: { $0.key < $1.key }) {
            h.samples("clubhouse_clock_lag_seconds", [("clock", clock)], line)
        }
        family("clubhouse_http_open_connections", "gauge", "Open HTTP connections.")
        line("clubhouse_http_open_connections", [], String(g.openConnections))
        family("clubhouse_event_streams_open", "gauge", "Open event streams (GET /v1/events).")
        line("clubhouse_event_streams_open", [], String(g.eventStreams))
        family("clubhouse_event_streams_max", "gauge", "Event streams this instance accepts before answering 503.")
        line("clubhouse_event_streams_max", [], String(g.maxEventStreams))
        family("clubhouse_events_fanned_out_total", "counter", "Events written to event streams (one event to N streams counts N).")
        line("clubhouse_events_fanned_out_total", [], String(s.eventsFannedOut))
        family("clubhouse_storage_failures_total", "counter", "Requests that failed on the database (answered 503).")
        line("clubhouse_storage_failures_total", [], String(s.storageFailures))
        family("clubhouse_sign_in_refusals_total", "counter", "Sign-ins and new accounts refused, by route and reason.")
        for (key, n) in s.signInRefusals.sorted(by: { ($0.key.route, $0.key.reason) < ($1.key.route, $1.key.reason) }) {
            line("clubhouse_sign_in_refusals_total", [("route", key.route), ("reason", key.reason)], String(n))
        }
        family("clubhouse_read_cache_requests_total", "counter", "Anonymous league reads answered from memory (hit) or computed at a new revision (miss).")
        line("clubhouse_read_cache_requests_total", [("result", "hit")], String(g.readCache.hits))
        line("clubhouse_read_cache_requests_total", [("result", "miss")], String(g.readCache.misses))
        family("clubhouse_read_cache_answers", "gauge", "Answers the read cache holds.")
        line("clubhouse_read_cache_answers", [], String(g.readCacheEntries))
        if let pool = g.pool {
            family("clubhouse_db_pool_connections", "gauge", "PostgreSQL connections of this instance's pool, by state.")
            line("clubhouse_db_pool_connections", [("state", "busy")], String(pool.open - pool.idle))
            line("clubhouse_db_pool_connections", [("state", "idle")], String(pool.idle))
            family("clubhouse_db_pool_max", "gauge", "The pool's size (serve --db-pool).")
            line("clubhouse_db_pool_max", [], String(pool.max))
        }
        return out
    }

    static func number(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }

    /// A label value as the text format wants it: backslash, quote and line feed escaped.
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }
}

/// A database pool's use at one moment.
public struct DatabasePoolUse: Sendable, Hashable {
    public var open: Int
    public var idle: Int
    public var max: Int
    public init(open: Int, idle: Int, max: Int) { self.open = open; self.idle = idle; self.max = max }
}
