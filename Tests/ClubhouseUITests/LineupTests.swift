import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// A small world for the manager's own team: Bits in Gridiron Greats, signed in as alice.
enum TeamWorld {
    static func row(_ slot: Slot, _ p: PlayerSummary, locked: Bool = false, pts: Int = 10_000) -> RosterRow {
        RosterRow(slot: slot, player: p, acquisition: .draft, acquiredAt: Demo.now, weekPoints: .zero, seasonPoints: Points(hundredths: pts), locked: locked)
    }
    static let hurt = Demo.p("00-0030000", "Hurt Receiver", .wr, "NYG", 11, .out)
    /// Bits: a full starting lineup but one empty RB place, Golladay (FLEX) locked, three on the bench (one OUT).
    static var bits: TeamRoster {
        TeamRoster(leagueID: Demo.greats, team: Demo.team(Demo.bits), week: 9, rows: [
            row(.qb, Demo.lamar), row(.rb, Demo.cmc), row(.wr, Demo.thomas), row(.wr, Demo.godwin), row(.te, Demo.kelce),
            row(.flex, Demo.golladay, locked: true), row(.k, Demo.tucker), row(.def, Demo.pats),
            row(.bench, Demo.ekeler), row(.bench, Demo.jones), row(.bench, hurt),
        ], faabRemaining: 73, waiverPriority: 4)
    }
    /// Bits with every non-IR place taken (15 players).
    static var fullBits: TeamRoster {
        var r = bits
        r.rows += [Demo.mahomes, Demo.cook, Demo.henry].map { row(.bench, $0) }
        r.rows.append(row(.bench, Demo.julio, locked: true))
        return r
    }

    /// Signed in as alice, manager of Bits; on `page`, loaded.
    static func signedIn(on page: Page, roster: TeamRoster = bits, settings: LeagueSettings? = nil, size: Size = Size(width: 80, height: 24),
                         fake: FakeLeague = FakeLeague(), colorAllowed: Bool = true) async -> Harness {
        let alice = await fake.addAccount(email: "alice@example.com", password: "correct horse", displayName: "alice")
        await fake.setSignedIn(alice)
        await fake.setMyTeam(Demo.bits, in: Demo.greats)
        await fake.setRoster(roster)
        if let settings { await fake.setSettings(settings, for: Demo.greats) }
        var h = await Harness.started(fake: fake, size: size, colorAllowed: colorAllowed)
        h.send(.open(page))
        await h.settle()
        h.setDetent(.full)
        return h
    }
}

extension PageState {
    var rosterState: RosterFeature.State? { if let s = self[RosterFeature.self] { s } else { nil } }
}

/// The style of the first cell of `text` on screen.
func styleOf(_ text: String, _ h: Harness) -> Style? {
    var b = Buffer(size: h.state.size)
    AppView.render(h.state, into: &b)
    let chars = text.map(String.init), w = h.state.size.width
    for y in 0..<h.state.size.height {
        for x in 0..<max(0, w - chars.count) where chars.indices.allSatisfy({ b[x + $0, y].symbol == chars[$0] }) {
            return b[x, y].style
        }
    }
    return nil
}

@Suite struct LineupTests {
    static func select(_ name: String, _ h: inout Harness) {
        guard let i = h.state.top.rosterState?.players.firstIndex(where: { $0.player.name == name }) else { Issue.record("\(name) not on the roster"); return }
        h.send(.page(id: h.state.sheet.top.id, RosterFeature.pageAction(.list(.select(i)))))
    }

    var moveChooser: (Harness) -> Chooser<LineupMove>? = { h in
        if case .move(_, let c)? = h.state.top.rosterState?.modal { c } else { nil }
    }

    @Test func theMoveChooserListsWhereHeCanGoAndWhyNotElsewhere() async throws {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        Self.select("Aaron Jones", &h)
        h.key(.char("m"))
        let c = try #require(moveChooser(h))
        let labels = c.options.map { o in o.value == nil ? "\(o.label) — \(o.reason!)" : o.label }
        #expect(labels == [
            "Move to RB",
            "RB ⇄ Christian McCaffrey",
            "QB — A RB can't play QB",
            "WR — A RB can't play WR",
            "TE — A RB can't play TE",
            "FLEX ⇄ Kenny Golladay — K. Golladay can't go to BN: his game has kicked off — he is locked until next week",
            "K — A RB can't play K",
            "DEF — A RB can't play DEF",
            "IR — IR takes only players who are OUT or on IR",
        ], "the places he can go first, then the others with the domain's reason")
        #expect(c.chosen == LineupMove(Demo.jones.id, to: .rb), "the first place he can go is picked first")
        #expect(h.state.top.textEntry.isEditingText, "the chooser takes the keys")

        h.key(.down)
        #expect(moveChooser(h)?.chosen == LineupMove(Demo.jones.id, to: .rb, swapWith: Demo.cmc.id))
        h.keyIgnored(.down)
        #expect(moveChooser(h)?.chosen == LineupMove(Demo.jones.id, to: .rb, swapWith: Demo.cmc.id), "dimmed places can't be picked")
        #expect(moveChooser(h)?.selected == 1)
        h.key(.up)
        h.key(.enter)
        await h.settle()
        #expect(h.state.top.rosterState?.modal == nil)
        #expect(await fake(h).teamWrites == [.moveInLineup(league: Demo.greats, team: Demo.bits, move: LineupMove(Demo.jones.id, to: .rb))])
        #expect(h.toast == "Lineup saved — moved to RB")
        #expect(h.state.top.rosterState?.players.first { $0.player.id == Demo.jones.id }?.slot == .rb, "reloaded after the move")
    }

    func fake(_ h: Harness) -> FakeLeague { h.fake }

    @Test func escClosesTheChooserWithoutMoving() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        Self.select("Aaron Jones", &h)
        h.key(.char("m"))
        #expect(moveChooser(h) != nil)
        h.key(.escape)
        await h.settle()
        #expect(h.state.top.rosterState?.modal == nil)
        #expect(h.state.top.page == .roster(Demo.greats, team: Demo.bits), "esc closes the chooser, not the page")
        #expect(await h.fake.teamWrites.isEmpty)
    }

    @Test func anInjuredBenchPlayerCanGoToIRAndARefusedMoveSaysWhy() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        Self.select("Hurt Receiver", &h)
        h.key(.char("m"))
        #expect(moveChooser(h)?.options.contains { $0.label == "Move to IR" && $0.value == LineupMove(TeamWorld.hurt.id, to: .ir) } == true)
        await h.fake.setTeamRefusal(.validation(field: "lineup", message: "His game has kicked off — he is locked until next week"))
        while moveChooser(h)?.chosen?.slot != .ir { h.key(.down) }
        h.key(.enter)
        await h.settle()
        #expect(h.toast == "His game has kicked off — he is locked until next week", "the server's refusal in its own words")
        #expect(h.state.toasts.visible(at: h.state.clock).last?.level == .error)
    }

    @Test func dropAsksFirstAndKeepIsTheDefault() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        Self.select("Austin Ekeler", &h)
        h.key(.char("d"))
        guard case .drop(let p, let q)? = h.state.top.rosterState?.modal else { Issue.record("no question"); return }
        #expect(p == Demo.ekeler.id)
        #expect(q.title == "Drop Austin Ekeler?")
        #expect(q.message == "He leaves Bits and goes on waivers for 2 days. This can't be undone.")
        h.key(.enter)                           // Enter on the default answer keeps him
        await h.settle()
        #expect(h.state.top.rosterState?.modal == nil)
        #expect(await h.fake.teamWrites.isEmpty)

        h.key(.char("d"))
        h.key(.char("y"))
        await h.settle()
        #expect(await h.fake.teamWrites == [.dropPlayer(league: Demo.greats, team: Demo.bits, player: Demo.ekeler.id)])
        #expect(h.toast == "Player dropped — he is on waivers now")
        #expect(h.state.top.rosterState?.players.contains { $0.player.id == Demo.ekeler.id } == false)
    }

    @Test func aLockedPlayerCantBeDroppedAndSaysWhy() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        Self.select("Kenny Golladay", &h)
        h.key(.char("d"))
        await h.settle()
        #expect(h.state.top.rosterState?.modal == nil)
        #expect(h.toast == "his game has kicked off — he can't be dropped until next week")
        h.key(.char("m"))
        await h.settle()
        #expect(h.state.top.rosterState?.modal == nil, "a locked starter can't move at all")
        #expect(h.toast == "His game has kicked off — he is locked until next week")
    }

    @Test func anotherTeamsRosterOffersMoveAndDropDisabledWithTheReason() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bytes))
        h.send(.page(id: h.state.sheet.top.id, RosterFeature.pageAction(.list(.select(0)))))
        h.key(.char("m"))
        await h.settle()
        #expect(h.toast == "not your team — only its manager changes it")
        #expect(h.state.top.rosterState?.modal == nil)
        let help = AppReducer.activeKeymap(h.state).helpGroups.flatMap(\.entries)
        #expect(help.first { $0.label == "drop" }?.disabledReason == "not your team — only its manager changes it")
        #expect(help.first { $0.label == "claims" }?.disabledReason == "claims are on your own team's page")
    }

    /// Signed out, `m` signs in first (SPEC §4.4's soft gate) — no lineup chooser before it; back on the roster, the
    /// chooser opens for the same player, and the move is saved.
    @Test func signedOutMoveGoesThroughSignInThenMoves() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "alice@example.com", password: "correct horse", displayName: "alice")
        await fake.setMyTeam(Demo.bits, in: Demo.greats)
        await fake.setRoster(TeamWorld.bits)
        var h = await Harness.started(fake: fake)
        h.send(.deepLink(.roster(Demo.greats, team: Demo.bits)))
        await h.settle()
        #expect(!Screen(h.state).footer.contains("m move"), "signed out, nobody's team is offered as theirs")
        #expect(!Screen(h.state).footer.contains("d drop"))
        Self.select("Aaron Jones", &h)
        h.key(.char("m"))                       // signed out: Sign in first, no chooser
        await h.settle()
        #expect(h.state.top.page == .account(.signIn))
        h.keys("alice@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .roster(Demo.greats, team: Demo.bits), "back on the roster")
        #expect(Screen(h.state).inSheet("Move Aaron Jones (BN) to:"), "then the chooser, for the same player")
        h.key(.enter)
        await h.settle()
        #expect(await fake.teamWrites == [.moveInLineup(league: Demo.greats, team: Demo.bits, move: LineupMove(Demo.jones.id, to: .rb))])
        #expect(h.toast == "Lineup saved — moved to RB")
    }

    /// Signed out on another manager's roster: no `m move · d drop` in the footer; after signing in, `m` says why not.
    @Test func signedOutOnAnotherManagersRosterNothingIsOffered() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "alice@example.com", password: "correct horse", displayName: "alice")
        await fake.setMyTeam(Demo.bytes, in: Demo.greats)
        await fake.setRoster(TeamWorld.bits)
        var h = await Harness.started(fake: fake)
        h.send(.deepLink(.roster(Demo.greats, team: Demo.bits)))
        await h.settle()
        #expect(!Screen(h.state).footer.contains("m move") && !Screen(h.state).footer.contains("d drop"))
        Self.select("Aaron Jones", &h)
        h.key(.char("d"))
        await h.settle()
        #expect(h.state.top.page == .account(.signIn))
        h.keys("alice@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.top.page == .roster(Demo.greats, team: Demo.bits))
        #expect(h.toast == "not your team — only its manager changes it")
        #expect(!Screen(h.state).inSheet("Drop Aaron Jones?"))
        #expect(await fake.teamWrites.isEmpty)
    }

    // MARK: - Render (80×24)

    @Test func theLineupEditorSeparatesStartersFromTheBenchAndMarksLocks() async {
        let h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        let s = Screen(h.state)
        #expect(s.inSheet("Your team lineup for week 9"))
        #expect(s.inSheet("Kenny Golladay 🔒"))
        let rb = s.row(of: "Christian McCaffrey")!, empty = s.row(of: "— empty —")!, bench = s.row(of: "── Bench ──")!, ekeler = s.row(of: "Austin Ekeler")!
        #expect(rb < empty && empty < s.row(of: "Michael Thomas")!, "the empty RB place sits with the RBs")
        #expect(s.row(of: "New England Patriots")! < bench && bench < ekeler, "starters, then the bench")
        #expect(s.footer.contains("m move · d drop · b trading block · W claims"))
    }

    @Test func theChooserRendersOverThePageWithDimmedReasons() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        Self.select("Aaron Jones", &h)
        h.key(.char("m"))
        let s = Screen(h.state)
        #expect(s.inSheet("Move Aaron Jones (BN) to:"))
        #expect(s.inSheet("› Move to RB"))
        #expect(s.inSheet("QB — A RB can't play QB"))
        #expect(s.inSheet("enter moves · esc cancels"))
        #expect(s.footer.contains("enter move here"))
        #expect(styleOf("QB — A RB", h) == h.state.theme.style(.dim), "can't-go places are dimmed")
        #expect(styleOf("RB ⇄ Christian", h) == h.state.theme.style(.text))
    }

    @Test func theDropQuestionRenders() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits))
        Self.select("Austin Ekeler", &h)
        h.key(.char("d"))
        let s = Screen(h.state)
        #expect(s.inSheet("Drop Austin Ekeler?"))
        #expect(s.inSheet("Drop") && s.inSheet("Keep"))
    }

    /// The move chooser through the roster's reducer, exhaustively (TestStore): m opens it on the selected player with
    /// every place and why not; Esc closes it asking nothing; a dimmed place can't be picked; Enter asks the shell for
    /// the move chosen.
    @Test func theMoveChooserStepByStep() async throws {
        let store = await PageStoreTests.loadedRoster(await PageStoreTests.aliceFake())
        let i = try #require(store.state.players.firstIndex { $0.player == Demo.jones })
        await store.send(.list(.select(i))) { $0.list.selected = i }
        let row = store.state.players[i]
        #expect(row.slot == .bench)
        let chooser = Chooser(title: "Lineup · week 9", prompt: "Move Aaron Jones (\(Slot.bench.rawValue)) to:",
                              options: LineupTargets.options(moving: row, in: store.state.players, slots: store.state.slots))
        #expect(chooser.chosen == LineupMove(Demo.jones.id, to: .rb), "the first place he can go is picked first")
        await store.send(.moveRequested) { $0.modal = .move(Demo.jones.id, chooser) }
        #expect(RosterFeature.textEntry(store.state).isEditingText, "the chooser takes the keys")
        await store.send(.modalKey(.escape)) { $0.modal = nil }
        await store.send(.moveRequested) { $0.modal = .move(Demo.jones.id, chooser) }
        var swap = chooser
        _ = swap.handle(.down)
        #expect(swap.chosen == LineupMove(Demo.jones.id, to: .rb, swapWith: Demo.cmc.id))
        await store.send(.modalKey(.down)) { $0.modal = .move(Demo.jones.id, swap) }
        await store.send(.modalKey(.down))                             // the rest are dimmed: nothing changes
        await store.send(.modalKey(.up)) { $0.modal = .move(Demo.jones.id, chooser) }
        await store.send(.modalKey(.enter)) { $0.modal = nil }
        store.delegated(.perform(.moveInLineup(league: Demo.greats, team: Demo.bits, move: LineupMove(Demo.jones.id, to: .rb))))
        store.finish()
    }
}
