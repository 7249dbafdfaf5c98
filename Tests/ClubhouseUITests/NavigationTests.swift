import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

@Suite struct NavigationTests {
    @Test func pushOpensAPeekingSheetToHalfAndPopKeepsTheRoot() async {
        var h = await Harness.started()
        h.setDetent(.peek)
        h.send(.open(.league(Demo.greats)))
        #expect(h.state.pages == [.home, .league(Demo.greats)])
        #expect(h.state.sheet.detent == .half, "a peeking sheet opens to half so the new page is readable")
        h.key(.escape)
        #expect(h.state.pages == [.home])
        h.key(.escape)
        #expect(h.state.pages == [.home], "the root stays")
        #expect(h.state.sheet.detent == .peek)
    }

    @Test func deepLinkPathsGoThroughTheirParents() {
        #expect(Page.matchup(Demo.greats, week: 9, team: Demo.bits).path ==
                [.home, .league(Demo.greats), .scoreboard(Demo.greats, week: 9), .matchup(Demo.greats, week: 9, team: Demo.bits)])
        #expect(Page.player("DST-NE", league: nil).path == [.home, .player("DST-NE", league: nil)])
        #expect(Page.settings.path == [.home, .settings])
    }

    @Test func deepLinkToAMatchupBuildsTheStackAndLoadsIt() async {
        var h = await Harness.started()
        h.send(.deepLink(.matchup(Demo.greats, week: 9, team: Demo.bits)))
        #expect(h.state.pages == [.home, .league(Demo.greats), .scoreboard(Demo.greats, week: 9), .matchup(Demo.greats, week: 9, team: Demo.bits)])
        await h.settle()
        let s = Screen(h.state)
        #expect(s.sheetHeader.contains("Gridiron Greats › Week 9 › Bits vs Bytes"))
        #expect(s.inSheet("Lamar Jackson"))
        // Esc walks back up the path.
        h.key(.escape)
        #expect(h.state.pages.last == .scoreboard(Demo.greats, week: 9))
    }

    @Test func escapeOnTheAppFollowsTheSpecOrder() async {
        var h = await Harness.started()
        h.key(.enter)                       // open Gridiron Greats
        await h.settle()
        h.key(.char("f"))                   // free agents
        await h.settle()
        h.keys("/wal")
        #expect(h.state.top.textEntry.isEditingText)
        h.key(.enter)                       // keep the filter, stop typing
        #expect(h.state.top.textEntry.isFilterActive)
        h.key(.escape)                      // 1. clears the filter
        #expect(!h.state.top.textEntry.isFilterActive)
        #expect(h.state.pages.count == 3)
        h.key(.escape)                      // 2. pops
        #expect(h.state.pages == [.home, .league(Demo.greats)])
        h.key(.escape)
        #expect(h.state.pages == [.home])
        h.key(.escape)                      // 3. collapses to peek
        #expect(h.state.sheet.detent == .peek)
        h.key(.escape)                      // 4. focuses the board
        #expect(h.state.sheet.focus == .board)
        h.key(.char("q"))
        #expect(h.quit)
    }

    @Test func anAnswerForAPoppedPageIsDropped() async {
        let fake = FakeLeague()
        var h = await Harness.started(fake: fake)
        h.send(.open(.standings(Demo.greats)))
        let id = h.state.sheet.top.id
        h.key(.escape)                       // popped before the answer arrives
        let before = h.state.sheet.stack
        let pendingBefore = h.pending.count
        h.send(.page(id: id, StandingsFeature.pageAction(.standingsLoaded(RequestToken(1), .success(Demo.standings)))))
        #expect(h.state.sheet.stack == before)
        #expect(h.pending.count == pendingBefore, "no work started for a page that is gone")
    }

    @Test(.timeLimit(.minutes(5))) func whatAPageStartedEndsWhenThePageLeavesTheSheet() async {
        var h = await Harness.started()
        h.send(.open(.standings(Demo.greats)))
        await h.settle()
        let id = h.state.sheet.top.id
        let pages = h.env.pages
        // A stream the page watches (it would never end on its own), run as the shell runs a page's effects.
        let fx = Effect<AppAction>.run { _ in for await _ in AsyncStream<Void>(Void.self, { _ in }) {} }.during(page: id, pages)
        let watching = Task { _ = await fx.awaitActions() }
        await eventually { pages.runningCount(page: id) == 1 }
        #expect(pages.runningCount(page: id) == 1)
        h.key(.escape)
        await h.settle()
        await watching.value
        #expect(pages.runningCount(page: id) == 0, "popped: its stream ended")
        // Work the popped page would still start ends at once.
        _ = await Effect<AppAction>.run { _ in for await _ in AsyncStream<Void>(Void.self, { _ in }) {} }.during(page: id, pages).awaitActions()
    }

    @Test func quittingIsAnEffectTheRunLoopEnds() {
        let fx = Effect<Int>.merge(.send(1), .quit)
        #expect(fx.quits)
        let mapped = fx.map { String($0) }
        #expect(mapped.quits, "a page's quit survives mapping to the parent")
        let runLoop: Command<String, Never> = mapped.answeringRequests { _ in "asked" }
        #expect(runLoop.quits, "and is still a quit once the shell has answered its requests, as the run loop takes it")
        let sendOnly: Command<Int, Never> = Effect<Int>.send(1).answeringRequests { _ in 0 }
        #expect(!sendOnly.quits)
    }

    @Test func qOnTheSheetExplainsInsteadOfQuitting() async {
        var h = await Harness.started()
        h.key(.char("q"))
        #expect(!h.quit)
        #expect(h.toast?.contains("q quits from the board") == true)
        h.key(.ctrl("c"))
        #expect(h.quit)
    }
}
