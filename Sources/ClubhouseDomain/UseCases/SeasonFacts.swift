import Foundation

/// The season's immutable facts (players, NFL teams, games, weekly and prior-season stats), indexed for
/// the lookups every read needs. Loaded once per data version and shared; the whole 2019 season is a
/// few thousand rows, so holding it in memory makes every browse query a handful of dictionary reads.
public struct SeasonFacts: Sendable {
    public let version: Int64
    public let nflTeams: [String: NFLTeam]
    public let players: [PlayerID: Player]
    public let injuries: [PlayerID: InjuryStatus]
    public let games: [Game]
    public let calendar: SeasonCalendar
    /// (NFL team, week) → game.
    private let gameByTeamWeek: [TeamWeek: Game]
    /// player → week → stats.
    private let weekly: [PlayerID: [Int: WeeklyStat]]
    /// week → every stat row of that week.
    private let byWeek: [Int: [WeeklyStat]]
    public let priorSeason: [PlayerID: PriorSeasonStat]

    private struct TeamWeek: Hashable { let team: String; let week: Int }

    public init(version: Int64, nflTeams: [NFLTeam], players: [Player], injuries: [PlayerID: InjuryStatus], games: [Game],
                weeklyStats: [WeeklyStat], priorSeason: [PriorSeasonStat]) {
        self.version = version
        self.nflTeams = Dictionary(nflTeams.map { ($0.abbreviation, $0) }, uniquingKeysWith: { a, _ in a })
        self.players = Dictionary(players.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        self.injuries = injuries
        self.games = games.sorted { ($0.kickoff, $0.id) < ($1.kickoff, $1.id) }
        calendar = SeasonCalendar(games: games)
        var byTeamWeek: [TeamWeek: Game] = [:]
        for g in games {
            byTeamWeek[TeamWeek(team: g.homeTeam, week: g.week)] = g
            byTeamWeek[TeamWeek(team: g.awayTeam, week: g.week)] = g
        }
        gameByTeamWeek = byTeamWeek
        var w: [PlayerID: [Int: WeeklyStat]] = [:]
        for s in weeklyStats { w[s.playerID, default: [:]][s.week] = s }
        weekly = w
        byWeek = Dictionary(grouping: weeklyStats, by: \.week)
        self.priorSeason = Dictionary(priorSeason.map { ($0.playerID, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Loads the facts through a store reader.
    public static func load(from r: any LeagueStoreReader, season: Int = 2019) throws -> SeasonFacts {
        try SeasonFacts(version: r.seasonDataVersion(), nflTeams: r.nflTeams(), players: r.players(), injuries: r.injuries(),
                        games: r.games(season: season), weeklyStats: r.weeklyStats(season: season), priorSeason: r.priorSeasonStats())
    }

    /// The game an NFL team plays in a week; nil on its bye.
    public func game(team: String, week: Int) -> Game? { gameByTeamWeek[TeamWeek(team: team, week: week)] }

    /// A player's game in a week; nil on his bye.
    public func game(for player: PlayerID, week: Int) -> Game? {
        players[player].flatMap { game(team: $0.nflTeam, week: week) }
    }

    /// A player's stats for a week, counted only once his game is final at `now`.
    public func stats(_ player: PlayerID, week: Int, finalAt now: Date) -> WeeklyStat? {
        guard let s = weekly[player]?[week] else { return nil }
        if let g = game(team: s.nflTeam, week: week) ?? game(for: player, week: week), !g.isFinal(at: now) { return nil }
        return s
    }

    /// Every week a player has stats for, final at `now`, ascending.
    public func gameLog(_ player: PlayerID, finalAt now: Date) -> [WeeklyStat] {
        (weekly[player] ?? [:]).keys.sorted().compactMap { stats(player, week: $0, finalAt: now) }
    }

    /// Every stat row of a week (final or not: callers apply the clock).
    public func weeklyStats(week: Int) -> [WeeklyStat] { byWeek[week] ?? [] }

    public func byeWeek(of player: PlayerID) -> Int? { players[player].flatMap { nflTeams[$0.nflTeam]?.byeWeek } }

    public func summary(_ id: PlayerID) -> PlayerSummary {
        guard let p = players[id] else {
            return PlayerSummary(id: id, name: id.rawValue, position: .qb, nflTeam: "—", byeWeek: nil)
        }
        return PlayerSummary(id: id, name: p.fullName, position: p.position, nflTeam: p.nflTeam,
                             byeWeek: nflTeams[p.nflTeam]?.byeWeek, injury: injuries[id] ?? .healthy)
    }
}

/// Holds the current `SeasonFacts`, reloading when the store's season data version changes.
public final class SeasonFactsCache: @unchecked Sendable {
    // Guarded by `lock`; facts are immutable values, so handing them out is safe.
    private let lock = NSLock()
    private var cached: SeasonFacts?

    public init() {}

    public func facts(_ r: any LeagueStoreReader) throws -> SeasonFacts {
        let version = try r.seasonDataVersion()
        lock.lock()
        if let c = cached, c.version == version { lock.unlock(); return c }
        lock.unlock()
        let fresh = try SeasonFacts.load(from: r)
        lock.lock(); cached = fresh; lock.unlock()
        return fresh
    }
}
