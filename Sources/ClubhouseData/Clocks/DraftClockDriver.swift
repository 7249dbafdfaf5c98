import ClubhouseDomain
import Foundation
import Synchronization

/// Drives live draft rooms from an embedded process: sleeps until the next pick falls due, then calls the
/// idempotent `tickDraft`; on each planning pass (every `maxSleep`) it first writes the clock heartbeat (which gives
/// rooms back the time no driver ran: `ClockOutage`), then runs the trade steps that have fallen due (`processTrades`). Every process sharing the database file may run one; the pick-number check
/// lets exactly one tick land per pick. A league event (a pick, pause, start…) wakes it early to re-plan.
/// One room can't stop the others: a league whose stored data needs the commissioner is left alone, and one whose tick
/// fails (no player left within the limits, say) waits out a backoff (`LeagueBackoff`); each is logged once through `log`.
/// A step that fails outside a league's tick (the plan, the heartbeat, a trade or join-request pass, a room's due read)
/// is tried again on the next pass and said once through `failed` (`ClockFailures`).
public final class DraftClockDriver: Sendable {
    let core: ClockDriverCore
    /// Longest sleep without an event, so a room started by a process that writes no event is still noticed.
    let maxSleep: Duration
    /// The spread of the random pause before ticking a due pick (0 for tests that step a manual clock).
    let jitterMilliseconds: Int
    /// Passes of its loop made so far (each plans or re-plans, then ticks what is due): what a test waits for to know
    /// the driver has looked, instead of a fixed time.
    let passes = Atomic<Int>(0)

    public convenience init(service: LeagueService, databasePath: String, maxSleep: Duration = .seconds(5), jitterMilliseconds: Int = 40,
                            log: @escaping SkippedLeagueLog = { _ in }, failed: @escaping ClockFailureLog = { _ in }) {
        self.init(service: service, events: SQLiteEventSource(path: databasePath), maxSleep: maxSleep, jitterMilliseconds: jitterMilliseconds,
                  log: log, failed: failed)
    }

    public init(service: LeagueService, events: any LeagueEventSource, maxSleep: Duration = .seconds(5), jitterMilliseconds: Int = 40,
                log: @escaping SkippedLeagueLog = { _ in }, failed: @escaping ClockFailureLog = { _ in }, lag: ClockLagReport? = nil) {
        self.maxSleep = maxSleep; self.jitterMilliseconds = jitterMilliseconds
        core = ClockDriverCore(clock: "draft", service: service, events: events, log: log, failed: failed, lag: lag)
    }

    /// The draft events that can move when a room's next pick falls due (chat and queue edits can't).
    static let replanKinds: Set<LeagueEvent.Kind> = [.draftStarted, .draftPaused, .draftResumed, .pickMade, .pickUndone,
                                                     .draftCompleted, .autopickToggled, .auctionNominated, .auctionBid, .auctionSold,
                                                     .draftClockRestored]

    /// Runs until the task is cancelled. Every `maxSleep` it plans every running room (`draftsDue`); in between, a
    /// draft event re-plans only its own league (`draftDue`), so a pick in one room costs the processes watching
    /// twenty others one small read instead of twenty.
    public func run() async {
        let (service, backoff, failures) = (core.service, core.backoff, core.failures)
        let events = core.followFromLatest()
        let wake = WakeSignal()
        let changed = ChangedLeagues()
        let watcher = Task {
            for await event in events where Self.replanKinds.contains(event.kind) {
                changed.insert(event.leagueID)
                wake.fire()
            }
        }
        defer { watcher.cancel() }
        let clock = ContinuousClock()
        var due: [LeagueID: Date] = [:]
        var planned = clock.now - maxSleep
        var beat: ContinuousClock.Instant?
        while !Task.isCancelled {
            let leagues = changed.take()
            if clock.now - planned >= maxSleep {
                // The heartbeat first: a driver that has just started, or stood still itself past the threshold, gives
                // the rooms back the time no driver ran (`ClockOutage`) before anything below can tick them.
                let stoodStill = beat.map { clock.now - $0 > .seconds(ClockOutage.threshold) } ?? true
                if failures.attempt("heartbeat", { try service.draft.clockHeartbeat(restoring: stoodStill) }) != nil { beat = clock.now }
                let plan = failures.attempt("plan") { try service.draft.draftPlan() } ?? (due: [], held: [])
                due = Dictionary(plan.due.map { ($0.league, $0.due) }, uniquingKeysWith: { a, _ in a })
                core.hold(plan.held, due: due.keys)
                // Trades fall due on real time too (bots answering offers made before the season, when no league
                // clock moves): run their steps on the same planning pass. A failure waits for the next pass.
                for league in failures.attempt("trades", { try service.trades.leaguesWithTradesDue() }) ?? [] {
                    _ = failures.attempt("trades", league: league) { try service.trades.processTrades(league) }
                }
                // Join requests to commissioners that answer by themselves (the demo leagues'), on the same pass.
                for league in failures.attempt("join requests", { try service.leagues.leaguesWithJoinRequestsDue() }) ?? [] {
                    _ = failures.attempt("join requests", league: league) { try service.leagues.answerJoinRequests(league) }
                }
                planned = clock.now
            } else {
                for league in leagues { due[league] = dueMoment(league) }
            }
            let now = service.clock.now()
            for (league, at) in due where at <= now && !backoff.isHeld(league, at: now) {
                // Every process on the file woke for this pick: a random few milliseconds apart, then a cheap read,
                // so the first tick lands and the rest see it made instead of queueing for the write lock.
                try? await Task.sleep(for: .milliseconds(Int.random(in: 0...jitterMilliseconds)))
                if let still = dueMoment(league), still <= service.clock.now() { core.move(league, due: still) { try $0.draft.tickDraft(league) } }
                due[league] = dueMoment(league)
            }
            let later = service.clock.now()
            // A room waiting out a backoff is due when the backoff ends, not at its (past) deadline.
            let dueAt = due.map { league, at in max(at, backoff.heldUntil(league) ?? at) }
            var sleep = maxSleep - (clock.now - planned)
            if let next = dueAt.filter({ $0 > later }).min() {
                sleep = min(sleep, .milliseconds(Int(max(10, min(next.timeIntervalSince(later), 3600) * 1000))))
            }
            if dueAt.contains(where: { $0 <= later }) { sleep = .milliseconds(10) }
            passes.add(1, ordering: .relaxed)
            await wake.wait(upTo: max(.milliseconds(1), sleep))
        }
    }
}

extension DraftClockDriver {
    /// When the room's pick on the clock falls due (nil: none, or the read failed — said once — until the next plan).
    private func dueMoment(_ league: LeagueID) -> Date? {
        core.failures.attempt("due", league: league) { try core.service.draft.draftDue(league) } ?? nil
    }
}

/// Leagues whose rooms changed since the driver last looked (filled by the event watcher).
final class ChangedLeagues: Sendable {
    private let leagues = Mutex<Set<LeagueID>>([])
    func insert(_ league: LeagueID) { leagues.withLock { _ = $0.insert(league) } }
    func take() -> Set<LeagueID> { leagues.withLock { leagues in defer { leagues = [] }; return leagues } }
}

/// A one-shot wake-up a sleeper can wait on with a timeout.
final class WakeSignal: Sendable {
    private struct State {
        var fired = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    func fire() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { s in
            if let w = s.waiter { s.waiter = nil; return w }
            s.fired = true
            return nil
        }
        waiter?.resume()
    }

    /// Returns when fired or after `timeout`, whichever is first.
    func wait(upTo timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                    let now: Bool = state.withLock { s in
                        if s.fired || Task.isCancelled { s.fired = false; return true }
                        s.waiter = c
                        return false
                    }
                    if now { c.resume() }
                }
            }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            // Whoever finished first: release the other.
            fire()
            state.withLock { $0.fired = false }
            group.cancelAll()
        }
    }
}
