import ClubhouseData
import ClubhouseDomain
import ClubhousePostgres
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// PostgreSQL's kept reads while another league is written: the `If-None-Match` reads of one league's pages, first on a
/// quiet database, then while another process (this one, as another instance would) commits an event to another league
/// `perSecond` times a second — each commit a NOTIFY the server hears. Each league's change stamp is its own
/// (`PostgresReadKnowledge`), so the read league's answers stand through the other's commits; with one stamp for every
/// league, each commit sent the next reads of every kept page to the database.
enum KeptReadsUnderWrites {
    static func measure(port: Int, database: String, other: LeagueID, reads: [(name: String, path: String)], seconds: Int,
                        perSecond: Int) throws {
        let http = BenchHTTP(port: UInt16(port))
        let writer = try PostgresDatabase(url: database, maxConnections: 1)
        defer { writer.close() }
        print("  kept reads (If-None-Match) while another process commits \(perSecond) events/s to another league:")
        for read in reads {
            guard let tag = try Bench.bodyAndTag(http, read.path).etag else { continue }
            let url = "http://127.0.0.1:\(port)\(read.path)"
            let quiet = try Bench.wrk(url, seconds: seconds, headers: ["If-None-Match: \(tag)"])
            let writes = Writes(writer, league: other, perSecond: perSecond)
            let busy = try Bench.wrk(url, seconds: seconds, headers: ["If-None-Match: \(tag)"])
            let (commits, failed) = writes.stop()
            print("    \(pad(read.name, 40)) quiet \(lpad(fmt(quiet.rps, 0), 6)) req/s   written \(lpad(fmt(busy.rps, 0), 6)) req/s"
                  + " (p99 \(busy.p99); \(commits) commits, \(failed) failed) → \(fmt(100 * busy.rps / quiet.rps, 1)) % of quiet")
        }
    }

    /// A thread committing one event to `league` every 1/`perSecond` s until stopped.
    final class Writes: @unchecked Sendable {
        private let state = Mutex((stop: false, commits: 0, failed: 0))
        private let done = DispatchSemaphore(value: 0)

        init(_ db: PostgresDatabase, league: LeagueID, perSecond: Int) {
            let interval = Duration.seconds(1) / max(1, perSecond)
            let thread = Thread { [self] in
                var next = ContinuousClock.now
                while !state.withLock({ $0.stop }) {
                    let ok = (try? db.transaction { c in
                        try c.appendEvent([league, LeagueEvent.Kind.chat.rawValue, #"{"bench":"another league's write"}"#, Date()])
                    }) != nil
                    state.withLock { if ok { $0.commits += 1 } else { $0.failed += 1 } }
                    next += interval
                    let wait = next - .now
                    if wait > .zero { usleep(UInt32(wait / .microseconds(1))) }
                }
                done.signal()
            }
            thread.start()
        }

        func stop() -> (commits: Int, failed: Int) {
            state.withLock { $0.stop = true }
            done.wait()
            return state.withLock { ($0.commits, $0.failed) }
        }
    }
}
