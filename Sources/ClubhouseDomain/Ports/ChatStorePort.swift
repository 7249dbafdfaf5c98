import Foundation

// A league's chat: messages, reactions, removals.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol ChatStoreReader {
    /// Chat messages of a league's draft room, oldest first: the first `limit` after `id`, or the latest `limit` when `id` is nil.
    func chatMessages(in league: LeagueID, after id: Int64?, limit: Int) throws -> [ChatMessage]
    /// The latest `limit` chat messages before message `id`, oldest first (paging back through the league's chat).
    func chatMessages(in league: LeagueID, before id: Int64, limit: Int) throws -> [ChatMessage]
    /// One chat message of the league (nil when it has none with that id).
    func chatMessage(_ id: Int64, in league: LeagueID) throws -> ChatMessage?
    /// When the account's chat messages since `since` were sent, in any league, oldest first (the sending limit).
    func chatMessageTimes(by user: UserID, since: Date) throws -> [Date]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol ChatStoreWriter: ChatStoreReader {
    /// Stores a chat message (its `id` and `authorName` are ignored); returns its id.
    func insertChatMessage(_ message: ChatMessage) throws -> Int64
    /// Adds the account's reaction with `emoji` to a message, or takes it away if it was there; true when it is now on.
    func toggleChatReaction(message: Int64, user: UserID, emoji: String, at: Date) throws -> Bool
    /// Blanks a message's text and mentions, drops its reactions and marks it removed at `at`.
    func removeChatMessage(_ id: Int64, at: Date) throws
}
