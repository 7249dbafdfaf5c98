import Foundation
import ClubhouseData
import ClubhouseDomain

/// The real 2019 season as the app holds it: the shipped nflverse files (`Sources/ClubhouseData/Resources/nflverse`)
/// imported into an in-memory database by the one importer, then read back — so the rules are tested on the same
/// facts, plays and residual rows the app scores with. Read once for all tests.
struct Fixture: Sendable {
    static let season2019 = Fixture()

    let players: [PlayerID: Player]
    let weeklyStats: [WeeklyStat]
    let games: [Game]
    /// Every week's plays as the app holds them.
    let liveWeeks: [Int: LiveWeek]
    /// Every play row of the season (derived from play-by-play, residual rows included).
    let plays: [PlayStat]
    /// The season's touchdown plays with their yards, as the store reads them for long-play bonuses.
    let touchdowns: [LongTouchdown]

    private init() {
        let db = try! Database.inMemory()
        try! db.migrate()
        try! db.transaction { try SeasonImport.importShipped(session: $0, now: Date(timeIntervalSince1970: 1_800_000_000)) }
        let store = SQLiteLeagueStore(database: db)
        let season = 2019
        players = Dictionary(uniqueKeysWithValues: try! store.read { try $0.players(season: season) }.map { ($0.id, $0) })
        weeklyStats = try! store.read { try $0.weeklyStats(season: season) }
        games = try! store.read { try $0.games(season: season) }
        let plays = try! store.read { r in try (1...17).flatMap { try r.plays(season: season, week: $0) } }
        self.plays = plays
        touchdowns = try! store.read { try $0.touchdownPlays(season: season) }
        liveWeeks = Dictionary(grouping: plays, by: \.week).mapValues { LiveWeek(week: $0[0].week, rows: $0) }
    }

    /// Every play row of 2019.
    static var plays2019: [PlayStat] { season2019.plays }

    /// One week's plays as the app holds them.
    static func liveWeek(_ week: Int) -> LiveWeek { season2019.liveWeeks[week] ?? LiveWeek(week: week, rows: []) }

    /// The season's facts (no prior season, no injuries) for the live reads.
    var facts: SeasonFacts {
        SeasonFacts(version: 1, nflTeams: [], players: Array(players.values), injuries: [:], games: games, weeklyStats: weeklyStats, priorSeason: [])
    }

    /// A player's id by full name (fixture names are unique enough for the players tests use).
    func playerID(named name: String) -> PlayerID {
        players.values.first { $0.fullName == name }!.id
    }

    /// A player's season total: the sum of his weekly rows.
    func seasonTotal(_ id: PlayerID) -> StatLine {
        weeklyStats.filter { $0.playerID == id }.reduce(StatLine()) { $0 + $1.stats }
    }
}
