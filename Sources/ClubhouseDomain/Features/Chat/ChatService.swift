import Foundation

/// The league's chat: messages, replies, reactions, removal.
/// Reached from the root as `LeagueService.chat`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct ChatService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - The league chat (ClubhouseDomain/README.md, “Chat”): one channel per league, the draft room's chat during
// the draft. Members write; whoever may read the league reads; the commissioner removes.

extension ChatService {
    /// Posts a message (1–200 characters under `TextRules`) to the league's chat, answering `replyTo` if given. Members
    /// (the managers and the commissioner) may write; an account sends at most `ChatRules.messagesPerWindow` messages a
    /// minute. The @mentions found in the text are stored with it (`ChatRules.mentions`).
    @discardableResult
    public func sendChat(_ id: LeagueID, text: String, replyTo: Int64? = nil, caller: Caller) throws -> ChatMessage {
        let user = try signedIn(caller)
        let body = try TextRules.chatLine(text)
        if let replyTo, replyTo <= 0 { throw DomainError.validation(field: "replyTo", message: "A chat message id is 1 or more (not \(replyTo))") }
        return try store.write { w in
            let league = try existingLeague(w, id)
            let teams = try w.teams(in: id)
            let team = teams.first { $0.manager == user }
            guard team != nil || league.commissioner == user else {
                throw DomainError.forbidden("Only members of \(league.name) can write in its chat")
            }
            let now = clock.now()
            let sent = try w.chatMessageTimes(by: user, since: now - ChatRules.sendingWindow)
            if sent.count >= ChatRules.messagesPerWindow {
                // Free again when the oldest message that keeps the count at the limit leaves the window.
                let frees = sent[sent.count - ChatRules.messagesPerWindow] + ChatRules.sendingWindow
                let wait = max(1, Int(frees.timeIntervalSince(now).rounded(.up)))
                throw DomainError.limitReached("You can send \(ChatRules.messagesPerWindow) chat messages a minute — try again in \(DomainError.wait(wait))",
                                               retryAfterSeconds: wait)
            }
            if let replyTo, try w.chatMessage(replyTo, in: id) == nil { throw DomainError.notFound("Chat message \(replyTo) in \(league.name)") }
            let memberIDs = teams.compactMap(\.manager) + [league.commissioner].compactMap { $0 }
            let people = try w.users(Array(Set(memberIDs)).sorted())
            let mentionable = teams.compactMap { t in t.manager.map { ChatRules.Mentionable(name: t.name, user: $0) } }
                + people.map { ChatRules.Mentionable(name: $0.displayName, user: $0.id) }
            var message = ChatMessage(id: 0, leagueID: id, userID: user, teamID: team?.id,
                                      authorName: people.first { $0.id == user }?.displayName ?? "", body: body, at: now,
                                      replyTo: replyTo, mentions: ChatRules.mentions(in: body, of: mentionable))
            message.id = try w.insertChatMessage(message)
            try w.appendEvent(league: id, LeagueEvent.Chat(message: message.id, mentions: message.mentions.isEmpty ? nil : message.mentions), at: now)
            return message
        }
    }

    /// The league's chat, oldest first: the latest 100; with `after`, the next 100 after that message (catching up);
    /// with `before`, the 100 before it (paging back). Readable by whoever can see the league.
    public func chatMessages(_ id: LeagueID, after: Int64?, before: Int64? = nil, caller: Caller) throws -> [ChatMessage] {
        if let after, after < 0 { throw DomainError.validation(field: "after", message: "A chat message id is 0 or more (not \(after))") }
        if let before, before < 0 { throw DomainError.validation(field: "before", message: "A chat message id is 0 or more (not \(before))") }
        if after != nil, before != nil { throw DomainError.validation(field: "before", message: "Ask for messages after one id or before one, not both") }
        return try store.read { r in
            let league = try existingLeague(r, id)
            try requireVisible(league, caller: caller, reader: r)
            if let before { return try r.chatMessages(in: id, before: before, limit: ChatRules.page) }
            return try r.chatMessages(in: id, after: after, limit: ChatRules.page)
        }
    }

    /// Toggles the caller's reaction `emoji` (one of `ChatRules.emoji`) on a message: added, or taken away if it was
    /// there. Members only; a removed message takes no reactions. Returns the message as it now stands.
    @discardableResult
    public func reactToChat(_ id: LeagueID, message: Int64, emoji raw: String, caller: Caller) throws -> ChatMessage {
        let user = try signedIn(caller)
        let emoji = try ChatRules.checkEmoji(raw)
        return try store.write { w in
            let league = try existingLeague(w, id)
            let teams = try w.teams(in: id)
            guard league.commissioner == user || teams.contains(where: { $0.manager == user }) else {
                throw DomainError.forbidden("Only members of \(league.name) can react in its chat")
            }
            guard let found = try w.chatMessage(message, in: id) else { throw DomainError.notFound("Chat message \(message) in \(league.name)") }
            if found.removed { throw DomainError.conflict("That message was removed — it takes no reactions") }
            let now = clock.now()
            let on = try w.toggleChatReaction(message: message, user: user, emoji: emoji, at: now)
            try w.appendEvent(league: id, LeagueEvent.ChatReacted(message: message, emoji: emoji, user: user, on: on), at: now)
            guard let after = try w.chatMessage(message, in: id) else { throw DomainError.notFound("Chat message \(message) in \(league.name)") }
            return after
        }
    }

    /// The commissioner removes a message: its text, mentions and reactions leave storage, and it shows as removed.
    /// Removing one already removed changes nothing and answers the same.
    @discardableResult
    public func removeChatMessage(_ id: LeagueID, message: Int64, caller: Caller) throws -> ChatMessage {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            guard league.commissioner == user else { throw DomainError.forbidden("Only the commissioner of \(league.name) can remove chat messages") }
            guard let found = try w.chatMessage(message, in: id) else { throw DomainError.notFound("Chat message \(message) in \(league.name)") }
            if found.removed { return found }
            let now = clock.now()
            try w.removeChatMessage(message, at: now)
            try w.appendEvent(league: id, LeagueEvent.ChatRemoved(message: message), at: now)
            guard let after = try w.chatMessage(message, in: id) else { throw DomainError.notFound("Chat message \(message) in \(league.name)") }
            return after
        }
    }
}
