import ClubhouseDomain
import Foundation
import Testing

/// The draft room through the contract: picks, the commissioner's room control, queues and chat.
/// A fresh four-team league (commissioner + Dana, Eli, Fay) drafts in a set order: commissioner, Dana, Eli, Fay.
@Suite("Contract: draft room", .bothTransports) struct DraftRoomContractTests {
    struct Room {
        let world: ContractWorld
        let id: LeagueID
        let commissioner: Caller
        let dana: Caller, eli: Caller, fay: Caller
        let order: [TeamID]
        func api(_ c: Caller = .anonymous) -> any LeagueAPI { world.api(c) }
        func best(_ n: Int = 1) async throws -> [PlayerID] { try await api().draftablePlayers(id).prefix(n).map(\.player.id) }
    }

    func room(started: Bool = true) async throws -> Room {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana", "Eli", "Fay"])
        var order: [TeamID] = [try await world.team(of: league.commissioner, in: league.id)]
        for m in league.members { order.append(try await world.team(of: m, in: league.id)) }
        _ = try await world.api(league.commissioner).setDraftOrder(league.id, order: order)
        if started { _ = try await world.api(league.commissioner).startDraft(league.id) }
        return Room(world: world, id: league.id, commissioner: league.commissioner, dana: league.members[0], eli: league.members[1],
                    fay: league.members[2], order: order)
    }

    @Test func theManagerOnTheClockPicksAndAStalePickIsRefused() async throws {
        let r = try await room()
        let players = try await r.best(3)
        let pick = try await r.api(r.commissioner).makePick(r.id, expectedPick: 1, player: players[0])
        #expect(pick.number == 1 && pick.teamID == r.order[0] && pick.source == .manager)
        let board = try await r.api().draftBoard(r.id)
        #expect(board.picks.map(\.pick) == [pick] && board.draft.currentPick == 2)
        #expect(try await r.api().roster(r.id, team: r.order[0]).rows.map(\.player.id) == [players[0]])

        #expect(await failure { try await r.api(r.dana).makePick(r.id, expectedPick: 1, player: players[1]) } == .conflict("Pick 1 was already made"))
        #expect(await failure { try await r.api(r.eli).makePick(r.id, expectedPick: 2, player: players[1]) }?.code == "forbidden")
        #expect(await failure { try await r.api(r.dana).makePick(r.id, expectedPick: 2, player: players[0]) }?.code == "conflict")
        #expect(await failure { try await r.api().makePick(r.id, expectedPick: 2, player: players[1]) } == .unauthenticated)
        #expect(await failure { try await r.api(try r.world.signUp("Zed")).makePick(r.id, expectedPick: 2, player: players[1]) }
                == .forbidden("You don't have a team in Test League"))
        #expect(try await r.api(r.dana).makePick(r.id, expectedPick: 2, player: players[1]).teamID == r.order[1])
    }

    @Test func pausingStopsPicksAndResumingGivesAFreshClock() async throws {
        let r = try await room()
        let players = try await r.best(2)
        let paused = try await r.api(r.commissioner).pauseDraft(r.id)
        #expect(paused.status == .paused && paused.deadline == nil)
        #expect(await failure { try await r.api(r.commissioner).makePick(r.id, expectedPick: 1, player: players[0]) }
                == .conflict("The draft is paused — nobody can pick"))
        #expect(await failure { try await r.api(r.commissioner).pauseDraft(r.id) } == .conflict("Can't pause: the draft is already paused"))
        r.world.clock.advance(by: 500)
        let resumed = try await r.api(r.commissioner).resumeDraft(r.id)
        #expect(resumed.status == .running && resumed.deadline == r.world.clock.now().addingTimeInterval(90))
        #expect(await failure { try await r.api(r.dana).pauseDraft(r.id) } == .forbidden("Only the commissioner can pause the draft"))
        #expect(await failure { try await r.api(r.dana).resumeDraft(r.id) } == .forbidden("Only the commissioner can resume the draft"))
        #expect(await failure { try await r.api().pauseDraft(r.id) } == .unauthenticated)
    }

    @Test func undoingTheLastPickPutsItBackOnTheClock() async throws {
        let r = try await room()
        let players = try await r.best(2)
        _ = try await r.api(r.commissioner).makePick(r.id, expectedPick: 1, player: players[0])
        _ = try await r.api(r.dana).makePick(r.id, expectedPick: 2, player: players[1])
        let draft = try await r.api(r.commissioner).undoLastPick(r.id)
        #expect(draft.currentPick == 2 && draft.status == .running)
        #expect(try await r.api().draftBoard(r.id).picks.count == 1)
        #expect(try await r.api().roster(r.id, team: r.order[1]).rows.isEmpty)
        #expect(try await r.api().draftablePlayers(r.id).contains { $0.player.id == players[1] })
        #expect(await failure { try await r.api(r.dana).undoLastPick(r.id) } == .forbidden("Only the commissioner can undo picks"))
    }

    @Test func theCommissionerPicksForTheTeamOnTheClock() async throws {
        let r = try await room()
        let players = try await r.best(2)
        _ = try await r.api(r.commissioner).makePick(r.id, expectedPick: 1, player: players[0])
        let pick = try await r.api(r.commissioner).pickForTeam(r.id, expectedPick: 2, expectedTeam: r.order[1], player: players[1])
        #expect(pick.teamID == r.order[1] && pick.source == .commissioner)
        #expect(await failure { try await r.api(r.dana).pickForTeam(r.id, expectedPick: 3, expectedTeam: r.order[2], player: players[0]) }
                == .forbidden("Only the commissioner can pick for a team"))
        #expect(await failure { try await r.api(r.commissioner).pickForTeam(r.id, expectedPick: 2, expectedTeam: r.order[1], player: players[0]) }
                == .conflict("Pick 2 was already made"))
    }

    @Test func autopickIsTheCommissionersOrTheTeamsOwnSwitch() async throws {
        let r = try await room()
        #expect(try await r.api(r.dana).setAutopick(r.id, team: r.order[1], on: true).autopick)
        #expect(try await r.api(r.commissioner).setAutopick(r.id, team: r.order[2], on: true).autopick)
        #expect(await failure { try await r.api(r.fay).setAutopick(r.id, team: r.order[1], on: false) }
                == .forbidden("Only the manager of Dana FC can switch its autopick"))
        // Dana is on autopick: once the commissioner has picked, a tick after her think time picks for her.
        _ = try await r.api(r.commissioner).makePick(r.id, expectedPick: 1, player: try await r.best()[0])
        r.world.clock.advance(by: 6)
        let pick = try #require(try r.world.service.draft.tickDraft(r.id))
        #expect(pick.teamID == r.order[1] && pick.source == .autopick)
    }

    @Test func aManagersQueueIsAddedToReorderedAndEmptiedByPicks() async throws {
        let r = try await room(started: false)
        let players = try await r.best(4)
        let api = r.api(r.dana)
        for p in players.prefix(3) { _ = try await api.editQueue(r.id, .add(p)) }
        #expect(try await api.myQueue(r.id).map(\.id) == Array(players.prefix(3)))
        #expect(try await api.editQueue(r.id, .move(players[2], to: 0)).map(\.id) == [players[2], players[0], players[1]])
        #expect(try await api.editQueue(r.id, .reorder([players[1], players[0], players[2]])).map(\.id) == [players[1], players[0], players[2]])
        #expect(await failure { try await api.editQueue(r.id, .reorder([players[1]])) } == .conflict("The queue changed — reload it and try again"))
        #expect(try await api.editQueue(r.id, .remove(players[0])).map(\.id) == [players[1], players[2]])
        #expect(await failure { try await api.editQueue(r.id, .add(players[1])) }?.code == "validation")
        #expect(await failure { try await api.editQueue(r.id, .add("no-such-player")) } == .notFound("Player no-such-player"))
        // Only my own queue: others see theirs, outsiders are refused, signed-out people asked to sign in.
        #expect(try await r.api(r.eli).myQueue(r.id).isEmpty)
        #expect(try await r.api().myQueue(r.id).isEmpty)
        #expect(await failure { try await r.api(try r.world.signUp("Zed")).editQueue(r.id, .add(players[3])) }
                == .forbidden("You don't have a team in Test League"))
        #expect(await failure { try await r.api().editQueue(r.id, .add(players[3])) } == .unauthenticated)

        // A pick takes the player out of every queue; a drafted player can't be queued.
        _ = try await r.api(r.commissioner).startDraft(r.id)
        _ = try await r.api(r.commissioner).makePick(r.id, expectedPick: 1, player: players[1])
        #expect(try await api.myQueue(r.id).map(\.id) == [players[2]])
        #expect(await failure { try await api.editQueue(r.id, .add(players[1])) }?.code == "conflict")
    }

    @Test func membersChatInTheRoomAndAnyoneWhoCanSeeTheLeagueReadsIt() async throws {
        let r = try await room(started: false)
        let hello = try await r.api(r.dana).sendChat(r.id, text: "  good luck all 🏈 ")
        #expect(hello.body == "good luck all 🏈" && hello.authorName == "Dana" && hello.teamID == r.order[1])
        let reply = try await r.api(r.commissioner).sendChat(r.id, text: "draft at 8")
        #expect(try await r.api().chatMessages(r.id, after: nil).map(\.body) == ["good luck all 🏈", "draft at 8"])
        #expect(try await r.api().chatMessages(r.id, after: hello.id).map(\.id) == [reply.id])

        #expect(await failure { try await r.api(try r.world.signUp("Zed")).sendChat(r.id, text: "hi") }
                == .forbidden("Only members of Test League can write in its chat"))
        #expect(await failure { try await r.api().sendChat(r.id, text: "hi") } == .unauthenticated)
        #expect(await failure { try await r.api(r.dana).sendChat(r.id, text: String(repeating: "a", count: 201)) }
                == .validation(field: "message", message: "A chat message is 1–200 characters (it has 201)"))
        #expect(await failure { try await r.api(r.dana).sendChat(r.id, text: "two\nlines") }
                == .validation(field: "message", message: "A chat message can't contain control characters (U+000A at character 4)"))
        #expect(await failure { try await r.api(r.dana).sendChat(r.id, text: "   ") }?.code == "validation")
    }

    @Test func aPrivateLeaguesChatIsForItsMembers() async throws {
        let world = try ContractWorld()
        let office = try await world.league("Office League").id
        let mei = try world.person("mei")
        _ = try await world.api(mei).sendChat(office, text: "hello office")
        #expect(try await world.api(mei).chatMessages(office, after: nil).map(\.body) == ["hello office"])
        #expect(await failure { try await world.api().chatMessages(office, after: nil) }?.code == "forbidden")
    }

    @Test func aCompleteDraftCantBeUndoneAndItsQueuesAreClosed() async throws {
        let world = try ContractWorld()
        let league = try await world.newLeague(teams: 4, members: ["Dana"])
        try await draftEverything(world, league.id, commissioner: league.commissioner)
        #expect(try await world.api().league(league.id).league.state == .inSeason)
        #expect(await failure { try await world.api(league.commissioner).undoLastPick(league.id) }
                == .conflict("The draft of Test League is complete — its picks can't be undone"))
        #expect(await failure { try await world.api(league.members[0]).editQueue(league.id, .add("00-0033280")) }
                == .conflict("The draft of Test League is over — queues are closed"))
    }

    @Test func chatReadsTheLatestHundredOrCatchesUpAfterAMessage() async throws {
        let r = try await room(started: false)
        var ids: [Int64] = []
        for i in 1...105 {
            ids.append(try await r.api(r.dana).sendChat(r.id, text: "message \(i)").id)
            r.world.clock.advance(by: 4)   // under the sending limit (20 a minute)
        }
        let latest = try await r.api().chatMessages(r.id, after: nil)
        #expect(latest.map(\.id) == Array(ids.suffix(100)))
        #expect(try await r.api().chatMessages(r.id, after: ids[0]).map(\.id) == Array(ids[1...100]))
        #expect(try await r.api().chatMessages(r.id, after: ids[99]).map(\.body) == (101...105).map { "message \($0)" })
    }
}
