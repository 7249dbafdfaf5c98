import ClubhouseDomain
import Foundation

/// The SQL of `ChatStoreWriter` and its reads: a league's chat.
protocol ChatSQL: SQLStatements, ChatStoreWriter {}

extension ChatSQL {
    static var chatColumns: String { """
        SELECT m.id, m.user_id, m.team_id, COALESCE(u.display_name, ''), m.body, m.at, m.reply_to, m.mentions, m.removed_at
        FROM chat_messages m LEFT JOIN users u ON u.id = m.user_id
        """ }

    static func chatMessage(_ s: some SQLRowCursor, league: LeagueID) -> ChatMessage {
        let mentions = s.string(at: 7).split(separator: ",").compactMap { Int64($0) }.map { UserID($0) }
        return ChatMessage(id: s.int64(at: 0), leagueID: league, userID: s.isNull(at: 1) ? nil : UserID(s.int64(at: 1)),
                           teamID: s.isNull(at: 2) ? nil : TeamID(s.int64(at: 2)), authorName: s.string(at: 3),
                           body: s.string(at: 4), at: Date(timeIntervalSince1970: s.double(at: 5)),
                           replyTo: s.isNull(at: 6) ? nil : s.int64(at: 6), mentions: mentions, removed: !s.isNull(at: 8))
    }

    func chatMessages(in league: LeagueID, after id: Int64?, limit: Int) throws -> [ChatMessage] {
        var out: [ChatMessage] = []
        // Without `after`: the latest `limit`; with it: the next `limit` after that id (a follower catching up).
        let order = id == nil ? "DESC" : "ASC"
        try each("\(Self.chatColumns) WHERE m.league_id = ? AND m.id > ? ORDER BY m.id \(order) LIMIT ?", [league, id ?? 0, limit]) { s in
            out.append(Self.chatMessage(s, league: league))
        }
        return try withReactions(id == nil ? out.reversed() : out, in: league)
    }

    func chatMessages(in league: LeagueID, before id: Int64, limit: Int) throws -> [ChatMessage] {
        var out: [ChatMessage] = []
        try each("\(Self.chatColumns) WHERE m.league_id = ? AND m.id < ? ORDER BY m.id DESC LIMIT ?", [league, id, limit]) { s in
            out.append(Self.chatMessage(s, league: league))
        }
        return try withReactions(out.reversed(), in: league)
    }

    func chatMessage(_ id: Int64, in league: LeagueID) throws -> ChatMessage? {
        var out: [ChatMessage] = []
        try each("\(Self.chatColumns) WHERE m.league_id = ? AND m.id = ?", [league, id]) { out.append(Self.chatMessage($0, league: league)) }
        return try withReactions(out, in: league).first
    }

    func chatMessageTimes(by user: UserID, since: Date) throws -> [Date] {
        var out: [Date] = []
        try each("SELECT at FROM chat_messages WHERE user_id = ? AND at > ? ORDER BY at", [user, since]) { s in
            out.append(Date(timeIntervalSince1970: s.double(at: 0)))
        }
        return out
    }

    /// The messages with their reactions, read in one statement over the ids they span; each message's emoji in
    /// `ChatRules.emoji` order, each emoji's accounts oldest first.
    private func withReactions(_ messages: [ChatMessage], in league: LeagueID) throws -> [ChatMessage] {
        guard let low = messages.map(\.id).min(), let high = messages.map(\.id).max() else { return messages }
        var byMessage: [Int64: [String: [UserID]]] = [:]
        try each("""
            SELECT r.message_id, r.emoji, r.user_id FROM chat_reactions r JOIN chat_messages m ON m.id = r.message_id
            WHERE m.league_id = ? AND r.message_id BETWEEN ? AND ? ORDER BY r.at, r.user_id
            """, [league, low, high]) { s in
            byMessage[s.int64(at: 0), default: [:]][s.string(at: 1), default: []].append(UserID(s.int64(at: 2)))
        }
        guard !byMessage.isEmpty else { return messages }
        return messages.map { m in
            var m = m
            let found = byMessage[m.id] ?? [:]
            m.reactions = ChatRules.emoji.compactMap { e in found[e].map { ChatReaction(emoji: e, users: $0) } }
            return m
        }
    }

    func insertChatMessage(_ m: ChatMessage) throws -> Int64 {
        let mentions = m.mentions.map { String($0.rawValue) }.joined(separator: ",")
        return try insert("""
            INSERT INTO chat_messages (league_id, user_id, team_id, body, at, reply_to, mentions, removed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [m.leagueID, m.userID, m.teamID, m.body, m.at, m.replyTo, mentions, m.removed ? m.at : nil])
    }

    func toggleChatReaction(message: Int64, user: UserID, emoji: String, at: Date) throws -> Bool {
        if try run("DELETE FROM chat_reactions WHERE message_id = ? AND user_id = ? AND emoji = ?", [message, user, emoji]) > 0 { return false }
        try run("INSERT INTO chat_reactions (message_id, user_id, emoji, at) VALUES (?, ?, ?, ?)", [message, user, emoji, at])
        return true
    }

    func removeChatMessage(_ id: Int64, at: Date) throws {
        // The text, its mentions and its reactions leave storage; the row stays so replies still point at something.
        try run("UPDATE chat_messages SET body = '', mentions = '', removed_at = ? WHERE id = ?", [at, id])
        try run("DELETE FROM chat_reactions WHERE message_id = ?", [id])
    }
}
