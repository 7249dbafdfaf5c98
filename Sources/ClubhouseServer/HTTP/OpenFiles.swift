import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the process's open-file limit allows the server: every connection is a descriptor, so the event-stream cap
/// (`LeagueServer.Options.maxStreams`), the connections for plain requests beside them and what the process opens
/// anyway (database files, epoll sets, the log) must fit under it. `fit` is the arithmetic; `raise` asks the kernel.
public enum OpenFiles {
    /// Connections for plain requests beside the streams (libmicrohttpd closes beyond this plus its own 64).
    public static let requestConnections = 1024
    /// libmicrohttpd's own margin over `HTTPServer.Options.maxConnections` (it refuses to accept beyond it).
    public static let libraryMargin = 64
    /// Descriptors the process holds besides connections: database files and their journals, the event follower's
    /// watch, epoll sets and wake-up descriptors, the listening socket, standard streams, the clock lease.
    public static let reserve = 128

    /// The streams and connections a limit of `limit` descriptors holds, for a wanted stream cap.
    public struct Budget: Equatable, Sendable {
        /// Event streams served at most.
        public var streams: Int
        /// Open connections served (`HTTPServer.Options.maxConnections`); beyond it, 503.
        public var connections: Int
        /// Descriptors needed for that: the soft limit to set.
        public var descriptors: Int
        /// False when the limit made the cap lower than asked.
        public var asAsked: Bool
    }

    /// Descriptors `streams` event streams need with their request connections and the process's own.
    public static func needed(streams: Int) -> Int { streams + requestConnections + libraryMargin + reserve }

    /// The budget under `limit` descriptors (the hard limit) for `streams` wanted: all of them when they fit; else the
    /// descriptors left after the process's own are shared, a quarter (up to `requestConnections`) for plain
    /// requests, the rest for streams.
    public static func fit(streams wanted: Int, limit: Int) -> Budget {
        let need = needed(streams: wanted)
        if limit >= need { return Budget(streams: wanted, connections: wanted + requestConnections, descriptors: need, asAsked: true) }
        let usable = max(0, limit - reserve - libraryMargin)
        let requests = min(requestConnections, max(min(8, usable), usable / 4))
        let streams = max(0, usable - requests)
        return Budget(streams: streams, connections: streams + requests, descriptors: limit, asAsked: false)
    }

    /// The process's limit (soft, hard) on open descriptors.
    public static func current() -> (soft: Int, hard: Int) {
        var r = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &r) == 0 else { return (1024, 1024) }
        return (Self.count(r.rlim_cur), Self.count(r.rlim_max))
    }

    private static func count(_ v: rlim_t) -> Int { v > rlim_t(Int32.max) ? Int(Int32.max) : Int(v) }

    /// Raises the soft limit to `descriptors` (never above the hard limit, never lowered). Returns the soft limit now.
    @discardableResult
    public static func raise(to descriptors: Int) -> Int {
        var r = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &r) == 0 else { return current().soft }
        let want = min(rlim_t(descriptors), r.rlim_max)
        if want > r.rlim_cur {
            r.rlim_cur = want
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &r)
        }
        return current().soft
    }

    /// Raises the soft limit as far as `wanted` streams need (up to the hard limit) and returns what fits under it.
    public static func budget(streams wanted: Int) -> Budget {
        let hard = current().hard
        let budget = fit(streams: wanted, limit: hard)
        let soft = raise(to: budget.descriptors)
        // A hard limit we could not reach (a setrlimit refused): fit under the soft limit we have.
        return soft >= budget.descriptors ? budget : fit(streams: wanted, limit: soft)
    }
}
