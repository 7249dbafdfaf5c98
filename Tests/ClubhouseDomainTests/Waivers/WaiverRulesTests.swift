import Foundation
import Testing
@testable import ClubhouseDomain

@Suite struct WaiverRulesTests {
    typealias F = WaiverFixtures
    let positions = F.positions(["rb-a", "rb-b", "wr-c"])

    @Test func availabilityIsRosteredThenOnWaiversThenFreeAgent() {
        let rosters = [F.roster(1, ["rb-a"])]
        let holds = [WaiverHold(playerID: "rb-b", until: F.now.addingTimeInterval(60))]
        #expect(PlayerAvailability.of("rb-a", rosters: rosters, holds: holds, now: F.now) == .rostered(by: TeamID(1)))
        #expect(PlayerAvailability.of("rb-b", rosters: rosters, holds: holds, now: F.now) == .onWaivers(until: F.now.addingTimeInterval(60)))
        #expect(PlayerAvailability.of("rb-b", rosters: rosters, holds: holds, now: F.now.addingTimeInterval(60)) == .freeAgent)
        #expect(PlayerAvailability.of("wr-c", rosters: rosters, holds: holds, now: F.now) == .freeAgent)
    }

    @Test func droppedPlayerStaysOnWaiversForTheWaiverPeriod() {
        let hold = WaiverHold.forDroppedPlayer("rb-a", droppedAt: F.now, settings: LeagueSettings())
        #expect(hold.until == F.now.addingTimeInterval(2 * 86_400))
    }

    @Test func initialPriorityIsTheReverseDraftOrder() {
        #expect(WaiverPriority.initial(draftOrder: [TeamID(4), TeamID(2), TeamID(9)]) == [TeamID(9), TeamID(2), TeamID(4)])
    }

    @Test func priorityRoundTripsThroughTeams() {
        let teams = DraftFixtures.teams(3)
        let order = [TeamID(3), TeamID(1), TeamID(2)]
        #expect(WaiverPriority.order(of: WaiverPriority.apply(order, to: teams)) == order)
    }

    @Test func freeAgentAddGoesToTheBenchAndTheDropGoesOnWaivers() throws {
        let result = try FreeAgentAdd.add("wr-c", dropping: "rb-a", team: TeamID(1), leagueID: F.league, rosters: [F.roster(1, ["rb-a"])],
                                          holds: [], positions: positions, settings: LeagueSettings(), now: F.now, transactionID: 7)
        #expect(result.roster.playerIDs == ["wr-c"])
        #expect(result.roster.entries[0].slot == .bench && result.roster.entries[0].acquisition == .freeAgent)
        #expect(result.newHold?.playerID == "rb-a")
        #expect(result.transaction.kind == .add && result.transaction.dropped == "rb-a")
    }

    @Test func freeAgentAddRefusesRosteredAndWaiverPlayersAndFullRosters() {
        let holds = [WaiverHold(playerID: "rb-b", until: F.now.addingTimeInterval(60))]
        let rosters = [F.roster(1, ["rb-a"]), F.roster(2, [])]
        func add(_ p: PlayerID, team: Int64 = 2, drop: PlayerID? = nil, capacity: Int = 15) throws(DomainError) {
            _ = try FreeAgentAdd.add(p, dropping: drop, team: TeamID(team), leagueID: F.league, rosters: rosters, holds: holds,
                                     positions: positions, settings: F.settings(.rolling, activeCapacity: capacity), now: F.now, transactionID: 1)
        }
        #expect(throws: DomainError.conflict("rb-a is already on T1's roster")) { try add("rb-a") }
        #expect(throws: DomainError.self) { try add("rb-b") }
        #expect(throws: DomainError.validation(field: "drop", message: "Roster full: the roster already holds 1 of 1 players outside IR — choose a player to drop")) {
            try add("wr-c", team: 1, capacity: 1)
        }
        #expect(throws: DomainError.validation(field: "drop", message: "rb-b is not on your roster")) { try add("wr-c", team: 1, drop: "rb-b") }
    }

    @Test func claimPlacementChecksBudgetWaiversAndDuplicates() {
        let holds = [WaiverHold(playerID: "rb-b", until: F.now.addingTimeInterval(3_600))]
        func place(_ c: WaiverClaim, pending: [WaiverClaim] = [], budget: Int = 10) throws(DomainError) {
            try WaiverClaimRules.validate(c, pending: pending, rosters: [F.roster(1, [])], holds: holds, positions: positions,
                                          budget: budget, settings: F.settings(.faab), now: F.now)
        }
        #expect(throws: DomainError.validation(field: "bid", message: "Insufficient budget: a $11 bid with $10 left")) {
            try place(F.claim(1, team: 1, add: "rb-b", bid: 11))
        }
        #expect(throws: DomainError.validation(field: "player", message: "wr-c is a free agent — add him directly")) {
            try place(F.claim(1, team: 1, add: "wr-c"))
        }
        #expect(throws: DomainError.validation(field: "player", message: "You already have a claim for rb-b")) {
            try place(F.claim(2, team: 1, add: "rb-b"), pending: [F.claim(1, team: 1, add: "rb-b")])
        }
        #expect(throws: Never.self) { try place(F.claim(1, team: 1, add: "rb-b", bid: 10)) }
        #expect(throws: Never.self) { try place(F.claim(1, team: 1, add: "rb-b", bid: 0)) }
    }

    @Test func waiversRunEveryWednesdayAt0800UTC() {
        let formatter = ISO8601DateFormatter()
        let tuesday = formatter.date(from: "2019-09-17T23:00:00Z")!
        let run = WaiverSchedule.nextRun(after: tuesday)
        #expect(formatter.string(from: run) == "2019-09-18T08:00:00Z")
        // Exactly at a run, the next one is a week later.
        #expect(formatter.string(from: WaiverSchedule.nextRun(after: run)) == "2019-09-25T08:00:00Z")
        let runs = WaiverSchedule.runs(between: tuesday, and: formatter.date(from: "2019-10-02T08:00:00Z")!)
        #expect(runs.map(formatter.string(from:)) == ["2019-09-18T08:00:00Z", "2019-09-25T08:00:00Z", "2019-10-02T08:00:00Z"])
        #expect(WaiverSchedule.runs(between: run, and: run).isEmpty)
    }
}
