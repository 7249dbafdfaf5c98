import Foundation
import ClubhouseDomain

/// Reads the season's facts (NFL teams, players, games, stats) from the database.
public struct SeasonStore: Sendable {
    public let db: Database
    public init(_ db: Database) { self.db = db }

    private static let statList = StatLine.columns.map(\.name).joined(separator: ", ")

    public func teams() throws -> [NFLTeam] {
        try db.withConnection { c in
            var out: [NFLTeam] = []
            try c.cachedStatement("SELECT abbreviation, location, nickname, bye_week FROM nfl_teams ORDER BY abbreviation").forEach { s in
                out.append(NFLTeam(abbreviation: s.string(at: 0), location: s.string(at: 1), nickname: s.string(at: 2), byeWeek: s.int(at: 3)))
            }
            return out
        }
    }

    public func players() throws -> [Player] { try players(where: "", []) }

    public func player(_ id: PlayerID) throws -> Player? { try players(where: "WHERE id = ?", [id]).first }

    public func players(position: Position) throws -> [Player] { try players(where: "WHERE position = ?", [position.rawValue]) }

    private func players(where clause: String, _ params: [(any SQLBindable)?]) throws -> [Player] {
        try db.withConnection { c in
            var out: [Player] = []
            let sql = "SELECT id, full_name, first_name, last_name, position, nfl_team, jersey_number FROM players \(clause) ORDER BY id"
            try c.cachedStatement(sql).forEach(params) { s in
                guard let pos = Position(rawValue: s.string(at: 4)) else { return }
                out.append(Player(id: PlayerID(s.string(at: 0)), fullName: s.string(at: 1), firstName: s.string(at: 2), lastName: s.string(at: 3),
                                  position: pos, nflTeam: s.string(at: 5), jerseyNumber: s.optionalInt(at: 6)))
            }
            return out
        }
    }

    /// Every player's injury status that is not healthy.
    public func injuryStatuses() throws -> [PlayerID: InjuryStatus] {
        var out: [PlayerID: InjuryStatus] = [:]
        for row in try db.query("SELECT id, injury_status FROM players WHERE injury_status <> ''") {
            out[try row.get("id")] = InjuryStatus(rawValue: try row.get("injury_status", as: String.self))
        }
        return out
    }

    public func setInjuryStatus(_ status: InjuryStatus, for player: PlayerID) throws {
        try db.transaction { try $0.run("UPDATE players SET injury_status = ? WHERE id = ?", [status.rawValue, player]) }
    }

    /// Games of a season, optionally of one week, in kickoff order.
    public func games(season: Int, week: Int? = nil) throws -> [Game] {
        try db.withConnection { c in
            var out: [Game] = []
            let sql = "SELECT id, season, week, kickoff, away_team, home_team, away_score, home_score FROM games WHERE season = ?1 AND (?2 IS NULL OR week = ?2) ORDER BY kickoff, id"
            try c.cachedStatement(sql).forEach([season, week]) { s in
                out.append(Game(id: s.string(at: 0), season: s.int(at: 1), week: s.int(at: 2), kickoff: Date(timeIntervalSince1970: s.double(at: 3)),
                                awayTeam: s.string(at: 4), homeTeam: s.string(at: 5), awayScore: s.int(at: 6), homeScore: s.int(at: 7)))
            }
            return out
        }
    }

    /// A player's weeks of a season, in week order (the primary key serves this).
    public func gameLog(player: PlayerID, season: Int) throws -> [WeeklyStat] {
        try weekly(where: "player_id = ?1 AND season = ?2 ORDER BY week", [player, season])
    }

    /// One week's stat lines for the given players (all who played when `players` is nil), keyed by player.
    public func weekStats(season: Int, week: Int, players: [PlayerID]? = nil) throws -> [PlayerID: WeeklyStat] {
        let rows: [WeeklyStat]
        if let players {
            let json = "[" + players.map { "\"\(jsonEscape($0.rawValue))\"" }.joined(separator: ",") + "]"
            rows = try weekly(where: "season = ?1 AND week = ?2 AND player_id IN (SELECT value FROM json_each(?3))", [season, week, json])
        } else {
            rows = try weekly(where: "season = ?1 AND week = ?2", [season, week])
        }
        return Dictionary(rows.map { ($0.playerID, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Every weekly row of a season (for whole-season scoring).
    public func seasonStats(season: Int) throws -> [WeeklyStat] {
        try weekly(where: "season = ?1 ORDER BY player_id, week", [season])
    }

    private func weekly(where clause: String, _ params: [(any SQLBindable)?]) throws -> [WeeklyStat] {
        try db.withConnection { c in
            var out: [WeeklyStat] = []
            let sql = "SELECT player_id, season, week, team, opponent, \(Self.statList) FROM weekly_stats WHERE \(clause)"
            try c.cachedStatement(sql).forEach(params) { s in
                out.append(WeeklyStat(playerID: PlayerID(s.string(at: 0)), season: s.int(at: 1), week: s.int(at: 2),
                                      nflTeam: s.string(at: 3), opponent: s.string(at: 4), stats: Self.statLine(s, from: 5)))
            }
            return out
        }
    }

    /// Prior-season totals keyed by player.
    public func priorSeason(season: Int) throws -> [PlayerID: PriorSeasonStat] {
        try db.withConnection { c in
            var out: [PlayerID: PriorSeasonStat] = [:]
            let sql = "SELECT player_id, season, games, \(Self.statList) FROM prior_season_stats WHERE season = ?"
            try c.cachedStatement(sql).forEach([season]) { s in
                let id = PlayerID(s.string(at: 0))
                out[id] = PriorSeasonStat(playerID: id, season: s.int(at: 1), games: s.int(at: 2), stats: Self.statLine(s, from: 3))
            }
            return out
        }
    }

    static func statLine(_ s: Statement, from first: Int32) -> StatLine {
        var line = StatLine()
        for (i, col) in StatLine.columns.enumerated() { line[keyPath: col.keyPath] = s.int(at: first + Int32(i)) }
        return line
    }
}

func jsonEscape(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}
