import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// One whole-screen golden per page (Goldens/<page>-<width>x<height>.txt), each in a loaded state over the fake
/// league's hand-made 2019 world at its fixed clock (Sun 3 Nov 2019, week 9), as a person sees it when the page opens.
/// The draft room mid-draft and the live matchup have a 160×48 golden too. Text only: colour never shows in a golden.
/// `CLUBHOUSE_UPDATE_GOLDENS=1` rewrites them (see Golden).
@Suite struct PageGoldenTests {
    static let small = Size(width: 80, height: 24), large = Size(width: 160, height: 48)

    static func name(_ page: String, _ size: Size) -> String { "\(page)-\(size.width)x\(size.height)" }

    /// Signed out, on `page`, loaded.
    static func opened(_ page: Page, size: Size = small, fake: FakeLeague = FakeLeague()) async -> Harness {
        var h = await Harness.started(fake: fake, size: size)
        h.send(.deepLink(page))
        await h.settle()
        return h
    }

    static func check(_ h: Harness, _ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        Golden.check(Screen(h.state).buffer, named: name(page, h.state.size), sourceLocation: sourceLocation)
    }

    // The helper itself: a missing golden fails and is not written; a different screen fails with a line diff.
    @Test func aMissingGoldenFailsAndIsNeverWrittenInANormalRun() {
        guard !Golden.updating else { return }
        withKnownIssue { Golden.check("x\n", named: "no-such-page-80x24") }
        #expect(!FileManager.default.fileExists(atPath: Golden.directory.appendingPathComponent("no-such-page-80x24.txt").path))
    }

    @Test func aDifferentScreenFailsWithALineDiff() throws {
        guard !Golden.updating else { return }
        let home = try String(contentsOf: Golden.directory.appendingPathComponent("home-80x24.txt"), encoding: .utf8)
        withKnownIssue { Golden.check(home.replacingOccurrences(of: "Sunday Nerds", with: "Sunday Nerdz"), named: "home-80x24") }
        #expect(Golden.diff("a\nb\nc\n", "a\nB\nc\n") == "- 2 │b\n+ 2 │B")
        #expect(Golden.diff("a\n", "a\nb\n") == "- 2 │\n+ 2 │b\n+ 3 │")
    }

    @Test func home() async { Self.check(await Harness.started(size: Self.small), "home") }
    @Test func league() async { Self.check(await Self.opened(.league(Demo.greats)), "league") }
    @Test func standings() async { Self.check(await Self.opened(.standings(Demo.greats)), "standings") }
    @Test func scoreboard() async { Self.check(await Self.opened(.scoreboard(Demo.greats, week: 9)), "scoreboard") }
    @Test func matchup() async { Self.check(await Self.opened(.matchup(Demo.greats, week: 9, team: Demo.bits)), "matchup") }
    @Test func player() async { Self.check(await Self.opened(.player(Demo.cmc.id, league: Demo.greats)), "player") }
    @Test func freeAgents() async { Self.check(await Self.opened(.freeAgents(Demo.greats)), "free-agents") }
    @Test func scoringRules() async { Self.check(await Self.opened(.scoringRules(Demo.greats)), "scoring-rules") }
    @Test func leagueSettings() async { Self.check(await Self.opened(.leagueSettings(Demo.greats)), "league-settings") }
    @Test func draftRecap() async { Self.check(await Self.opened(.draftRecap(Demo.greats)), "draft-recap") }
    @Test func settings() async { Self.check(await Self.opened(.settings), "settings") }

    /// My team (alice's Bits), signed in, the sheet at full height as the lineup tests use it.
    @Test func roster() async { Self.check(await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits)), "roster") }

    /// Two pending FAAB claims.
    @Test func claims() async { Self.check(await ClaimsTests.onClaims(), "claims") }

    /// `t` on Claims: the league's transactions — a won FAAB claim and a free-agent add.
    @Test func transactions() async {
        let fake = FakeLeague()
        let claim = Transaction(id: 9, leagueID: Demo.greats, teamID: Demo.bits, kind: .waiverClaim, added: ClaimsTests.ingram.id,
                                dropped: Demo.ekeler.id, bid: 12, at: Demo.now.addingTimeInterval(-4 * 86_400))
        let add = Transaction(id: 10, leagueID: Demo.greats, teamID: Demo.hailMarys, kind: .add, added: Demo.waller.id,
                              dropped: nil, bid: nil, at: Demo.now.addingTimeInterval(-3600))
        await fake.setTransactions([TransactionView(transaction: add, team: Demo.team(Demo.hailMarys), added: Demo.waller, dropped: nil),
                                    TransactionView(transaction: claim, team: Demo.team(Demo.bits), added: ClaimsTests.ingram, dropped: Demo.ekeler)])
        var h = await TeamWorld.signedIn(on: .claims(Demo.greats), settings: ClaimsTests.faab, fake: fake)
        h.key(.char("t"))
        Self.check(h, "transactions")
    }

    /// Sunday Nerds before its draft, Casey its commissioner: the Requests tab with one request.
    @Test func commissioner() async { Self.check(await CommissionerTests.onPage(), "commissioner") }

    /// `n` on Home: a new league, its name typed.
    @Test func leagueFormCreate() async {
        var h = await LeagueFormRenderTests.onForm()
        h.keys("Sunday Funday")
        Self.check(h, "league-form-create")
    }

    /// Sunday Nerds' settings before its draft.
    @Test func leagueFormEdit() async { Self.check(await Self.opened(.leagueForm(.edit(Demo.nerds))), "league-form-edit") }

    /// The gate's Sign in, asked for by Join on Sunday Nerds, the email typed and the password masked.
    @Test func signIn() async {
        var h = await GateRenderTests.gateOpen()
        h.keys("alex@example.com"); h.key(.tab); h.keys("hunter22")
        Self.check(h, "sign-in")
    }

    /// ctrl-n from Sign in.
    @Test func createAccount() async {
        var h = await GateRenderTests.gateOpen()
        h.key(.ctrl("n"))
        Self.check(h, "create-account")
    }

    /// Signed in with an account that has no display name: Complete profile asks only for the name.
    @Test func completeProfile() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "noname@example.com", password: "correct horse", displayName: "")
        var h = await Harness.started(fake: fake)
        h.send(.open(.league(Demo.nerds)))
        await h.settle()
        h.key(.char("J"))
        await h.settle()
        h.keys("noname@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        Self.check(h, "complete-profile")
    }

    /// Home signed in as alice (Bits in Gridiron Greats): My leagues lists her league.
    @Test func homeSignedIn() async {
        let fake = FakeLeague()
        let alice = await fake.addAccount(email: "alice@example.com", password: "correct horse", displayName: "alice")
        await fake.setSignedIn(alice)
        await fake.setMyTeam(Demo.bits, in: Demo.greats)
        Self.check(await Harness.started(fake: fake, size: Self.small), "home-signed-in")
    }

    /// Couch Coaches mid-draft, signed in as bob (Bytes): six picks made, pick 7 on the clock for Bytes, 42 seconds left.
    @Test(arguments: [small, large]) func draftRoom(size: Size) async {
        let fake = FakeLeague()
        let bob = await fake.addAccount(email: "bob@example.com", password: "correct horse", displayName: "bob")
        await fake.setSignedIn(bob)
        await fake.setMyTeam(Demo.bytes, in: Demo.couch)
        await fake.setRoom(DraftRoomTests.liveRoom())
        await fake.setDraftSignedIn(true)
        Self.check(await Self.opened(.draftRoom(Demo.couch), size: size, fake: fake), "draft-room")
    }
}

/// The live matchup over the real embedded API and the seeded demo world (Gridiron Greats at Sun 3 Nov 2019 20:00
/// UTC, the early games in the third quarter): game states, projections, the scoring feed, and the chart on the board.
@Suite(.serialized) struct LiveMatchupGoldenTests {
    @Test(arguments: [PageGoldenTests.small, PageGoldenTests.large]) func liveMatchup(size: Size) async throws {
        var (h, dir) = try LiveMatchupRenderTests.harness(size)
        defer { try? FileManager.default.removeItem(at: dir) }
        h.send(.started)
        await h.settle()
        h.send(.deepLink(.matchup(LiveMatchupRenderTests.greats, week: 9, team: LiveMatchupRenderTests.bits)))
        await h.settle()
        PageGoldenTests.check(h, "live-matchup")
    }
}
