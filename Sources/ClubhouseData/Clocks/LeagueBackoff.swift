import ClubhouseDomain
import Foundation
import Synchronization

/// A league a clock driver skipped, for the log: which clock, which league, why.
public struct SkippedLeague: Hashable, Sendable {
    /// "draft" or "season".
    public var clock: String
    public var league: LeagueID
    public var reason: String
    public init(clock: String, league: LeagueID, reason: String) { self.clock = clock; self.league = league; self.reason = reason }
}

/// Where a clock driver says it skipped a league (the server log, the app's activity log).
public typealias SkippedLeagueLog = @Sendable (SkippedLeague) -> Void
/// How late a clock acted: `clock` is "draft" or "season", `seconds` from when a pick or step fell due (on the league's
/// clock) to when it was made — the metrics' clock lag.
public typealias ClockLagReport = @Sendable (_ clock: String, _ seconds: TimeInterval) -> Void

/// The leagues a clock driver has set aside after a failure (stored data that needs the commissioner, a step that
/// threw): each is tried again only after a backoff — 1 s, doubling to 5 min — never in a hot loop, and each is logged
/// once (again only when its reason changes). The other leagues go on as usual. Times are the driver service's clock.
final class LeagueBackoff: Sendable {
    static let first: TimeInterval = 1
    static let longest: TimeInterval = 300

    private struct Entry { var until: Date; var delay: TimeInterval; var reason: String }
    private let entries = Mutex<[LeagueID: Entry]>([:])
    let clock: String
    let log: SkippedLeagueLog

    init(clock: String, log: @escaping SkippedLeagueLog) { self.clock = clock; self.log = log }

    /// Whether the league is waiting out a backoff at `now`.
    func isHeld(_ league: LeagueID, at now: Date) -> Bool { entries.withLock { $0[league].map { now < $0.until } ?? false } }

    /// When the league may be tried again (nil when it isn't held).
    func heldUntil(_ league: LeagueID) -> Date? { entries.withLock { $0[league]?.until } }

    /// Records a failed step at `now`: the league waits twice as long as last time (1 s the first time, 5 min at most);
    /// logs it when the league is new here or its reason changed.
    func failed(_ league: LeagueID, reason: String, at now: Date) {
        record(league, reason: reason) { old in
            let delay = old.map { min(Self.longest, max(Self.first, $0.delay * 2)) } ?? Self.first
            return Entry(until: now.addingTimeInterval(delay), delay: delay, reason: reason)
        }
    }

    /// Records a league the plan itself holds back (its stored data needs the commissioner): it isn't stepped while the
    /// plan says so, and is stepped at once when the plan no longer does (the commissioner repaired it); logged once.
    func held(_ league: LeagueID, reason: String, at now: Date) {
        record(league, reason: reason) { old in Entry(until: now, delay: old?.delay ?? 0, reason: reason) }
    }

    private func record(_ league: LeagueID, reason: String, _ entry: (Entry?) -> Entry) {
        let isNew: Bool = entries.withLock { all in
            let old = all[league]
            all[league] = entry(old)
            return old?.reason != reason
        }
        if isNew { log(SkippedLeague(clock: clock, league: league, reason: reason)) }
    }

    /// The league worked again: no more backoff, and a later failure is logged anew.
    func succeeded(_ league: LeagueID) { _ = entries.withLock { $0.removeValue(forKey: league) } }

    /// Leagues no longer in the plan at all (deleted, repaired, their draft or season over) are forgotten.
    func keepOnly(_ leagues: Set<LeagueID>) { entries.withLock { all in all = all.filter { leagues.contains($0.key) } } }
}

/// A clock driver's step that failed for no one league's sake, or outside a league's tick: its plan, its heartbeat,
/// the trade and join-request passes, the read of where its event follower starts. The driver goes on (the step is
/// tried again on its next pass); this says what it dropped.
public struct FailedClockStep: Hashable, Sendable {
    /// "draft" or "season".
    public var clock: String
    /// What failed: "plan", "heartbeat", "trades", "join requests", "due", "events".
    public var step: String
    /// The league the step was for, when it was for one.
    public var league: LeagueID?
    public var reason: String
    public init(clock: String, step: String, league: LeagueID? = nil, reason: String) {
        self.clock = clock; self.step = step; self.league = league; self.reason = reason
    }
}

/// Where a clock driver says what a failed step dropped (the server log, the app's activity log).
public typealias ClockFailureLog = @Sendable (FailedClockStep) -> Void

/// A driver's steps that can fail without stopping it: each failure is logged once — again only when its reason
/// changes, or after the step has worked in between — so a database that stays unreadable fills no log, one line per
/// pass.
final class ClockFailures: Sendable {
    private struct Key: Hashable { var step: String; var league: LeagueID? }
    private let logged = Mutex<[Key: String]>([:])
    let clock: String
    let log: ClockFailureLog

    init(clock: String, log: @escaping ClockFailureLog) { self.clock = clock; self.log = log }

    /// `body`'s value, or nil when it threw (the failure said as above).
    func attempt<T>(_ step: String, league: LeagueID? = nil, _ body: () throws -> T) -> T? {
        let key = Key(step: step, league: league)
        do {
            let value = try body()
            logged.withLock { if !$0.isEmpty { $0[key] = nil } }
            return value
        } catch {
            let reason = HeldLeague.reason(error)
            let isNew: Bool = logged.withLock { all in
                defer { all[key] = reason }
                return all[key] != reason
            }
            if isNew { log(FailedClockStep(clock: clock, step: step, league: league, reason: reason)) }
            return nil
        }
    }
}
