import Foundation
import Testing
@testable import ClubhouseDomain

/// IR's eligibility (OUT or IR; Doubtful too with `irAllowsDoubtful`) and the block an ineligible IR player puts on his
/// team's adds and waiver claims (`InjuredReserveRules`): the lineup rule, the add/claim refusal and the waiver run ask it.
@Suite("Roster: IR eligibility and the IR block")
struct InjuredReserveRulesTests {
    typealias S = RosterTestSupport
    typealias F = WaiverFixtures

    @Test(arguments: InjuryStatus.allCases)
    func irTakesOutAndIRAndDoubtfulOnlyWhenTheLeagueAllowsIt(status: InjuryStatus) {
        #expect(InjuredReserveRules.accepts(status, allowingDoubtful: false) == (status == .out || status == .injuredReserve))
        #expect(InjuredReserveRules.accepts(status, allowingDoubtful: true) == (status == .out || status == .injuredReserve || status == .doubtful))
        var settings = LeagueSettings()
        #expect(!InjuredReserveRules.accepts(.doubtful, settings: settings), "off by default")
        settings.irAllowsDoubtful = true
        #expect(InjuredReserveRules.accepts(.doubtful, settings: settings))
        #expect(Slot.ir.accepts(.rb, status: .doubtful, allowingDoubtful: true) && !Slot.ir.accepts(.rb, status: .doubtful))
    }

    @Test func theSettingIsOffWhenAStoredRowOrAClientLeavesItOut() throws {
        #expect(try JSONDecoder().decode(LeagueSettings.self, from: Data("{}".utf8)).irAllowsDoubtful == false)
        #expect(try JSONDecoder().decode(LeagueSettings.self, from: Data(#"{"irAllowsDoubtful": true}"#.utf8)).irAllowsDoubtful)
    }

    // MARK: - The lineup rule

    let players = S.directory([S.player("rb1", .rb), S.player("rb2", .rb), S.player("rb3", .rb)])
    var roster: Roster { Roster(teamID: TeamID(1), entries: [S.entry("rb1", .rb), S.entry("rb2", .rb), S.entry("rb3", .bench)]) }

    func move(_ id: PlayerID, status: InjuryStatus, doubtful: Bool) -> LineupRefusal? {
        var settings = LeagueSettings()
        settings.irAllowsDoubtful = doubtful
        let context = LineupContext(settings: settings, week: 1, now: S.day, players: players, injuries: [id: status], games: [])
        return LineupRules.validateMove(LineupMove(id, to: .ir), on: roster, context: context)
    }

    @Test func aDoubtfulPlayerGoesOnIROnlyInALeagueThatAllowsIt() {
        let refused = move("rb3", status: .doubtful, doubtful: false)
        #expect(refused == .injuredReserveRequiresOutOrIR("rb3", status: .doubtful))
        #expect(refused?.message == "IR takes only players who are OUT or on IR")
        #expect(move("rb3", status: .doubtful, doubtful: true) == nil)
        // The refusal says which statuses the league's IR takes.
        let questionable = move("rb3", status: .questionable, doubtful: true)
        #expect(questionable == .injuredReserveRequiresOutOrIR("rb3", status: .questionable, doubtfulAllowed: true))
        #expect(questionable?.message == "IR takes only players who are Doubtful, OUT or on IR")
    }

    // MARK: - The block

    let irRoster = Roster(teamID: TeamID(1), entries: [S.entry("rb1", .rb), S.entry("sb", .ir), S.entry("cmc", .ir), S.entry("rb3", .bench)])
    let names: [PlayerID: String] = ["sb": "Saquon Barkley", "cmc": "Christian McCaffrey"]

    func block(_ statuses: [PlayerID: InjuryStatus], dropping drop: PlayerID? = nil, doubtful: Bool = false) -> String? {
        var settings = LeagueSettings()
        settings.irAllowsDoubtful = doubtful
        return InjuredReserveRules.addBlock(irRoster, dropping: drop, settings: settings, status: { statuses[$0] ?? .healthy },
                                            name: { names[$0] ?? $0.rawValue })
    }

    @Test func aTeamWhoseIRPlayersStillQualifyIsNotBlocked() {
        #expect(block(["sb": .out, "cmc": .injuredReserve]) == nil)
        #expect(block(["sb": .doubtful, "cmc": .out], doubtful: true) == nil)
    }

    @Test func anIRPlayerWhoRecoveredBlocksAndIsNamed() {
        #expect(block(["cmc": .out]) == "Move Saquon Barkley off IR first — he is no longer OUT or on IR")
        #expect(block(["sb": .questionable, "cmc": .out], doubtful: true) == "Move Saquon Barkley off IR first — he is no longer Doubtful, OUT or on IR")
        // Doubtful doesn't keep him there in a league whose IR doesn't take Doubtful players.
        #expect(block(["sb": .doubtful, "cmc": .out]) == "Move Saquon Barkley off IR first — he is no longer OUT or on IR")
        #expect(block([:]) == "Move Saquon Barkley and Christian McCaffrey off IR first — they are no longer OUT or on IR")
        #expect(InjuredReserveRules.ineligible(irRoster.entries, allowingDoubtful: false, status: { _ in .healthy }) == ["sb", "cmc"])
    }

    @Test func droppingTheIneligiblePlayerWithTheMoveLiftsTheBlock() {
        #expect(block(["cmc": .out], dropping: "sb") == nil)
        #expect(block(["cmc": .out], dropping: "rb3") != nil, "dropping someone else doesn't")
    }

    @Test func benchingHimLiftsTheBlock() {
        var benched = irRoster
        benched.entries[1].slot = .bench
        #expect(InjuredReserveRules.addBlock(benched, settings: LeagueSettings(), status: { $0 == "cmc" ? .out : .healthy }, name: \.rawValue) == nil)
    }

    // MARK: - The waiver run

    @Test func aClaimOfATeamWhoseIRIsNotInOrderFailsAtTheRunAndTheNextTeamWins() {
        let positions = F.positions(["rb-a", "rb-b", "rb-ir"])
        let state = WaiverState(rosters: [F.roster(1, ["rb-ir"], slot: .ir), F.roster(2, [])], priority: [TeamID(1), TeamID(2)],
                                budgets: [TeamID(1): 100, TeamID(2): 100], holds: [])
        let claims = [F.claim(1, team: 1, add: "rb-a"), F.claim(2, team: 2, add: "rb-a"), F.claim(3, team: 1, add: "rb-b", drop: "rb-ir", rank: 2)]
        func run(_ status: InjuryStatus) -> WaiverRunResult {
            WaiverProcessor.process(claims: claims, state: state, positions: positions, settings: F.settings(.rolling), now: F.now,
                                    firstTransactionID: 1, injuredReserve: .init(status: { $0 == "rb-ir" ? status : .healthy },
                                                                                name: { $0 == "rb-ir" ? "Saquon Barkley" : $0.rawValue }))
        }
        let recovered = run(.healthy)
        let outcome = { (r: WaiverRunResult, id: Int64) in r.claims.first { $0.id == id }?.outcome }
        #expect(outcome(recovered, 1) == .injuredReserveNotInOrder)
        #expect(recovered.results.first { $0.claimID == 1 }?.explanation
                == "IR not in order: Move Saquon Barkley off IR first — he is no longer OUT or on IR")
        #expect(outcome(recovered, 2) == .won, "the next team in priority gets him")
        #expect(outcome(recovered, 3) == .won, "a claim that drops the IR player is in order")
        #expect(!recovered.state.roster(of: TeamID(1)).contains("rb-a"))
        // Still out: T1's first claim wins as before.
        let stillOut = run(.out)
        #expect(outcome(stillOut, 1) == .won && outcome(stillOut, 2) == .lowerPriority)
    }
}
