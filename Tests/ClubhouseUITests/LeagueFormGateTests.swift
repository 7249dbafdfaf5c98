import Foundation
import Testing
import ClubhouseData
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Creating and editing a league over the real embedded API and use cases: a signed-out person fills the form, signs up
/// through the gate, and lands on the new league as its commissioner; the commissioner's edit is saved and the form closes.
@Suite(.serialized) struct LeagueFormGateTests {
    static func world() throws -> (EmbeddedLeagueAPI, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-ui-form-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        _ = try DemoWorld.seedIfNeeded(db, now: Demo.now)
        // Cheap password hashing: this test is about the form and the gate, not key stretching.
        let accounts = AccountPorts(hasher: SodiumPasswordHasher(opsLimit: 1, memLimit: 8192), tokens: SodiumTokenSource())
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: ManualClock(Demo.now), accounts: accounts)
        let session = try LocalSession(directory: LocalStateDirectory(path: dir.appendingPathComponent("state").path))
        return (EmbeddedLeagueAPI(service: service, databasePath: path, session: session), dir)
    }

    @Test func signedOutCreateSignsUpThenCreatesAndOpensTheLeague() async throws {
        let (api, dir) = try Self.world()
        defer { try? FileManager.default.removeItem(at: dir) }
        var h = Harness(state: Harness(size: Size(width: 100, height: 30)).state, api: api)
        h.followEvents = false
        h.send(.started)
        await h.settle()
        #expect(h.state.session == .signedOut)

        h.key(.char("n"))
        await h.settle()
        h.keys("Friday Night Lights")
        h.key(.enter)                       // name kept, on to "Your team"
        h.keys("Lights Out")
        h.key(.enter)                       // on to Season (the newest stored)
        h.key(.char("j"))                   // on to Visibility
        h.key(.char("l"))                   // private
        h.key(.char("j")); h.key(.char("h")); h.key(.char("h"))   // 8 teams
        h.key(.ctrl("s"))
        await h.settle()
        #expect(h.state.top.page == .account(.signIn))
        guard let auth = h.state.top[AuthFeature.self] else { Issue.record("no sign in"); return }
        #expect(auth.reason == "Sign in or create an account to create Friday Night Lights — you'll be its commissioner.")

        h.key(.ctrl("n"))
        h.keys("fran@example.com"); h.key(.tab); h.keys("friday nights"); h.key(.tab); h.keys("Fran")
        h.key(.enter)
        await h.settle()

        guard case .league(let page) = h.state.top.page else { Issue.record("not on a league: \(h.state.pages) \(h.toast ?? "") \(Screen(h.state).text)"); return }
        #expect(h.state.pages == [.home, .league(page)], "the form is gone; the new league is open")
        #expect(h.toast == "Friday Night Lights created — you're its commissioner")
        let detail = try await api.league(page)
        #expect(detail.league.name == "Friday Night Lights")
        #expect(!detail.league.isPublic)
        #expect(detail.league.settings.teamCount == 8)
        #expect(detail.capabilities.isCommissioner)
        #expect(detail.commissionerName == "Fran")
        #expect(detail.teams.first { $0.id == detail.capabilities.myTeam }?.name == "Lights Out")
        #expect(h.state.pendingAction == nil)

        // The commissioner changes a setting before the draft: League settings → E → PPR → ctrl-s.
        h.send(.open(.leagueSettings(page)))
        await h.settle()
        h.key(.char("E"))
        await h.settle()
        #expect(h.state.top.page == .leagueForm(.edit(page)), "\(h.toast ?? "")")
        guard var form = h.state.top[LeagueFormFeature.self] else { Issue.record("the league form is not on top: \(h.state.top.page)"); return }
        form.focus = form.fields.firstIndex(of: .scoring)!
        var stack = h.state.sheet.stack
        stack[stack.count - 1].state[LeagueFormFeature.self] = form
        h.state.sheet.setStack(stack)
        h.key(.char("l"))
        h.key(.ctrl("s"))
        await h.settle()
        #expect(h.state.top.page == .leagueSettings(page), "saved: back on the settings page")
        #expect(h.toast == "Settings saved")
        #expect(try await api.league(page).league.settings.scoring.preset == .ppr)
        #expect(Screen(h.state).inSheet("PPR"), "\(Screen(h.state).text)")
    }
}
