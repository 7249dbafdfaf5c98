import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The league chat through the contract, on both transports and both databases: members write, anyone who may read
/// the league reads; replies, @mentions (found on the server, stored with the message), reactions toggled from a
/// fixed set, the commissioner's removal (the text gone from storage), the per-account sending limit, the events each
/// write appends — and every refusal in one sentence. A fresh four-team league: the commissioner ("Test Commish") and
/// Dana, Eli, Fay, each managing a team named after them.
@Suite("Contract: league chat", .bothTransports) struct LeagueChatContractTests {
    struct Club {
        let world: ContractWorld
        let id: LeagueID
        let commissioner: Caller
        let dana: Caller, eli: Caller, fay: Caller
        func api(_ c: Caller = .anonymous) -> any LeagueAPI { world.api(c) }
    }

    func club() async throws -> Club {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana", "Eli", "Fay"])
        return Club(world: world, id: league.id, commissioner: league.commissioner, dana: league.members[0], eli: league.members[1],
                    fay: league.members[2])
    }

    func lastEventID(_ world: ContractWorld) throws -> Int64 {
        try world.scalar("SELECT COALESCE(MAX(id), 0) FROM events", as: Int64.self) ?? 0
    }

    @Test func membersWriteAndReplyAndAnyoneReadsAPublicLeaguesChat() async throws {
        let c = try await club()
        let hello = try await c.api(c.dana).sendChat(c.id, text: "  who's ready for week 1? ")
        #expect(hello.body == "who's ready for week 1?" && hello.authorName == "Dana" && hello.replyTo == nil && !hello.removed)
        let answer = try await c.api(c.commissioner).sendChat(c.id, text: "me", replyTo: hello.id)
        #expect(answer.replyTo == hello.id)
        // Anyone (signed out) reads it, oldest first, with the reply naming what it answers.
        let read = try await c.api().chatMessages(c.id, after: nil)
        #expect(read.map(\.body) == ["who's ready for week 1?", "me"])
        #expect(read.map(\.replyTo) == [nil, hello.id])
        // The draft room's chat is the same channel: what the room reads is what the league chat holds.
        #expect(try await c.api().chatMessages(c.id, after: hello.id).map(\.id) == [answer.id])

        // Refusals: a reply to a message that isn't in this league, an outsider, signed out, too long, empty.
        #expect(await failure { try await c.api(c.dana).sendChat(c.id, text: "hm", replyTo: 999_999) } == .notFound("Chat message 999999 in Test League"))
        #expect(await failure { try await c.api(try c.world.signUp("Zed")).sendChat(c.id, text: "hi") }
                == .forbidden("Only members of Test League can write in its chat"))
        #expect(await failure { try await c.api().sendChat(c.id, text: "hi") } == .unauthenticated)
        #expect(await failure { try await c.api(c.dana).sendChat(c.id, text: String(repeating: "a", count: 201)) }
                == .validation(field: "message", message: "A chat message is 1–200 characters (it has 201)"))
        #expect(await failure { try await c.api(c.dana).sendChat(c.id, text: "  ") }?.code == "validation")
        #expect(try await c.api().chatMessages(c.id, after: nil).count == 2, "nothing refused was stored")
    }

    @Test func pagingBackReadsTheHundredBeforeAMessage() async throws {
        let c = try await club()
        var ids: [Int64] = []
        for i in 1...105 {
            // Four authors take turns, and the clock moves, so the sending limit never stands in the way.
            let who = [c.dana, c.eli, c.fay, c.commissioner][i % 4]
            ids.append(try await c.api(who).sendChat(c.id, text: "line \(i)").id)
            c.world.clock.advance(by: 4)
        }
        #expect(try await c.api().chatMessages(c.id, after: nil).map(\.id) == Array(ids.suffix(100)))
        #expect(try await c.api().chatMessages(c.id, before: ids[5]).map(\.id) == Array(ids.prefix(5)))
        #expect(try await c.api().chatMessages(c.id, before: ids[104]).map(\.id) == Array(ids[4...103]))
        #expect(await failure { try await c.api().call(Endpoints.LeagueChat.chatMessages, At.Chat(c.id, before: -1)) }?.code == "validation")
    }

    @Test func mentionsOfATeamOrAManagerAreFoundOnTheServerAndStoredWithTheMessage() async throws {
        let c = try await club()
        let teams = try await c.api().league(c.id).teams
        let eliTeam = try #require(teams.first { $0.managerName == "Eli" })
        let (dana, eli, fay) = (c.dana.userID!, c.eli.userID!, c.fay.userID!)
        // By display name in any case, by team name, each account once, in order; an e-mail-like "x@fay" is no mention.
        let m = try await c.api(c.commissioner).sendChat(c.id, text: "@fay and @\(eliTeam.name.uppercased()) and @dana, also @Dana! mail x@fay")
        #expect(m.mentions == [fay, eli, dana])
        #expect(try await c.api().chatMessages(c.id, after: nil).last?.mentions == [fay, eli, dana], "stored with the message")
        #expect(try await c.api(c.dana).sendChat(c.id, text: "@nobody here, @Danathan either").mentions.isEmpty)
        // The new message's event names whom it mentions (for notifications).
        let after = try lastEventID(c.world)
        let events = c.api(c.eli).events(league: c.id, after: after)
        let ping = try await c.api(c.fay).sendChat(c.id, text: "@Eli your move")
        let got = await collect(events) { $0.kind == .chat }
        let body = try #require(try got.last?.decodedBody(as: LeagueEvent.Chat.self))
        #expect(body.message == ping.id && body.mentions == [eli])
    }

    @Test func reactionsToggleFromTheFixedSetAndReachTheStream() async throws {
        let c = try await club()
        let m = try await c.api(c.dana).sendChat(c.id, text: "trade talk?")
        let after = try lastEventID(c.world)
        let stream = c.api().events(league: c.id, after: after)
        let once = try await c.api(c.eli).reactToChat(c.id, message: m.id, emoji: "🔥")
        #expect(once.reactions == [ChatReaction(emoji: "🔥", users: [c.eli.userID!])])
        _ = try await c.api(c.fay).reactToChat(c.id, message: m.id, emoji: "🔥")
        let both = try await c.api(c.fay).reactToChat(c.id, message: m.id, emoji: "👍")
        // In the set's order (👍 before 🔥), each emoji's accounts oldest first.
        #expect(both.reactions == [ChatReaction(emoji: "👍", users: [c.fay.userID!]), ChatReaction(emoji: "🔥", users: [c.eli.userID!, c.fay.userID!])])
        // The same reaction again takes it back.
        let back = try await c.api(c.eli).reactToChat(c.id, message: m.id, emoji: "🔥")
        #expect(back.reactions == [ChatReaction(emoji: "👍", users: [c.fay.userID!]), ChatReaction(emoji: "🔥", users: [c.fay.userID!])])
        #expect(try await c.api().chatMessages(c.id, after: nil).last?.reactions == back.reactions)
        let got = await collect(stream) { $0.kind == .chatReacted && (try? $0.decodedBody(as: LeagueEvent.ChatReacted.self))?.on == false }
        let reacted = got.compactMap { try? $0.decodedBody(as: LeagueEvent.ChatReacted.self) }
        #expect(reacted.map(\.on) == [true, true, true, false] && reacted.allSatisfy { $0.message == m.id })

        // Refusals: not in the set, an outsider, signed out, a message that isn't there.
        #expect(await failure { try await c.api(c.eli).reactToChat(c.id, message: m.id, emoji: "🦄") }
                == .validation(field: "emoji", message: "A reaction is one of 👍 👎 😂 😮 😢 🔥 🏈 🎉 (not \"🦄\")"))
        #expect(await failure { try await c.api(c.eli).reactToChat(c.id, message: m.id, emoji: "👍👍") }?.code == "validation")
        #expect(await failure { try await c.api(try c.world.signUp("Zed")).reactToChat(c.id, message: m.id, emoji: "👍") }
                == .forbidden("Only members of Test League can react in its chat"))
        #expect(await failure { try await c.api().reactToChat(c.id, message: m.id, emoji: "👍") } == .unauthenticated)
        #expect(await failure { try await c.api(c.eli).reactToChat(c.id, message: m.id + 1000, emoji: "👍") }?.code == "not_found")
    }

    @Test func theCommissionerRemovesAMessageAndItsTextLeavesStorage() async throws {
        let c = try await club()
        let rude = try await c.api(c.dana).sendChat(c.id, text: "something regrettable about @Eli")
        _ = try await c.api(c.eli).reactToChat(c.id, message: rude.id, emoji: "😮")
        let reply = try await c.api(c.eli).sendChat(c.id, text: "hey!", replyTo: rude.id)
        // Not the author, not another member, not signed out: the commissioner only.
        #expect(await failure { try await c.api(c.dana).removeChatMessage(c.id, message: rude.id) }
                == .forbidden("Only the commissioner of Test League can remove chat messages"))
        #expect(await failure { try await c.api().removeChatMessage(c.id, message: rude.id) } == .unauthenticated)

        let after = try lastEventID(c.world)
        let stream = c.api().events(league: c.id, after: after)
        let removed = try await c.api(c.commissioner).removeChatMessage(c.id, message: rude.id)
        #expect(removed.removed && removed.body.isEmpty && removed.mentions.isEmpty && removed.reactions.isEmpty)
        let read = try await c.api().chatMessages(c.id, after: nil)
        #expect(read.map(\.id) == [rude.id, reply.id] && read[0].removed && read[1].replyTo == rude.id, "shown as removed, the reply still answers it")
        // The text is gone from the row itself.
        #expect(try c.world.scalar("SELECT body FROM chat_messages WHERE id = ?", [rude.id], as: String.self) == "")
        #expect(try c.world.scalar("SELECT COUNT(*) FROM chat_reactions WHERE message_id = ?", [rude.id], as: Int64.self) == 0)
        let got = await collect(stream) { $0.kind == .chatRemoved }
        #expect((try got.last?.decodedBody(as: LeagueEvent.ChatRemoved.self))?.message == rude.id)
        // Again: the same answer, no second event; a removed message takes no reactions or replies' reactions to it.
        #expect(try await c.api(c.commissioner).removeChatMessage(c.id, message: rude.id) == removed)
        #expect(await failure { try await c.api(c.eli).reactToChat(c.id, message: rude.id, emoji: "👍") }
                == .conflict("That message was removed — it takes no reactions"))
        #expect(await failure { try await c.api(c.commissioner).removeChatMessage(c.id, message: 999_999) }?.code == "not_found")
    }

    @Test func oneAccountSendsAtMostTwentyMessagesAMinute() async throws {
        let c = try await club()
        for i in 1...ChatRules.messagesPerWindow { _ = try await c.api(c.dana).sendChat(c.id, text: "spam \(i)") }
        #expect(await failure { try await c.api(c.dana).sendChat(c.id, text: "one more") }
                == .limitReached("You can send 20 chat messages a minute — try again in 60 s", retryAfterSeconds: 60))
        // Others still write; the limit is the account's.
        _ = try await c.api(c.eli).sendChat(c.id, text: "calm down")
        c.world.clock.advance(by: 30)
        #expect(await failure { try await c.api(c.dana).sendChat(c.id, text: "one more") }?.code == "limit_reached")
        c.world.clock.advance(by: 31)
        #expect(try await c.api(c.dana).sendChat(c.id, text: "one more").body == "one more")
        #expect(try await c.api().chatMessages(c.id, after: nil).filter { $0.body == "one more" }.count == 1, "the refused ones were not stored")
    }

    @Test func aPrivateLeaguesChatIsForItsMembers() async throws {
        let world = try ContractWorld()
        let office = try await world.league("Office League").id
        let mei = try world.person("mei")
        let m = try await world.api(mei).sendChat(office, text: "hello office")
        #expect(try await world.api(mei).chatMessages(office, after: nil).map(\.body) == ["hello office"])
        #expect(await failure { try await world.api().chatMessages(office, after: nil) }?.code == "forbidden")
        #expect(await failure { try await world.api().chatMessages(office, before: m.id + 1) }?.code == "forbidden")
        #expect(await failure { try await world.api(try world.signUp("Zed")).reactToChat(office, message: m.id, emoji: "👍") }?.code == "forbidden")
    }
}
