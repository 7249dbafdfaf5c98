import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The History page (`H` on a league) and the board's champions row, headless at 60×16 and 200×60 and without colour:
/// Gridiron Greats 2019 is final (Bytes, bob's team, won it over Bits) and was renewed into a 2020 still running.
@Suite struct HistoryRenderTests {
    static func member(_ team: TeamID, _ name: String, _ manager: String?) -> LeagueHistory.Member {
        LeagueHistory.Member(team: team, teamName: name, manager: manager.map { "user:\($0)" } ?? "bot:\(name)", managerName: manager)
    }
    static let bits = member(Demo.bits, "Bits", "alice"), bytes = member(Demo.bytes, "Bytes", "bob")
    static let tailgaters = member(Demo.tailgaters, "Tailgaters", nil), marys = member(Demo.hailMarys, "Hail Marys", "carol")

    static func standing(_ rank: Int, _ m: LeagueHistory.Member, _ w: Int, _ l: Int, _ pf: Int, _ pa: Int) -> LeagueHistory.Standing {
        LeagueHistory.Standing(rank: rank, member: m, wins: w, losses: l, ties: 0, pointsFor: Points(hundredths: pf), pointsAgainst: Points(hundredths: pa))
    }

    static let history: LeagueHistory = {
        let s2019 = LeagueHistory.Season(season: 2019, league: Demo.greats, state: .complete, isFinal: true, champion: bytes, runnerUp: bits,
                                         standings: [standing(1, bits, 10, 3, 152_040, 130_000), standing(2, bytes, 8, 5, 149_900, 140_120),
                                                     standing(3, marys, 6, 7, 139_000, 141_000), standing(4, tailgaters, 2, 11, 120_000, 149_820)],
                                         draft: [LeagueHistory.DraftLine(round: 1, pick: 1, member: bits, player: Demo.cmc, price: nil),
                                                 LeagueHistory.DraftLine(round: 1, pick: 2, member: bytes, player: Demo.mahomes, price: nil)])
        let s2020 = LeagueHistory.Season(season: 2020, league: Demo.couch, state: .inSeason, isFinal: false, champion: nil, runnerUp: nil,
                                         standings: [standing(1, bytes, 1, 0, 11_000, 9_000), standing(2, bits, 0, 1, 9_000, 11_000),
                                                     standing(3, marys, 0, 0, 0, 0), standing(4, tailgaters, 0, 0, 0, 0)], draft: [])
        let allTime = [
            LeagueHistory.ManagerRecord(manager: "user:bob", managerName: "bob", teamName: "Bytes", seasons: 2, titles: [2019], wins: 9, losses: 5, ties: 0,
                                        pointsFor: Points(hundredths: 160_900), pointsAgainst: Points(hundredths: 149_120)),
            LeagueHistory.ManagerRecord(manager: "user:alice", managerName: "alice", teamName: "Bits", seasons: 2, titles: [], wins: 10, losses: 4, ties: 0,
                                        pointsFor: Points(hundredths: 161_040), pointsAgainst: Points(hundredths: 141_000)),
            LeagueHistory.ManagerRecord(manager: "user:carol", managerName: "carol", teamName: "Hail Marys", seasons: 2, titles: [], wins: 6, losses: 7,
                                        ties: 0, pointsFor: Points(hundredths: 139_000), pointsAgainst: Points(hundredths: 141_000)),
        ]
        let games = [LeagueHistory.Meeting(season: 2019, week: 3, isPlayoff: false, aPoints: Points(hundredths: 10_000), bPoints: Points(hundredths: 12_000)),
                     LeagueHistory.Meeting(season: 2019, week: 17, isPlayoff: true, aPoints: Points(hundredths: 9_000), bPoints: Points(hundredths: 11_500)),
                     LeagueHistory.Meeting(season: 2020, week: 1, isPlayoff: false, aPoints: Points(hundredths: 9_000), bPoints: Points(hundredths: 11_000))]
        let pair = LeagueHistory.HeadToHead(a: "user:alice", b: "user:bob", aWins: 0, bWins: 3, ties: 0, aPoints: Points(hundredths: 28_000),
                                            bPoints: Points(hundredths: 34_500), games: games)
        return LeagueHistory(league: Demo.greats, name: "Gridiron Greats", seasons: [s2019, s2020], privateSeasons: [], allTime: allTime, headToHead: [pair])
    }()

    /// Gridiron Greats 2019 renewed into Couch Coaches' id as 2020, its page open at `size`.
    static func onLeague(size: Size, colorAllowed: Bool = true) async -> Harness {
        let fake = FakeLeague()
        await fake.editCommish {
            $0.nextLeagues[Demo.greats] = Demo.couch; $0.states[Demo.greats] = .complete
            $0.histories[Demo.greats] = history; $0.histories[Demo.couch] = history
        }
        var h = await Harness.started(fake: fake, size: size, colorAllowed: colorAllowed, now: { Demo.now })
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        return h
    }

    static func openHistory(size: Size, colorAllowed: Bool = true) async -> Harness {
        var h = await onLeague(size: size, colorAllowed: colorAllowed)
        h.key(.char("H")); await h.settle()
        h.setDetent(.full)
        return h
    }

    @Test func theLeaguePageLeadsWithHistoryAndTheBoardShowsTheChampions() async {
        let h = await Self.onLeague(size: Size(width: 200, height: 60))
        let s = Screen(h.state)
        #expect(s.footer.contains("H history"), "\(s.footer)")
        #expect(s.inBoard("🏆 Champions: 2019 Bytes (bob)"), "\(s.text)")
        #expect(s.brokenFrameRows.isEmpty)
        #expect(BoardFeature.championsRow(Self.history) == "Champions: 2019 Bytes (bob)", "a running season has no champion to name")
    }

    @Test func theBoardsChampionsRowIsItsLeaguesOnly() async {
        var h = await Self.onLeague(size: Size(width: 120, height: 40))
        #expect(Screen(h.state).inBoard("🏆 Champions: 2019 Bytes (bob)"))
        h.send(.open(.league(Demo.nerds)))
        await h.settle()
        #expect(h.state.board.leagueID == Demo.nerds && !Screen(h.state).text.contains("Champions:"), "\(Screen(h.state).text)")
    }

    @Test func theHistoryPageAt200x60ShowsSeasonsChampionsAllTimeAndHeadToHead() async {
        var h = await Self.openHistory(size: Size(width: 200, height: 60))
        #expect(h.state.top.page == .history(Demo.greats))
        var s = Screen(h.state)
        #expect(s.inSheet("Champions: 2019 Bytes (bob) · 2020 running — no champion yet"), "\(s.text)")
        #expect(s.inSheet("◂ 2020 · in season · running — no champion yet"), "the newest season first")
        h.key(.char("h"))
        s = Screen(h.state)
        #expect(s.inSheet("2019 ▸ · final · 🏆 Bytes (bob), runner-up Bits (alice)"), "\(s.text)")
        #expect(s.lines.contains { $0.contains("🏆Bytes") && $0.contains("8-5-0") && $0.contains("1499.0") && $0.contains("1401.2") })
        h.key(.char("d"))
        #expect(Screen(h.state).lines.contains { $0.contains("Bits") && $0.contains("Christian McCaffrey") && $0.contains("RB") })
        h.key(.char("2"))
        s = Screen(h.state)
        #expect(s.inSheet("All-time, 2 seasons: regular-season games final so far"))
        #expect(s.lines.contains { $0.contains("bob") && $0.contains("Bytes") && $0.contains("9-5-0") && $0.contains("1609.0") })
        h.key(.char("3"))
        s = Screen(h.state)
        #expect(s.inSheet("bob 3-0-0 vs alice · points 345.0–280.0"), "bob's side of the pair stored from alice's: \(s.text)")
        #expect(s.lines.contains { $0.contains("2019") && $0.contains("17") && $0.contains("playoff") })
        // j to carol, a makes her side A: she never met alice (B).
        h.key(.char("j")); h.key(.char("j")); h.key(.char("a"))
        #expect(Screen(h.state).inSheet("carol and alice have never met"), "\(Screen(h.state).text)")
        #expect(Screen(h.state).brokenFrameRows.isEmpty)
    }

    /// A chain with no champion yet says so, rather than a "Champions:" line with none in it.
    @Test func aChainWithoutAChampionSaysWhichSeasonIsRunning() {
        var h = Self.history
        h.seasons = h.seasons.filter { $0.season == 2020 }
        #expect(HistoryFeature.championsLine(h) == "No champion yet — 2020 is still running")
        #expect(HistoryFeature.championsLine(Self.history) == "Champions: 2019 Bytes (bob) · 2020 running — no champion yet")
    }

    @Test func theHistoryPageFitsAt60x16() async {
        var h = await Self.openHistory(size: Size(width: 60, height: 16))
        var s = Screen(h.state)
        #expect(s.inSheet("Champions: 2019 Bytes (bob)"), "\(s.text)")
        #expect(s.brokenFrameRows.isEmpty, "\(s.text)")
        h.key(.char("h"))
        s = Screen(h.state)
        #expect(s.inSheet("2019 ▸ · final · 🏆 Bytes (bob)"), "\(s.text)")
        #expect(s.lines.contains { $0.contains("Bits") && $0.contains("10-3-0") }, "a team's line fits: \(s.text)")
        #expect(s.footer.hasPrefix(" h/l season · d draft"), "the season's keys lead the footer: \(s.footer)")
        for tab in ["2", "3"] {
            h.key(.char(Character(tab)))
            #expect(Screen(h.state).brokenFrameRows.isEmpty, "tab \(tab): \(Screen(h.state).text)")
        }
        #expect(Screen(h.state).inSheet("bob 3-0-0 vs alice"), "\(Screen(h.state).text)")
        #expect(Screen(h.state).footer.hasPrefix(" a set A · b set B"), "the chooser's keys lead the footer: \(Screen(h.state).footer)")
        #expect(Screen(h.state).lines.contains { $0.contains("2019") && $0.contains("17") && $0.contains("playoff") }, "\(Screen(h.state).text)")
    }

    @Test func withoutColourTheHistoryStaysLegible() async {
        var h = await Self.openHistory(size: Size(width: 80, height: 24), colorAllowed: false)
        h.key(.char("h"))
        let s = Screen(h.state)
        #expect(s.firstColouredCell == nil, "colour at \(String(describing: s.firstColouredCell))")
        #expect(s.inSheet("2019 ▸ · final · 🏆 Bytes (bob), runner-up Bits (alice)"), "\(s.text)")
        #expect(s.inSheet("Champions: 2019 Bytes (bob)"))
    }

    @Test func aLeagueWithoutSeasonsBehindItKeepsHistoryInHelpAndTheBoardWithoutChampions() async {
        let fake = FakeLeague()
        var h = await Harness.started(fake: fake, size: Size(width: 200, height: 60), now: { Demo.now })
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        let s = Screen(h.state)
        #expect(!s.footer.contains("H history") && !s.text.contains("Champions:"))
        let key = LeagueFeature.keymap(h.state.top[LeagueFeature.self]!).bindings.first { $0.label == "history" }
        #expect(key?.isEnabled == true && key?.keys == [.char("H")])
        #expect(await fake.calls[.league] ?? 0 > 0)
    }
}
