import ClubhouseDomain
import Foundation

/// `SQLStoreTransaction`: invites and chat (reads).
extension SQLStoreTransaction {
    static func invite(_ s: some SQLRowCursor) -> Invite {
        Invite(code: s.string(at: 0), leagueID: LeagueID(s.int64(at: 1)), usesLeft: s.int(at: 2), expiresAt: s.date(at: 3))
    }

    func invites(in league: LeagueID) throws -> [Invite] {
        var out: [Invite] = []
        try each("SELECT code, league_id, uses_left, expires_at FROM invites WHERE league_id = ? ORDER BY created_at, code", [league]) {
            out.append(Self.invite($0))
        }
        return out
    }

    func invite(code: String) throws -> Invite? {
        var out: Invite?
        try each("SELECT code, league_id, uses_left, expires_at FROM invites WHERE code = ?", [code]) { out = Self.invite($0) }
        return out
    }

    func chatMessages(in league: LeagueID, after id: Int64?, limit: Int) throws -> [ChatMessage] {
        var out: [ChatMessage] = []
        // Without `after`: the latest `limit`; with it: the next `limit` after that id (a follower catching up).
        let order = id == nil ? "DESC" : "ASC"
        try each("""
            SELECT m.id, m.user_id, m.team_id, COALESCE(u.display_name, ''), m.body, m.at
            FROM chat_messages m LEFT JOIN users u ON u.id = m.user_id
            WHERE m.league_id = ? AND m.id > ? ORDER BY m.id \(order) LIMIT ?
            """, [league, id ?? 0, limit]) { s in
            out.append(ChatMessage(id: s.int64(at: 0), leagueID: league, userID: s.isNull(at: 1) ? nil : UserID(s.int64(at: 1)),
                                   teamID: s.isNull(at: 2) ? nil : TeamID(s.int64(at: 2)), authorName: s.string(at: 3),
                                   body: s.string(at: 4), at: Date(timeIntervalSince1970: s.double(at: 5))))
        }
        return id == nil ? out.reversed() : out
    }
}
