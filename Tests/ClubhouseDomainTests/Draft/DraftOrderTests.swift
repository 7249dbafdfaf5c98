import Testing
@testable import ClubhouseDomain

@Suite struct DraftOrderTests {
    let twelve = (1...12).map { TeamID(Int64($0)) }

    @Test func thirdRoundReversalGivesTeamOnePicks1_24_36_37_60() {
        let picks = DraftOrder.picks(of: twelve[0], order: twelve, type: .thirdRoundReversal, rounds: 5)
        #expect(picks == [1, 24, 36, 37, 60])
        // And the same answer pick by pick.
        let byPick = (1...60).filter { DraftOrder.team(forPick: $0, order: twelve, type: .thirdRoundReversal) == twelve[0] }
        #expect(byPick == [1, 24, 36, 37, 60])
    }

    @Test func thirdRoundReversalRoundThreeRunsLikeRoundTwo() {
        let r2 = DraftOrder.roundOrder(round: 2, order: twelve, type: .thirdRoundReversal)
        let r3 = DraftOrder.roundOrder(round: 3, order: twelve, type: .thirdRoundReversal)
        let r4 = DraftOrder.roundOrder(round: 4, order: twelve, type: .thirdRoundReversal)
        #expect(r2 == twelve.reversed())
        #expect(r3 == r2)
        #expect(r4 == twelve)
    }

    @Test func snakeAlternatesDirectionEveryRound() {
        let order = (1...4).map { TeamID(Int64($0)) }
        let teams = (1...12).map { DraftOrder.team(forPick: $0, order: order, type: .snake).rawValue }
        #expect(teams == [1, 2, 3, 4, 4, 3, 2, 1, 1, 2, 3, 4])
        #expect(DraftOrder.picks(of: order[0], order: order, type: .snake, rounds: 3) == [1, 8, 9])
    }

    @Test func linearRepeatsTheSameOrderEveryRound() {
        let order = (1...4).map { TeamID(Int64($0)) }
        let teams = (1...12).map { DraftOrder.team(forPick: $0, order: order, type: .linear).rawValue }
        #expect(teams == [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4])
        #expect(DraftOrder.picks(of: order[3], order: order, type: .linear, rounds: 3) == [4, 8, 12])
    }

    @Test func roundAndPickInRoundHelpers() {
        #expect(DraftOrder.round(forPick: 1, teamCount: 10) == 1)
        #expect(DraftOrder.round(forPick: 10, teamCount: 10) == 1)
        #expect(DraftOrder.round(forPick: 11, teamCount: 10) == 2)
        #expect(DraftOrder.pickInRound(forPick: 11, teamCount: 10) == 1)
        #expect(DraftOrder.pickInRound(forPick: 20, teamCount: 10) == 10)
        #expect(DraftOrder.overallPick(round: 3, pickInRound: 7, teamCount: 12) == 31)
    }

    @Test func randomOrderIsReproducibleFromTheSeed() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42)
        let first = DraftOrder.random(teams: twelve, using: &a)
        #expect(first == DraftOrder.random(teams: twelve, using: &b))
        #expect(Set(first) == Set(twelve))
    }

    @Test func commissionerOrderIsKeptWhenSet() throws {
        var rng = SeededRandom(seed: 1)
        let mine = Array(twelve.reversed())
        #expect(try DraftOrder.resolve(teams: twelve, commissionerOrder: mine, using: &rng) == mine)
    }

    @Test func commissionerOrderMissingATeamIsRejected() {
        var rng = SeededRandom(seed: 1)
        #expect(throws: DomainError.self) {
            try DraftOrder.resolve(teams: twelve, commissionerOrder: Array(twelve.dropLast()), using: &rng)
        }
        #expect(throws: DomainError.self) {
            try DraftOrder.resolve(teams: twelve, commissionerOrder: twelve + [twelve[0]], using: &rng)
        }
    }

    @Test(arguments: DraftType.allCases)
    func everyRoundIsAPermutationOfTheTeamsInThousandsOfLeagues(type: DraftType) {
        var rng = SeededRandom(seed: 0xD0AF7)
        for _ in 0..<1_000 {
            let count = Int.random(in: 4...16, using: &rng)
            let rounds = Int.random(in: 1...20, using: &rng)
            let order = DraftOrder.random(teams: (1...count).map { TeamID(Int64($0)) }, using: &rng)
            for r in 1...rounds {
                let picked = (1...count).map {
                    DraftOrder.team(forPick: DraftOrder.overallPick(round: r, pickInRound: $0, teamCount: count), order: order, type: type)
                }
                #expect(Set(picked) == Set(order) && picked.count == count)
            }
            // Each team picks once per round, and its pick list agrees with team(forPick:).
            let t = order[Int.random(in: 0..<count, using: &rng)]
            let list = DraftOrder.picks(of: t, order: order, type: type, rounds: rounds)
            #expect(list.count == rounds)
            #expect(list.allSatisfy { DraftOrder.team(forPick: $0, order: order, type: type) == t })
        }
    }
}
