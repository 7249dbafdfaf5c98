import Foundation
import Synchronization

/// One season's immutable facts (players, NFL teams, games, weekly and prior-season stats), indexed for
/// the lookups every read needs. Loaded once per data version and shared; a season is a few thousand rows,
/// so holding it in memory makes every browse query a handful of dictionary reads.
public struct SeasonFacts: Sendable {
    public let version: Int64
    /// The NFL season these are the facts of.
    public let season: Int
    /// The season the pre-draft rankings are based on (`season` − 1) and where its totals came from.
    public let priorSeasonYear: Int
    public let priorBasis: PriorSeason.Basis
    public let nflTeams: [String: NFLTeam]
    public let players: [PlayerID: Player]
    /// Players of earlier seasons this season's file doesn't list, with their last team: named (a kept player, a
    /// dynasty roster's) but with no team, games or stats this season — never among this season's players.
    public let formerPlayers: [PlayerID: Player]
    /// A standing status per player (`players.injury_status`; no import sets it): what a week without a report shows.
    public let injuries: [PlayerID: InjuryStatus]
    /// The season's injury reports: player → week → report (only weeks whose status isn't healthy).
    private let injuryReports: [PlayerID: [Int: InjuryReport]]
    public let games: [Game]
    public let calendar: SeasonCalendar
    /// (NFL team, week) → game.
    private let gameByTeamWeek: [TeamWeek: Game]
    /// player → week → stats.
    private let weekly: [PlayerID: [Int: WeeklyStat]]
    /// player → stat rows, ascending week (the game log before the clock is applied).
    private let logs: [PlayerID: [WeeklyStat]]
    /// player → when each row of `logs` counts (its game's final time; nil: no game, counts always).
    private let logFinals: [PlayerID: [Date?]]
    /// week → every stat row of that week.
    private let byWeek: [Int: [WeeklyStat]]
    public let priorSeason: [PlayerID: PriorSeasonStat]
    /// player → week → his touchdown plays with their yards (long-play bonuses).
    public let touchdowns: [PlayerID: [Int: [LongTouchdown]]]
    /// Values derived per scoring rules (rankings, points per stat row), built on first use. They live exactly
    /// as long as these facts, i.e. one season data version.
    private let scored = ScoredCache()
    /// League rankings (value over replacement) per scoring rules and roster shape, built on first use.
    private let valued = ValuedRankingsCache()
    /// Weeks of plays, loaded on first use while one of their games is in progress (see `liveWeek(at:reader:)`).
    private let liveWeeks = LiveWeekCache()
    private let liveMomentCache = MomentCache()
    private let gameByID: [String: Game]

    private struct TeamWeek: Hashable { let team: String; let week: Int }

    public init(version: Int64, season: Int? = nil, nflTeams: [NFLTeam], players: [Player], injuries: [PlayerID: InjuryStatus],
                injuryReports: [InjuryReport] = [], games: [Game], weeklyStats: [WeeklyStat], priorSeason: [PriorSeasonStat],
                priorBasis: PriorSeason.Basis? = nil, formerPlayers: [Player] = [], touchdownPlays: [LongTouchdown] = []) {
        self.version = version
        let season = season ?? games.first?.season ?? weeklyStats.first?.season ?? 0
        self.season = season
        priorSeasonYear = season - 1
        self.priorBasis = priorBasis ?? (priorSeason.isEmpty ? .none : .totals)
        self.nflTeams = Dictionary(nflTeams.map { ($0.abbreviation, $0) }, uniquingKeysWith: { a, _ in a })
        let playersByID = Dictionary(players.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        self.players = playersByID
        self.formerPlayers = Dictionary(formerPlayers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        self.injuries = injuries
        var reports: [PlayerID: [Int: InjuryReport]] = [:]
        for r in injuryReports where r.status != .healthy { reports[r.playerID, default: [:]][r.week] = r }
        self.injuryReports = reports
        self.games = games.sorted { ($0.kickoff, $0.id) < ($1.kickoff, $1.id) }
        let calendar = SeasonCalendar(games: games)
        self.calendar = calendar
        var byTeamWeek: [TeamWeek: Game] = [:]
        for g in games {
            byTeamWeek[TeamWeek(team: g.homeTeam, week: g.week)] = g
            byTeamWeek[TeamWeek(team: g.awayTeam, week: g.week)] = g
        }
        gameByTeamWeek = byTeamWeek
        gameByID = Dictionary(games.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var w: [PlayerID: [Int: WeeklyStat]] = [:]
        for s in weeklyStats { w[s.playerID, default: [:]][s.week] = s }
        weekly = w
        let sortedLogs = w.mapValues { $0.values.sorted { $0.week < $1.week } }
        logs = sortedLogs
        func gameOf(_ s: WeeklyStat) -> Game? {
            byTeamWeek[TeamWeek(team: s.nflTeam, week: s.week)]
                ?? playersByID[s.playerID].flatMap { byTeamWeek[TeamWeek(team: $0.nflTeam, week: s.week)] }
        }
        logFinals = sortedLogs.mapValues { $0.map { gameOf($0)?.finalAt } }
        byWeek = Dictionary(grouping: weeklyStats, by: \.week)
        self.priorSeason = Dictionary(priorSeason.map { ($0.playerID, $0) }, uniquingKeysWith: { a, _ in a })
        var tds: [PlayerID: [Int: [LongTouchdown]]] = [:]
        for t in touchdownPlays { tds[t.playerID, default: [:]][t.week, default: []].append(t) }
        touchdowns = tds
    }

    /// Loads one season's facts through a store reader.
    public static func load(from r: any LeagueStoreReader, season: Int) throws -> SeasonFacts {
        let prior = try r.priorSeason(before: season)
        return try SeasonFacts(version: r.seasonDataVersion(), season: season, nflTeams: r.nflTeams(season: season), players: r.players(season: season),
                               injuries: r.injuries(), injuryReports: r.injuryReports(season: season, week: nil), games: r.games(season: season), weeklyStats: r.weeklyStats(season: season),
                               priorSeason: prior.rows, priorBasis: prior.basis, formerPlayers: r.formerPlayers(before: season),
                               touchdownPlays: r.touchdownPlays(season: season))
    }

    /// The week a clock is in (see `SeasonCalendar.week(at:)`).
    public func week(at now: Date) -> Int { calendar.week(at: now) }

    /// The game an NFL team plays in a week; nil on its bye.
    public func game(team: String, week: Int) -> Game? { gameByTeamWeek[TeamWeek(team: team, week: week)] }

    /// A player's game in a week; nil on his bye.
    public func game(for player: PlayerID, week: Int) -> Game? {
        players[player].flatMap { game(team: $0.nflTeam, week: week) }
    }

    /// A player's stats for a week, counted only once his game is final at `now`.
    public func stats(_ player: PlayerID, week: Int, finalAt now: Date) -> WeeklyStat? {
        guard let s = weekly[player]?[week], isFinal(s, at: now) else { return nil }
        return s
    }

    /// Whether a stat row counts at `now`: its game (found by the row's team, else the player's) is final, or there is none.
    private func isFinal(_ s: WeeklyStat, at now: Date) -> Bool {
        if let g = game(team: s.nflTeam, week: s.week) ?? game(for: s.playerID, week: s.week), !g.isFinal(at: now) { return false }
        return true
    }

    /// Every week a player has stats for, final at `now`, ascending.
    public func gameLog(_ player: PlayerID, finalAt now: Date) -> [WeeklyStat] {
        guard let log = logs[player], let finals = logFinals[player] else { return [] }
        return log.indices.filter { i in finals[i].map { now >= $0 } ?? true }.map { log[$0] }
    }

    /// How many weeks of a player's game log are final at `now`.
    public func gamesPlayed(_ player: PlayerID, finalAt now: Date) -> Int {
        logFinals[player]?.reduce(0) { $0 + ($1.map { now >= $0 } ?? true ? 1 : 0) } ?? 0
    }

    // MARK: - Under a league's scoring (computed once per scoring rules, then shared)

    /// These facts under one scoring rule set. Finding the set hashes the rules (a few µs): resolve it once per
    /// request, then ask it per player.
    public func scored(_ scoring: ScoringRules) -> ScoredSeason { ScoredSeason(facts: self, values: scoredFacts(scoring)) }

    /// The pre-draft rankings under `scoring` by raw prior-season points (no replacement level); see `DraftRankings`.
    public func draftRankings(_ scoring: ScoringRules) -> DraftRankings { scoredFacts(scoring).rankings }

    /// A league's pre-draft rankings: value over replacement under its scoring, team count and starting slots.
    public func draftRankings(_ settings: LeagueSettings) -> DraftRankings {
        let valuation = DraftValuation(settings)
        return valued.get(ValuedRankingsCache.Key(scoring: settings.scoring, valuation: valuation)) {
            var byes: [PlayerID: Int] = [:]
            for id in players.keys { if let b = byeWeek(of: id) { byes[id] = b } }
            let scoring = settings.scoring
            return DraftRankings(players: Array(players.values), priorSeason: Array(priorSeason.values),
                                 points: { scoring.points(for: $0, position: $1) }, valuation: valuation, byeWeeks: byes)
        }
    }

    /// A player's fantasy points for a week under `scoring`, counted once final at `now`.
    public func points(_ player: PlayerID, week: Int, scoring: ScoringRules, finalAt now: Date) -> Points {
        scored(scoring).points(player, week: week, finalAt: now)
    }

    /// A player's fantasy points over his game log (final weeks at `now`) under `scoring`.
    public func seasonPoints(_ player: PlayerID, scoring: ScoringRules, finalAt now: Date) -> Points {
        scored(scoring).seasonPoints(player, finalAt: now)
    }

    /// A player's prior-season points under `scoring`, nil without prior-season data.
    public func priorSeasonPoints(_ player: PlayerID, scoring: ScoringRules) -> Points? {
        scored(scoring).priorSeasonPoints(player)
    }

    fileprivate func weekPoints(_ player: PlayerID, week: Int, finalAt now: Date, values: ScoredFacts) -> Points {
        guard let s = weekly[player]?[week], players[player] != nil, isFinal(s, at: now) else { return .zero }
        return values.points[player]?[week] ?? .zero
    }

    fileprivate func seasonPoints(_ player: PlayerID, finalAt now: Date, values: ScoredFacts) -> Points {
        guard let finals = logFinals[player], let points = values.logPoints[player] else { return .zero }
        var total = Points.zero
        for i in finals.indices where finals[i].map({ now >= $0 }) ?? true { total = total + points[i] }
        return total
    }

    private func scoredFacts(_ scoring: ScoringRules) -> ScoredFacts {
        scored.get(scoring) {
            var points: [PlayerID: [Int: Points]] = [:]
            for (id, weeks) in weekly {
                guard let p = players[id] else { continue }
                let tds = touchdowns[id] ?? [:]
                points[id] = weeks.mapValues { scoring.weekPoints(for: $0.stats, position: p.position, longTouchdowns: tds[$0.week] ?? []) }
            }
            var logPoints: [PlayerID: [Points]] = [:]
            for (id, log) in logs {
                guard let weeks = points[id] else { continue }
                logPoints[id] = log.map { weeks[$0.week] ?? .zero }
            }
            var prior: [PlayerID: Points] = [:]
            for (id, row) in priorSeason {
                if let p = players[id] { prior[id] = scoring.points(for: row.stats, position: p.position) }
            }
            let rankings = DraftRankings(players: Array(players.values), priorSeason: Array(priorSeason.values),
                                         points: { scoring.points(for: $0, position: $1) })
            return ScoredFacts(scoring: scoring, rankings: rankings, points: points, logPoints: logPoints, prior: prior)
        }
    }

    // MARK: - Live: games in progress, play by play

    /// Whether some game of `week` has kicked off and is not final at `now`.
    public func hasGameInProgress(week: Int, at now: Date) -> Bool {
        games.contains { $0.week == week && $0.hasKickedOff(at: now) && !$0.isFinal(at: now) }
    }

    /// The plays of the week `now` is in, when one of its games is in progress (loaded through `reader` on first
    /// use, then shared); nil otherwise — final and future games need no plays.
    public func liveWeek(at now: Date, reader: any LeagueStoreReader) throws -> LiveWeek? {
        let week = self.week(at: now)
        guard hasGameInProgress(week: week, at: now) else { return nil }
        return try liveWeek(week, reader: reader)
    }

    /// A week's plays, loaded on first use.
    public func liveWeek(_ week: Int, reader: any LeagueStoreReader) throws -> LiveWeek {
        try liveWeeks.get(week) { LiveWeek(week: week, rows: try reader.plays(season: season, week: week)) }
    }

    /// The first moment after `clock` when something a screen shows changes in the clock's week: a play lands, a
    /// game kicks off or goes final (plays are loaded only while a game of the week is in progress or about to be).
    public func nextLiveMoment(after clock: Date, reader: any LeagueStoreReader) throws -> Date? {
        let week = self.week(at: clock)
        let weekGames = games.filter { $0.week == week }
        var next = weekGames.flatMap { [$0.kickoff, $0.finalAt] }.filter { $0 > clock }.min()
        guard weekGames.contains(where: { $0.hasKickedOff(at: clock) && !$0.isFinal(at: clock) }) else { return next }
        let moments = try liveMoments(week, reader: reader)
        let lo = moments.firstIndex(after: clock)
        if lo < moments.count { next = min(next ?? moments[lo], moments[lo]) }
        return next
    }

    /// Every play's landing time in a week, ascending (built once per week with its plays).
    private func liveMoments(_ week: Int, reader: any LeagueStoreReader) throws -> [Date] {
        try liveMomentCache.get(week) {
            let live = try liveWeek(week, reader: reader)
            var out: [Date] = []
            for (id, g) in live.games {
                guard let game = gameByID[id] else { continue }
                var last = -1
                for p in g.plays where !p.isResidual && p.elapsed != last {
                    last = p.elapsed
                    out.append(game.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: p.elapsed)))
                }
            }
            return out.sorted()
        }
    }

    /// Weeks whose plays are in memory (for benches and tests).
    public var loadedLiveWeeks: [Int] { liveWeeks.loadedWeeks }

    public func game(id: String) -> Game? { gameByID[id] }

    /// A player's game in a week: the game his plays are in, else the team on his stat row, else his listed team.
    public func game(of player: PlayerID, week: Int, live: LiveWeek?) -> Game? {
        if let live, live.week == week, let id = live.gameID(of: player), let g = gameByID[id] { return g }
        if let s = weekly[player]?[week], let g = game(team: s.nflTeam, week: week) { return g }
        return game(for: player, week: week)
    }

    /// Where a player's game stands at `now` and his stat line then: the box score once final, the sum of his plays
    /// up to now while in progress (a defense has a line from kickoff: 0 allowed), nothing before kickoff or on a bye.
    public func moment(_ player: PlayerID, week: Int, at now: Date, live: LiveWeek?) -> PlayerMoment {
        guard let g = game(of: player, week: week, live: live) else { return PlayerMoment(game: nil, phase: .bye, stats: nil) }
        if g.isFinal(at: now) { return PlayerMoment(game: g, phase: .final, stats: weekly[player]?[week]?.stats) }
        guard g.hasKickedOff(at: now) else { return PlayerMoment(game: g, phase: .notStarted, stats: nil) }
        guard let live, live.week == week, let lg = live.games[g.id] else {
            return PlayerMoment(game: g, phase: .inProgress(elapsed: 0), stats: nil)
        }
        let elapsed = min(GameClock.elapsed(atOffset: now.timeIntervalSince(g.kickoff)), lg.length)
        var stats = lg.stats(player, upTo: elapsed)
        if stats == nil, players[player]?.position == .def { stats = StatLine() }
        return PlayerMoment(game: g, phase: .inProgress(elapsed: elapsed), stats: stats)
    }

    /// Every stat row of a week (final or not: callers apply the clock).
    public func weeklyStats(week: Int) -> [WeeklyStat] { byWeek[week] ?? [] }

    /// A player's team's bye week this season (nil: none known, or a season without one).
    public func byeWeek(of player: PlayerID) -> Int? { players[player].flatMap { byeWeek(team: $0.nflTeam) } }

    /// A team's bye week (nil when its schedule has none).
    public func byeWeek(team: String) -> Int? { nflTeams[team].map(\.byeWeek).flatMap { $0 > 0 ? $0 : nil } }

    /// A player as lists show him, with his standing status (no week's report: lists that aren't of one week).
    public func summary(_ id: PlayerID) -> PlayerSummary { summary(id, status: injuries[id] ?? .healthy) }

    /// A player as lists show him for `week`, with his status that week (`injury(_:week:)`).
    public func summary(_ id: PlayerID, week: Int) -> PlayerSummary { summary(id, status: injury(id, week: week)) }

    private func summary(_ id: PlayerID, status: InjuryStatus) -> PlayerSummary {
        guard let p = players[id] else {
            // Not on a team this season: his name and position from the seasons before; unknown altogether: his id.
            let former = formerPlayers[id]
            return PlayerSummary(id: id, name: former?.fullName ?? id.rawValue, position: former?.position ?? .qb, nflTeam: "—", byeWeek: nil)
        }
        return PlayerSummary(id: id, name: p.fullName, position: p.position, nflTeam: p.nflTeam, byeWeek: byeWeek(team: p.nflTeam), injury: status)
    }

    // MARK: - Injury reports

    /// A player's status for a week: that week's report (nflverse's injury report and weekly roster), else his standing
    /// status, else healthy.
    public func injury(_ id: PlayerID, week: Int) -> InjuryStatus {
        injuryReports[id]?[week]?.status ?? injuries[id] ?? .healthy
    }

    /// What the week's report says of a player (nil: nothing that isn't healthy).
    public func injuryReport(_ id: PlayerID, week: Int) -> InjuryReport? { injuryReports[id]?[week] }

    /// Every player's status for a week, the healthy left out (what a lineup decision of that week checks IR against).
    public func injuries(week: Int) -> [PlayerID: InjuryStatus] {
        var out = injuries
        for (id, weeks) in injuryReports { if let r = weeks[week] { out[id] = r.status } }
        return out
    }
}

/// The season's facts under one league's scoring rules: fantasy points per player and week, season totals,
/// prior-season points and the pre-draft rankings, all computed once per rule set and data version.
public struct ScoredSeason: Sendable {
    public let facts: SeasonFacts
    fileprivate let values: ScoredFacts

    public var rankings: DraftRankings { values.rankings }

    /// A player's fantasy points for a week, counted once final at `now`; zero without stats or for a player the
    /// season doesn't know.
    public func points(_ player: PlayerID, week: Int, finalAt now: Date) -> Points {
        facts.weekPoints(player, week: week, finalAt: now, values: values)
    }

    /// A player's fantasy points over his game log (the weeks final at `now`).
    public func seasonPoints(_ player: PlayerID, finalAt now: Date) -> Points {
        facts.seasonPoints(player, finalAt: now, values: values)
    }

    /// A player's prior-season points, nil without prior-season data.
    public func priorSeasonPoints(_ player: PlayerID) -> Points? { values.prior[player] }

    /// A player's points for a week at `now`: the box score's once final, his plays' so far while his game is in
    /// progress (`live`: the week's plays), 0 before kickoff.
    public func points(_ player: PlayerID, week: Int, at now: Date, live: LiveWeek?) -> Points {
        guard let live, live.week == week else { return points(player, week: week, finalAt: now) }
        let m = facts.moment(player, week: week, at: now, live: live)
        guard case .inProgress = m.phase else { return points(player, week: week, finalAt: now) }
        guard let stats = m.stats, let p = facts.players[player], case .inProgress(let elapsed) = m.phase else { return .zero }
        let tds = (facts.touchdowns[player]?[week] ?? []).filter { $0.elapsed <= elapsed }
        return values.scoring.weekPoints(for: stats, position: p.position, longTouchdowns: tds)
    }

    /// What a player is expected to score in a whole game of `week`: his points per game over this season's games
    /// final before that week, else his prior season's per game, else 0; 0 on a bye.
    public func projection(_ player: PlayerID, week: Int, at now: Date) -> Points {
        guard facts.game(for: player, week: week) != nil || facts.game(of: player, week: week, live: nil) != nil else { return .zero }
        let weekStart = facts.calendar.kickoff(ofWeek: week).map { min($0, now) } ?? now
        let games = facts.gamesPlayed(player, finalAt: weekStart)
        if games > 0 { return Points(hundredths: seasonPoints(player, finalAt: weekStart).hundredths / games) }
        guard let prior = facts.priorSeason[player], prior.games > 0, let points = priorSeasonPoints(player) else { return .zero }
        return Points(hundredths: points.hundredths / prior.games)
    }

    /// Points of a stat line for a player under these rules.
    public func points(of stats: StatLine, player: PlayerID) -> Points {
        guard let p = facts.players[player] else { return .zero }
        return values.scoring.points(for: stats, position: p.position)
    }
}

/// A player's game at one moment of the season clock, with his stat line then.
public struct PlayerMoment: Sendable {
    public enum Phase: Hashable, Sendable {
        case bye, notStarted, final
        /// Game seconds played so far.
        case inProgress(elapsed: Int)
    }
    public var game: Game?
    public var phase: Phase
    /// Nil: no stat yet (or none at all).
    public var stats: StatLine?

    /// Share of his game still to play (1 before kickoff, 0 once final or on a bye).
    public var fractionLeft: Double {
        switch phase {
        case .bye, .final: 0
        case .notStarted: 1
        case .inProgress(let e): max(0, Double(GameClock.regulation - e) / Double(GameClock.regulation))
        }
    }
}
