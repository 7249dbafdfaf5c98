import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The League chat page, headless: messages with author, time, the message a reply answers, reactions and
/// "(removed)"; typing, replying, reacting and (the commissioner) removing through the page's keys; live events reload
/// it; it stays whole at 60×16 and 200×60 and without colour.
@Suite struct ChatPageTests {
    static let alice = UserID(1), ben = UserID(2)
    static var messages: [ChatMessage] {
        [ChatMessage(id: 1, leagueID: Demo.greats, userID: alice, teamID: Demo.bits, authorName: "alice", body: "good luck all @Bytes",
                     at: Demo.now.addingTimeInterval(-3600), mentions: [ben], reactions: [ChatReaction(emoji: "👍", users: [ben, UserID(3)])]),
         ChatMessage(id: 2, leagueID: Demo.greats, userID: ben, teamID: nil, authorName: "ben", body: "thanks!", at: Demo.now.addingTimeInterval(-600),
                     replyTo: 1),
         ChatMessage(id: 3, leagueID: Demo.greats, userID: UserID(3), teamID: nil, authorName: "cal", body: "", at: Demo.now.addingTimeInterval(-60),
                     removed: true)]
    }

    /// On Gridiron Greats' chat, loaded: signed out, or signed in as alice (manager of Bits; `commissioner`: hers too).
    static func opened(signedIn: Bool = true, commissioner: Bool = false, size: Size = Size(width: 80, height: 24), colorAllowed: Bool = true,
                       fake: FakeLeague = FakeLeague()) async -> Harness {
        await fake.setChat(messages)
        if signedIn {
            let alice = await fake.addAccount(email: "alice@example.com", password: "correct horse", displayName: "alice")
            await fake.setSignedIn(alice)
            await fake.setMyTeam(Demo.bits, in: Demo.greats)
            if commissioner { await fake.editCommish { $0.commissionerOf.insert(Demo.greats) } }
        }
        var h = await Harness.started(fake: fake, size: size, colorAllowed: colorAllowed)
        h.send(.deepLink(.chat(Demo.greats)))
        await h.settle()
        h.setDetent(.full)
        return h
    }

    static func page(_ h: Harness) -> ChatFeature.State? { h.state.top[ChatFeature.self] }

    @Test func theChatShowsAuthorsTimesRepliesReactionsAndRemovedLines() async {
        let h = await Self.opened()
        let s = Screen(h.state)
        #expect(s.sheetHeader.contains("Gridiron Greats › Chat"), "\(s.sheetHeader)")
        #expect(s.inSheet("Gridiron Greats · league chat · 3 messages"))
        let first = s.lines.first { $0.contains("good luck all @Bytes") } ?? ""
        #expect(first.contains("alice") && first.contains(ChatFeature.stamp(Demo.now.addingTimeInterval(-3600))) && first.contains("👍2"), "\(first) \(s.text)")
        let reply = s.lines.first { $0.contains("thanks!") } ?? ""
        #expect(reply.contains("ben") && reply.contains("↳ alice: good luck all @Bytes │ thanks!"), "\(reply)")
        #expect(s.lines.contains { $0.contains("cal") && $0.contains("(removed)") }, "\(s.text)")
        #expect(s.footer.contains("c write a message") && s.footer.contains("R reply") && s.footer.contains("e react"), "\(s.footer)")
        #expect(!s.footer.contains("remove"), "a member who isn't the commissioner isn't offered removal: \(s.footer)")
    }

    @Test func theLeaguePageOpensTheChatWithM() async {
        var h = await Harness.started(fake: FakeLeague(), size: Size(width: 200, height: 60))
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        #expect(Screen(h.state).footer.contains("M chat"), "\(Screen(h.state).footer)")
        h.key(.char("M")); await h.settle()
        #expect(h.state.top.page == .chat(Demo.greats))
    }

    @Test func typingSendsAMessageAndRAnswersTheSelectedOne() async {
        var h = await Self.opened()
        h.key(.char("c"))
        #expect(Self.page(h)?.mode == .composing)
        h.keys("see you @ben")
        h.key(.enter); await h.settle()
        #expect(await h.fake.chatWrites == ["send see you @ben"])
        #expect(Screen(h.state).lines.contains { $0.contains("see you @ben") })
        // The newest line is selected; k goes up to ben's, R answers it.
        h.key(.char("k")); h.key(.char("k"))
        #expect(Self.page(h)?.selected?.id == 2)
        h.key(.char("R"))
        #expect(Screen(h.state).inSheet("Replying to ben: thanks! · esc cancels"))
        h.keys("yw"); h.key(.enter); await h.settle()
        #expect(await h.fake.chatLog.last?.replyTo == 2)
        #expect(Screen(h.state).lines.contains { $0.contains("↳ ben: thanks! │ yw") })
        // An empty line is refused in the app with the server's sentence, and nothing is sent.
        h.key(.char("c")); h.key(.enter); await h.settle()
        #expect(h.toast == "Type a message first.")
        #expect(await h.fake.chatWrites.count == 2)
    }

    @Test func eThenADigitTogglesAReaction() async {
        var h = await Self.opened()
        h.key(.char("g"))   // the first message
        h.key(.char("e"))
        #expect(Screen(h.state).inSheet("React: 1 👍 2 👎 3 😂 4 😮 5 😢 6 🔥 7 🏈 8 🎉"), "\(Screen(h.state).text)")
        #expect(Screen(h.state).footer.contains("1-8 👍 · esc cancel"), "\(Screen(h.state).footer)")
        h.key(.char("6")); await h.settle()
        #expect(await h.fake.chatWrites == ["react 1 🔥"])
        #expect(Screen(h.state).lines.contains { $0.contains("good luck all @Bytes  👍2 🔥1") }, "\(Screen(h.state).text)")
        // A removed message takes no reactions: said, not sent.
        h.key(.char("G")); h.key(.char("e")); await h.settle()
        #expect(h.toast == "That message was removed — it takes no reactions.")
        #expect(await h.fake.chatWrites.count == 1)
    }

    @Test func theCommissionerRemovesAMessageAfterAskingAndOthersAreToldWhyNot() async {
        var member = await Self.opened()
        member.key(.char("g")); member.key(.char("X")); await member.settle()
        #expect(member.toast == "Only the commissioner of Gridiron Greats can remove chat messages")
        #expect(await member.fake.chatWrites.isEmpty)

        var h = await Self.opened(commissioner: true)
        #expect(Screen(h.state).footer.contains("X remove message"), "\(Screen(h.state).footer)")
        h.key(.char("g")); h.key(.char("X"))
        #expect(Screen(h.state).inSheet("Remove this message for everyone? Its text is deleted. y remove · n keep"))
        #expect(await h.fake.chatWrites.isEmpty, "nothing is written before y")
        h.key(.char("y")); await h.settle()
        #expect(await h.fake.chatWrites == ["remove 1"])
        #expect(!Screen(h.state).text.contains("good luck all"), "\(Screen(h.state).text)")
        #expect(Screen(h.state).lines.filter { $0.contains("(removed)") }.count >= 2)
    }

    @Test func liveChatEventsReloadTheChatInPlace() async {
        var h = await Self.opened()
        #expect(PageState(.chat(Demo.greats)).live.refresh(after: [.lineupChanged]) == nil, "other events leave the chat alone")
        guard case .liveRefreshed? = PageState(.chat(Demo.greats)).live.refresh(after: [.chatReacted])?[ChatFeature.self] else {
            Issue.record("a reaction reloads the chat"); return
        }
        var log = Self.messages
        log.append(ChatMessage(id: 4, leagueID: Demo.greats, userID: Self.ben, teamID: nil, authorName: "ben", body: "new from ben", at: Demo.now))
        await h.fake.setChat(log)
        h.send(.page(id: h.state.sheet.top.id, ChatFeature.pageAction(.liveRefreshed)))
        await h.settle()
        #expect(Screen(h.state).lines.contains { $0.contains("new from ben") })
        #expect(Self.page(h)?.selected?.id == 4, "following the newest line")
    }

    @Test func theLeaguesLiveEventsReloadTheChatOnlyWhenTheyAreAboutIt() async {
        for (kind, reads) in [(LeagueEvent.Kind.chatRemoved, 2), (.chat, 2), (.lineupChanged, 1)] {
            let fake = FakeLeague()
            fake.eventLog.append(LeagueEvent(id: 9, leagueID: Demo.greats, kind: kind, payload: #"{"message":1}"#, at: Demo.now))
            _ = await Self.opened(signedIn: false, fake: fake)
            #expect(await fake.calls[.chat] == reads, "\(kind): read \(reads == 2 ? "once, then again after the event" : "once")")
        }
    }

    @Test func theDraftRoomsChatTabIsTheSameChannelAndShowsRemovedLines() async {
        let fake = FakeLeague()
        await fake.setChat(Self.messages)
        var h = await Harness.started(fake: fake)
        h.send(.deepLink(.draftRoom(Demo.couch)))
        await h.settle()
        h.setDetent(.full)
        h.key(.char("5"))
        let s = Screen(h.state)
        #expect(s.lines.contains { $0.contains("cal") && $0.contains("(removed)") }, "\(s.text)")
        #expect(s.lines.contains { $0.contains("↳ alice: good luck all @Bytes │ thanks!") }, "\(s.text)")
        #expect(s.lines.contains { $0.contains("good luck all @Bytes  👍2") }, "\(s.text)")
    }

    @Test func oReadsTheLinesBeforeTheFirstOneShown() async {
        let fake = FakeLeague()
        var h = await Self.opened(fake: fake)
        await fake.setChat((1...150).map { i in
            ChatMessage(id: Int64(i), leagueID: Demo.greats, userID: Self.ben, teamID: nil, authorName: "ben", body: "line \(i)", at: Demo.now)
        })
        h.send(.page(id: h.state.sheet.top.id, ChatFeature.pageAction(.liveRefreshed)))
        await h.settle()
        #expect(Self.page(h)?.messages.map(\.id) == Array(51...150))
        h.key(.char("o")); await h.settle()
        #expect(Self.page(h)?.messages.map(\.id) == Array(1...150))
        #expect(Self.page(h)?.selected?.id == 150, "the selection stays on its line")
        h.key(.char("o")); await h.settle()
        #expect(h.toast == "That's the first message of the chat.")
    }

    @Test func signedOutTheChatReadsAndWritingGoesThroughSignIn() async {
        var h = await Self.opened(signedIn: false)
        #expect(Screen(h.state).lines.contains { $0.contains("good luck all @Bytes") })
        h.key(.char("c")); h.keys("hi all"); h.key(.enter); await h.settle()
        #expect(h.state.top.page == .account(.signIn), "the gate asks to sign in first")
    }

    @Test(arguments: [Size(width: 60, height: 16), Size(width: 200, height: 60)]) func itStaysWholeSmallAndLarge(_ size: Size) async {
        let h = await Self.opened(size: size)
        let s = Screen(h.state)
        #expect(s.brokenFrameRows.isEmpty, "\(s.text)")
        #expect(s.lines.contains { $0.contains("(removed)") }, "\(s.text)")
        #expect(s.lines.contains { $0.contains("› ") && $0.contains("/200") }, "the editor line: \(s.text)")
        #expect(s.footer.contains("c write a message"), "\(s.footer)")
    }

    @Test func theSelectedLineReadsInFullUnderTheListWhenTheListCutsIt() async {
        let fake = FakeLeague()
        let words = (1...40).map { "word\($0)" }.joined(separator: " ")
        let long = String(words.prefix(200))
        var h = await Self.opened(fake: fake)
        var log = Self.messages
        log.append(ChatMessage(id: 4, leagueID: Demo.greats, userID: Self.ben, teamID: nil, authorName: "ben", body: long, at: Demo.now))
        await fake.setChat(log)
        h.send(.page(id: h.state.sheet.top.id, ChatFeature.pageAction(.liveRefreshed)))
        await h.settle()
        let s = Screen(h.state)
        let listed = try! #require(s.lines.first { $0.contains("word1 word2") })
        #expect(!listed.contains(String(long.suffix(12))), "the list cuts it: \(listed)")
        // The lines above the editor hold "ben: " and the whole text, wrapped at spaces.
        let inner = s.lines.map { String($0.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespaces) }
        let start = try! #require(inner.firstIndex { $0.hasPrefix("ben: word1") }, "\(s.text)")
        let editor = try! #require(inner.firstIndex { $0.hasPrefix("› ") })
        #expect(inner[start..<editor].joined(separator: " ") == "ben: " + long, "\(s.text)")
    }

    @Test func withoutColourTheSelectionAndEveryLineStayLegible() async {
        let h = await Self.opened(colorAllowed: false)
        let s = Screen(h.state)
        var coloured = 0
        for y in 0..<s.buffer.size.height {
            for x in 0..<s.buffer.size.width where s.buffer[x, y].style.foreground != .default || s.buffer[x, y].style.background != .default { coloured += 1 }
        }
        #expect(coloured == 0)
        #expect(s.lines.contains { $0.contains("(removed)") } && s.lines.contains { $0.contains("👍2") })
        let selected = try! #require(s.row(of: "(removed)"))
        #expect((0..<s.buffer.size.width).contains { s.buffer[$0, selected].style.attributes.contains(.reverse) }, "the selection is reverse video")
    }
}
