import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// `setRoster` and `setMatchups` write only the rows that changed; what they leave behind (and the conflicts they
/// report) must be what replacing every row would give.
@Suite struct StoreChangedRowsTests {
    struct World {
        let store: SQLiteLeagueStore
        let league: LeagueID
        let teams: [TeamID]
        let players: [PlayerID]
    }

    static func world() throws -> World {
        let db = try seededMemoryDatabase()
        let store = SQLiteLeagueStore(database: db)
        let players = try store.read { try $0.players(season: 2019) }.map(\.id).sorted().prefix(12)
        let at = Date(timeIntervalSince1970: 1_566_475_200)
        return try store.write { w in
            let league = try w.insertLeague(League(id: LeagueID(0), name: "Store test", isPublic: true, commissioner: nil,
                                                   settings: LeagueSettings(), state: .inSeason, clock: at, createdAt: at))
            let teams = try (0..<3).map { i in
                try w.insertTeam(Team(id: TeamID(0), leagueID: league, name: "T\(i)", manager: nil, waiverPriority: i + 1, faabRemaining: 100))
            }
            return World(store: store, league: league, teams: teams, players: Array(players))
        }
    }

    static func entry(_ p: PlayerID, _ slot: Slot, _ t: Double, _ how: Acquisition = .draft) -> RosterEntry {
        RosterEntry(playerID: p, slot: slot, acquisition: how, acquiredAt: Date(timeIntervalSince1970: 1_567_000_000 + t))
    }

    /// Entries in the order `rosters(in:)` returns them.
    static func sorted(_ r: Roster) -> Roster {
        Roster(teamID: r.teamID, entries: r.entries.sorted { ($0.acquiredAt, $0.playerID) < ($1.acquiredAt, $1.playerID) })
    }

    @Test func rosterChangesLeaveExactlyTheNewRoster() throws {
        let w = try Self.world()
        let p = w.players
        let team = w.teams[0]
        try w.store.write { try $0.setRoster(Roster(teamID: team, entries: [Self.entry(p[0], .qb, 1), Self.entry(p[1], .bench, 2), Self.entry(p[2], .bench, 3)])) }
        // Move a slot, change an acquisition time, drop one, add one.
        let next = Roster(teamID: team, entries: [Self.entry(p[0], .bench, 1), Self.entry(p[2], .rb, 9, .waiver), Self.entry(p[3], .wr, 5, .freeAgent)])
        try w.store.write { try $0.setRoster(next) }
        let stored = try w.store.read { try $0.rosters(in: w.league) }.first { $0.teamID == team }
        #expect(stored == Self.sorted(next))
        // An empty roster clears the team.
        try w.store.write { try $0.setRoster(Roster(teamID: team)) }
        #expect(try w.store.read { try $0.rosters(in: w.league) }.first { $0.teamID == team }?.entries.isEmpty == true)
    }

    @Test func aPlayerOnAnotherTeamIsAConflictAndNothingChanges() throws {
        let w = try Self.world()
        let p = w.players
        try w.store.write { w2 in
            try w2.setRoster(Roster(teamID: w.teams[0], entries: [Self.entry(p[0], .qb, 1)]))
            try w2.setRoster(Roster(teamID: w.teams[1], entries: [Self.entry(p[1], .qb, 1), Self.entry(p[2], .bench, 2)]))
        }
        let before = try w.store.read { try $0.rosters(in: w.league) }
        #expect(throws: DomainError.self) {
            try w.store.write { try $0.setRoster(Roster(teamID: w.teams[1], entries: [Self.entry(p[1], .bench, 1), Self.entry(p[0], .qb, 3)])) }
        }
        #expect(try w.store.read { try $0.rosters(in: w.league) } == before)
    }

    @Test func aPlayerListedTwiceIsAConflict() throws {
        let w = try Self.world()
        let p = w.players
        try w.store.write { try $0.setRoster(Roster(teamID: w.teams[0], entries: [Self.entry(p[0], .qb, 1)])) }
        #expect(throws: DomainError.self) {
            try w.store.write { try $0.setRoster(Roster(teamID: w.teams[0], entries: [Self.entry(p[0], .qb, 1), Self.entry(p[0], .bench, 2)])) }
        }
    }

    @Test func matchupChangesLeaveExactlyTheNewSchedule() throws {
        let w = try Self.world()
        let t = w.teams
        func m(_ week: Int, _ home: TeamID, _ away: TeamID?, _ points: (Int, Int?)? = nil, playoff: Bool = false) -> MatchupRecord {
            MatchupRecord(matchup: Matchup(leagueID: w.league, week: week, home: home, away: away, isPlayoff: playoff),
                          homePoints: points.map { Points(hundredths: $0.0) }, awayPoints: points?.1.map { Points(hundredths: $0) })
        }
        try w.store.write { try $0.setMatchups([m(1, t[0], t[1]), m(1, t[2], nil), m(2, t[1], t[2]), m(2, t[0], nil)], in: w.league) }
        // Week 1 final (a bye has no away points), week 2 changes pairing, a playoff week appears.
        let next = [m(1, t[0], t[1], (10_150, 9_925)), m(1, t[2], nil, (8_000, nil)), m(2, t[1], t[0]), m(3, t[0], t[1], playoff: true)]
        try w.store.write { try $0.setMatchups(next, in: w.league) }
        let stored = try w.store.read { try $0.matchups(in: w.league) }
        #expect(stored == next.sorted { ($0.matchup.week, $0.matchup.home) < ($1.matchup.week, $1.matchup.home) })
    }
}
