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
        // DEF waits for the late rounds (7 picks left of 15): the best bench player comes first — a backup QB is allowed.
        let afterFlex = Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: held + [.rb], rules: rules)
        #expect(afterFlex == "QB1")
        // Two picks left, one DEF slot open: the DEF is allowed now (K/DEF window = open K/DEF slots + 1) but the
        // better value still wins; with one pick left only the DEF fills the last starting slot.
        let late = held + [.rb, .qb, .rb, .wr, .wr, .te]
        #expect(Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: late, rules: rules) == "RB1")
        #expect(Autopick.choose(queue: [], rankings: pool, taken: ["RB1", "WR1", "TE1"], teamPositions: late, rules: rules) == "DEF1")
        #expect(Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: late + [.rb], rules: rules) == "DEF1")
    }

    @Test func noThirdQuarterbackAndNoSecondKickerWhileOthersAreLeft() {
        let starters: [Position] = [.qb, .rb, .rb, .wr, .wr, .te, .rb, .k, .def, .qb]
        // QB1 and K1 outrank everyone of their number, but a third QB and a second K are off the board.
        #expect(Autopick.choose(queue: [], rankings: pool, taken: [], teamPositions: starters, rules: rules) == "RB1")
        // A queued player who would leave a starting slot empty is skipped once the picks left only cover the starters.
        let needsDEF: [Position] = [.qb, .rb, .rb, .wr, .wr, .te, .rb, .k, .qb, .rb, .wr, .rb, .wr, .te]
        #expect(Autopick.choose(queue: ["RB5"], rankings: pool, taken: [], teamPositions: needsDEF, rules: rules) == "DEF1")
    }

    @Test func byeWeeksWeighOnCloseCalls() {
        // Two RBs 2 points apart; the better one shares his bye with three players already held.
        let pool = DraftRankings(scored: [("RB-a", .rb, Points(hundredths: 20_200)), ("RB-b", .rb, Points(hundredths: 20_000))],
                                 byeWeeks: ["RB-a": 7, "RB-b": 9, "WR-x": 7, "WR-y": 7, "QB-z": 7])
        let held = [("WR-x", Position.wr), ("WR-y", .wr), ("QB-z", .qb)].map {
            RankedPlayer(playerID: PlayerID($0.0), position: $0.1, priorPoints: 100, overallRank: 0, positionRank: 0, byeWeek: 7)
        }
        #expect(Autopick.choose(queue: [], rankings: pool, taken: [], team: [], rules: rules) == "RB-a")
        #expect(Autopick.choose(queue: [], rankings: pool, taken: [], team: held, rules: rules) == "RB-b")
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
