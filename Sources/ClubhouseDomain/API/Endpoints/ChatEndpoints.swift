import Foundation

extension Endpoints {
    /// The league chat: one channel per league (the draft room's chat is the same one), its replies, mentions,
    /// reactions, and the commissioner's removal.
    public enum LeagueChat {
        /// Oldest first: the latest 100; `?after=ID` the next 100 after a message (catching up after a live event);
        /// `?before=ID` the 100 before one (paging back).
        public static let chatMessages = Endpoint<At.Chat, Wire.Empty, [ChatMessage]>.read("chatMessages", "/v1/leagues/{league}/chat") { c, a in
            try c.service.chat.chatMessages(a.league, after: a.after, before: a.before, caller: c.caller)
        }

        static let reason = "Sign in to write in {league}'s chat — you'll come straight back."
        public static let sendChat = Endpoint<At.League, Wire.ChatText, ChatMessage>.gated(
            "sendChat", .post, "/v1/leagues/{league}/chat", idempotent: true,
            GateWords(reason: reason, resume: "Send your chat message in {league}?", success: "Message sent")
        ) { c, a, b in try c.service.chat.sendChat(a.league, text: b.text, replyTo: b.replyTo, caller: c.caller) }
        public static let reactToChat = Endpoint<At.Message, Wire.Reaction, ChatMessage>.gated(
            // A toggle: a retry of the same request (its Idempotency-Key) answers what the first did, never toggles back.
            "reactToChat", .post, "/v1/leagues/{league}/chat/{message}/reactions", idempotent: true,
            GateWords(reason: "Sign in to react in {league}'s chat — you'll come straight back.", resume: "Add your reaction in {league}'s chat?",
                      success: "Reaction changed")
        ) { c, a, b in try c.service.chat.reactToChat(a.league, message: a.message, emoji: b.emoji, caller: c.caller) }
        public static let removeChatMessage = Endpoint<At.Message, Wire.Empty, ChatMessage>.gated(
            "removeChatMessage", .delete, "/v1/leagues/{league}/chat/{message}",
            GateWords(reason: "Sign in as the commissioner of {league} to remove a chat message.", resume: "Remove the chat message in {league}?",
                      success: "Message removed")
        ) { c, a, _ in try c.service.chat.removeChatMessage(a.league, message: a.message, caller: c.caller) }

        static let all: [any AnyEndpoint] = [chatMessages, sendChat, reactToChat, removeChatMessage]
    }
}

public protocol ChatClient: LeagueTransport {
    /// Posts a one-line message (1–200 characters under the names rule) to the league chat; members only.
    func sendChat(_ league: LeagueID, text: String) async throws -> ChatMessage
    /// Posts a message answering message `replyTo` (nil: a plain message).
    func sendChat(_ league: LeagueID, text: String, replyTo: Int64?) async throws -> ChatMessage
    /// The chat after a message id (the latest 100 when nil), oldest first; readable by whoever can see the league.
    func chatMessages(_ league: LeagueID, after: Int64?) async throws -> [ChatMessage]
    /// The 100 messages before message `before`, oldest first.
    func chatMessages(_ league: LeagueID, before: Int64) async throws -> [ChatMessage]
    /// Toggles the caller's reaction (one of `ChatRules.emoji`) on a message; returns the message as it now stands.
    func reactToChat(_ league: LeagueID, message: Int64, emoji: String) async throws -> ChatMessage
    /// The commissioner removes a message (it shows as removed, its text gone).
    func removeChatMessage(_ league: LeagueID, message: Int64) async throws -> ChatMessage
}

extension ChatClient {
    public func sendChat(_ league: LeagueID, text: String) async throws -> ChatMessage { try await sendChat(league, text: text, replyTo: nil) }
    public func sendChat(_ league: LeagueID, text: String, replyTo: Int64?) async throws -> ChatMessage {
        try await call(Endpoints.LeagueChat.sendChat, At.League(league), Wire.ChatText(text: text, replyTo: replyTo))
    }
    public func chatMessages(_ league: LeagueID, after: Int64?) async throws -> [ChatMessage] {
        try await call(Endpoints.LeagueChat.chatMessages, At.Chat(league, after: after))
    }
    public func chatMessages(_ league: LeagueID, before: Int64) async throws -> [ChatMessage] {
        try await call(Endpoints.LeagueChat.chatMessages, At.Chat(league, before: before))
    }
    public func reactToChat(_ league: LeagueID, message: Int64, emoji: String) async throws -> ChatMessage {
        try await call(Endpoints.LeagueChat.reactToChat, At.Message(league, message: message), Wire.Reaction(emoji: emoji))
    }
    public func removeChatMessage(_ league: LeagueID, message: Int64) async throws -> ChatMessage {
        try await call(Endpoints.LeagueChat.removeChatMessage, At.Message(league, message: message))
    }
}
