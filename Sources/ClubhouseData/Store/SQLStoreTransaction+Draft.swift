import ClubhouseDomain
import Foundation

/// `SQLStoreTransaction`: the draft: its state, picks and queues (reads).
extension SQLStoreTransaction {
    func draft(in league: LeagueID) throws -> Draft? {
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
        return out
    }

    func picks(in league: LeagueID) throws -> [Pick] {
        var out: [Pick] = []
        try each("SELECT number, round, team_id, player_id, source, made_at FROM picks WHERE league_id = ? ORDER BY number", [league]) { s in
            out.append(Pick(number: s.int(at: 0), round: s.int(at: 1), teamID: TeamID(s.int64(at: 2)), playerID: PlayerID(s.string(at: 3)),
                            source: PickSource(rawValue: s.string(at: 4)) ?? .manager, madeAt: Date(timeIntervalSince1970: s.double(at: 5)))
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
