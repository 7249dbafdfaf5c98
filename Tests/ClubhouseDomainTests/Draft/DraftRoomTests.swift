import Foundation
import Testing
@testable import ClubhouseDomain

@Suite struct DraftRoomTests {
    typealias F = DraftFixtures
    let t0 = DraftFixtures.t0

    @Test func startOnlyFromScheduledAndSetsTheDeadline() throws {
        var room = F.room()
        try room.start(now: t0)
        #expect(room.draft.status == .running)
        #expect(room.draft.deadline == t0.addingTimeInterval(90))
        #expect(room.onTheClock == TeamID(1))
        #expect(throws: DomainError.conflict("The draft has already started")) { try room.start(now: t0) }
    }

    @Test func softTimerStartsWithoutADeadline() throws {
        let room = F.started(clock: nil)
        #expect(room.draft.deadline == nil)
    }

    @Test func pickAdvancesTheClockToTheNextTeamWithAFreshDeadline() throws {
        var room = F.started()
        let later = t0.addingTimeInterval(30)
        let pick = try room.makePick(expectedPickNumber: 1, team: TeamID(1), player: "QB1", by: .manager, now: later)
        #expect(pick.number == 1 && pick.round == 1 && pick.source == .manager)
        #expect(room.draft.currentPick == 2)
        #expect(room.onTheClock == TeamID(2))
        #expect(room.draft.deadline == later.addingTimeInterval(90))
        #expect(!room.isAvailable("QB1"))
    }

    @Test func stalePickIsAConflictNamingThePick() throws {
        var room = F.started()
        try room.makePick(expectedPickNumber: 1, team: TeamID(1), player: "QB1", by: .manager, now: t0)
        #expect(throws: DomainError.conflict("Pick 1 was already made")) {
            try room.makePick(expectedPickNumber: 1, team: TeamID(1), player: "RB1", by: .manager, now: t0)
        }
        #expect(room.picks.count == 1)
    }

    @Test func onlyTheTeamOnTheClockMayPick() {
        var room = F.started()
        #expect(throws: DomainError.forbidden("It's not your pick — team 1 is on the clock")) {
            try room.makePick(expectedPickNumber: 1, team: TeamID(2), player: "QB1", by: .manager, now: t0)
        }
    }

    /// Sentences name teams by their names, never by internal ids.
    @Test func refusalsNameTheTeamsByName() {
        let started = F.started()
        var room = DraftRoom(draft: started.draft, picks: started.picks, pool: started.pool, rules: started.rules,
                             teamNames: [TeamID(1): "Dana FC", TeamID(2): "Eli United"])
        #expect(throws: DomainError.forbidden("It's not your pick — Dana FC is on the clock")) {
            try room.makePick(expectedPickNumber: 1, team: TeamID(2), player: "QB1", by: .manager, now: t0)
        }
        #expect(throws: DomainError.conflict("Pick 1 is Dana FC's now, not Eli United's — nothing was picked")) {
            try room.makePick(expectedPickNumber: 1, team: TeamID(2), player: "QB1", by: .commissioner, now: t0)
        }
    }

    @Test func commissionerPicksForTheAbsentManagerOnTheClock() throws {
        var room = F.started()
        let pick = try room.makePick(expectedPickNumber: 1, team: TeamID(1), player: "RB1", by: .commissioner, now: t0)
        #expect(pick.source == .commissioner && pick.teamID == TeamID(1))
    }

    @Test func draftedOrUnknownPlayersCannotBePicked() throws {
        var room = F.started()
        try room.makePick(expectedPickNumber: 1, team: TeamID(1), player: "QB1", by: .manager, now: t0)
        #expect(throws: DomainError.conflict("QB1 was already drafted (pick 1)")) {
            try room.makePick(expectedPickNumber: 2, team: TeamID(2), player: "QB1", by: .manager, now: t0)
        }
        #expect(throws: DomainError.notFound("Player nobody")) {
            try room.makePick(expectedPickNumber: 2, team: TeamID(2), player: "nobody", by: .manager, now: t0)
        }
    }

    @Test func pickBeyondPositionMaximaIsRefused() throws {
        var rules = DraftRosterRules(LeagueSettings())
        rules.positionMaxima[.k] = 1
        var room = F.room(teams: 2, rounds: 3, rules: rules)
        try room.start(now: t0)
        try room.makePick(expectedPickNumber: 1, team: TeamID(1), player: "K1", by: .manager, now: t0)
        try room.makePick(expectedPickNumber: 2, team: TeamID(2), player: "K2", by: .manager, now: t0)
        #expect(throws: DomainError.validation(field: "player", message: "team 2 already has 1 K — the most a roster may hold")) {
            try room.makePick(expectedPickNumber: 3, team: TeamID(2), player: "K3", by: .manager, now: t0)
        }
    }

    @Test func pausedDraftFreezesTheClockAndNobodyCanPick() throws {
        var room = F.started()
        try room.pause(now: t0.addingTimeInterval(60))
        #expect(room.draft.status == .paused)
        #expect(room.draft.deadline == nil)
        #expect(room.draft.remainingWhenPaused == 30)
        #expect(throws: DomainError.conflict("The draft is paused — nobody can pick")) {
            try room.makePick(expectedPickNumber: 1, team: TeamID(1), player: "QB1", by: .manager, now: t0)
        }
        #expect(try room.tick(now: t0.addingTimeInterval(10_000), teams: F.teams(4), queues: DraftQueues()) == nil)
    }

    @Test func resumeGivesTheTeamOnTheClockAFreshFullClock() throws {
        var room = F.started()
        try room.pause(now: t0.addingTimeInterval(80))
        let resumedAt = t0.addingTimeInterval(500)
        try room.resume(now: resumedAt)
        #expect(room.draft.status == .running)
        #expect(room.draft.deadline == resumedAt.addingTimeInterval(90))
        #expect(room.onTheClock == TeamID(1))
        #expect(throws: DomainError.conflict("Can't resume: the draft is already running")) { try room.resume(now: resumedAt) }
    }

    @Test func undoingPickNUndoesEveryLaterPickAndPutsNBackOnAFreshClock() throws {
        var room = F.started()
        for (n, player) in ["QB1", "RB1", "WR1", "TE1", "K1"].enumerated() {
            try room.makePick(expectedPickNumber: n + 1, team: room.onTheClock!, player: PlayerID(player), by: .manager, now: t0)
        }
        let undoneAt = t0.addingTimeInterval(200)
        let removed = try room.undo(toPick: 3, now: undoneAt)
        #expect(removed.map(\.number) == [3, 4, 5])
        #expect(room.picks.map(\.number) == [1, 2])
        #expect(room.draft.currentPick == 3)
        #expect(room.onTheClock == TeamID(3))
        #expect(room.draft.deadline == undoneAt.addingTimeInterval(90))
        #expect(room.isAvailable("WR1") && room.isAvailable("K1"))
        #expect(throws: DomainError.conflict("Pick 3 hasn't been made — there is nothing to undo")) { try room.undo(toPick: 3, now: undoneAt) }
        try room.undoLastPick(now: undoneAt)
        #expect(room.draft.currentPick == 2)
    }

    @Test func undoAfterTheLastPickReopensTheDraft() throws {
        var room = F.started(teams: 2, rounds: 1)
        try room.makePick(expectedPickNumber: 1, team: TeamID(1), player: "QB1", by: .manager, now: t0)
        try room.makePick(expectedPickNumber: 2, team: TeamID(2), player: "QB2", by: .manager, now: t0)
        #expect(room.draft.status == .complete)
        try room.undoLastPick(now: t0)
        #expect(room.draft.status == .running && room.onTheClock == TeamID(2))
    }

    @Test func tickBeforeTheDeadlineDoesNothing() throws {
        var room = F.started()
        #expect(try room.tick(now: t0.addingTimeInterval(89.9), teams: F.teams(4), queues: DraftQueues()) == nil)
        #expect(room.picks.isEmpty)
    }

    @Test func tickAfterTheDeadlineAutopicksOnceEvenWhenCalledTwice() throws {
        var room = F.started()
        let late = t0.addingTimeInterval(91)
        let first = try room.tick(now: late, teams: F.teams(4), queues: DraftQueues())
        let second = try room.tick(now: late, teams: F.teams(4), queues: DraftQueues())
        #expect(first?.number == 1 && first?.source == .autopick && first?.playerID == "QB1")
        #expect(second == nil)
        #expect(room.picks.count == 1)
    }

    @Test func twoProcessesTickingTheSameStoredRoomProduceTheSamePick() throws {
        let stored = F.started()
        var a = stored, b = stored
        let late = t0.addingTimeInterval(95)
        let pa = try a.tick(now: late, teams: F.teams(4), queues: DraftQueues())
        let pb = try b.tick(now: late, teams: F.teams(4), queues: DraftQueues())
        #expect(pa == pb)
        // Storage accepts the first and rejects the second by its pick number; replaying it on the new state conflicts.
        #expect(throws: DomainError.conflict("Pick 1 was already made")) {
            try a.makePick(expectedPickNumber: pb!.number, team: pb!.teamID, player: pb!.playerID, by: pb!.source, now: late)
        }
    }

    @Test func softTimerNeverAutopicks() throws {
        var room = F.started(clock: nil)
        #expect(try room.tick(now: t0.addingTimeInterval(86_400 * 7), teams: F.teams(4), queues: DraftQueues()) == nil)
    }

    @Test func botsPickAfterTheirThinkTime() throws {
        var room = F.started(clock: nil)
        let teams = F.teams(4, bots: [1])
        let bd = try #require(room.botDeadline(teams: teams))
        let think = bd.timeIntervalSince(t0)
        #expect(DraftRoom.botThinkRange.contains(think))
        #expect(try room.tick(now: bd.addingTimeInterval(-0.01), teams: teams, queues: DraftQueues()) == nil)
        let pick = try room.tick(now: bd, teams: teams, queues: DraftQueues())
        #expect(pick?.source == .bot && pick?.teamID == TeamID(1))
        // Team 2 has a manager: no bot deadline, and nothing happens on a soft timer.
        #expect(room.botDeadline(teams: teams) == nil)
    }

    @Test func autopickTeamsPickAfterTheThinkTimeWithoutWaitingForTheClock() throws {
        var room = F.started()
        let teams = F.teams(4, autopick: [1])
        let pick = try room.tick(now: t0.addingTimeInterval(5), teams: teams, queues: DraftQueues())
        #expect(pick?.source == .autopick)
    }

    @Test func botThinkTimeIsSeededAndBetweenTwoAndFiveSeconds() {
        let times = (1...500).map { DraftRoom.botThinkTime(forPick: $0, seed: 1) }
        #expect(times.allSatisfy { (2...5).contains($0) })
        #expect(Set(times).count > 100)
        #expect(DraftRoom.botThinkTime(forPick: 7, seed: 1) == DraftRoom.botThinkTime(forPick: 7, seed: 1))
    }

    @Test func aBotOnlyLeagueDraftsToCompletionByTicking() throws {
        var room = F.started(teams: 4, rounds: 15)
        let teams = F.teams(4, bots: [1, 2, 3, 4])
        var now = t0
        while room.draft.status != .complete {
            now = now.addingTimeInterval(1)
            try room.tick(now: now, teams: teams, queues: DraftQueues())
        }
        #expect(room.picks.count == 60)
        #expect(room.draft.deadline == nil)
        #expect(Set(room.picks.map(\.playerID)).count == 60)
    }

    @Test func autopickedDraftQueuePlayerIsTakenFirst() throws {
        var room = F.started()
        var queues = DraftQueues()
        try queues.add("K5", for: TeamID(1), taken: room.taken)
        let pick = try room.tick(now: t0.addingTimeInterval(90), teams: F.teams(4), queues: queues)
        #expect(pick?.playerID == "K5")
    }
}
