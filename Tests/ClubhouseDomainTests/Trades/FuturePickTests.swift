import Foundation
import Testing
@testable import ClubhouseDomain

/// Future draft picks on boards built by hand: their names, the offer's checks (the season window, the
/// draft's rounds, ownership), what an execution and its reversal move, the wire forms old and new, and the setting.
@Suite struct FuturePickTests {
    typealias Rules = TradeRulesTests

    /// A keeper league of 4 teams (2019) trading picks of the next `seasons` seasons; `owners`: traded future picks.
    static func board(seasons: Int = 2, owners: [DraftPickRef: TeamID] = [:]) -> TradeBoard {
        var s = LeagueSettings()
        s.leagueType = .keeper; s.futurePickSeasons = seasons
        var board = Rules.board(settings: s)
        board.pickOwners = owners
        return board
    }

    static func pick(_ season: Int, _ round: Int, _ team: Int64) -> DraftPickRef { DraftPickRef(season: season, round: round, team: TeamID(team)) }

    @Test func aFuturePickIsNamedByItsSeasonRoundAndOriginalTeam() {
        #expect(TradeView.pickName(Self.pick(2020, 1, 3), season: 2019, team: "Bytes") == "2020 round 1 (Bytes)")
        #expect(TradeView.pickName(DraftPickRef(round: 3, team: TeamID(3)), season: 2019, team: "Bytes") == "2019 round 3 (Bytes)")
        #expect(Self.board().pickName(Self.pick(2021, 2, 3)) == "the 2021 round 2 pick of Team 3")
        #expect(Self.board().pickName(DraftPickRef(round: 2, team: TeamID(3))) == "the round 2 pick of Team 3")
    }

    @Test func theWireFormIsSeasonRoundAndOriginalTeamAndTheOldFormStillReads() throws {
        let new = try JSONDecoder().decode(DraftPickRef.self, from: Data(#"{"season": 2020, "round": 1, "originalTeam": 7}"#.utf8))
        #expect(new == Self.pick(2020, 1, 7) && new.isFuture(of: 2019))
        let old = try JSONDecoder().decode(DraftPickRef.self, from: Data(#"{"round": 3, "team": 2}"#.utf8))
        #expect(old == DraftPickRef(round: 3, team: TeamID(2)) && !old.isFuture(of: 2019))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(new), as: UTF8.self) == #"{"originalTeam":7,"round":1,"season":2020}"#)
        #expect(String(decoding: try encoder.encode(old), as: UTF8.self) == #"{"originalTeam":2,"round":3}"#)
        let proposal = try JSONDecoder().decode(TradeProposal.self, from: Data(#"""
            {"team": 1, "with": 2, "give": {"picks": [{"season": 2020, "round": 1, "originalTeam": 1}]}, "get": {"picks": [{"round": 2, "team": 2}]}}
            """#.utf8))
        #expect(proposal.give.picks == [Self.pick(2020, 1, 1)] && proposal.get.picks == [DraftPickRef(round: 2, team: TeamID(2))])
    }

    @Test func offersOfFuturePicksAreCheckedAndRefusedWithASentence() {
        let board = Self.board(owners: [Self.pick(2020, 1, 3): TeamID(2)])
        func refusal(_ give: [DraftPickRef], on b: TradeBoard = Self.board(owners: [Self.pick(2020, 1, 3): TeamID(2)])) -> DomainError? {
            Rules.refusal(TradeProposal(team: TeamID(2), with: TeamID(4), give: TradeAssets(picks: give)), on: b)
        }
        #expect(refusal([Self.pick(2020, 1, 2), Self.pick(2021, 15, 2), Self.pick(2020, 1, 3)]) == nil, "its own, the last round, one it holds")
        #expect(refusal([Self.pick(2022, 1, 2)])
                == .validation(field: "give", message: "2022 is too far ahead — Test League trades picks of 2020–2021 besides this season's"))
        #expect(refusal([Self.pick(2018, 1, 2)])
                == .validation(field: "give", message: "2018 is a season gone by — Test League trades picks of 2020–2021 besides this season's"))
        #expect(refusal([Self.pick(2020, 16, 2)])
                == .validation(field: "give", message: "The 2020 round 16 pick of Team 2 isn't in the draft (rounds 1–15)"))
        #expect(refusal([Self.pick(2020, 1, 4)]) == .validation(field: "give", message: "Team 2 doesn't own the 2020 round 1 pick of Team 4"))
        #expect(refusal([Self.pick(2020, 1, 9)]) == .validation(field: "give", message: "Team 9 isn't in Test League"))
        #expect(refusal([Self.pick(2020, 1, 2), Self.pick(2020, 1, 2)]) == .validation(field: "picks", message: "A pick is named twice in the trade"))
        #expect(refusal([Self.pick(2020, 1, 2)], on: Self.board(seasons: 0))
                == .validation(field: "picks", message: "Future picks can't be traded in Test League — only this season's"))
        // Named with the league's own season, a pick is this season's (and the draft rules as before).
        #expect(refusal([Self.pick(2019, 1, 2)]) == .validation(field: "picks", message: "The draft of Test League is over — its picks can't be traded"))
        #expect(Self.board().futurePicks(ownedBy: TeamID(3)).count == 2 * 15)
        #expect(board.futurePicks(ownedBy: TeamID(2)).prefix(3) == [Self.pick(2020, 1, 2), Self.pick(2020, 1, 3), Self.pick(2020, 2, 2)])
    }

    @Test func anExecutionMovesFuturePicksAndItsReversalMovesThemBack() {
        var board = Self.board()
        let p = TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(picks: [Self.pick(2020, 1, 2)]),
                              get: TradeAssets(picks: [Self.pick(2021, 2, 3)]))
        #expect(TradeRules.recheck(p, on: board) == nil)
        let x = TradeRules.execution(of: p, on: board, leagueID: board.league.id, at: Rules.clock)
        #expect(x.pickOwners == [Self.pick(2020, 1, 2): TeamID(3), Self.pick(2021, 2, 3): TeamID(2)])
        #expect(x.transactions.isEmpty, "no player moved")
        board.pickOwners.merge(x.pickOwners) { _, b in b }
        #expect(TradeRules.recheck(p, on: board) == "Team 2 no longer owns the 2020 round 1 pick of Team 2")
        let back = TradeRules.reversal(of: p)
        #expect(TradeRules.recheck(back, on: board) == nil)
        #expect(TradeRules.execution(of: back, on: board, leagueID: board.league.id, at: Rules.clock).pickOwners
                == [Self.pick(2020, 1, 2): TeamID(2), Self.pick(2021, 2, 3): TeamID(3)])
        // Future picks are no places on this season's roster.
        #expect(TradeRules.rosterProblem(p, on: Self.board()) == nil)
    }

    @Test func theSettingIsZeroToThreeSeasonsOfALeagueThatLivesOnWithADraftInTurns() throws {
        var s = LeagueSettings()
        #expect(s.futurePickSeasons == 0)
        s.leagueType = .dynasty
        #expect(s.futurePickSeasons == 2, "a dynasty league's default")
        s.leagueType = .keeper; s.futurePickSeasons = 3
        let json = try JSONEncoder().encode(s)
        #expect(try JSONDecoder().decode(LeagueSettings.self, from: json).futurePickSeasons == 3)
        #expect(try JSONDecoder().decode(LeagueSettings.self, from: Data("{}".utf8)).futurePickSeasons == 0, "a row stored before it")
        func refusal(_ s: LeagueSettings) -> DomainError? { do throws(DomainError) { try s.validate(); return nil } catch { return error } }
        #expect(refusal(s) == nil)
        s.futurePickSeasons = 4
        #expect(refusal(s) == .validation(field: "futurePickSeasons", message: "Picks of the next 0–3 seasons may be traded (not 4)"))
        s.futurePickSeasons = 1; s.leagueType = .redraft
        #expect(refusal(s) == .validation(field: "futurePickSeasons",
                                         message: "Future picks need a league that lives on — a keeper or dynasty league (a redraft league starts each season anew)"))
        s.leagueType = .keeper; s.draftType = .auction; s.keeperCost = .auction
        #expect(refusal(s) == .validation(field: "futurePickSeasons",
                                         message: "An auction has no picks to trade — future picks need a snake, linear or third-round-reversal draft"))
        var other = LeagueSettings()
        other.leagueType = .keeper; other.futurePickSeasons = 2
        #expect(LeagueSettings().withKeeperSettings(of: other).futurePickSeasons == 2, "changes with the keeper settings after the draft")
        #expect(other != { var o = other; o.futurePickSeasons = 1; return o }())
    }
}
