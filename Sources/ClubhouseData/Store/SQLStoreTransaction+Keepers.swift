import ClubhouseDomain
import Foundation

/// The SQL of `KeeperStoreWriter` and its reads: a keeper league's declared keepers (schema v13; prices v15).
protocol KeeperSQL: SQLStatements, KeeperStoreWriter {}

extension KeeperSQL {
    func keepers(in league: LeagueID) throws -> [Keeper] {
        var out: [Keeper] = []
        try each("SELECT team_id, player_id, round, price, years, position FROM keepers WHERE league_id = ? ORDER BY team_id, position", [league]) { s in
            out.append(Keeper(team: TeamID(s.int64(at: 0)), player: PlayerID(s.string(at: 1)), round: s.optionalInt(at: 2), price: s.optionalInt(at: 3),
                              years: s.int(at: 4), order: s.int(at: 5)))
        }
        return out
    }

    func setKeepers(_ keepers: [Keeper], team: TeamID, in league: LeagueID) throws {
        try run("DELETE FROM keepers WHERE league_id = ? AND team_id = ?", [league, team])
        for k in keepers {
            try run("INSERT INTO keepers (league_id, team_id, player_id, round, price, years, position) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [league, team, k.player, k.round, k.price, k.years, k.order])
        }
    }
}
