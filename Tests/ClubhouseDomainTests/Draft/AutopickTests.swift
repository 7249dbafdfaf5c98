import Testing
@testable import ClubhouseDomain

@Suite struct AutopickTests {
    let pool = DraftFixtures.pool()
    let rules = DraftRosterRules(LeagueSettings())

    @Test func queuedPlayerIsPreferredOverBetterRankedOnes() {
        let choice = Autopick.choose(queue: ["TE4", "WR2"], rankings: pool, taken: [], teamPositions: [], rules: rules)
        #expect(choice == "TE4")
    }

    @Test func queueSkipsDraftedAndOverMaximaPlayers() {
        var strict = rules
        strict.positionMaxima[.te] = 1
        let choice = Autopick.choose(queue: ["RB3", "TE4", "WR7"], rankings: pool, taken: ["RB3"], teamPositions: [.te], rules: strict)
        #expect(choice == "WR7")
    }

    @Test func startersAreFilledBeforeTheBench() {
        // Has a QB already: the best QB left (QB2) outranks RB2, but the QB slot is filled, so an RB comes first.
        let choice = Autopick.choose(queue: [], rankings: pool, taken: ["QB1", "RB1", "WR1", "TE1", "K1", "DEF1"], teamPositions: [.qb], rules: rules)
        #expect(choice == "RB2")
    }

    @Test func flexTakesAThirdRunningBackBeforeASecondQuarterback() {
        let held: [Position] = [.qb, .rb, .rb, .wr, .wr, .te, .k]
        // Open starters: FLEX (RB/WR/TE) and DEF. Best available overall is QB1, then RB1 — RB1 fills FLEX.
        let choice = Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: held, rules: rules)
        #expect(choice == "RB1")
        let afterFlex = Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: held + [.rb], rules: rules)
        #expect(afterFlex == "DEF1")
    }

    @Test func withEveryStarterFilledTheBestAvailableWithinMaximaIsTaken() {
        let starters: [Position] = [.qb, .rb, .rb, .wr, .wr, .te, .rb, .k, .def]
        #expect(Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: starters, rules: rules) == "QB1")
        var noMoreQBs = rules
        noMoreQBs.positionMaxima[.qb] = 1
        #expect(Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: starters, rules: noMoreQBs) == "RB1")
    }

    @Test func returnsNilOnlyWhenNoLegalPlayerIsLeft() {
        var tight = rules
        tight.positionMaxima = [.qb: 1, .rb: 0, .wr: 0, .te: 0, .k: 0, .def: 0]
        #expect(Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: [.qb], rules: tight) == nil)
        #expect(Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: [], rules: tight) == "QB1")
    }
}
