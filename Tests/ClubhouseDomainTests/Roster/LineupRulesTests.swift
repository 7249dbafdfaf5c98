import Foundation
import Testing
import ClubhouseDomain

@Suite("Roster: lineup moves and refusals")
struct LineupRulesTests {
    typealias S = RosterTestSupport
    let kickoff = S.day.addingTimeInterval(86_400)   // Sunday
    let players = S.directory([
        S.player("qb1", .qb), S.player("qb2", .qb, team: "SF"), S.player("rb1", .rb), S.player("rb2", .rb, team: "SF"),
        S.player("rb3", .rb, team: "SF"), S.player("wr1", .wr, team: "SF"), S.player("k1", .k, team: "SF"), S.player("def1", .def, team: "SF"),
    ])
    var roster: Roster {
        Roster(teamID: TeamID(1), entries: [S.entry("qb1", .qb), S.entry("qb2", .bench), S.entry("rb1", .rb), S.entry("rb2", .rb),
                                            S.entry("rb3", .bench), S.entry("wr1", .flex), S.entry("k1", .bench)])
    }

    func context(now: Date? = nil, week: Int = 1, injuries: [PlayerID: InjuryStatus] = [:]) -> LineupContext {
        LineupContext(settings: LeagueSettings(), week: week, now: now ?? S.day, players: players, injuries: injuries, games: S.games(kickoff: kickoff))
    }

    func refusal(_ move: LineupMove, _ context: LineupContext? = nil, roster: Roster? = nil) -> LineupRefusal? {
        LineupRules.validateMove(move, on: roster ?? self.roster, context: context ?? self.context())
    }

    // MARK: - Every refusal reason

    @Test func refusesAPlayerNotOnTheRoster() {
        #expect(refusal(LineupMove("def1", to: .def)) == .notOnRoster("def1"))
    }

    @Test func refusesAnUnknownPlayer() {
        var r = roster
        r.entries.append(S.entry("ghost", .bench))
        #expect(refusal(LineupMove("ghost", to: .qb), roster: r) == .unknownPlayer("ghost"))
    }

    @Test func refusesASlotTheLeagueDoesNotHave() {
        var settings = LeagueSettings()
        settings.rosterSlots[.flex] = 0
        let ctx = LineupContext(settings: settings, week: 1, now: S.day, players: players, games: [])
        #expect(refusal(LineupMove("rb3", to: .flex), ctx) == .slotNotInLeague(.flex))
    }

    @Test func refusesAPositionTheSlotDoesNotTake() {
        #expect(refusal(LineupMove("qb2", to: .flex)) == .notEligible("qb2", position: .qb, slot: .flex))
        #expect(refusal(LineupMove("k1", to: .rb, swapWith: "rb1")) == .notEligible("k1", position: .k, slot: .rb))
    }

    @Test func refusesASwapWhosePartnerCannotTakeTheMoversOldSlot() {
        // rb3 (bench) into FLEX swapping wr1 is fine; qb1 (QB) into BN swapping k1 would put k1 at QB.
        #expect(refusal(LineupMove("rb3", to: .flex, swapWith: "wr1")) == nil)
        #expect(refusal(LineupMove("qb1", to: .bench, swapWith: "k1")) == .notEligible("k1", position: .k, slot: .qb))
    }

    @Test func refusesAFullSlotWithoutASwap() {
        #expect(refusal(LineupMove("rb3", to: .rb)) == .slotFull(.rb, capacity: 2))
    }

    @Test func refusesASwapPartnerWhoIsNotInTheTargetSlot() {
        #expect(refusal(LineupMove("rb3", to: .rb, swapWith: "qb1")) == .swapPartnerNotInSlot("qb1", slot: .rb))
        #expect(refusal(LineupMove("rb3", to: .rb, swapWith: "nobody")) == .notOnRoster("nobody"))
    }

    @Test func refusesIRForAPlayerWhoIsNotOutOrOnIR() {
        #expect(refusal(LineupMove("rb3", to: .ir), context(injuries: ["rb3": .questionable])) == .injuredReserveRequiresOutOrIR("rb3", status: .questionable))
        #expect(refusal(LineupMove("rb3", to: .ir)) == .injuredReserveRequiresOutOrIR("rb3", status: .healthy))
        #expect(refusal(LineupMove("rb3", to: .ir), context(injuries: ["rb3": .out])) == nil)
        #expect(refusal(LineupMove("rb3", to: .ir), context(injuries: ["rb3": .injuredReserve])) == nil)
    }

    @Test func refusesAnIRSwapThatWouldPutAHealthyPlayerOnIR() {
        var r = roster
        r.entries.append(S.entry("def1", .ir))
        let ctx = context(injuries: ["def1": .out])
        #expect(refusal(LineupMove("rb3", to: .ir, swapWith: "def1"), ctx, roster: r) == .injuredReserveRequiresOutOrIR("rb3", status: .healthy))
        #expect(refusal(LineupMove("def1", to: .def), ctx, roster: r) == nil)
    }

    // MARK: - Locks at kickoff

    @Test func playerLocksAtHisGamesKickoffNotBefore() {
        let oneSecondBefore = context(now: kickoff.addingTimeInterval(-1))
        let atKickoff = context(now: kickoff)
        #expect(refusal(LineupMove("qb1", to: .bench, swapWith: "qb2"), oneSecondBefore) == nil)
        #expect(refusal(LineupMove("qb1", to: .bench, swapWith: "qb2"), atKickoff) == .playerLocked("qb1", kickoff: kickoff))
    }

    @Test func lockedPlayerCannotEnterAStartingSlotEither() {
        // rb1 (CAR) has kicked off; rb3 (SF) has not: rb3 can't swap out rb1, since rb1 would leave RB.
        #expect(refusal(LineupMove("rb3", to: .rb, swapWith: "rb1"), context(now: kickoff)) == .playerLocked("rb1", kickoff: kickoff))
        var r = roster
        r.entries = r.entries.map { $0.playerID == "rb1" ? S.entry("rb1", .bench) : $0.playerID == "rb3" ? S.entry("rb3", .rb) : $0 }
        #expect(refusal(LineupMove("rb1", to: .flex, swapWith: "wr1"), context(now: kickoff), roster: r) == .playerLocked("rb1", kickoff: kickoff))
    }

    @Test func unlockedPlayersStillMoveWhileOthersAreLocked() {
        // SF kicks off three hours after CAR.
        #expect(refusal(LineupMove("rb3", to: .rb, swapWith: "rb2"), context(now: kickoff)) == nil)
    }

    @Test func lockedPlayerMayMoveBetweenBenchAndIR() {
        var r = roster
        r.entries = r.entries.map { $0.playerID == "qb1" ? S.entry("qb1", .bench) : $0.playerID == "qb2" ? S.entry("qb2", .qb) : $0 }
        #expect(refusal(LineupMove("qb1", to: .ir), context(now: kickoff, injuries: ["qb1": .out]), roster: r) == nil)
    }

    @Test func playerOnByeNeverLocksThatWeek() {
        // Week 7: CAR has no game; an hour into SF's game qb1 (CAR) still moves.
        let lateWeek7 = context(now: kickoff.addingTimeInterval(42 * 86_400 + 3600), week: 7)
        #expect(refusal(LineupMove("qb1", to: .bench, swapWith: "qb2"), lateWeek7) == .playerLocked("qb2", kickoff: kickoff.addingTimeInterval(42 * 86_400)))
        #expect(refusal(LineupMove("rb1", to: .bench), lateWeek7) == nil)
    }

    @Test func locksAreLiftedOnceEveryGameOfTheWeekIsFinal() {
        // Week 1's last game (SF at TB) kicks off 3 h after CAR's and is final 3 h 30 after that.
        let weekFinal = kickoff.addingTimeInterval(3 * 3600 + Game.finalAfter)
        #expect(refusal(LineupMove("qb1", to: .bench, swapWith: "qb2"), context(now: weekFinal - 1)) == .playerLocked("qb1", kickoff: kickoff))
        #expect(refusal(LineupMove("qb1", to: .bench, swapWith: "qb2"), context(now: weekFinal)) == nil)
        #expect(S.games(kickoff: kickoff).isWeekFinal(1, at: weekFinal) && !S.games(kickoff: kickoff).isWeekFinal(1, at: weekFinal - 1))
    }

    @Test func aLockedDefenseIsATeamNotHe() {
        #expect(LineupRefusal.playerLocked("DST-KC", kickoff: kickoff).message == "Their game has kicked off — the defense is locked until next week")
        #expect(LockWords.kickedOff("Kansas City Chiefs", defense: true, cant: "can't be dropped")
                == "The Kansas City Chiefs' game has kicked off — their defense can't be dropped until next week")
        #expect(LockWords.kickedOff("Patrick Mahomes", defense: false, cant: "can't be dropped")
                == "Patrick Mahomes's game has kicked off — he can't be dropped until next week")
        #expect(LockWords.kickedOff(nil, defense: true, cant: "can't be dropped") == "their game has kicked off — their defense can't be dropped until next week")
    }

    @Test func fixtureLocksMcCaffreyAtCarolinasWeek1Kickoff() throws {
        let fixture = Fixture.season2019
        let cmc = fixture.playerID(named: "Christian McCaffrey")
        let carWeek1 = try #require(fixture.games.game(of: "CAR", week: 1))
        #expect(carWeek1.id == "2019_01_LA_CAR")
        #expect(fixture.games.game(of: "CAR", week: 7) == nil, "Carolina's 2019 bye")
        let roster = Roster(teamID: TeamID(1), entries: [S.entry(cmc, .rb)])
        func ctx(_ now: Date, week: Int = 1) -> LineupContext {
            LineupContext(settings: LeagueSettings(), week: week, now: now, players: fixture.players, games: fixture.games)
        }
        #expect(LineupRules.validateMove(LineupMove(cmc, to: .bench), on: roster, context: ctx(carWeek1.kickoff - 1)) == nil)
        #expect(LineupRules.validateMove(LineupMove(cmc, to: .bench), on: roster, context: ctx(carWeek1.kickoff)) == .playerLocked(cmc, kickoff: carWeek1.kickoff))
        #expect(LineupRules.validateMove(LineupMove(cmc, to: .bench), on: roster, context: ctx(carWeek1.kickoff + 40 * 86_400, week: 7)) == nil)
    }

    // MARK: - Applying moves

    @Test func applyingASwapExchangesSlots() throws {
        let after = try LineupRules.applyLineupChange(LineupMove("rb3", to: .flex, swapWith: "wr1"), to: roster, context: context())
        #expect(after.entry(for: "rb3")?.slot == .flex)
        #expect(after.entry(for: "wr1")?.slot == .bench)
        #expect(after.entries.count == roster.entries.count)
    }

    @Test func applyingAMoveIntoAFreePlace() throws {
        let after = try LineupRules.applyLineupChange(LineupMove("k1", to: .k), to: roster, context: context())
        #expect(after.entry(for: "k1")?.slot == .k)
    }

    @Test func applyingARefusedMoveThrowsItsReason() {
        #expect(throws: LineupRefusal.slotFull(.rb, capacity: 2)) {
            try LineupRules.applyLineupChange(LineupMove("rb3", to: .rb), to: roster, context: context())
        }
    }

    @Test func movingToTheSameSlotIsANoOp() {
        #expect(refusal(LineupMove("qb1", to: .qb), context(now: kickoff)) == nil)
    }

    @Test func everyRefusalHasAMessage() {
        let all: [LineupRefusal] = [.notOnRoster("x"), .unknownPlayer("x"), .slotNotInLeague(.flex), .notEligible("x", position: .qb, slot: .flex),
                                    .injuredReserveRequiresOutOrIR("x", status: .healthy), .playerLocked("x", kickoff: S.day),
                                    .slotFull(.rb, capacity: 2), .swapPartnerNotInSlot("x", slot: .rb)]
        #expect(Set(all.map(\.message)).count == all.count)
        #expect(LineupRefusal.slotFull(.rb, capacity: 2).domainError.code == "validation")
    }
}
