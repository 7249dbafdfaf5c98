import Foundation
import Testing
import ClubhouseData
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The draft room over the real embedded API: a signed-in manager drafts through the real use case, and a pick
/// that lost the race shows the use case's own sentence.
@Suite(.serialized) struct DraftRoomEmbeddedTests {
    @Test func aManagerDraftsThroughTheRealUseCaseAndALostRaceShowsTheServersSentence() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-ui-draft-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        _ = try DemoWorld.seedIfNeeded(db, now: Demo.now)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: ManualClock(Demo.now))
        let alice = try #require(try db.scalar("SELECT id FROM users WHERE email = ?", ["alice@demo.clubhouse"], as: Int64.self))
        let api = EmbeddedLeagueAPI(service: service, databasePath: path, caller: { .user(UserID(alice)) })
        let league = try await api.createLeague(NewLeague(name: "Alice Drafts", seasonClock: Demo.now))
        let before = try await api.draftBoard(league)
        let me = try #require(before.capabilities.myTeam)
        #expect(before.capabilities.isCommissioner)
        _ = try await api.setDraftOrder(league, order: [me] + before.teams.map(\.id).filter { $0 != me })
        _ = try await api.startDraft(league)

        var h = Harness(state: Harness(size: Size(width: 120, height: 40)).state, api: api)
        h.followEvents = false
        h.send(.started)
        await h.settle()
        h.send(.open(.draftRoom(league)))
        await h.settle()
        guard let room = h.state.top[DraftRoomFeature.self] else { Issue.record("not the room"); return }
        #expect(room.isMyTurn, "\(Screen(h.state).text)")
        let top = try #require(room.available.first)
        #expect(Screen(h.state).inSheet("Round 1 · pick 1 · on the clock: \(before.teams.first { $0.id == me }!.name) (you)"), "\(Screen(h.state).text)")

        // Enter, y: the pick lands with the number seen, and the room reloads.
        h.key(.enter); h.key(.char("y"))
        await h.settle()
        let after = try await api.draftBoard(league)
        #expect(after.picks.map(\.pick.number) == [1])
        #expect(after.picks.first?.player.id == top.player.id)
        #expect(h.toast == "Pick 1: \(top.player.name).")
        guard let reloaded = h.state.top[DraftRoomFeature.self] else { Issue.record("the draft room is not on top: \(h.state.top.page)"); return }
        #expect(reloaded.room.value?.draft.currentPick == 2)
        #expect(!reloaded.available.contains { $0.player.id == top.player.id })

        // A lost race: the commissioner confirms a pick for the team on the clock, but pick 2 is made elsewhere first.
        h.key(.char("F"))
        guard let asking = h.state.top[DraftRoomFeature.self], case .pick(_, 2, let team, forTeam: true)? = asking.rounds?.confirm else {
            Issue.record("no confirmation: \(h.toast ?? "")"); return
        }
        let other = try #require(reloaded.available.dropFirst(3).first)
        _ = try await api.pickForTeam(league, expectedPick: 2, expectedTeam: team, player: other.player.id)
        h.key(.char("y"))
        await h.settle()
        #expect(h.toast == "Pick 2 was already made")
        #expect(try await api.draftBoard(league).picks.count == 2, "nothing replayed")
    }
}
