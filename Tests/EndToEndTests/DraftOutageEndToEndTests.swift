import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// `clubhouse serve` stopped while a person is on a 30 s pick clock and started again after the deadline passed: the
/// team on the clock gets its time back instead of an autopick, the room's chat says so, and an app watching the room
/// showed its clock paused while it couldn't reach the server, then counts down again.
@Suite(.serialized) struct DraftOutageEndToEndTests {
    static let leagueName = "Outage Draft Night"

    @Test(.timeLimit(.minutes(10))) func theTeamOnTheClockGetsItsTimeBackAfterTheServerWasDown() throws {
        let home = try TemporaryHome()
        let dbPath = home.url.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: dbPath)).database
        try DemoWorld.seedIfNeeded(db)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let ann = try service.accounts.createAccount(email: "ann@outage.example", password: "ann outage night", displayName: "Ann")
        var settings = LeagueSettings()
        settings.teamCount = 3
        settings.playoffTeams = 2
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1]
        settings.pickClockSeconds = 30
        let league = try service.leagues.createLeague(name: Self.leagueName, settings: settings, isPublic: true, teamName: "Ann's Aces",
                                              seasonClock: Date(timeIntervalSince1970: 1_567_000_000), caller: .user(ann.user.id))
        let annTeam = try service.draft.draftBoard(league, caller: .user(ann.user.id)).capabilities.myTeam!
        let others = try service.leagues.league(league, caller: .anonymous).teams.map(\.id).filter { $0 != annTeam }
        _ = try service.commissioner.setDraftOrder(league, order: [annTeam] + others, caller: .user(ann.user.id))

        var server = try RemoteDraftTests.Server.start(database: dbPath, home: home)
        let port = server.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on") }, "\(server.output)")
        let watcher = try TemporaryHome()
        let app = try Tmux(command: "\(Binary.path) --server http://127.0.0.1:\(port); echo exit=$?; sleep 60", width: 140, height: 40,
                           environment: watcher.environment)
        try #require(try app.waitFor("Public leagues (", timeout: 60).matched)
        try RemoteDraftTests.openLeague(app, named: Self.leagueName)
        try app.send("d")

        let started = try service.draft.startDraft(league, caller: .user(ann.user.id))
        let deadline = try #require(started.deadline)
        let counting = try app.waitFor(timeout: 20) { $0.contains("on the clock: Ann's Aces") && $0.contains(" · 0:") }
        #expect(counting.matched, "the room counts down:\n\(counting.screen)")
        // The server has noted it is running since the draft started; then it goes down.
        let start = try #require(started.startedAt)
        #expect(Wait.blockingUntil(.seconds(20), every: .milliseconds(100)) { ((try? service.store.read { try $0.clockHeartbeat() }) ?? nil).map { $0 >= start } ?? false })
        let heartbeat = try #require(try service.store.read { try $0.clockHeartbeat() })
        #expect(server.stop() == 0)

        let paused = try app.waitFor(timeout: 30) { $0.contains(DraftRoomUIText.unreachable) }
        #expect(paused.matched, "the room shows its clock paused while the server is away:\n\(paused.screen)")
        #expect(Wait.blockingUntil(.seconds(60), every: .milliseconds(200)) { Date() > deadline.addingTimeInterval(1) })
        #expect(try service.draft.draftBoard(league, caller: .anonymous).picks.isEmpty)

        server = try server.startAgain()
        let events = SQLiteEventSource(path: dbPath)
        let restored = Wait.blockingUntil(.seconds(60), every: .milliseconds(100)) {
            ((try? events.events(after: 0, league: league, limit: 1_000)) ?? []).contains { $0.kind == .draftClockRestored }
        }
        try #require(restored, "no draft.restored event after the restart:\n\(server.output)")
        let board = try service.draft.draftBoard(league, caller: .anonymous)
        #expect(board.picks.isEmpty, "no autopick for Ann, who was waiting on the server:\n\(server.output)")
        let back = max(ClockOutage.leastBack, deadline.timeIntervalSince(heartbeat)).rounded(.up)
        let left = try #require(board.draft.deadline).timeIntervalSinceNow
        #expect(left > back - 10 && left <= back, "about the time Ann had when the server stopped (\(back) s): \(left) s left")
        let line = try service.chat.chatMessages(league, after: nil, caller: .anonymous).last?.body ?? ""
        #expect(line.hasPrefix("The league server was unreachable for ") && line.hasSuffix(": Ann's Aces has \(Int(back)) s back."), "\(line)")

        let again = try app.waitFor(timeout: 30) { !$0.contains(DraftRoomUIText.unreachable) && $0.contains("on the clock: Ann's Aces") && $0.contains(" · 0:") }
        #expect(again.matched, "the room counts down again once the server answers:\n\(again.screen)")
        _ = server.stop()
    }
}

/// The room's words as the app shows them (the end-to-end target doesn't link the UI module).
enum DraftRoomUIText {
    static let unreachable = "paused — the league server is unreachable"
}
