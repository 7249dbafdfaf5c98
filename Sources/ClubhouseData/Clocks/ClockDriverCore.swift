import ClubhouseDomain
import Foundation

/// What the draft and season clock drivers hold and do alike: the service they move leagues through, the events that
/// wake them, the backoff that sets a failing league aside, the log of steps that failed outside a league, and the
/// report of how late each move landed.
struct ClockDriverCore: Sendable {
    /// "draft" or "season": the name in the logs and the lag report.
    let clock: String
    let service: LeagueService
    let events: any LeagueEventSource
    let backoff: LeagueBackoff
    let failures: ClockFailures
    let lag: ClockLagReport?

    init(clock: String, service: LeagueService, events: any LeagueEventSource, log: @escaping SkippedLeagueLog,
         failed: @escaping ClockFailureLog, lag: ClockLagReport?) {
        self.clock = clock; self.service = service; self.events = events; self.lag = lag
        backoff = LeagueBackoff(clock: clock, log: log)
        failures = ClockFailures(clock: clock, log: failed)
    }

    /// Every league's events from the latest on; unread, from the start (every event replays as a re-plan, which
    /// changes nothing).
    func followFromLatest() -> AsyncStream<LeagueEvent> {
        events.follow(after: failures.attempt("events") { try events.lastEventID() } ?? 0, league: nil)
    }

    /// A plan's leagues that need the commissioner are set aside; leagues in neither `due` nor `held` are forgotten.
    func hold(_ held: [HeldLeague], due: some Sequence<LeagueID>) {
        let now = service.clock.now()
        for h in held { backoff.held(h.league, reason: h.reason, at: now) }
        backoff.keepOnly(Set(due).union(held.map(\.league)))
    }

    /// One league's move (a tick or a step) that fell due at `due`: its lag reported when it moved something; a failure
    /// sets that league aside (and is logged once), the others go on.
    func move(_ league: LeagueID, due: Date, _ body: (LeagueService) throws -> (any Sendable)?) {
        do {
            if try body(service) != nil { lag?(clock, max(0, service.clock.now().timeIntervalSince(due))) }
            backoff.succeeded(league)
        } catch {
            backoff.failed(league, reason: HeldLeague.reason(error), at: service.clock.now())
        }
    }
}
