import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres

/// The store's unique-key conflicts on both databases: a pick whose number or player is taken and a player already on
/// a roster of the league are the Domain's conflicts. A pick's conflict (and `addRosterEntry`'s) fails its write —
/// PostgreSQL sends those inserts with the transaction's next statement, so the error may come from a later call of the
/// write, its commit at the latest — and nothing of that write lands. `setRoster`'s conflict leaves the transaction
/// usable (its insert adds nothing on a conflict, `ON CONFLICT DO NOTHING`).
@Suite("Store: unique conflicts on SQLite and PostgreSQL") struct StoreConflictTests {
    static let skipped = "CLUBHOUSE_TEST_POSTGRES is not set: PostgreSQL not tested (`make test` starts a cluster and sets it)"
    static let at = Date(timeIntervalSince1970: 1_566_475_200)

    static func pick(_ number: Int, _ team: TeamID, _ player: PlayerID) -> Pick {
        Pick(number: number, round: 1, teamID: team, playerID: player, source: .manager, madeAt: at.addingTimeInterval(Double(number)))
    }

    static func entry(_ player: PlayerID) -> RosterEntry { RosterEntry(playerID: player, slot: .bench, acquisition: .draft, acquiredAt: at) }

    /// Conflicting picks and roster entries, each failing its own write whole; a roster conflict a write goes on from;
    /// then a pick that lands and commits.
    static func check(_ store: any LeagueStore) throws {
        let players = try store.read { try $0.players(season: 2019) }.map(\.id).sorted().prefix(4)
        let p = Array(players)
        let (league, teams) = try store.write { w in
            let league = try w.insertLeague(League(id: LeagueID(0), name: "Conflicts", isPublic: true, commissioner: nil,
                                                   settings: LeagueSettings(), state: .drafting, clock: at, createdAt: at))
            let teams = try (0..<2).map { i in
                try w.insertTeam(Team(id: TeamID(0), leagueID: league, name: "T\(i)", manager: nil, waiverPriority: i + 1, faabRemaining: 100))
            }
            try w.insertPick(pick(1, teams[0], p[0]), in: league)
            try w.setRoster(Roster(teamID: teams[0], entries: [entry(p[0])]))
            return (league, teams)
        }
        func landed() throws -> (picks: [PlayerID], rosters: [[PlayerID]]) {
            try store.read { r in (try r.picks(in: league).map(\.playerID), try r.rosters(in: league).map { $0.entries.map(\.playerID) }) }
        }
        let before = try landed()
        // Each failing write also adds another player to a roster and reads after the insert: none of it lands.
        let failing: [(Pick?, PlayerID?, DomainError)] = [
            (pick(1, teams[1], p[1]), nil, .conflict("Pick 1 was already made")),
            (pick(2, teams[1], p[0]), nil, .conflict("That player was already drafted")),
            (nil, p[0], .conflict("Player \(p[0]) is already on a roster in this league")),
        ]
        for (pick, rostered, error) in failing {
            #expect(throws: error) {
                try store.write { w in
                    if let pick { try w.insertPick(pick, in: league) }
                    if let rostered { try w.addRosterEntry(entry(rostered), team: teams[1], in: league) }
                    try w.addRosterEntry(entry(p[3]), team: teams[1], in: league)
                    _ = try w.picks(in: league)
                }
            }
            #expect(try landed() == before)
        }
        try store.write { w in
            // The roster read first (a pick's way), then the entry: the memoized read and the write agree.
            #expect(try w.rosters(in: league).first { $0.teamID == teams[1] }?.entries.isEmpty == true)
            #expect(throws: DomainError.conflict("Player \(p[0]) is already on a roster in this league")) {
                try w.setRoster(Roster(teamID: teams[1], entries: [entry(p[0])]))
            }
            // Still usable: this pick and entry land and commit.
            try w.insertPick(pick(2, teams[1], p[1]), in: league)
            try w.setRoster(Roster(teamID: teams[1], entries: [entry(p[1])]))
            #expect(try w.rosters(in: league).first { $0.teamID == teams[1] }?.entries.map(\.playerID) == [p[1]])
            #expect(try w.picks(in: league).map(\.playerID) == [p[0], p[1]])
        }
        #expect(try landed().picks == [p[0], p[1]])
        #expect(try landed().rosters == [[p[0]], [p[1]]])
    }

    @Test func onSQLite() throws {
        try Self.check(SQLiteLeagueStore(database: try seededMemoryDatabase()))
    }

    @Test(.enabled(if: ContractPostgres.url != nil, Comment(rawValue: skipped)))
    func onPostgreSQL() throws {
        try ContractPostgres.withStore(Self.check)
    }
}
