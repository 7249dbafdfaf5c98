import ClubhouseDomain
import Foundation

/// Runs the leagues' season clocks that a commissioner set going (1×, 10×, 60×): sleeps until the next play,
/// kickoff or final of a running league's week lands at its speed (or its keep-alive), then steps it — one write
/// that moves the clock and appends a `clock.advanced` event, which every open screen follows. Every process on
/// the database may run one; `stepClock` re-checks inside its write, so one step lands per moment.
public final class LiveClockDriver: Sendable {
    let service: LeagueService
    let events: any LeagueEventSource
    /// Longest sleep: a clock set going by a process that this one's event follower hasn't seen yet is still noticed.
    let maxSleep: TimeInterval

    public convenience init(service: LeagueService, databasePath: String, maxSleep: TimeInterval = 5) {
        self.init(service: service, events: SQLiteEventSource(path: databasePath), maxSleep: maxSleep)
    }

    public init(service: LeagueService, events: any LeagueEventSource, maxSleep: TimeInterval = 5) {
        self.service = service; self.events = events; self.maxSleep = maxSleep
    }

    public func run() async {
        let events = self.events.follow(after: (try? self.events.lastEventID()) ?? 0, league: nil)
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
            if let due = try? service.clocksDue() {
                let now = service.clock.now()
                for (league, at) in due where at <= now { _ = try? service.stepClock(league) }
                if !due.isEmpty, let again = try? service.clocksDue() {
                    let later = service.clock.now()
                    if let next = again.map(\.1).min() { sleep = min(sleep, max(0.05, next.timeIntervalSince(later))) }
                }
            }
            await wake.wait(upTo: .milliseconds(Int(sleep * 1000)))
        }
    }
}
