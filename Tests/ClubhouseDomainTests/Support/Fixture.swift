import Foundation
import ClubhouseDomain

/// The 2019 season fixture (`Sources/ClubhouseData/Resources/nfl-2019`), read once for tests.
/// A deliberately tiny CSV reader: the fixture has no quoted fields.
struct Fixture: Sendable {
    static let season2019 = Fixture()

    let players: [PlayerID: Player]
    let weeklyStats: [WeeklyStat]
    let games: [Game]

    private init() {
        let dir = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ClubhouseData/Resources/nfl-2019")
        players = Dictionary(uniqueKeysWithValues: Self.rows(dir, "players.csv").map { r in
            (PlayerID(r["player_id"]!), Player(id: PlayerID(r["player_id"]!), fullName: r["full_name"]!, firstName: r["first_name"]!,
                                               lastName: r["last_name"]!, position: Position(rawValue: r["position"]!)!,
                                               nflTeam: r["team"]!, jerseyNumber: Int(r["jersey_number"]!)))
        })
        weeklyStats = Self.rows(dir, "weekly_stats.csv").map { r in
            var stats = StatLine()
            for column in StatLine.columns { stats[keyPath: column.keyPath] = Int(r[column.name]!)! }
            return WeeklyStat(playerID: PlayerID(r["player_id"]!), season: Int(r["season"]!)!, week: Int(r["week"]!)!,
                              nflTeam: r["recent_team"]!, opponent: r["opponent_team"]!, stats: stats)
        }
        let iso = ISO8601DateFormatter()
        games = Self.rows(dir, "schedule.csv").map { r in
            Game(id: r["game_id"]!, season: Int(r["season"]!)!, week: Int(r["week"]!)!, kickoff: iso.date(from: r["kickoff_utc"]!)!,
                 awayTeam: r["away_team"]!, homeTeam: r["home_team"]!, awayScore: Int(r["away_score"]!)!, homeScore: Int(r["home_score"]!)!)
        }
    }

    /// Every play row of 2019 (`plays.csv`), read on first use.
    static let plays2019: [PlayStat] = {
        let dir = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ClubhouseData/Resources/nfl-2019")
        let text = try! String(contentsOf: dir.appendingPathComponent("plays.csv"), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            return PlayStat(gameID: String(f[0]), week: Int(f[1])!, quarter: f[2] == "F" ? nil : Int(f[2])!, elapsed: Int(f[3])!,
                            sequence: Int(f[4])!, playerID: PlayerID(String(f[5])), stat: String(f[6]), value: Int(f[7])!)
        }
    }()

    /// One week's plays as the app holds them.
    static func liveWeek(_ week: Int) -> LiveWeek { liveWeeks2019[week] ?? LiveWeek(week: week, rows: []) }

    /// Every week's plays as the app holds them, built once for all tests.
    static let liveWeeks2019: [Int: LiveWeek] = Dictionary(grouping: plays2019, by: \.week).mapValues { LiveWeek(week: $0[0].week, rows: $0) }

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

    private static func rows(_ dir: URL, _ file: String) -> [[String: String]] {
        let text = try! String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }
}
