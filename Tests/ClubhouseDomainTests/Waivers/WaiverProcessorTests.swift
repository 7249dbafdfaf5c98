import Foundation
import Testing
@testable import ClubhouseDomain

@Suite struct WaiverProcessorTests {
    typealias F = WaiverFixtures
    let t1 = TeamID(1), t2 = TeamID(2), t3 = TeamID(3)
    let positions = F.positions(["rb-a", "rb-b", "wr-c", "wr-d", "qb-e", "te-f", "k-1", "k-2", "k-3"])

    func state(budgets: [Int] = [100, 100, 100], rosters: [Roster] = []) -> WaiverState {
        WaiverState(rosters: rosters.isEmpty ? [F.roster(1, []), F.roster(2, []), F.roster(3, [])] : rosters,
                    priority: [t1, t2, t3], budgets: [t1: budgets[0], t2: budgets[1], t3: budgets[2]], holds: [])
    }

    func run(_ claims: [WaiverClaim], _ type: WaiverType, state s: WaiverState? = nil, capacity: Int = 15) -> WaiverRunResult {
        WaiverProcessor.process(claims: claims, state: s ?? state(), positions: positions, settings: F.settings(type, activeCapacity: capacity),
                                now: F.now, firstTransactionID: 500)
    }

    func outcome(_ r: WaiverRunResult, _ id: Int64) -> WaiverClaim.Outcome? { r.claims.first { $0.id == id }?.outcome }

    @Test func faabHighestBidWinsAndPays() {
        let r = run([F.claim(1, team: 1, add: "rb-a", bid: 10), F.claim(2, team: 3, add: "rb-a", bid: 25)], .faab)
        #expect(outcome(r, 2) == .won)
        #expect(outcome(r, 1) == .outbid)
        #expect(r.state.budgets[t3] == 75)
        #expect(r.state.roster(of: t3).contains("rb-a"))
        #expect(r.transactions == [Transaction(id: 500, leagueID: F.league, teamID: t3, kind: .waiverClaim, added: "rb-a", dropped: nil, bid: 25, at: F.now)])
        #expect(r.results.first { $0.claimID == 1 }?.explanation == "Outbid: T3 won rb-a for $25; your bid was $10")
    }

    @Test func faabTieGoesToTheBetterRollingPriority() {
        let r = run([F.claim(1, team: 3, add: "rb-a", bid: 20), F.claim(2, team: 2, add: "rb-a", bid: 20)], .faab)
        #expect(outcome(r, 2) == .won)
        #expect(outcome(r, 1) == .lowerPriority)
    }

    @Test func zeroDollarBidIsAllowedAndCanWin() {
        let r = run([F.claim(1, team: 2, add: "rb-a", bid: 0)], .faab)
        #expect(outcome(r, 1) == .won)
        #expect(r.state.budgets[t2] == 100)
    }

    @Test func rollingPriorityMovesTheWinnerToLastAndOthersUp() {
        let r = run([F.claim(1, team: 3, add: "rb-a"), F.claim(2, team: 1, add: "rb-a")], .rolling)
        #expect(outcome(r, 2) == .won)
        #expect(outcome(r, 1) == .lowerPriority)
        #expect(r.state.priority == [t2, t3, t1])
    }

    @Test func rollingTeamTakesItsTopClaimThenTheNextTeamGoes() {
        // T1 wants rb-a then wr-c; T2 wants wr-c. T1 (priority 1) gets rb-a and drops to last, so T2 gets wr-c.
        let r = run([F.claim(1, team: 1, add: "rb-a", rank: 1), F.claim(2, team: 1, add: "wr-c", rank: 2), F.claim(3, team: 2, add: "wr-c")], .rolling)
        #expect(outcome(r, 1) == .won)
        #expect(outcome(r, 3) == .won)
        #expect(outcome(r, 2) == .lowerPriority)
        #expect(r.state.priority == [t3, t1, t2])
    }

    @Test func insufficientBudgetIsRefusedAtProcessing() {
        let r = run([F.claim(1, team: 1, add: "rb-a", bid: 30)], .faab, state: state(budgets: [12, 100, 100]))
        #expect(outcome(r, 1) == .insufficientBudget)
        #expect(r.state.budgets[t1] == 12)
        #expect(r.results[0].explanation == "Insufficient budget: a $30 bid with $12 left")
    }

    @Test func budgetSpentOnAnEarlierClaimCanMakeALaterOneUnaffordable() {
        let r = run([F.claim(1, team: 1, add: "rb-a", bid: 60, rank: 1), F.claim(2, team: 1, add: "wr-c", bid: 50, rank: 2)], .faab)
        #expect(outcome(r, 1) == .won)
        #expect(outcome(r, 2) == .insufficientBudget)
        #expect(r.state.budgets[t1] == 40)
    }

    @Test func claimForARosteredPlayerEndsPlayerGone() {
        let s = state(rosters: [F.roster(1, []), F.roster(2, ["rb-a"]), F.roster(3, [])])
        let r = run([F.claim(1, team: 1, add: "rb-a")], .rolling, state: s)
        #expect(outcome(r, 1) == .playerGone)
    }

    @Test func claimWhoseDropPlayerLeftTheRosterEndsDropPlayerGone() {
        // Both claims drop wr-d; the first wins and drops him, so the second can't.
        let s = state(rosters: [F.roster(1, ["wr-d"]), F.roster(2, []), F.roster(3, [])])
        let r = run([F.claim(1, team: 1, add: "rb-a", drop: "wr-d", rank: 1), F.claim(2, team: 1, add: "rb-b", drop: "wr-d", rank: 2)], .rolling, state: s)
        #expect(outcome(r, 1) == .won)
        #expect(outcome(r, 2) == .dropPlayerGone)
        #expect(r.state.holds.map(\.playerID) == ["wr-d"])
        #expect(r.state.holds[0].until == F.now.addingTimeInterval(2 * 86_400))
    }

    @Test func claimWithoutRoomOrDropEndsRosterFull() {
        let s = state(rosters: [F.roster(1, ["wr-c", "wr-d"]), F.roster(2, []), F.roster(3, [])])
        let r = run([F.claim(1, team: 1, add: "rb-a")], .rolling, state: s, capacity: 2)
        #expect(outcome(r, 1) == .rosterFull)
        #expect(r.results[0].explanation == "Roster full: the roster already holds 2 of 2 players outside IR")
    }

    @Test func positionMaximaMakeARosterFullForThatPosition() {
        let s = state(rosters: [F.roster(1, ["k-1", "k-2", "k-3"]), F.roster(2, []), F.roster(3, [])])
        let ok = run([F.claim(1, team: 1, add: "rb-a")], .rolling, state: s)
        let kicker = WaiverProcessor.process(claims: [F.claim(1, team: 1, add: "k-9")], state: s,
                                             positions: positions.merging(["k-9": .k]) { a, _ in a },
                                             settings: F.settings(.rolling), now: F.now, firstTransactionID: 1)
        #expect(outcome(ok, 1) == .won)
        #expect(kicker.claims[0].outcome == .rosterFull)
    }

    @Test func playersOnIRDoNotTakeAnActiveSpot() {
        var roster = F.roster(1, ["wr-c", "wr-d"])
        roster.entries[1].slot = .ir
        let s = state(rosters: [roster, F.roster(2, []), F.roster(3, [])])
        let r = run([F.claim(1, team: 1, add: "rb-a")], .rolling, state: s, capacity: 2)
        #expect(outcome(r, 1) == .won)
    }

    @Test func claimsAlreadyDecidedAreLeftAlone() {
        var old = F.claim(9, team: 1, add: "rb-a")
        old.status = .cancelled
        let r = run([old], .rolling)
        #expect(r.claims == [old])
        #expect(r.transactions.isEmpty)
    }

    @Test func processingIsDeterministicWhateverTheClaimListOrder() {
        let claims = [F.claim(1, team: 1, add: "rb-a", bid: 5), F.claim(2, team: 2, add: "rb-a", bid: 5),
                      F.claim(3, team: 3, add: "wr-c", bid: 9), F.claim(4, team: 2, add: "wr-c", bid: 9, rank: 2)]
        let a = run(claims, .faab), b = run(claims.reversed(), .faab)
        #expect(a.state == b.state)
        #expect(a.results == b.results)
    }
}
