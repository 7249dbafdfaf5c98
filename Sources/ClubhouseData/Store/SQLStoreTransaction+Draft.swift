import ClubhouseDomain
import Foundation

/// `SQLStoreTransaction`: the draft: its state, picks and queues (reads).
extension SQLStoreTransaction {
    func draft(in league: LeagueID) throws -> Draft? {
        if let hit = memo.drafts[league] { return hit }
        var out: Draft?
        try each(LeagueRead.draft, [league]) { out = try Self.draft($0, league: league) }
        memo.drafts[league] = .some(out)
        return out
    }

    func picks(in league: LeagueID) throws -> [Pick] {
        if let hit = memo.picks[league] { return hit }
        var out: [Pick] = []
        try each(LeagueRead.picks, [league]) { out.append(Self.pick($0)) }
        memo.picks[league] = out
        return out
    }

    func queue(team: TeamID) throws -> [PlayerID] {
        var out: [PlayerID] = []
        try each("SELECT player_id FROM draft_queue WHERE team_id = ? ORDER BY rank", [team]) { out.append(PlayerID($0.string(at: 0))) }
        return out
    }
}
