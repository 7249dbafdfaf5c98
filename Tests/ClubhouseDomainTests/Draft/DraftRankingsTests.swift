import Foundation
import Testing
@testable import ClubhouseDomain

@Suite struct DraftRankingsTests {
    static func player(_ id: String, _ position: Position) -> Player {
        Player(id: PlayerID(id), fullName: id, firstName: id, lastName: id, position: position, nflTeam: "CAR")
    }
    static func prior(_ id: String, rushingYards: Int) -> PriorSeasonStat {
        var s = StatLine(); s.rushingYards = rushingYards
        return PriorSeasonStat(playerID: PlayerID(id), season: 2018, games: 16, stats: s)
    }
    /// A stand-in for the league's scoring: a point per ten rushing yards.
    static let tenthOfRushing: @Sendable (StatLine, Position) -> Points = { s, _ in Points(hundredths: s.rushingYards * 10) }

    @Test func veteransRankByPriorSeasonPointsHighestFirst() {
        let r = DraftRankings(players: [Self.player("a", .rb), Self.player("b", .rb), Self.player("c", .wr)],
                              priorSeason: [Self.prior("a", rushingYards: 500), Self.prior("b", rushingYards: 1500), Self.prior("c", rushingYards: 900)],
                              points: Self.tenthOfRushing)
        #expect(r.players.map(\.playerID) == ["b", "c", "a"])
        #expect(r.ranking(of: "b")?.priorPoints == 150)
        #expect(r.ranking(of: "a")?.positionLabel == "RB2")
        #expect(r.ranking(of: "c")?.overallRank == 2)
    }

    @Test func rookiesRankAfterEveryVeteranOfTheirPositionByPlayerID() {
        let r = DraftRankings(players: [Self.player("z-rookie", .rb), Self.player("a-rookie", .rb), Self.player("vet", .rb), Self.player("zero", .rb)],
                              priorSeason: [Self.prior("vet", rushingYards: 10), Self.prior("zero", rushingYards: 0)],
                              points: Self.tenthOfRushing)
        #expect(r.players.map(\.playerID) == ["vet", "zero", "a-rookie", "z-rookie"])
        #expect(r.ranking(of: "a-rookie")?.isRookie == true)
        #expect(r.ranking(of: "z-rookie")?.positionRank == 4)
    }

    @Test func tiedPointsAreBrokenByPlayerID() {
        let r = DraftRankings(players: [Self.player("b", .rb), Self.player("a", .rb)],
                              priorSeason: [Self.prior("a", rushingYards: 100), Self.prior("b", rushingYards: 100)],
                              points: Self.tenthOfRushing)
        #expect(r.players.map(\.playerID) == ["a", "b"])
    }

    @Test func severalPriorRowsForOnePlayerAreSummed() {
        let r = DraftRankings(players: [Self.player("a", .rb), Self.player("b", .rb)],
                              priorSeason: [Self.prior("a", rushingYards: 100), Self.prior("a", rushingYards: 100), Self.prior("b", rushingYards: 150)],
                              points: Self.tenthOfRushing)
        #expect(r.players.map(\.playerID) == ["a", "b"])
        #expect(r.ranking(of: "a")?.priorPoints == 20)
    }
}
