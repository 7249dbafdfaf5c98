import Foundation

/// What the activity feed tells of a live week's matchups as the clock passes its plays (README.md, “Activity feed”):
/// - a matchup is in its **last quarter** once the fourth quarter of the last game any of its starters plays has
///   begun (every other starter's game is then in its fourth quarter or over) and until that game is final; it is
///   **close** when the two scores are `closeMargin` points apart or less — one line a matchup, the first moment both
///   hold;
/// - its **final two minutes** start when that last game's clock shows 2:00 left in the fourth quarter; a play that
///   puts the other team ahead from then to the final is a lead change (a tie leads nobody: the lead changes when the
///   team that led last is behind).
/// Scores are the starters' points at each play's landing on the season clock (`ScoredSeason.points(_:week:at:live:)`),
/// as the matchup page shows them.
public struct LiveLines: Sendable {
    /// Points apart, at most, for a close game.
    public static let closeMargin = Points(hundredths: 800)
    /// Game seconds when the fourth quarter begins, and when two minutes are left in it.
    public static let lastQuarter = 3 * GameClock.quarter
    public static let finalTwoMinutes = GameClock.regulation - 120

    /// One matchup of the week: its two teams' starters.
    public struct Pairing: Sendable {
        public var home: TeamID, away: TeamID
        public var homeStarters: [PlayerID], awayStarters: [PlayerID]
        public init(home: TeamID, away: TeamID, homeStarters: [PlayerID], awayStarters: [PlayerID]) {
            self.home = home; self.away = away; self.homeStarters = homeStarters; self.awayStarters = awayStarters
        }
    }

    public let week: Int
    public let scored: ScoredSeason
    public let live: LiveWeek

    public init(week: Int, scored: ScoredSeason, live: LiveWeek) { self.week = week; self.scored = scored; self.live = live }

    var facts: SeasonFacts { scored.facts }

    /// The last game of a pairing (the latest kickoff among its starters' games; nil: none of them plays).
    public func lastGame(_ p: Pairing) -> Game? {
        (p.homeStarters + p.awayStarters).compactMap { facts.game(of: $0, week: week, live: live) }.max { ($0.kickoff, $0.id) < ($1.kickoff, $1.id) }
    }

    /// Both sides' points at `t`.
    public func score(_ p: Pairing, at t: Date) -> (home: Points, away: Points) {
        func total(_ ids: [PlayerID]) -> Points { ids.reduce(.zero) { $0 + scored.points($1, week: week, at: t, live: live) } }
        return (total(p.homeStarters), total(p.awayStarters))
    }

    /// Every moment something may change a score in (from, to]: the plays' landings and the games' finals, ascending.
    public func moments(after from: Date, through to: Date) -> [Date] {
        var out = Set<Date>()
        for (id, g) in live.games {
            guard let game = facts.game(id: id) else { continue }
            if game.finalAt > from && game.finalAt <= to { out.insert(game.finalAt) }
            for play in g.plays where !play.isResidual {
                let at = game.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: play.elapsed))
                if at > from && at <= to { out.insert(at) }
            }
        }
        return out.sorted()
    }

    /// The lines of one pairing for the clock moving from `from` to `to` (`moments`: `moments(after:through:)`);
    /// `closeAlready`: its close-game line was written by an earlier move.
    public func lines(_ p: Pairing, from: Date, moments: [Date], closeAlready: Bool) -> [any LeagueEventBody] {
        guard let last = lastGame(p) else { return [] }
        let quarterStart = last.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: Self.lastQuarter))
        let twoMinutes = last.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: Self.finalTwoMinutes))
        let relevant = moments.filter { $0 >= quarterStart && $0 <= last.finalAt }
        guard !relevant.isEmpty else { return [] }
        var out: [any LeagueEventBody] = []
        var closeWritten = closeAlready
        // Scores change only at moments: just before the first one counted, they are what the lead was.
        let start = score(p, at: max(from, relevant[0].addingTimeInterval(-0.001)))
        var leader: TeamID? = start.home == start.away ? nil : (start.home > start.away ? p.home : p.away)
        for t in relevant {
            let s = score(p, at: t)
            let elapsed = GameClock.elapsed(atOffset: t.timeIntervalSince(last.kickoff))
            let clock = t >= last.finalAt ? "Final" : GameClock.label(elapsed: elapsed)
            let (ahead, behind) = s.home >= s.away ? (LeagueEvent.LiveSide(team: p.home, points: s.home), LeagueEvent.LiveSide(team: p.away, points: s.away))
                                                   : (LeagueEvent.LiveSide(team: p.away, points: s.away), LeagueEvent.LiveSide(team: p.home, points: s.home))
            if !closeWritten, t < last.finalAt, ahead.points - behind.points <= Self.closeMargin {
                out.append(LeagueEvent.CloseGame(LeagueEvent.LiveScore(week: week, leader: ahead, trailer: behind, gameClock: clock)))
                closeWritten = true
            }
            guard s.home != s.away else { continue }
            if let was = leader, was != ahead.team, t >= twoMinutes {
                out.append(LeagueEvent.LeadChanged(LeagueEvent.LiveScore(week: week, leader: ahead, trailer: behind, gameClock: clock)))
            }
            leader = ahead.team
        }
        return out
    }
}
