import Foundation

/// Where one starter's game stands at `now`.
public enum PlayerGameState: String, Hashable, Codable, Sendable {
    /// His team has no game this week: he scores nothing.
    case bye
    case notStarted
    /// Kicked off, not final: his points don't count yet.
    case inProgress
    /// Final (kickoff + 3h30): his points count.
    case final
}

/// One starter's line in a team's weekly score.
public struct StarterScore: Hashable, Codable, Sendable {
    public var playerID: PlayerID
    public var slot: Slot
    public var state: PlayerGameState
    /// Points that count now: his score once his game is final, else 0.
    public var points: Points
    public init(playerID: PlayerID, slot: Slot, state: PlayerGameState, points: Points) {
        self.playerID = playerID; self.slot = slot; self.state = state; self.points = points
    }
}

/// A team's score for one week: the sum of its starters' counted points.
public struct TeamWeekScore: Hashable, Codable, Sendable {
    public var teamID: TeamID
    public var week: Int
    /// Starters in slot order (QB, RB, RB, …); bench and IR never appear.
    public var starters: [StarterScore]
    public var points: Points { starters.reduce(.zero) { $0 + $1.points } }
    public init(teamID: TeamID, week: Int, starters: [StarterScore]) { self.teamID = teamID; self.week = week; self.starters = starters }
}

/// A matchup's score at `now`. Final once every game of its week is final.
public struct MatchupResult: Hashable, Codable, Sendable {
    public var matchup: Matchup
    public var homePoints: Points
    /// Nil on a bye.
    public var awayPoints: Points?
    public var isFinal: Bool

    public init(matchup: Matchup, homePoints: Points, awayPoints: Points?, isFinal: Bool) {
        self.matchup = matchup; self.homePoints = homePoints; self.awayPoints = awayPoints; self.isFinal = isFinal
    }

    public var isBye: Bool { matchup.away == nil }
    /// The team with more points once final; nil while live, on a bye, or for a tie.
    public var winner: TeamID? {
        guard isFinal, let away = matchup.away, let awayPoints, homePoints != awayPoints else { return nil }
        return homePoints > awayPoints ? matchup.home : away
    }
    public var isTie: Bool { isFinal && !isBye && homePoints == awayPoints }
    public func points(of team: TeamID) -> Points? { team == matchup.home ? homePoints : team == matchup.away ? awayPoints : nil }
}

/// Weekly team scores and matchup results on the league's season clock.
public struct MatchupScoring: Sendable {
    public var rules: ScoringRules
    public var players: [PlayerID: Player]
    public var games: [Game]
    /// The league's season clock.
    public var now: Date
    private var stats: [Int: [PlayerID: WeeklyStat]]
    /// player → week → touchdown plays (long-play bonuses; `SeasonFacts.touchdowns`).
    public var touchdowns: [PlayerID: [Int: [LongTouchdown]]] = [:]

    public init(rules: ScoringRules, players: [PlayerID: Player], weeklyStats: [WeeklyStat], games: [Game], now: Date) {
        self.rules = rules; self.players = players; self.games = games; self.now = now
        stats = Dictionary(grouping: weeklyStats, by: \.week).mapValues { Dictionary($0.map { ($0.playerID, $0) }, uniquingKeysWith: { a, _ in a }) }
    }

    /// The same scoring with the season's touchdown plays, which long-play bonuses count.
    public func withTouchdowns(_ touchdowns: [PlayerID: [Int: [LongTouchdown]]]) -> MatchupScoring {
        var s = self
        s.touchdowns = touchdowns
        return s
    }

    /// A week is final once every NFL game of that week is final: until then a benched player could still enter an empty slot.
    public func isWeekFinal(_ week: Int) -> Bool {
        let weekGames = games.filter { $0.week == week }
        return !weekGames.isEmpty && weekGames.allSatisfy { $0.isFinal(at: now) }
    }

    /// Sum of the starters' points; a starter counts once his game is final. His game is found by the team on his stat
    /// row that week (traded players), else his listed NFL team.
    public func teamScore(_ lineup: Lineup) -> TeamWeekScore {
        let starters = lineup.slots.filter { $0.value.isStarter }
            .sorted { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }
            .map { id, slot in starterScore(id, slot: slot, week: lineup.week) }
        return TeamWeekScore(teamID: lineup.teamID, week: lineup.week, starters: starters)
    }

    /// A matchup's result from each team's lineup for its week (a missing lineup scores 0).
    public func result(of matchup: Matchup, lineups: [TeamID: Lineup]) -> MatchupResult {
        func score(_ team: TeamID) -> Points {
            teamScore(lineups[team] ?? Lineup(teamID: team, week: matchup.week, slots: [:])).points
        }
        return MatchupResult(matchup: matchup, homePoints: score(matchup.home), awayPoints: matchup.away.map(score),
                             isFinal: isWeekFinal(matchup.week))
    }

    func starterScore(_ id: PlayerID, slot: Slot, week: Int) -> StarterScore {
        let row = stats[week]?[id]
        guard let team = row?.nflTeam ?? players[id]?.nflTeam, let game = games.game(of: team, week: week) else {
            return StarterScore(playerID: id, slot: slot, state: .bye, points: .zero)
        }
        if game.isFinal(at: now) {
            // No stat row for a final game means he didn't record a stat: 0 (a defense is never awarded a shutout it has no row for).
            var points = Points.zero
            if let row, let position = players[id]?.position { points = rules.weekPoints(for: row.stats, position: position, longTouchdowns: touchdowns[id]?[week] ?? []) }
            return StarterScore(playerID: id, slot: slot, state: .final, points: points)
        }
        return StarterScore(playerID: id, slot: slot, state: game.hasKickedOff(at: now) ? .inProgress : .notStarted, points: .zero)
    }
}
