import ClubhouseDomain
import Foundation
import Terminal
import Testing
@testable import ClubhouseUI

/// Renaming a team from its roster page, through the app: `R`, the question over the page, the write by its endpoint,
/// the new name on the page once the league answers. The fake has no case for this operation: the test answers it.
@Suite struct TeamRenameTests {
    /// The fake's answer: the team renamed on the roster it serves (as the server would, after its checks).
    static func answeringRenames(_ fake: FakeLeague) async {
        await fake.answer(Endpoints.Leagues.renameTeam) { f, a, b in
            var r = f.rosters[a.team] ?? Demo.roster(a.team)
            r.team.name = b.teamName
            f.rosters[a.team] = r
            return Team(id: a.team, leagueID: a.league, name: b.teamName, manager: f.signedInUser?.id, waiverPriority: r.waiverPriority,
                        faabRemaining: r.faabRemaining ?? 0)
        }
    }

    @Test func rKeyRenamesMyTeamAndThePageShowsTheNewName() async throws {
        let fake = FakeLeague()
        await Self.answeringRenames(fake)
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits), fake: fake)
        h.key(.char("R"))
        #expect(h.lines.contains { $0.contains("Rename team") } && h.lines.contains { $0.contains("New name for Bits:") })
        h.keys("Bits Reloaded")
        h.key(.enter)
        await h.settle()
        let calls = await fake.calls(to: Endpoints.Leagues.renameTeam)
        #expect(calls.map(\.address) == [At.Team(Demo.greats, Demo.bits).raw])
        #expect(calls.first?.body(Wire.TeamName.self) == Wire.TeamName(teamName: "Bits Reloaded"), "typing replaced the selected name")
        #expect(h.toast == "Team renamed to Bits Reloaded")
        #expect(h.state.top.rosterState?.roster.value?.team.name == "Bits Reloaded", "the page reloads after the write")
        #expect(!h.lines.contains { $0.contains("Rename team") })
    }

    @Test func aRefusalFromTheServerIsSaidAndTheNameStays() async {
        let fake = FakeLeague()
        await fake.answer(Endpoints.Leagues.renameTeam) { _, _, b in
            throw DomainError.validation(field: "teamName", message: "Gridiron Greats already has a team called \(b.teamName)")
        }
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits), fake: fake)
        h.key(.char("R"))
        h.keys("Bytes")
        h.key(.enter)
        await h.settle()
        #expect(h.toast == "Gridiron Greats already has a team called Bytes")
        #expect(h.state.top.rosterState?.roster.value?.team.name == "Bits")
    }

    /// The question at the smallest size the app supports, without colour: it fits and says what to do.
    @Test func theQuestionFitsAt60x16() async {
        var h = await TeamWorld.signedIn(on: .roster(Demo.greats, team: Demo.bits), size: Size(width: 60, height: 16), colorAllowed: false)
        h.key(.char("R"))
        let box = h.lines.filter { $0.contains("│") && ($0.contains("New name") || $0.contains("enter saves")) }
        #expect(box.count == 2, "\(h.lines.joined(separator: "\n"))")
        #expect(h.lines.contains { $0.contains("1–40 characters · enter saves · esc cancels") })
    }
}
