/// The playoff bracket: seeds from the standings, one round per week, reseeded each round.
public struct PlayoffBracket: Hashable, Sendable {
    public var leagueID: LeagueID
    /// `seeds[0]` is seed 1.
    public var seeds: [TeamID]
    /// Week of round 1; round r plays in `firstWeek + r − 1`.
    public var firstWeek: Int

    /// One round: its week, its games (higher seed at home), the seeds with a bye, and the winners once every game is final.
    public struct Round: Hashable, Sendable {
        public var number: Int
        public var week: Int
        public var matchups: [Matchup]
        public var byes: [TeamID]
        /// Nil until every game of the round is final.
        public var winners: [TeamID]?
    }

    /// The top `settings.playoffTeams` of `standings` (2, 4 or 6; division winners first), starting in the first playoff week.
    public init(leagueID: LeagueID, standings: Standings, settings: LeagueSettings) throws(DomainError) {
        let count = settings.playoffTeams
        guard LeagueSettings.allowedPlayoffTeams.contains(count) else {
            throw .validation(field: "playoffTeams", message: "Playoffs take 2, 4 or 6 teams")
        }
        guard standings.rows.count >= count else {
            throw .validation(field: "playoffTeams", message: "\(count) playoff teams need at least \(count) teams in the league")
        }
        self.init(leagueID: leagueID, seeds: Array(standings.seeded.prefix(count)), firstWeek: settings.playoffWeeks.lowerBound)
    }

    public init(leagueID: LeagueID, seeds: [TeamID], firstWeek: Int) {
        self.leagueID = leagueID; self.seeds = seeds; self.firstWeek = firstWeek
    }

    /// Rounds to a champion: 1 for 2 teams, 2 for 4, 3 for 6 (seeds 1–2 sit out round 1).
    public var roundCount: Int {
        var rounds = 0, size = 1
        while size < seeds.count { size *= 2; rounds += 1 }
        return rounds
    }

    /// The weeks the bracket plays: 6 teams need three (15–17 by default, past a 15–16 setting).
    public var weeks: ClosedRange<Int> { firstWeek...(firstWeek + max(roundCount, 1) - 1) }

    /// 1-based seed of a team, or nil if it missed the playoffs.
    public func seed(of team: TeamID) -> Int? { seeds.firstIndex(of: team).map { $0 + 1 } }

    /// The rounds known so far given `results`: every round up to and including the first one not yet final.
    /// A playoff game tied after the week goes to the higher seed.
    public func rounds(results: [MatchupResult]) -> [Round] {
        var alive = seeds
        var rounds: [Round] = []
        for number in 1...max(roundCount, 1) where alive.count > 1 {
            let week = firstWeek + number - 1
            let byeCount = Self.bracketSize(alive.count) - alive.count
            let byes = Array(alive.prefix(byeCount))
            let playing = Array(alive.dropFirst(byeCount))
            let matchups = (0..<(playing.count / 2)).map {
                Matchup(leagueID: leagueID, week: week, home: playing[$0], away: playing[playing.count - 1 - $0], isPlayoff: true)
            }
            var winners: [TeamID]? = []
            for matchup in matchups {
                guard let result = results.first(where: { $0.isFinal && $0.matchup.week == week && $0.matchup.home == matchup.home && $0.matchup.away == matchup.away }),
                      let awayPoints = result.awayPoints, let away = matchup.away else { winners = nil; break }
                winners?.append(awayPoints > result.homePoints ? away : matchup.home)
            }
            rounds.append(Round(number: number, week: week, matchups: matchups, byes: byes, winners: winners))
            guard let winners else { break }
            // Reseed: the best remaining seed meets the lowest remaining seed.
            alive = (byes + winners).sorted { seed(of: $0)! < seed(of: $1)! }
        }
        return rounds
    }

    /// The playoff games of `week` (empty if that round isn't set yet or the week isn't a playoff week).
    public func matchups(week: Int, results: [MatchupResult]) -> [Matchup] {
        rounds(results: results).first { $0.week == week }?.matchups ?? []
    }

    /// The champion once the final is final.
    public func champion(results: [MatchupResult]) -> TeamID? {
        if seeds.count == 1 { return seeds[0] }
        let all = rounds(results: results)
        guard all.count == roundCount, let last = all.last, let winners = last.winners, winners.count == 1 else { return nil }
        return winners[0]
    }

    static func bracketSize(_ teams: Int) -> Int {
        var size = 1
        while size < teams { size *= 2 }
        return size
    }
}
