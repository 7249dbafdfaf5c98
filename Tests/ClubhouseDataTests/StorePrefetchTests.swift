import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres

/// A league's parts read together (`LeagueStoreReader.prefetch`) and writes sent with the next statement
/// (`runLater`), on both databases: the reads answer the same as one at a time, a write after them is seen by the
/// reads that follow it, and on PostgreSQL a pick costs the round trips it is designed to.
@Suite("Store: prefetched reads and writes sent together, on SQLite and PostgreSQL") struct StorePrefetchTests {
    static let skipped = "CLUBHOUSE_TEST_POSTGRES is not set: PostgreSQL not tested (`make test` starts a cluster and sets it)"
    static let everything: LeagueReads = [.league, .draft, .picks, .pickOwners, .teams, .rosters]

    struct Parts: Equatable {
        var league: League?, draft: Draft?, picks: [Pick], owners: [DraftPickRef: TeamID], teams: [Team], rosters: [Roster]
        init(_ r: any LeagueStoreReader, _ id: LeagueID) throws {
            league = try r.league(id); draft = try r.draft(in: id); picks = try r.picks(in: id)
            owners = try r.pickOwners(in: id); teams = try r.teams(in: id); rosters = try r.rosters(in: id)
        }
    }

    /// The demo's live draft (picks made, teams with rosters): read one part at a time, then prefetched; every league
    /// of the demo prefetched part by part answers as it does read plainly.
    static func check(_ store: any LeagueStore) throws {
        let leagues = try store.read { try $0.leagues() }
        let drafting = try #require(leagues.first { $0.state == .drafting })
        for league in leagues {
            let plain = try store.read { try Parts($0, league.id) }
            let all = try store.read { r in try r.prefetch(everything, of: league.id); return try Parts(r, league.id) }
            #expect(all == plain, "\(league.name)")
            let room = try store.read { r in try r.prefetch(.draftRoom, of: league.id); return try Parts(r, league.id) }
            #expect(room == plain, "\(league.name)")
        }

        // After a prefetch, the transaction's own writes show in its reads: a pick, a traded pick, a roster entry.
        let id = drafting.id
        let before = try store.read { try Parts($0, id) }
        let draft = try #require(before.draft)
        let number = draft.currentPick
        let team = DraftOrder.team(forPick: number, order: draft.order, type: draft.type)
        let taken = Set(before.picks.map(\.playerID))
        let player = try #require(try store.read { try $0.players(season: drafting.season) }.map(\.id).sorted().first { !taken.contains($0) })
        let pick = Pick(number: number, round: (number - 1) / draft.order.count + 1, teamID: team, playerID: player, source: .commissioner,
                        madeAt: Date(timeIntervalSince1970: 1_800_000_100))
        let traded = DraftPickRef(round: draft.rounds, team: draft.order[0])
        try store.write { w in
            try w.prefetch(everything, of: id)
            try w.insertPick(pick, in: id)
            try w.setPickOwner(traded, owner: draft.order[1], in: id)
            try w.addRosterEntry(RosterEntry(playerID: player, slot: .bench, acquisition: .draft, acquiredAt: pick.madeAt), team: team, in: id)
            #expect(try w.picks(in: id) == before.picks + [pick])
            #expect(try w.pickOwners(in: id)[traded] == draft.order[1])
            #expect(try w.rosters(in: id).first { $0.teamID == team }?.entries.map(\.playerID).contains(player) == true)
        }
        let after = try store.read { try Parts($0, id) }
        #expect(after.picks == before.picks + [pick])
        #expect(after.owners[traded] == draft.order[1])

        // A write whose own code throws after writes were queued: none of them lands.
        struct GaveUp: Error {}
        #expect(throws: GaveUp.self) {
            try store.write { w in
                try w.setDraft(Draft(leagueID: id, status: .paused, order: draft.order, rounds: draft.rounds, type: draft.type,
                                     pickClockSeconds: draft.pickClockSeconds, currentPick: number + 1))
                try w.appendEvent(league: id, LeagueEvent.DraftPaused(pick: number), at: pick.madeAt)
                throw GaveUp()
            }
        }
        #expect(try store.read { try $0.draft(in: id) } == after.draft)
    }

    @Test func onSQLite() throws {
        let dir = TempDir()
        let path = dir.file("league.sqlite")
        try ContractWorld.template.execute("VACUUM INTO '\(path)'")
        try Self.check(SQLiteLeagueStore(database: try Database(path: path)))
    }

    @Test(.enabled(if: ContractPostgres.url != nil, Comment(rawValue: skipped)))
    func onPostgreSQL() throws {
        try ContractPostgres.withStore(Self.check)
    }

    /// A manager's pick on PostgreSQL, once its statements are prepared: one round trip for the session, one for the
    /// write's reads (with its BEGIN), one for its writes (with its COMMIT). The draft clock's look at the room after it:
    /// one round trip for its reads, one for its COMMIT.
    @Test(.enabled(if: ContractPostgres.url != nil, Comment(rawValue: skipped)))
    func aPickOnPostgreSQLIsThreeRoundTrips() throws {
        let world = try ContractPostgres.newWorld()
        defer { ContractPostgres.drop(world.name) }
        let db = try PostgresDatabase(url: world.url, maxConnections: 1)
        defer { db.close() }
        let store = PostgresLeagueStore(database: db)
        let service = LeagueService(store: store, clock: ManualClock(ContractWorld.seededAt), factsCache: ContractWorld.facts,
                                    accounts: fastAccountPorts)
        let league = try #require(try store.read { try $0.leagues() }.first { $0.state == .drafting })
        let commissioner = try #require(league.commissioner)
        let email = try #require(try store.read { try $0.user(commissioner) }).email
        let token = try service.accounts.signIn(email: email, password: DemoSeeder.demoPassword, device: "test").token
        func roundTrips() throws -> Int { try db.withConnection { $0.roundTrips } }
        func pick() throws -> Int {
            let board = try service.draft.draftBoard(league.id, caller: .anonymous)
            let player = try #require(try service.draft.draftablePlayers(league.id, caller: .anonymous).first).player.id
            let start = try roundTrips()
            let user = try service.accounts.sessionUser(token)
            _ = try service.draft.makePick(league.id, expectedPick: board.draft.currentPick, player: player, caller: .user(user.id))
            return try roundTrips() - start
        }
        _ = try pick()   // prepares the statements on the pool's one connection
        #expect(try pick() == 3)
        let start = try roundTrips()
        _ = try service.draft.draftDue(league.id)
        #expect(try roundTrips() - start == 2)
    }
}
