import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The notifications' reducer, exhaustively (TestStore): a chat line that @mentions the signed-in person shows a toast,
/// counts on the bell, rings the terminal bell and writes the desktop notification's sequence; a muted category, the
/// person's own line, history from before the app started, say nothing; a plain chat line toasts and counts, quietly.
@Suite struct NotificationsTests {
    typealias E = LeagueEvent
    static let me = UserID(1), ben = UserID(2)

    /// What the effects wrote to the terminal (`AppEnvironment.terminalOutput`).
    final class OutputRecorder: @unchecked Sendable {
        private let lock = NSLock()
        private var written: [String] = []
        func append(_ s: String) { lock.withLock { written.append(s) } }
        var all: [String] { lock.withLock { written } }
    }

    static func chatEvent(_ message: Int64, mentions: [UserID]?, id: Int64, at: Date = Demo.now, league: LeagueID = Demo.greats) -> LeagueEvent {
        LeagueEvent(id: id, leagueID: league, kind: .chat, payload: try! E.encode(E.Chat(message: message, mentions: mentions)), at: at)
    }

    static func message(_ id: Int64, from user: UserID, _ name: String, _ body: String, mentions: [UserID] = []) -> ChatMessage {
        ChatMessage(id: id, leagueID: Demo.greats, userID: user, teamID: nil, authorName: name, body: body, at: Demo.now, mentions: mentions)
    }

    /// A store signed in as `me`, Bits' manager in Gridiron Greats, desktop notifications by OSC 9.
    static func store(_ fake: FakeLeague, rings: BellRecorder, out: OutputRecorder,
                      mutes: [String: [NotificationCategory]] = [:], reading: LeagueID? = nil, drafting: LeagueID? = nil,
                      knowsGreats: Bool = true) -> TestStore<NotificationsFeature> {
        var env = AppEnvironment(api: fake, settings: InMemorySettingsStore(), now: { Demo.now }, sleep: { _ in }, bell: { rings.ring() })
        env.terminalOutput = { out.append($0) }
        var s = NotificationsFeature.State(since: Demo.now)
        s.me = me
        if knowsGreats {
            s.myLeagues = [Demo.greats: "Gridiron Greats"]
            s.myTeams = [Demo.greats: Demo.bits]
        }
        s.desktop = DesktopTarget(protocol: .osc9, terminal: "WezTerm")
        s.mutes = mutes
        s.reading = reading
        s.drafting = drafting
        return TestStore(NotificationsFeature.self, s, context: PageContext(env: env, viewport: 10))
    }

    @Test func aMentionOfMeShowsAToastCountsRingsTheBellAndSendsOSC9() async {
        let fake = FakeLeague()
        await fake.setChat([Self.message(7, from: Self.ben, "Ben Okafor", "kickoff soon @Bits", mentions: [Self.me])])
        let rings = BellRecorder(), out = OutputRecorder()
        let store = Self.store(fake, rings: rings, out: out)
        let said = "Ben Okafor mentioned you in Gridiron Greats: kickoff soon @Bits"
        await store.send(.eventReceived(Self.chatEvent(7, mentions: [Self.me], id: 20))) { $0.lastEventID = 20 }
        await store.receive({ if case .noticeReady(let n?) = $0 { n.text == said && n.category == .mentions } else { false } }) {
            $0.unread[Demo.greats] = 1
        }
        store.delegated(.toast(said))
        await store.runSilentWork()
        #expect(rings.count == 1, "the terminal bell rang once")
        #expect(out.all == ["\u{1B}]9;Clubhouse: \(said)\u{07}"], "one OSC 9 sequence, byte for byte")
        #expect(store.state.total == 1 && NotificationsFeature.bellLabel(store.state) == "🔔 1")
        store.finish()
    }

    @Test func aMutedMentionSaysNothingAtAll() async {
        let fake = FakeLeague()
        await fake.setChat([Self.message(7, from: Self.ben, "Ben Okafor", "kickoff soon @Bits", mentions: [Self.me])])
        let rings = BellRecorder(), out = OutputRecorder()
        let store = Self.store(fake, rings: rings, out: out, mutes: [String(Demo.greats.rawValue): [.mentions]])
        await store.send(.eventReceived(Self.chatEvent(7, mentions: [Self.me], id: 20))) { $0.lastEventID = 20 }
        store.finish()
        #expect(rings.count == 0 && out.all.isEmpty && store.state.unread.isEmpty)
    }

    @Test func aPlainChatLineToastsAndCountsQuietlyUnlessMutedMineOrOld() async {
        let fake = FakeLeague()
        await fake.setChat([Self.message(7, from: Self.ben, "Ben Okafor", "who has the Bears D?"),
                            Self.message(8, from: Self.me, "Alice Moreno", "not me")])
        let rings = BellRecorder(), out = OutputRecorder()
        let store = Self.store(fake, rings: rings, out: out)
        await store.send(.eventReceived(Self.chatEvent(7, mentions: nil, id: 20))) { $0.lastEventID = 20 }
        await store.receive({ if case .noticeReady(let n?) = $0 { n.category == .chat } else { false } }) { $0.unread[Demo.greats] = 1 }
        store.delegated(.toast("Ben Okafor in Gridiron Greats: who has the Bears D?"))
        // My own line: read, then nothing.
        await store.send(.eventReceived(Self.chatEvent(8, mentions: nil, id: 21))) { $0.lastEventID = 21 }
        await store.receive({ if case .noticeReady(nil) = $0 { true } else { false } })
        // History replayed from before the app started (past the grace): nothing read at all.
        let old = Demo.now.addingTimeInterval(-NotificationsFeature.grace - 1)
        await store.send(.eventReceived(Self.chatEvent(7, mentions: nil, id: 22, at: old))) { $0.lastEventID = 22 }
        // A league that isn't mine: plain chat says nothing.
        await store.send(.eventReceived(Self.chatEvent(7, mentions: nil, id: 23, league: Demo.couch))) { $0.lastEventID = 23 }
        store.finish()
        #expect(rings.count == 0 && out.all.isEmpty, "plain chat neither rings nor notifies the desktop")

        let muted = Self.store(fake, rings: rings, out: out, mutes: [String(Demo.greats.rawValue): [.chat]])
        await muted.send(.eventReceived(Self.chatEvent(7, mentions: nil, id: 24))) { $0.lastEventID = 24 }
        muted.finish()
    }

    @Test func onTheLeaguesChatPageAMentionRingsButNeitherToastsNorCounts() async {
        let fake = FakeLeague()
        await fake.setChat([Self.message(7, from: Self.ben, "Ben Okafor", "@Bits ready?", mentions: [Self.me])])
        let rings = BellRecorder(), out = OutputRecorder()
        let store = Self.store(fake, rings: rings, out: out, reading: Demo.greats)
        await store.send(.eventReceived(Self.chatEvent(7, mentions: [Self.me], id: 20))) { $0.lastEventID = 20 }
        await store.receive({ if case .noticeReady(.some) = $0 { true } else { false } })
        await store.runSilentWork()
        #expect(rings.count == 1 && out.all.count == 1)
        store.finish()
    }

    /// The shell's sync: the League chat page on top reads its league's count; mutes and the desktop choice follow the settings.
    @Test func theChatPageClearsItsLeaguesCountAndSettingsReachTheNotifications() {
        var s = NotificationsFeature.State(since: Demo.now)
        s.unread = [Demo.greats: 2, Demo.couch: 1]
        var settings = UserSettings(desktopNotifications: .osc777)
        settings.setMutes([.chat, .draft], of: Demo.greats)
        NotificationsFeature.sync(&s, reading: Demo.greats, settings: settings, detected: DesktopTarget(protocol: .osc9, inTmux: true, terminal: "WezTerm"))
        #expect(s.unread == [Demo.couch: 1] && s.total == 1)
        #expect(s.mutes == ["1": [.chat, .draft]])
        #expect(s.desktop == DesktopTarget(protocol: .osc777, inTmux: true, terminal: "WezTerm"))
        #expect(settings.mutes(of: Demo.greats) == [.chat, .draft] && settings.mutes(of: Demo.couch).isEmpty)
    }

    /// The top bar shows the bell's count beside the person's name (headless render of the whole screen).
    @Test func theTopBarShowsTheBellsCount() {
        var state = AppState(size: Size(width: 100, height: 30), now: Demo.now)
        var buffer = Buffer(size: state.size)
        AppView.render(state, into: &buffer)
        #expect(!buffer.lines()[0].contains("🔔"), "nothing unread: no bell")
        state.notifications.unread = [Demo.greats: 2, Demo.couch: 1]
        buffer = Buffer(size: state.size)
        AppView.render(state, into: &buffer)
        #expect(buffer.lines()[0].contains("🔔 3 · "), "\(buffer.lines()[0])")
    }

    /// Mutes are kept in the settings file per league, and an older file without them reads as nothing muted.
    @Test func mutesAndTheDesktopChoiceRoundTripThroughTheSettingsFile() throws {
        var s = UserSettings(desktopNotifications: .osc99)
        s.setMutes([.mentions, .scoring], of: Demo.nerds)
        let data = try JSONEncoder().encode(s)
        #expect(try JSONDecoder().decode(UserSettings.self, from: data) == s)
        let old = try JSONDecoder().decode(UserSettings.self, from: Data(#"{"theme":"dark"}"#.utf8))
        #expect(old.desktopNotifications == .auto && old.notificationMutes.isEmpty)
    }
}

/// The desktop notification encoders, tmux's passthrough and the detection table, byte for byte.
@Suite struct DesktopNotificationTests {
    static let esc = "\u{1B}", bel = "\u{07}"

    @Test func eachProtocolsSequence() {
        #expect(DesktopNotification.encode(.osc9, title: "Clubhouse", body: "Ben: hi") == "\(Self.esc)]9;Clubhouse: Ben: hi\(Self.bel)")
        #expect(DesktopNotification.encode(.osc777, title: "Club;house", body: "a;b") == "\(Self.esc)]777;notify;Club,house;a;b\(Self.bel)")
        #expect(DesktopNotification.encode(.osc99, title: "Clubhouse", body: "hi")
                == "\(Self.esc)]99;i=1:d=0;Clubhouse\(Self.esc)\\\(Self.esc)]99;i=1:p=body;hi\(Self.esc)\\")
    }

    @Test func tmuxPassthroughDoublesEveryEscape() {
        #expect(DesktopNotification.tmuxPassthrough("\(Self.esc)]9;hi\(Self.bel)") == "\(Self.esc)Ptmux;\(Self.esc)\(Self.esc)]9;hi\(Self.bel)\(Self.esc)\\")
        let inTmux = DesktopTarget(protocol: .osc9, inTmux: true)
        #expect(inTmux.sequence(title: "", body: "x") == "\(Self.esc)Ptmux;\(Self.esc)\(Self.esc)]9;x\(Self.bel)\(Self.esc)\\")
        #expect(DesktopTarget(protocol: nil).sequence(title: "a", body: "b") == nil, "off writes nothing")
    }

    @Test func textIsSanitized() {
        // ESC, BEL, line breaks, DEL, C1, bidi overrides and zero-width spaces go; emoji with a joiner stay whole.
        let raw = "Ben\u{1B}]9;evil\u{07}\nsays\u{7F}\u{9B}  hi \u{202E}x\u{200B}y 👨‍👩‍👧"
        #expect(DesktopNotification.sanitize(raw) == "Ben ]9;evil says hi xy 👨‍👩‍👧")
        #expect(DesktopNotification.sanitize(String(repeating: "a", count: 300)).count == DesktopNotification.maxLength)
        let seq = DesktopNotification.encode(.osc9, title: "t", body: raw)
        #expect(seq.filter { $0 == "\u{1B}" }.count == 1 && seq.filter { $0 == "\u{07}" }.count == 1, "one ESC starts it, one BEL ends it")
    }

    @Test func detectionTable() {
        let table: [([String: String], DesktopProtocol?, String?)] = [
            (["TERM_PROGRAM": "iTerm.app"], .osc9, "iTerm2"),
            (["TERM_PROGRAM": "WezTerm"], .osc9, "WezTerm"),
            (["TERM_PROGRAM": "ghostty"], .osc9, "Ghostty"),
            (["LC_TERMINAL": "iTerm2", "TERM_PROGRAM": "tmux"], .osc9, "iTerm2"),
            (["KITTY_WINDOW_ID": "1"], .osc99, "kitty"),
            (["TERM": "xterm-kitty"], .osc99, "kitty"),
            (["WT_SESSION": "abc"], .osc9, "Windows Terminal"),
            (["TERM": "xterm-ghostty"], .osc9, "Ghostty"),
            (["TERM": "foot"], .osc777, "foot"),
            (["TERM": "rxvt-unicode-256color"], .osc777, "urxvt"),
            (["VTE_VERSION": "7600", "TERM": "xterm-256color"], .osc777, "a VTE terminal"),
            (["KONSOLE_VERSION": "230800"], .osc777, "Konsole"),
            (["TERM": "xterm-256color"], nil, nil),
            (["TERM_PROGRAM": "tmux", "TERM": "tmux-256color", "TMUX": "/tmp/s,1,0"], nil, nil),
            ([:], nil, nil),
        ]
        for (env, p, name) in table {
            let t = DesktopTarget.detect(env)
            #expect(t.protocol == p && t.terminal == name, "\(env)")
        }
        #expect(DesktopTarget.detect(["TERM_PROGRAM": "WezTerm", "TMUX": "/tmp/s,1,0"]) == DesktopTarget(protocol: .osc9, inTmux: true, terminal: "WezTerm"))
        #expect(DesktopTarget.detect(["TERM": "xterm-256color"]).summary == "off (unknown terminal)")
        #expect(DesktopNotifications.off.resolved(DesktopTarget.detect(["TERM_PROGRAM": "WezTerm"])).protocol == nil)
        #expect(DesktopNotifications.osc777.resolved(DesktopTarget.detect([:])).protocol == .osc777, "a protocol chosen in Settings wins")
        #expect(DesktopNotifications.auto.next == .off && DesktopNotifications.osc99.next == .auto)
    }
}
