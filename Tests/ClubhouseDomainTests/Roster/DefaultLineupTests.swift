import Testing
import ClubhouseDomain

@Suite("Roster: default lineup for a drafted roster")
struct DefaultLineupTests {
    typealias S = RosterTestSupport

    @Test func bestProjectionsStartFlexGetsTheBestRemainingAndTheRestSit() {
        let players = S.directory([
            S.player("qb-a", .qb), S.player("qb-b", .qb), S.player("rb-a", .rb), S.player("rb-b", .rb), S.player("rb-c", .rb),
            S.player("wr-a", .wr), S.player("wr-b", .wr), S.player("wr-c", .wr), S.player("te-a", .te), S.player("te-b", .te),
            S.player("k-a", .k), S.player("def-a", .def),
        ])
        let projection: [PlayerID: Points] = [
            "qb-a": 300, "qb-b": 310, "rb-a": 200, "rb-b": 150, "rb-c": 140, "wr-a": 180, "wr-b": 170, "wr-c": 145,
            "te-a": 100, "te-b": 160, "k-a": 120, "def-a": 110,
        ]
        let roster = Roster(teamID: TeamID(1), entries: players.keys.sorted().map { S.entry($0, .bench) })
        let lineup = LineupRules.defaultLineup(for: roster, players: players, settings: LeagueSettings()) { projection[$0] ?? .zero }
        let slots = Dictionary(uniqueKeysWithValues: lineup.entries.map { ($0.playerID, $0.slot) })
        #expect(slots == [
            "qb-b": .qb, "qb-a": .bench, "rb-a": .rb, "rb-b": .rb, "wr-a": .wr, "wr-b": .wr, "te-b": .te,
            "wr-c": .flex, "rb-c": .bench, "te-a": .bench, "k-a": .k, "def-a": .def,
        ])
    }

    @Test func equalProjectionsBreakByPlayerIDAndIRStaysPut() {
        let players = S.directory([S.player("rb-2", .rb), S.player("rb-1", .rb), S.player("rb-3", .rb), S.player("rb-4", .rb), S.player("rb-0", .rb)])
        let roster = Roster(teamID: TeamID(1), entries: [S.entry("rb-2", .bench), S.entry("rb-1", .bench), S.entry("rb-3", .bench),
                                                         S.entry("rb-4", .bench), S.entry("rb-0", .ir)])
        let lineup = LineupRules.defaultLineup(for: roster, players: players, settings: LeagueSettings()) { _ in 10 }
        #expect(lineup.entry(for: "rb-1")?.slot == .rb)
        #expect(lineup.entry(for: "rb-2")?.slot == .rb)
        #expect(lineup.entry(for: "rb-3")?.slot == .flex)
        #expect(lineup.entry(for: "rb-4")?.slot == .bench)
        #expect(lineup.entry(for: "rb-0")?.slot == .ir)
    }
}
