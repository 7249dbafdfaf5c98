import ClubhouseDomain
import Foundation

/// The clocks that move leagues while nobody presses a key — the draft clock (picks, nominations and sales fall due;
/// trade steps come due) and the season clock (running replays step as plays land) — started from this one place by
/// the app, by `clubhouse serve` on an SQLite file and by `clubhouse serve` on PostgreSQL. What differs between them
/// is said by `Coordination`, not by a second way of starting them.
public struct LeagueClocks: Sendable {
    /// Which processes on one database run the clocks.
    public enum Coordination: Sendable {
        /// The process holding the SQLite file's clock lease (`ClockLease`); the others take over within a second
        /// when it quits. An app and a server on the same file never tick side by side.
        case lease(database: String)
        /// Every process runs them (PostgreSQL instances, and tests): each step re-checks inside its write, and the
        /// pick's primary key lets exactly one land.
        case everyProcess
    }

    public let service: LeagueService
    /// A follower of the database's events for each clock (each its own, or one shared).
    public let events: @Sendable () -> any LeagueEventSource
    public var coordination: Coordination
    /// Where a league the clocks skip is said once (its stored data needs the commissioner, or its step fails).
    public var log: SkippedLeagueLog = { _ in }
    /// Where a step the clocks drop is said once (a plan or heartbeat that can't be read or written; tried again on
    /// the next pass).
    public var failed: ClockFailureLog = { _ in }
    /// Told how late each pick or step was after it fell due (the server's metrics).
    public var lag: ClockLagReport?
    /// The spread of the random pause before a due pick (0 where a test steps a manual clock).
    public var jitterMilliseconds = 40
    /// Told once the clocks run (after the lease is held, under `.lease`).
    public var started: @Sendable () -> Void = {}

    public init(service: LeagueService, events: @escaping @Sendable () -> any LeagueEventSource, coordination: Coordination) {
        self.service = service; self.events = events; self.coordination = coordination
    }

    /// The clocks of an app on an SQLite file: under the file's lease, each with its own follower of the file (which
    /// says what it drops to `followerProblem`).
    public static func app(service: LeagueService, databasePath: String,
                           followerProblem: @escaping @Sendable (String) -> Void = { _ in }) -> LeagueClocks {
        LeagueClocks(service: service, events: { SQLiteEventSource(path: databasePath, problem: followerProblem) },
                     coordination: .lease(database: databasePath))
    }

    /// Runs the draft clock and the season clock side by side until the task is cancelled.
    public func run() async {
        let service = self.service, events = self.events, log = self.log, failed = self.failed, lag = self.lag, jitter = jitterMilliseconds
        let clocks: [@Sendable () async -> Void] = [
            { await DraftClockDriver(service: service, events: events(), jitterMilliseconds: jitter, log: log, failed: failed, lag: lag).run() },
            { await LiveClockDriver(service: service, events: events(), log: log, failed: failed, lag: lag).run() },
        ]
        switch coordination {
        case .lease(let database):
            await ClockLease.runClocks(database: database, acquired: started, clocks)
        case .everyProcess:
            started()
            await withTaskGroup(of: Void.self) { group in
                for clock in clocks { group.addTask { await clock() } }
            }
        }
    }
}
