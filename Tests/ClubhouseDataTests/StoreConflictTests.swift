import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres

/// The store's unique-key conflicts on both databases: a pick whose number or player is taken and a player already on
/// a roster of the league are the Domain's conflicts, and the transaction stays usable after one (the inserts add
/// nothing on a conflict, `ON CONFLICT DO NOTHING`, where a savepoint used to catch the unique violation).
@Suite("Store: unique conflicts on SQLite and PostgreSQL") struct StoreConflictTests {
    static let skipped = "CLUBHOUSE_TEST_POSTGRES is not set: PostgreSQL not tested (`make test` starts a cluster and sets it)"
    static let at = Date(timeIntervalSince1970: 1_566_475_200)

    static func pick(_ number: Int, _ team: TeamID, _ player: PlayerID) -> Pick {
        Pick(number: number, round: 1, teamID: team, playerID: player, source: .manager, madeAt: at.addingTimeInterval(Double(number)))
    }

    /// Two conflicting picks, a conflicting roster entry, then a pick that lands and commits in the same transaction.
    static func check(_ store: any LeagueStore) throws {
        let players = try store.read { try $0.players(season: 2019) }.map(\.id).sorted().prefix(3)
        let p = Array(players)
        let (league, teams) = try store.write { w in
            let league = try w.insertLeague(League(id: LeagueID(0), name: "Conflicts", isPublic: true, commissioner: nil,
                                                   settings: LeagueSettings(), state: .drafting, clock: at, createdAt: at))
            let teams = try (0..<2).map { i in
                try w.insertTeam(Team(id: TeamID(0), leagueID: league, name: "T\(i)", manager: nil, waiverPriority: i + 1, faabRemaining: 100))
            }
            try w.insertPick(pick(1, teams[0], p[0]), in: league)
            try w.setRoster(Roster(teamID: teams[0], entries: [RosterEntry(playerID: p[0], slot: .bench, acquisition: .draft, acquiredAt: at)]))
            return (league, teams)
        }
        try store.write { w in
            #expect(throws: DomainError.conflict("Pick 1 was already made")) { try w.insertPick(pick(1, teams[1], p[1]), in: league) }
            #expect(throws: DomainError.conflict("Pick 1 was already made")) { try w.insertPick(pick(1, teams[1], p[0]), in: league) }
            #expect(throws: DomainError.conflict("That player was already drafted")) { try w.insertPick(pick(2, teams[1], p[0]), in: league) }
            // The roster read first (a pick's way), then the entry: the memoized read and the write agree.
            #expect(try w.rosters(in: league).first { $0.teamID == teams[1] }?.entries.isEmpty == true)
            #expect(throws: DomainError.conflict("Player \(p[0]) is already on a roster in this league")) {
                try w.setRoster(Roster(teamID: teams[1], entries: [RosterEntry(playerID: p[0], slot: .bench, acquisition: .draft, acquiredAt: at)]))
            }
            // Still usable: this pick and entry land and commit.
            try w.insertPick(pick(2, teams[1], p[1]), in: league)
            try w.setRoster(Roster(teamID: teams[1], entries: [RosterEntry(playerID: p[1], slot: .bench, acquisition: .draft, acquiredAt: at)]))
            #expect(try w.rosters(in: league).first { $0.teamID == teams[1] }?.entries.map(\.playerID) == [p[1]])
        }
        #expect(try store.read { try $0.picks(in: league) }.map(\.playerID) == [p[0], p[1]])
        #expect(try store.read { try $0.rosters(in: league) }.map { $0.entries.map(\.playerID) } == [[p[0]], [p[1]]])
    }

    @Test func onSQLite() throws {
        try Self.check(SQLiteLeagueStore(database: try seededMemoryDatabase()))
    }

    @Test(.enabled(if: ContractPostgres.url != nil, Comment(rawValue: skipped)))
    func onPostgreSQL() throws {
        try ContractPostgres.withStore(Self.check)
    }
}
