import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

extension PageState {
    var claimsState: ClaimsFeature.State? { if let s = self[ClaimsFeature.self] { s } else { nil } }
}

/// My waiver claims: order, cancel, reorder (put back when refused), and the league's transactions.
@Suite struct ClaimsTests {
    static func claim(_ id: Int64, _ p: PlayerSummary, drop: PlayerSummary?, bid: Int) -> ClaimView {
        ClaimView(claim: WaiverClaim(id: id, leagueID: Demo.greats, teamID: Demo.bits, addPlayer: p.id, dropPlayer: drop?.id, bid: bid, rank: Int(id),
                                     createdAt: Demo.now), player: p, drop: drop)
    }
    static let ingram = Demo.available[1].player, prater = Demo.available[3].player
    static let two = [claim(1, ingram, drop: Demo.ekeler, bid: 12), claim(2, prater, drop: nil, bid: 3)]
    static var faab: LeagueSettings { var s = Demo.settings(4); s.waiverType = .faab; return s }

    static func onClaims(_ claims: [ClaimView] = two, settings: LeagueSettings? = faab, size: Size = Size(width: 80, height: 24)) async -> Harness {
        let fake = FakeLeague()
        await fake.setClaims(claims)
        return await TeamWorld.signedIn(on: .claims(Demo.greats), settings: settings, size: size, fake: fake)
    }
    var order: (Harness) -> [Int64]? = { h in h.state.top.claimsState?.pending.map(\.id) }

    @Test func myClaimsRenderInTheOrderTheyWillBeTried() async {
        let h = await Self.onClaims()
        let s = Screen(h.state)
        #expect(s.sheetHeader.contains("Waiver claims"))
        #expect(s.inSheet("My pending claims"))
        #expect(s.inSheet("Waivers FAAB"))
        #expect(s.inSheet("Next run Wed Nov 6 08:00 UTC"))
        let first = s.row(of: "Mark Ingram")!, second = s.row(of: "Matt Prater")!
        #expect(first < second)
        #expect(s.lines[first].contains("1") && s.lines[first].contains("Austin Ekeler") && s.lines[first].contains("$12"))
        #expect(s.lines[second].contains("—") && s.lines[second].contains("$3") && s.lines[second].contains("Wed Nov 6"))
        #expect(s.footer.contains("x cancel claim") && s.footer.contains("K/J reorder"))
    }

    /// Claims can come before the league's settings: a bid above zero is FAAB's and shows at once, not a dash that
    /// turns into dollars a moment later; a $0 claim waits for the settings to say which kind of waivers these are.
    @Test func aBidShowsBeforeTheLeaguesSettingsHaveCome() {
        var s = ClaimsFeature.State(id: Demo.greats)
        s.claims = Loadable([Self.claim(1, Self.ingram, drop: Demo.ekeler, bid: 12), Self.claim(2, Self.prater, drop: nil, bid: 0)])
        #expect(s.detail.value == nil)
        var b = Buffer(size: Size(width: 80, height: 12))
        ClaimsFeature.render(s, in: Rect(x: 0, y: 0, width: 80, height: 12), buffer: &b, context: RenderContext(theme: .monochrome))
        let lines = b.text().components(separatedBy: "\n")
        let ingram = lines.first { $0.contains("Mark Ingram") } ?? "", prater = lines.first { $0.contains("Matt Prater") } ?? ""
        #expect(ingram.contains("$12"), "\(b.text())")
        #expect(!prater.contains("$") && prater.contains("–"), "\(b.text())")
    }

    /// After a waiver run each processed claim shows under Recent results: won (and whom it dropped), or lost and why.
    @Test func processedClaimsShowWonOrLostAndWhy() async {
        let fake = FakeLeague()
        await fake.setClaims([])
        var won = Self.claim(7, Self.ingram, drop: Demo.ekeler, bid: 12)
        won.claim.status = .won; won.claim.outcome = .won; won.claim.processedAt = Demo.now
        var lost = Self.claim(8, Self.prater, drop: nil, bid: 3)
        lost.claim.status = .lost; lost.claim.outcome = .outbid; lost.claim.processedAt = Demo.now
        await fake.setClaimResults([won, lost])
        let h = await TeamWorld.signedIn(on: .claims(Demo.greats), settings: Self.faab, fake: fake)
        let s = Screen(h.state)
        #expect(s.inSheet("No pending claims"), "nothing pending any more\n\(s.text)")
        let header = try! #require(s.row(of: "── Recent results ──"), "\(s.text)")
        let w = try! #require(s.row(of: "won (dropped Austin Ekeler)")), l = try! #require(s.row(of: "lost — another team bid more"))
        #expect(header < w && w < l)
        #expect(s.lines[w].contains("Mark Ingram") && s.lines[w].contains("$12"))
        #expect(s.lines[l].contains("Matt Prater") && s.lines[l].contains("$3"))
    }

    @Test func noClaimsSaysHowToPlaceOne() async {
        let h = await Self.onClaims([])
        #expect(Screen(h.state).inSheet("No pending claims — a on a player on waivers places one"))
        let help = AppReducer.activeKeymap(h.state).helpGroups.flatMap(\.entries)
        #expect(help.first { $0.label == "cancel claim" }?.disabledReason == "no claim selected")
    }

    @Test func signedOutTheClaimsPageSaysToSignIn() async {
        var h = await Harness.started()
        h.send(.open(.claims(Demo.greats)))
        await h.settle()
        #expect(Screen(h.state).inSheet("Sign in (i) to see your waiver claims in Gridiron Greats."))
    }

    @Test func kMovesAClaimEarlierAndSavesTheOrder() async {
        var h = await Self.onClaims()
        h.key(.char("j"))
        h.key(.char("K"))
        #expect(order(h) == [2, 1], "shown at once")
        #expect(h.state.top.claimsState?.list.selected == 0, "the selection follows the claim")
        await h.settle()
        #expect(await h.fake.teamWrites == [.reorderClaims(league: Demo.greats, team: Demo.bits, order: [2, 1])])
        #expect(h.toast == "Claim order saved")
        #expect(order(h) == [2, 1])
        #expect(h.state.top.claimsState?.orderBeforeSave == nil)
    }

    @Test func aRefusedReorderIsPutBack() async {
        var h = await Self.onClaims()
        await h.fake.setTeamRefusal(.conflict("Your claims changed — reload them and try again"))
        h.key(.char("J"))
        #expect(order(h) == [2, 1])
        await h.settle()
        #expect(h.toast == "Your claims changed — reload them and try again")
        #expect(order(h) == [1, 2])
    }

    @Test func theReducerPutsTheOrderBackOnRefusalAndKeepsItWhenDone() async {
        let context = PageContext(env: Harness().env, viewport: 10)
        var start = ClaimsFeature.State(id: Demo.greats)
        start.claims = Loadable(Self.two)
        start.list = ListState(selected: 0)
        let swapped = [Self.two[1], Self.two[0]]
        let write = GatedWrite.reorderClaims(league: Demo.greats, team: GatedWrite.myTeam, order: [2, 1])
        /// The first claim moved down: shown at once, the order before kept, the write asked of the shell.
        func moved() async -> TestStore<ClaimsFeature> {
            let store = TestStore(ClaimsFeature.self, start, context: context)
            await store.send(.claimMoved(1)) { $0.orderBeforeSave = Self.two; $0.claims.set(swapped); $0.list.selected = 1 }
            store.delegated(.perform(write))
            return store
        }

        let refused = await moved()
        await refused.send(.writeFinished(write, .refused("no"))) { $0.claims.set(Self.two); $0.orderBeforeSave = nil }
        #expect(refused.state.pending.map(\.id) == [1, 2])
        refused.finish()

        let done = await moved()
        await done.send(.writeFinished(write, .done)) { $0.orderBeforeSave = nil }
        #expect(done.state.pending.map(\.id) == [2, 1])
        done.finish()

        // An answer from before the save doesn't undo it while the save is on its way.
        let waiting = await moved()
        var claims = RequestToken(0)
        await waiting.send(.onAppear) {
            claims = $0.claims.beginRefresh()
            _ = $0.transactions.begin(); _ = $0.detail.begin(); _ = $0.results.begin()
        }
        await waiting.receive({ if case .claimsLoaded(_, .success) = $0 { true } else { false } }) {
            $0.claims.finish(claims, .success(swapped))
        }
        #expect(waiting.state.pending.map(\.id) == [2, 1])
        waiting.skipWaitingEffects()
        waiting.finish()
    }

    @Test func kOnTheFirstClaimIsDisabledWithTheReason() async {
        var h = await Self.onClaims()
        h.key(.char("K"))
        await h.settle()
        #expect(h.toast == "already tried first")
        #expect(await h.fake.teamWrites.isEmpty)
    }

    @Test func xCancelsAClaimAfterAsking() async {
        var h = await Self.onClaims()
        h.key(.char("x"))
        #expect(h.state.top.claimsState?.confirm?.claim == 1)
        let s = Screen(h.state)
        #expect(s.inSheet("Cancel this claim?"))
        #expect(s.inSheet("Your claim for Mark Ingram (dropping Austin Ekeler) is"))
        h.key(.char("n"))
        await h.settle()
        #expect(h.state.top.claimsState?.confirm == nil)
        #expect(await h.fake.teamWrites.isEmpty)

        h.key(.char("x"))
        h.key(.char("y"))
        await h.settle()
        #expect(await h.fake.teamWrites == [.cancelClaim(league: Demo.greats, claim: 1)])
        #expect(h.toast == "Waiver claim cancelled")
        #expect(order(h) == [2])
    }

    @Test func theTransactionsTabShowsAWonClaim() async {
        let fake = FakeLeague()
        let t = Transaction(id: 9, leagueID: Demo.greats, teamID: Demo.bits, kind: .waiverClaim, added: Self.ingram.id, dropped: Demo.ekeler.id, bid: 12, at: Demo.now)
        await fake.setTransactions([TransactionView(transaction: t, team: Demo.team(Demo.bits), added: Self.ingram, dropped: Demo.ekeler)])
        var h = await TeamWorld.signedIn(on: .claims(Demo.greats), settings: Self.faab, fake: fake)
        h.key(.char("t"))
        let s = Screen(h.state)
        let row = s.row(of: "claim won")
        #expect(row != nil)
        #expect(row.map { s.lines[$0].contains("Mark Ingram ($12)") && s.lines[$0].contains("Bits") && s.lines[$0].contains("Austin Ekeler") } == true)
        #expect(s.footer.contains("t my claims"))
    }

    @Test func wOpensClaimsFromMyRosterOnly() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        h.key(.char("W"))
        await h.settle()
        #expect(h.state.top.page == .claims(Demo.greats))
        #expect(Screen(h.state).sheetHeader.contains("Bits › Waiver claims") || Screen(h.state).lines.contains { $0.contains("Waiver claims") })
    }

    @Test func rendersAt60x16() async {
        let h = await Self.onClaims(size: Size(width: 60, height: 16))
        let s = Screen(h.state)
        #expect(s.inSheet("Mark Ingram"))
    }
}
