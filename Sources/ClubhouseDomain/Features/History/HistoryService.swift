import Foundation

/// A league's history across seasons, and renewing a league into its next season.
/// Reached from the root as `LeagueService.history`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct HistoryService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - A league's history across its renewals (README.md, “Next season”)
//
// Every season of the chain a league was renewed through, found from any league of it by following `previousLeague`
// back and `nextLeague` forward: each season's champion (its playoff winner, once the season is final), standings
// (computed as the standings page computes them, from the stored final scores) and draft, and the all-time records —
// titles, the regular season's wins, losses, ties and points per manager, and each pair of managers' head-to-head
// (every final game between them, playoffs included, as ESPN's and MyFantasyLeague's head-to-head reports count).

extension HistoryService {
    /// Seasons a chain may have at most before the walk stops (a guard against a damaged link, never a real limit).
    static let maxChainSeasons = 200

    /// League `id`'s history: readable by whoever can read the league; the chain's other seasons the caller may not read
    /// (private ones they weren't in) are named by year only.
    public func history(_ id: LeagueID, caller: Caller) throws -> LeagueHistory {
        try store.read { r in
            let asked = try existingLeague(r, id)
            try requireVisible(asked, caller: caller, reader: r)
            var chain = [asked]
            var seen: Set<LeagueID> = [asked.id]
            while let prev = chain.first?.previousLeague, !seen.contains(prev), chain.count < Self.maxChainSeasons, let l = try r.league(prev) {
                chain.insert(l, at: 0); seen.insert(prev)
            }
            while let next = chain.last?.nextLeague, !seen.contains(next), chain.count < Self.maxChainSeasons, let l = try r.league(next) {
                chain.append(l); seen.insert(next)
            }
            var seasons: [LeagueHistory.Season] = [], hidden: [Int] = []
            var games: [(season: Int, result: MatchupResult, home: LeagueHistory.Member, away: LeagueHistory.Member)] = []
            for league in chain {
                if league.id != asked.id, (try? requireVisible(league, caller: caller, reader: r)) == nil {
                    hidden.append(league.season); continue
                }
                let (season, played) = try historySeason(r, league)
                seasons.append(season); games += played
            }
            return LeagueHistory(league: asked.id, name: asked.name, seasons: seasons, privateSeasons: hidden,
                                 allTime: Self.allTime(seasons), headToHead: Self.headToHead(games))
        }
    }

    /// A season's standings (with its games' results) and, once its playoff final is decided, its champion and runner-up.
    static func finalPlaces(_ r: any LeagueStoreReader, _ league: League)
        throws -> (rows: Standings, standings: [TeamID], results: [MatchupResult], champion: TeamID?, runnerUp: TeamID?) {
        let teams = try r.teams(in: league.id).sorted { $0.id < $1.id }
        let results = try r.matchups(in: league.id).compactMap(\.result)
        let standings = Standings(teams: teams.map(\.id), results: results, settings: league.settings)
        var champion: TeamID?, runnerUp: TeamID?
        if let bracket = try? PlayoffBracket(leagueID: league.id, standings: standings, settings: league.settings),
           let winner = bracket.champion(results: results) {
            champion = winner
            runnerUp = bracket.rounds(results: results).last?.matchups.first?.opponent(of: winner)
        }
        return (standings, standings.rows.map(\.teamID), results, champion, runnerUp)
    }

    /// One season: its members, standings, champion and draft, and its final games between two teams.
    private func historySeason(_ r: any LeagueStoreReader, _ league: League) throws
        -> (LeagueHistory.Season, [(season: Int, result: MatchupResult, home: LeagueHistory.Member, away: LeagueHistory.Member)]) {
        let teams = try r.teams(in: league.id).sorted { $0.id < $1.id }
        let users = Dictionary(try r.users(teams.compactMap(\.manager)).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var members: [TeamID: LeagueHistory.Member] = [:]
        for t in teams {
            members[t.id] = LeagueHistory.Member(team: t.id, teamName: t.name, manager: t.manager.map { "user:\($0.rawValue)" } ?? "bot:\(t.name)",
                                                 managerName: t.manager.flatMap { users[$0]?.displayName })
        }
        let places = try Self.finalPlaces(r, league)
        let results = places.results, standings = places.rows
        let rows = standings.rows.enumerated().compactMap { i, row in
            members[row.teamID].map { LeagueHistory.Standing(rank: i + 1, member: $0, wins: row.wins, losses: row.losses, ties: row.ties,
                                                             pointsFor: row.pointsFor, pointsAgainst: row.pointsAgainst) }
        }
        let isFinal = league.state == .complete
        let champion = isFinal ? places.champion.flatMap { members[$0] } : nil, runnerUp = isFinal ? places.runnerUp.flatMap { members[$0] } : nil
        let facts = try factsCache.facts(r, season: league.season)
        let draft = try r.picks(in: league.id).sorted { $0.number < $1.number }.compactMap { p in
            members[p.teamID].map { LeagueHistory.DraftLine(round: p.round, pick: p.number, member: $0, player: facts.summary(p.playerID), price: p.price) }
        }
        let played = results.compactMap { res -> (season: Int, result: MatchupResult, home: LeagueHistory.Member, away: LeagueHistory.Member)? in
            guard res.isFinal, let away = res.matchup.away, let h = members[res.matchup.home], let a = members[away] else { return nil }
            return (league.season, res, h, a)
        }
        return (LeagueHistory.Season(season: league.season, league: league.id, state: league.state, isFinal: isFinal, champion: champion,
                                     runnerUp: runnerUp, standings: rows, draft: draft), played)
    }

    /// Each manager's line across the seasons: titles, then wins, then points for decide the order (then the name).
    static func allTime(_ seasons: [LeagueHistory.Season]) -> [LeagueHistory.ManagerRecord] {
        var lines: [String: LeagueHistory.ManagerRecord] = [:]
        for s in seasons {
            for row in s.standings {
                let m = row.member
                var line = lines[m.manager] ?? LeagueHistory.ManagerRecord(manager: m.manager, managerName: m.managerName, teamName: m.teamName,
                                                                          seasons: 0, titles: [], wins: 0, losses: 0, ties: 0,
                                                                          pointsFor: .zero, pointsAgainst: .zero)
                line.teamName = m.teamName
                line.managerName = m.managerName ?? line.managerName
                line.seasons += 1
                line.wins += row.wins; line.losses += row.losses; line.ties += row.ties
                line.pointsFor = line.pointsFor + row.pointsFor; line.pointsAgainst = line.pointsAgainst + row.pointsAgainst
                if s.champion?.manager == m.manager { line.titles.append(s.season) }
                lines[m.manager] = line
            }
        }
        return lines.values.sorted {
            ($0.titles.count, $0.wins, $0.pointsFor) != ($1.titles.count, $1.wins, $1.pointsFor)
                ? ($0.titles.count, $0.wins, $0.pointsFor) > ($1.titles.count, $1.wins, $1.pointsFor)
                : $0.manager < $1.manager
        }
    }

    /// Every pair of managers who met, with each game from the side of the pair's first (by identity).
    static func headToHead(_ games: [(season: Int, result: MatchupResult, home: LeagueHistory.Member, away: LeagueHistory.Member)])
        -> [LeagueHistory.HeadToHead] {
        var pairs: [String: LeagueHistory.HeadToHead] = [:]
        for g in games where g.home.manager != g.away.manager {
            guard let awayPoints = g.result.awayPoints else { continue }
            let homeFirst = g.home.manager < g.away.manager
            let (a, b) = homeFirst ? (g.home.manager, g.away.manager) : (g.away.manager, g.home.manager)
            let (ap, bp) = homeFirst ? (g.result.homePoints, awayPoints) : (awayPoints, g.result.homePoints)
            let key = a + "|" + b
            var h = pairs[key] ?? LeagueHistory.HeadToHead(a: a, b: b, aWins: 0, bWins: 0, ties: 0, aPoints: .zero, bPoints: .zero, games: [])
            if ap > bp { h.aWins += 1 } else if bp > ap { h.bWins += 1 } else { h.ties += 1 }
            h.aPoints = h.aPoints + ap; h.bPoints = h.bPoints + bp
            h.games.append(LeagueHistory.Meeting(season: g.season, week: g.result.matchup.week, isPlayoff: g.result.matchup.isPlayoff,
                                                 aPoints: ap, bPoints: bp))
            pairs[key] = h
        }
        return pairs.values.sorted { ($0.a, $0.b) < ($1.a, $1.b) }
    }
}
