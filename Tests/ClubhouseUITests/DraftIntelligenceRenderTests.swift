import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Draft intelligence on screen: value and tier in the Available tab, the tier view and roster needs on the board,
/// and the draft recap reachable from the league.
@Suite struct DraftIntelligenceRenderTests {
    static let wide = Size(width: 160, height: 48)

    @Test func availableShowsValueAndTierAndMarksTierBreaks() async {
        var h = await DraftRoomTests.opened(DraftRoomTests.liveRoom(), size: Self.wide)
        h.setDetent(.full)
        var s = Screen(h.state)
        #expect(s.inSheet("Value") && s.inSheet("Tier") && s.inSheet("2018 pts"), "\(s.text)")
        // Kupp: rank 7, WR2 (Thomas is WR1), value 90.0, tier 2; 2018 points stay.
        let kupp = s.lines[s.row(of: "Cooper Kupp")!]
        #expect(kupp.contains("WR2") && kupp.contains("90.0") && kupp.contains("T2") && kupp.contains("240.0"), "\(kupp)")
        // McLaurin starts the WRs' third tier: his tier cell is in the accent colour; Julio (same tier as Kupp) is not.
        func tierStyle(_ name: String, _ tier: String) -> Style {
            let row = s.row(of: name)!, x = s.lines[row].distance(of: " \(tier) ")! + 1
            return s.buffer[x, row].style
        }
        #expect(tierStyle("Terry McLaurin", "T3").foreground == Theme.dark.style(.accent).foreground)
        #expect(tierStyle("Julio Jones", "T2").foreground != Theme.dark.style(.accent).foreground)
        // Filtering by position keeps the value order and the tiers.
        for _ in 0..<3 { h.key(.char("p")) }          // all → QB → RB → WR
        s = Screen(h.state)
        let rows = ["Cooper Kupp", "Julio Jones", "Terry McLaurin"].compactMap { s.row(of: $0) }
        #expect(rows.count == 3 && rows == rows.sorted(), "\(s.text)")
        #expect(s.row(of: "Darren Waller") == nil && s.row(of: "Mark Ingram") == nil)
    }

    /// Only the rows in view are written; scrolled deep into a long list, each row shown — its text and whether its
    /// tier cell marks a tier's first row in the position, which hangs on the rows above it — is the row a table of
    /// every player would show. A new list of the same length (another league's) is never taken for the one before.
    @Test func aLongListScrolledDownShowsTheRowsAndTierMarksOfTheWholeList() {
        let positions: [Position] = [.qb, .rb, .wr, .te]
        func players(_ name: String) -> [DraftablePlayer] {
            (1...300).map { i in
                DraftablePlayer(rank: i, player: PlayerSummary(id: PlayerID(rawValue: "\(name)\(i)"), name: "\(name) \(i)", position: positions[i % 4], nflTeam: "KC", byeWeek: 10),
                                priorSeasonPoints: Points(hundredths: 30_000 - i * 50), tier: 1 + i / (7 + i % 4), positionRank: i / 4 + 1)
            }
        }
        var state = DraftRoomFeature.State(id: Demo.couch)
        state.room = Loadable(DraftRoomTests.liveRoom())
        state.players = Loadable(players("Player"))
        let context = RenderContext(theme: .dark, focused: true)
        let everyRow = DraftRoomFeature.availableRows(state, state.available, 0..<state.available.count)
        for selected in [0, 150, 299] {
            let table = DraftRoomFeature.availableTable(state, selected: selected, offset: 0, height: 15, context: context)
            let first = table.firstRow(height: 15)
            #expect(first > 0 || selected == 0)
            for i in first..<(first + 14) {
                #expect(table.rows[i] == everyRow.rows[i], "row \(i) with row \(selected) selected")
                #expect(table.roles?[i] == everyRow.roles[i], "row \(i)'s styles with row \(selected) selected")
            }
            #expect(table.rows[first == 0 ? table.rows.count - 1 : 0].isEmpty, "rows out of view are not written")
            var buffer = Buffer(size: Size(width: 80, height: 15))
            table.render(in: Rect(x: 0, y: 0, width: 80, height: 15), buffer: &buffer)
            #expect(buffer.lines()[1].contains("Player \(state.available[first].rank)"))
        }
        state.players = Loadable(players("Other"))
        #expect(state.available.first?.player.name == "Other 1", "a new list of the same length is read anew")
    }

    @Test func withoutAPriorSeasonTheRankingsSayWhatTheyStandOnAndHowToFetchIt() async {
        var room = DraftRoomTests.liveRoom()
        room.rankingBasis = RankingBasis(season: 2025, basis: .none, players: 0)
        var h = await DraftRoomTests.opened(room, size: Self.wide)
        h.setDetent(.full)
        var s = Screen(h.state)
        #expect(s.inSheet("No 2024 stats are stored, so nobody is ranked by them: every player is level (by player id) — 'clubhouse season fetch 2024' brings them in"),
                "\(s.text)")
        #expect(s.inSheet("2024 pts"), "the column names the season it would come from")
        #expect(s.row(of: "Cooper Kupp") != nil, "the list is still there, under the line")
        // With a basis the line isn't there, and the column names its season.
        h = await DraftRoomTests.opened(DraftRoomTests.liveRoom(), size: Self.wide)
        h.setDetent(.full)
        s = Screen(h.state)
        #expect(!s.inSheet("stats are stored") && s.inSheet("2018 pts"))
        #expect(RankingBasis(season: 2019, basis: .totals, players: 456).sentence
                == "Ranked by 2018's season totals (456 players) under this league's scoring; rookies after the veterans of their position")
    }

    @Test func theBoardShowsTiersLeftAndTheNeedsOfTheTeamOnTheClock() async {
        var h = await DraftRoomTests.opened(DraftRoomTests.liveRoom(), size: Self.wide)
        h.setDetent(.half)
        let s = Screen(h.state)
        #expect(s.inBoard("Tiers left  QB T1 ×2 · RB T2 ×1 · WR T1 ×3 · TE T2 ×1 · K T1 ×4 · DEF T1 ×5"), "\(s.text)")
        #expect(s.inBoard("Needs (Bytes): QB · RB · WR×2 · FLEX · K · DEF"))
        #expect(s.inBoard("on the clock"), "the grid is still there above")
    }

    @Test func aCompleteDraftHasNoTierView() async {
        var h = await DraftRoomTests.opened(DraftRoomTests.completeRoom(), size: Self.wide)
        h.setDetent(.half)
        #expect(!Screen(h.state).inBoard("Tiers left"))
    }

    @Test(arguments: [Size(width: 80, height: 24), wide]) func theDraftRecapGradesTeamsAndListsBestAndWorstPicks(size: Size) async {
        var h = await Harness.started(size: size)
        h.send(.open(.league(Demo.greats)))
        await h.settle()
        if size.width > 100 { #expect(Screen(h.state).footer.contains("draft recap"), "\(Screen(h.state).footer)") }
        h.key(.char("R"))
        await h.settle()
        #expect(h.state.pages.last == .draftRecap(Demo.greats))
        h.setDetent(.full)
        let s = Screen(h.state)
        #expect(s.inSheet("Draft grades · value drafted vs the room · scored through week 8"), "\(s.text)")
        let bits = s.lines[s.row(of: "Bits")!]
        #expect(bits.contains("A") && bits.contains("460.0") && bits.contains("+60.0") && bits.contains("+45.0") && bits.contains("-22.5"), "\(bits)")
        let tail = s.lines[s.row(of: "Tailgaters")!]
        #expect(tail.contains("F") && tail.contains("-65.0"), "\(tail)")
        #expect(s.inSheet("Best picks") && s.inSheet("Worst picks"))
        let mostert = s.lines[s.row(of: "Raheem Mostert")!]
        #expect(mostert.contains("4.04") && mostert.contains("148.2") && mostert.contains("#3") && mostert.contains("+13"), "\(mostert)")
        let thomas = s.lines[s.row(of: "Michael Thomas")!]
        #expect(thomas.contains("#14") && thomas.contains("-11"), "\(thomas)")
        // Enter opens the selected team's roster (the best grade comes first).
        h.key(.enter)
        await h.settle()
        #expect(h.state.pages.last == .roster(Demo.greats, team: Demo.bits))
    }

    @Test func theRecapKeyIsInHelpAndExplainsItselfBeforeTheDraft() async {
        var h = await Harness.started(size: Self.wide)
        h.send(.open(.league(Demo.nerds)))
        await h.settle()
        h.key(.char("R"))
        #expect(h.state.pages.last == .league(Demo.nerds))
        #expect(h.toast == "the draft hasn't started yet")
        h.key(.char("?"))
        #expect(Screen(h.state).text.contains("draft recap"))
    }
}
