import ClubhouseDomain
import Foundation

/// Runs the leagues' season clocks that a commissioner set going (1×, 10×, 60×): sleeps until the next play,
/// kickoff or final of a running league's week lands at its speed (or its keep-alive), then steps it — one write
/// that moves the clock and appends a `clock.advanced` event, which every open screen follows. Every process on
/// the database may run one; `stepClock` re-checks inside its write, so one step lands per moment.
/// One league can't stop the others: a league whose stored data needs the commissioner is left alone, and one whose
/// step fails waits out a backoff (`LeagueBackoff`); each is logged once through `log`. A plan that can't be read is
/// tried again after the longest sleep and said once through `failed` (`ClockFailures`).
public final class LiveClockDriver: Sendable {
    let core: ClockDriverCore
    /// Longest sleep: a clock set going by a process that this one's event follower hasn't seen yet is still noticed.
    let maxSleep: TimeInterval

    public convenience init(service: LeagueService, databasePath: String, maxSleep: TimeInterval = 5,
                            log: @escaping SkippedLeagueLog = { _ in }, failed: @escaping ClockFailureLog = { _ in }) {
        self.init(service: service, events: SQLiteEventSource(path: databasePath), maxSleep: maxSleep, log: log, failed: failed)
    }

    public init(service: LeagueService, events: any LeagueEventSource, maxSleep: TimeInterval = 5, log: @escaping SkippedLeagueLog = { _ in },
                failed: @escaping ClockFailureLog = { _ in }, lag: ClockLagReport? = nil) {
        self.maxSleep = maxSleep
        core = ClockDriverCore(clock: "season", service: service, events: events, log: log, failed: failed, lag: lag)
    }

    public func run() async {
        let (service, backoff, failures) = (core.service, core.backoff, core.failures)
        let events = core.followFromLatest()
        let wake = WakeSignal()
        let watcher = Task {
            // A speed change (or a commissioner's move) re-plans at once; the steps' own events are ignored.
            for await event in events where (try? event.decodedBody(as: LeagueEvent.ClockAdvanced.self))??.speed != nil {
                wake.fire()
            }
        }
        defer { watcher.cancel() }
        while !Task.isCancelled {
            var sleep = maxSleep
            if let plan = failures.attempt("plan", { try service.season.clockPlan() }) {
                core.hold(plan.held, due: plan.due.map(\.0))
                let now = service.clock.now()
                for (league, at) in plan.due where at <= now && !backoff.isHeld(league, at: now) {
                    core.move(league, due: at) { try $0.season.stepClock(league) }
                }
                if !plan.due.isEmpty, let again = failures.attempt("plan", { try service.season.clockPlan() }) {
                    let later = service.clock.now()
                    // A league waiting out a backoff is due when the backoff ends, not at its (past) step time.
                    if let next = again.due.map({ league, at in max(at, backoff.heldUntil(league) ?? at) }).min() {
                        sleep = min(sleep, max(0.05, next.timeIntervalSince(later)))
                    }
                }
            }
            await wake.wait(upTo: .milliseconds(Int(sleep * 1000)))
        }
    }
}
