import ClubhouseDomain
import Foundation

/// The SQL of `WaiverStoreWriter` and its reads: waivers and the transactions log.
protocol WaiverSQL: SQLStatements, WaiverStoreWriter {}

extension WaiverSQL {
    func waiverHolds(in league: LeagueID) throws -> [WaiverHold] {
        var out: [WaiverHold] = []
        try each("SELECT player_id, until FROM waiver_holds WHERE league_id = ?", [league]) { s in
            out.append(WaiverHold(playerID: PlayerID(s.string(at: 0)), until: Date(timeIntervalSince1970: s.double(at: 1))))
        }
        return out
    }

    func waiverClaims(in league: LeagueID) throws -> [WaiverClaim] {
        var out: [WaiverClaim] = []
        try each("""
            SELECT id, team_id, add_player, drop_player, bid, rank, status, outcome, created_at, processed_at
            FROM waiver_claims WHERE league_id = ? ORDER BY id
            """, [league]) { s in
            out.append(WaiverClaim(id: s.int64(at: 0), leagueID: league, teamID: TeamID(s.int64(at: 1)), addPlayer: PlayerID(s.string(at: 2)),
                                   dropPlayer: s.optionalString(at: 3).map { PlayerID($0) }, bid: s.int(at: 4), rank: s.int(at: 5),
                                   status: WaiverClaim.Status(rawValue: s.string(at: 6)) ?? .pending,
                                   outcome: s.optionalString(at: 7).flatMap(WaiverClaim.Outcome.init(rawValue:)),
                                   createdAt: Date(timeIntervalSince1970: s.double(at: 8)), processedAt: s.date(at: 9)))
        }
        return out
    }

    func transactions(in league: LeagueID) throws -> [Transaction] {
        var out: [Transaction] = []
        try each("SELECT id, team_id, kind, added, dropped, bid, at FROM transactions WHERE league_id = ? ORDER BY id", [league]) { s in
            out.append(Transaction(id: s.int64(at: 0), leagueID: league, teamID: TeamID(s.int64(at: 1)),
                                   kind: Transaction.Kind(rawValue: s.string(at: 2)) ?? .add, added: s.optionalString(at: 3).map { PlayerID($0) },
                                   dropped: s.optionalString(at: 4).map { PlayerID($0) }, bid: s.optionalInt(at: 5), at: Date(timeIntervalSince1970: s.double(at: 6))))
        }
        return out
    }

    func setWaiverHolds(_ holds: [WaiverHold], in league: LeagueID) throws {
        try run("DELETE FROM waiver_holds WHERE league_id = ?", [league])
        for h in holds { try run("INSERT INTO waiver_holds (league_id, player_id, until) VALUES (?, ?, ?)", [league, h.playerID, h.until]) }
    }

    func insertWaiverClaim(_ c: WaiverClaim) throws -> Int64 {
        return try insert("""
            INSERT INTO waiver_claims (league_id, team_id, add_player, drop_player, bid, rank, status, outcome, created_at, processed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [c.leagueID, c.teamID, c.addPlayer, c.dropPlayer, c.bid, c.rank, c.status.rawValue, c.outcome?.rawValue, c.createdAt, c.processedAt])
    }

    func updateWaiverClaim(_ c: WaiverClaim) throws {
        try run("UPDATE waiver_claims SET drop_player = ?, bid = ?, rank = ?, status = ?, outcome = ?, processed_at = ? WHERE id = ?",
                [c.dropPlayer, c.bid, c.rank, c.status.rawValue, c.outcome?.rawValue, c.processedAt, c.id])
    }

    func insertTransaction(_ t: Transaction) throws -> Int64 {
        return try insert("INSERT INTO transactions (league_id, team_id, kind, added, dropped, bid, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [t.leagueID, t.teamID, t.kind.rawValue, t.added, t.dropped, t.bid, t.at])
    }
}
