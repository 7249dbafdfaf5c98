import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The shell's view of a page's optional capabilities (`TextEntry`, `Writes`, `Live`) through `PageState`: neutral
/// for a page that declares none, and the page's own actions, addressed to it, for one that does.
@Suite struct PageCapabilitiesTests {
    @Test func aPageWithoutCapabilitiesAnswersTheNeutralValues() {
        let page = PageState(.settings)
        #expect(!page.textEntry.isFilterActive && !page.textEntry.isEditingText && !page.textEntry.opensFull)
        #expect(page.textEntry.clearFilter == nil && page.textEntry.typed(.char("x")) == nil && page.textEntry.pasted("x") == nil)
        let write = GatedWrite.reorderClaims(league: Demo.greats, team: GatedWrite.myTeam, order: [2, 1])
        #expect(page.writes.finished(write, .done) == nil && page.writes.refused("name", "no") == nil)
        #expect(!page.writes.closesAfterItsWrite)
        #expect(page.live.refresh == nil && page.live.refresh(after: [.pickMade]) == nil && page.live.nextTick(Demo.now) == nil)
    }

    @Test func theReloadAfterSomeKindsIsThePagesReloadUnlessThePageNamesOne() {
        let standings = PageState(.standings(Demo.greats))
        guard case .liveRefreshed? = standings.live.refresh(after: [.pickMade])?[StandingsFeature.self] else {
            Issue.record("standings reload the same way whatever the events"); return
        }
        let room = PageState(.draftRoom(Demo.couch), settings: UserSettings(draftBell: false))
        guard case .liveEvents(let kinds)? = room.live.refresh(after: [.pickMade, .chat])?[DraftRoomFeature.self] else {
            Issue.record("the draft room reloads only what the events change"); return
        }
        #expect(kinds == [.pickMade, .chat])
        guard case .liveRefreshed? = room.live.refresh?[DraftRoomFeature.self] else {
            Issue.record("with no kinds known, the room reloads everything"); return
        }
    }

    @Test func keysPastesAndWriteAnswersReachThePageThatDeclaresThem() {
        let home = PageState(.home)
        guard case .typed(.char("x"))? = home.textEntry.typed(.char("x"))?[HomeFeature.self],
              case .pasted("Full")? = home.textEntry.pasted("Full")?[HomeFeature.self] else {
            Issue.record("Home takes typed keys and pastes as its own actions"); return
        }
        #expect(home.textEntry.typed(.char("x"))?[LeagueFeature.self] == nil, "addressed to Home only")

        let form = PageState(.leagueForm(.create))
        #expect(form.textEntry.opensFull && form.writes.closesAfterItsWrite)
        guard case .refused(let field, let message)? = form.writes.refused("name", "Too long")?[LeagueFormFeature.self] else {
            Issue.record("the form shows a refused value at its field"); return
        }
        #expect(field == "name" && message == "Too long")

        let write = GatedWrite.reorderClaims(league: Demo.greats, team: GatedWrite.myTeam, order: [2, 1])
        guard case .writeFinished(let w, .refused("no"))? = PageState(.claims(Demo.greats)).writes.finished(write, .refused("no"))?[ClaimsFeature.self] else {
            Issue.record("Claims hears how its write ended"); return
        }
        #expect(w == write)
    }
}
