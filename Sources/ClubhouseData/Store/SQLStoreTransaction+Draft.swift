import ClubhouseDomain
import Foundation

/// `SQLStoreTransaction`: the draft: its state, picks and queues (reads).
extension SQLStoreTransaction {
    func draft(in league: LeagueID) throws -> Draft? {
        if let hit = memo.drafts[league] { return hit }
        var out: Draft?
        try each("""
            SELECT status, draft_order, rounds, type, pick_clock_seconds, current_pick, deadline, remaining_when_paused, scheduled_at, started_at,
                   pick_opened_at
            FROM drafts WHERE league_id = ?
            """, [league]) { s in
            let order = try StoreSQL.draftOrderCache.decode(s.string(at: 1)).map { TeamID($0) }
            out = Draft(leagueID: league, status: DraftStatus(rawValue: s.string(at: 0)) ?? .scheduled, order: order, rounds: s.int(at: 2),
                        type: DraftType(rawValue: s.string(at: 3)) ?? .snake, pickClockSeconds: s.optionalInt(at: 4), currentPick: s.int(at: 5),
                        deadline: s.date(at: 6), remainingWhenPaused: s.isNull(at: 7) ? nil : s.double(at: 7),
                        scheduledAt: s.date(at: 8), startedAt: s.date(at: 9), pickOpenedAt: s.date(at: 10)).checkedAfterReading()
        }
        memo.drafts[league] = .some(out)
        return out
    }

    func picks(in league: LeagueID) throws -> [Pick] {
        var out: [Pick] = []
        // An auction's sales are picks with their price beside them (schema v9).
        try each("""
            SELECT p.number, p.round, p.team_id, p.player_id, p.source, p.made_at, s.price
            FROM picks p LEFT JOIN auction_sales s ON s.league_id = p.league_id AND s.number = p.number
            WHERE p.league_id = ? ORDER BY p.number
            """, [league]) { s in
            out.append(Pick(number: s.int(at: 0), round: s.int(at: 1), teamID: TeamID(s.int64(at: 2)), playerID: PlayerID(s.string(at: 3)),
                            source: PickSource(rawValue: s.string(at: 4)) ?? .manager, madeAt: Date(timeIntervalSince1970: s.double(at: 5)),
                            price: s.optionalInt(at: 6))
                .checkedAfterReading())
        }
        return out
    }

    func queue(team: TeamID) throws -> [PlayerID] {
        var out: [PlayerID] = []
        try each("SELECT player_id FROM draft_queue WHERE team_id = ? ORDER BY rank", [team]) { out.append(PlayerID($0.string(at: 0))) }
        return out
    }
}
