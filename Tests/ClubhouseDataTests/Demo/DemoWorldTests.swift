import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The demo world is made by the real rules; these tests read it back through the use cases.
@Suite(.serialized) struct DemoWorldTests {
    static let seeded: (db: Database, service: LeagueService, seconds: Double) = {
        let db = try! migratedMemoryDatabase()
        let start = Date()
        try! DemoWorld.seedIfNeeded(db, now: Date(timeIntervalSince1970: 1_800_000_000))
        return (db, LeagueService(store: SQLiteLeagueStore(database: db)), Date().timeIntervalSince(start))
    }()

    func league(named name: String) throws -> LeagueSummary {
        let all = try Self.seeded.service.leagues.publicLeagues(filter: LeagueFilter(), caller: .anonymous)
        return try #require(all.first { $0.name == name }, "no league \(name) in \(all.map(\.name))")
    }

    @Test func publicLeaguesCoverEveryState() throws {
        let states = Set(try Self.seeded.service.leagues.publicLeagues(filter: LeagueFilter(), caller: .anonymous).map(\.state))
        #expect(states == [.predraft, .drafting, .inSeason, .playoffs, .complete])
    }

    @Test func theOpenLeaguesCommissionerSignsInWithTheDemoPassword() throws {
        let service = LeagueService(store: SQLiteLeagueStore(database: Self.seeded.db), accounts: .sodium)
        let open = try service.leagues.league(try league(named: "Sunday Funday").id, caller: .anonymous)
        let id = try #require(open.league.commissioner)
        let commissioner = try #require(try service.store.read { try $0.user(id) })
        let session = try service.accounts.signIn(email: commissioner.email, password: DemoSeeder.demoPassword, device: "test")
        #expect(session.user.id == id)
        #expect(throws: AccountRules.wrongCredentials) { try service.accounts.signIn(email: commissioner.email, password: "not-the-password", device: "test") }
    }

    /// The demo's `<first name>@demo.clubhouse` accounts are stored in the form sign-in looks up, pass the
    /// rule for new addresses, and their names pass the rule for names.
    @Test func demoAccountsAreStoredAsSignInLooksThemUp() throws {
        let users = try Self.seeded.db.query("SELECT email, display_name FROM users")
        #expect(users.count > 20)
        for row in users {
            let email = try row.get("email", as: String.self), name = try row.get("display_name", as: String.self)
            #expect(EmailAddress.canonical(email) == email && AccountRules.signInEmail(email.uppercased()) == email, "\(email)")
            #expect(try EmailAddress.validated(email) == email)
            #expect(try AccountRules.displayName(name) == name)
        }
        #expect(try Self.seeded.db.scalar("SELECT count(*) FROM users WHERE email = 'hiro@demo.clubhouse'", as: Int.self) == 1)
    }

    @Test func absentDemoManagersDraftOnAutopickAndOpenTeamsAreBots() throws {
        let id = try league(named: "Sunday Funday").id
        let teams = try Self.seeded.service.store.read { try $0.teams(in: id) }
        let managedOnAutopick = teams.filter { $0.manager != nil }.allSatisfy { $0.autopick }
        #expect(managedOnAutopick)
        #expect(teams.filter(\.isBot).count == 4)
    }

    @Test func thePrivateLeagueIsHiddenFromBrowsers() throws {
        let names = try Self.seeded.service.leagues.publicLeagues(filter: LeagueFilter(), caller: .anonymous).map(\.name)
        #expect(!names.contains("Office League"))
    }

    @Test func openLeagueHasRoomAndFullLeagueHasNone() throws {
        let open = try league(named: "Sunday Funday")
        #expect(open.state == .predraft && !open.isFull && open.draftScheduledAt != nil)
        let full = try league(named: "Full House")
        #expect(full.state == .predraft && full.isFull)
    }

    @Test func midSeasonLeagueIsInWeekNineWithEightWeeksPlayed() throws {
        let summary = try league(named: "Gridiron Greats")
        #expect(summary.state == .inSeason)
        #expect(summary.currentWeek == 9)
        let standings = try Self.seeded.service.matchups.standings(summary.id, caller: .anonymous)
        #expect(standings.count == 10)
        #expect(standings.allSatisfy { $0.row.games == 8 })
        let wins = standings.map(\.row.wins).reduce(0, +)
        let ties = standings.map(\.row.ties).reduce(0, +)
        #expect(wins + ties / 2 == 40, "5 games a week for 8 weeks")
    }

    @Test func weekNineIsLiveOnTheLeagueClock() throws {
        let summary = try league(named: "Gridiron Greats")
        let board = try Self.seeded.service.matchups.scoreboard(summary.id, week: nil, caller: .anonymous)
        #expect(board.week == 9)
        #expect(board.matchups.count == 5)
        #expect(board.matchups.allSatisfy { $0.status == .live })
    }

    @Test func finishedLeagueHasAChampion() throws {
        let summary = try league(named: "Champions Circle")
        #expect(summary.state == .complete)
        let detail = try Self.seeded.service.leagues.league(summary.id, caller: .anonymous)
        #expect(detail.champion != nil)
    }

    @Test func botDraftIsRunningWithSeventeenPicks() throws {
        let summary = try league(named: "Bot Bowl Live")
        let board = try Self.seeded.service.draft.draftBoard(summary.id, caller: .anonymous)
        #expect(board.draft.status == .running)
        #expect(board.picks.count == 17)
        #expect(board.draft.currentPick == 18)
    }

    @Test func draftedRostersAreFullAndLegal() throws {
        let summary = try league(named: "Gridiron Greats")
        let detail = try Self.seeded.service.leagues.league(summary.id, caller: .anonymous)
        for team in detail.teams {
            let roster = try Self.seeded.service.roster.roster(summary.id, team: team.id, caller: .anonymous)
            #expect(roster.rows.count == 15, "\(team.name) has \(roster.rows.count) players")
            #expect(roster.rows.filter { $0.slot.isStarter }.count == 9)
        }
    }

    @Test func waiverClaimsWereProcessedWithExplainedOutcomes() throws {
        let summary = try league(named: "Gridiron Greats")
        let claims = try Self.seeded.db.query("SELECT status, outcome FROM waiver_claims WHERE league_id = ?", [summary.id])
        #expect(!claims.isEmpty)
        #expect(claims.allSatisfy { (try? $0.get("status", as: String.self)) != "pending" })
        #expect(claims.contains { (try? $0.get("outcome", as: String.self)) == "won" })
    }

    /// The feed of a league the demo played through shows each waiver run at its own moment on the season clock (a
    /// Wednesday 08:00 UTC), not every run at the moment the demo was seeded.
    @Test func theSeededWaiverRunsAreStampedWhenTheyRan() throws {
        let summary = try league(named: "Gridiron Greats")
        let feed = try Self.seeded.service.activity.activity(summary.id, kind: .waivers, before: nil, limit: 50, caller: .anonymous)
        let times = feed.lines.map(\.at)
        #expect(times.count >= 4, "\(feed.lines.map(\.text))")
        #expect(Set(times).count == times.count, "one moment per run")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        #expect(times.allSatisfy { utc.component(.weekday, from: $0) == 4 && utc.component(.hour, from: $0) == 8 }, "\(times)")
        // A run that awarded nothing makes no line: the runs shown are whole weeks apart, newest first.
        #expect(zip(times, times.dropFirst()).allSatisfy { a, b in a > b && a.timeIntervalSince(b).truncatingRemainder(dividingBy: 7 * 86_400) == 0 },
                "\(times)")
    }

    @Test func seedingIsIdempotent() throws {
        #expect(try DemoWorld.seedIfNeeded(Self.seeded.db) == false)
    }

    @Test func seedingIsDeterministic() throws {
        let other = try migratedMemoryDatabase()
        try DemoWorld.seedIfNeeded(other, now: Date(timeIntervalSince1970: 1_800_000_000))
        let sql = "SELECT league_id, number, team_id, player_id FROM picks ORDER BY league_id, number"
        #expect(try other.query(sql) == Self.seeded.db.query(sql))
        let m = "SELECT league_id, week, home_team_id, home_points, away_points FROM matchups ORDER BY 1, 2, 3"
        #expect(try other.query(m) == Self.seeded.db.query(m))
    }

    /// No demo team is silently blocked by the IR rule (`InjuredReserveRules`: an IR player no longer eligible blocks
    /// his team's adds and claims): at each demo league's clock, as seeded, every team's IR is in order. The shipped
    /// 2019 season has no injury reports and the demo's managers never use IR, so its IR slots are empty; a team
    /// whose IR held someone would show here by name.
    @Test func noDemoTeamIsBlockedByItsIRAtTheDemosClock() throws {
        let service = Self.seeded.service
        let facts = try service.facts(season: DemoWorld.season)
        let leagues = try service.store.read { try $0.leagues() }
        #expect(leagues.count == 7)
        for league in leagues {
            let week = facts.calendar.week(at: league.clock)
            for roster in try service.store.read({ try $0.rosters(in: league.id) }) {
                let block = InjuredReserveRules.addBlock(roster, settings: league.settings, status: { facts.injury($0, week: week) },
                                                         name: { facts.players[$0]?.fullName ?? $0.rawValue })
                #expect(block == nil, "\(league.name), team \(roster.teamID): \(block ?? "")")
            }
        }
    }
}
