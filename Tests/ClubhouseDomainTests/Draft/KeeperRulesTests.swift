import Foundation
import Testing
@testable import ClubhouseDomain

/// The keeper cost rules, each as the README states it.
@Suite struct KeeperRulesTests {
    var settings: LeagueSettings = {
        var s = LeagueSettings()
        s.leagueType = .keeper
        return s
    }()

    @Test func aFirstYearKeeperCostsTheRoundBeforeTheOneHeWasDraftedIn() {
        #expect(KeeperRules.cost(KeeperHistory(draftedRound: 5), settings: settings) == (4, 1))
    }

    @Test func everyYearKeptCostsThePenaltyMoreAndRoundOneIsTheFloor() {
        // Kept once already: his keeper pick was in round 4, so he is "drafted" in round 4 and costs round 3.
        #expect(KeeperRules.cost(KeeperHistory(draftedRound: 4, yearsKept: 1), settings: settings) == (3, 2))
        var two = settings
        two.keeperRoundPenalty = 2
        #expect(KeeperRules.cost(KeeperHistory(draftedRound: 5), settings: two) == (3, 1))
        #expect(KeeperRules.cost(KeeperHistory(draftedRound: 1, yearsKept: 3), settings: settings) == (1, 4))
        #expect(KeeperRules.cost(KeeperHistory(draftedRound: 2), settings: two) == (1, 1))
    }

    @Test func undraftedOrDroppedPlayersCostTheUndraftedRound() {
        #expect(KeeperRules.cost(KeeperHistory(draftedRound: nil), settings: settings) == (10, 1))
        #expect(KeeperRules.cost(KeeperHistory(draftedRound: 3, yearsKept: 2, dropped: true), settings: settings) == (10, 1),
                "dropped and re-added: the undrafted cost, his years start again")
        var short = settings
        short.rosterSlots = [.qb: 1, .rb: 2, .wr: 2, .bench: 1]
        #expect(KeeperRules.cost(KeeperHistory(draftedRound: nil), settings: short) == (6, 1), "never past the draft's last round")
    }

    @Test func twoKeepersOfOneRoundPushTheLaterOneEarlier() {
        #expect(KeeperRules.rounds([4, 4], draftRounds: 15) == [4, 3])
        #expect(KeeperRules.rounds([4, 3, 4], draftRounds: 15) == [4, 3, 2])
        #expect(KeeperRules.rounds([1, 1], draftRounds: 15) == [1, 2], "no earlier round: the next later one")
        #expect(KeeperRules.rounds([9, 2], draftRounds: 15) == [9, 2])
    }

    @Test func maxKeeperYearsRefusesOneSeasonTooMany() {
        var s = settings
        s.maxKeeperYears = 2
        #expect(KeeperRules.yearsRefusal(years: 2, name: "A. Back", settings: s) == nil)
        #expect(KeeperRules.yearsRefusal(years: 3, name: "A. Back", settings: s)
                == "A. Back has been kept 2 seasons in a row — this league keeps a player at most 2")
        s.maxKeeperYears = 0
        #expect(KeeperRules.yearsRefusal(years: 12, name: "A. Back", settings: s) == nil, "0: no limit")
    }

    @Test func declarationOrderKeepsEarlierDeclaredPlayersFirst() {
        let before = [Keeper(team: TeamID(1), player: "b", round: 4, years: 1, order: 0)]
        #expect(KeeperRules.declarationOrder(previous: before, sent: ["a", "b"]) == ["b", "a"])
        #expect(KeeperRules.declarationOrder(previous: before, sent: ["a"]) == ["a"])
    }

    @Test func aKeeperFillsHisTeamsPickInHisRoundOrTheNearestItOwns() {
        let draft = Draft(leagueID: LeagueID(1), status: .running, order: [TeamID(1), TeamID(2)], rounds: 4, type: .snake, pickClockSeconds: nil)
        // Snake, two teams: team 1 picks 1, 4, 5, 8.
        #expect(KeeperRules.pick(round: 3, team: TeamID(1), draft: draft, pickOwners: [:], filled: []) == 5)
        #expect(KeeperRules.pick(round: 2, team: TeamID(1), draft: draft, pickOwners: [:], filled: []) == 4)
        // Its round-3 pick traded away: its round-2 pick.
        #expect(KeeperRules.pick(round: 3, team: TeamID(1), draft: draft, pickOwners: [DraftPickRef(round: 3, team: TeamID(1)): TeamID(2)],
                                 filled: []) == 4)
        #expect(KeeperRules.pick(round: 1, team: TeamID(1), draft: draft, pickOwners: [:], filled: [1]) == 4, "round 1 taken: the next later")
    }

    @Test func keeperSettingsAreValidated() {
        var s = settings
        s.keeperCount = 0
        #expect(throws: DomainError.validation(field: "keeperCount", message: "A team keeps 1–10 players (not 0)")) { try s.validate() }
        s = settings
        s.undraftedKeeperRound = 20
        #expect(throws: DomainError.validation(field: "undraftedKeeperRound", message: "An undrafted keeper costs a round of the draft, 1–15 (not 20)")) {
            try s.validate()
        }
        s = settings
        s.draftType = .auction
        #expect(throws: DomainError.validation(field: "keeperCost",
                                               message: "A keeper costs a draft round, and an auction has none — price keepers at auction "
                                                 + "(keeperCost \"auction\") or pick a snake, linear or third-round-reversal draft")) {
            try s.validate()
        }
        s = settings
        s.keeperDeadlineHours = 400
        #expect(throws: DomainError.validation(field: "keeperDeadlineHours", message: "Keepers are due 0–336 hours before the draft (not 400)")) { try s.validate() }
        #expect(throws: Never.self) { try settings.validate() }
    }

    /// Keepers' picks in the room: made as the draft starts, skipped by the clock, never undone.
    @Test func keepersPicksAreSkippedByTheClockAndNeverUndone() throws {
        // Two teams, snake, three rounds: team 1 picks 1, 4, 5; team 2 picks 2, 3, 6.
        var room = DraftFixtures.started(teams: 2, rounds: 3)
        let t0 = DraftFixtures.t0
        room.placeKept([Pick(number: 1, round: 1, teamID: TeamID(1), playerID: "QB1", source: .keeper, madeAt: t0),
                        Pick(number: 3, round: 2, teamID: TeamID(2), playerID: "RB1", source: .keeper, madeAt: t0)], now: t0)
        #expect(room.draft.currentPick == 2 && room.onTheClock == TeamID(2), "pick 1 is a keeper's: pick 2 is on the clock")
        try room.makePick(expectedPickNumber: 2, team: TeamID(2), player: "WR1", by: .manager, now: t0)
        #expect(room.draft.currentPick == 4, "pick 3 is a keeper's too")
        #expect(throws: DomainError.conflict("RB1 was already drafted (pick 3)")) {
            try room.makePick(expectedPickNumber: 4, team: TeamID(1), player: "RB1", by: .manager, now: t0)
        }
        let undone = try room.undoLastPick(now: t0)
        #expect(undone.map(\.number) == [2] && room.draft.currentPick == 2)
        #expect(room.picks.map(\.number) == [1, 3], "the keepers' picks stay")
        #expect(throws: DomainError.conflict("Pick 1 is a keeper's — it can't be undone")) { try room.undo(toPick: 1, now: t0) }
    }
}
