import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The scoring and standings formats on screen: the standings page's All-play column and divisions, the league form's
/// Bonuses, Decimals, Divisions and Median game rows, and the scoring page's bonus and format rows.
@Suite struct FormatsRenderTests {
    static func standings(_ entries: [StandingsEntry], width: Int = 100, decimals: Int? = nil) -> String {
        var s = StandingsFeature.State(id: Demo.greats)
        s.entries = Loadable(StandingsFeature.grouped(entries))
        var b = Buffer(size: Size(width: width, height: 8))
        StandingsFeature.render(s, in: Rect(x: 0, y: 0, width: width, height: 8), buffer: &b,
                                context: RenderContext(theme: .monochrome, decimals: decimals))
        return b.text()
    }

    /// Demo's four teams with all-play records; with divisions {Bits, Tailgaters} and {Bytes, Hail Marys} (by id).
    static func entries(divisions: Bool) -> [StandingsEntry] {
        let allPlay = [Demo.bits: (18, 6), Demo.hailMarys: (14, 10), Demo.bytes: (13, 11), Demo.tailgaters: (3, 21)]
        // In playoff order (Bits, Hail Marys, Bytes, Tailgaters): each division's leader is already above its other team.
        return Demo.standings.enumerated().map { i, e in
            var e = e
            e.rank = i + 1
            let r = allPlay[e.team.id]!
            e.allPlay = WeeklyRecap.Record(wins: r.0, losses: r.1)
            if divisions {
                e.division = e.team.id == Demo.bits || e.team.id == Demo.tailgaters ? 1 : 2
                e.leadsDivision = e.team.id == Demo.bits || e.team.id == Demo.hailMarys
            }
            return e
        }
    }

    @Test func theStandingsShowEachTeamsAllPlayRecordBesideItsRecord() throws {
        let text = Self.standings(Self.entries(divisions: false))
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.contains("W-L-T") })
        #expect(header.contains("All-play") && !header.contains("Div"), "\(text)")
        let bits = try #require(lines.first { $0.contains("Bits") })
        #expect(bits.contains("6-2-0") && bits.contains("18-6"), "\(text)")
        #expect(bits.range(of: "6-2-0")!.lowerBound < bits.range(of: "18-6")!.lowerBound, "all-play follows the record")
        #expect(lines.first { $0.contains("Tailgaters") }?.contains("3-21") == true)
    }

    @Test func pointsAreShownWithTheLeaguesDecimals() {
        #expect(Self.standings(Demo.standings).contains("921.4"))
        #expect(Self.standings(Demo.standings, decimals: 2).contains("921.40"))
        #expect(Self.standings(Demo.standings, decimals: 0).contains(" 921 "))
        #expect(Self.standings(Demo.standings, decimals: 1).contains("921.4 "))
    }

    @Test func anOlderServersStandingsHaveNoAllPlayColumn() {
        let text = Self.standings(Demo.standings)
        #expect(!text.contains("All-play") && !text.contains("Div"), "\(text)")
    }

    @Test func withDivisionsTheStandingsAreGroupedByDivisionWithTheLeadersMarked() throws {
        let text = Self.standings(Self.entries(divisions: true))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first { $0.contains("W-L-T") }?.contains("Div") == true, "\(text)")
        let order = ["Bits", "Tailgaters", "Hail Marys", "Bytes"].map { name in lines.firstIndex { $0.contains(name) } ?? -1 }
        #expect(order == order.sorted() && !order.contains(-1), "division 1 (Bits, Tailgaters) then division 2:\n\(text)")
        #expect(lines.first { $0.contains("Bits") }?.contains("1*") == true)
        #expect(lines.first { $0.contains("Hail Marys") }?.contains("2*") == true)
        #expect(lines.first { $0.contains("Bytes") }?.contains("2*") == false)
    }

    @Test func theLeagueFormsFormatRowsStepThroughTheirChoices() async {
        var h = await LeagueFormRenderTests.onForm(size: Size(width: 100, height: 30))
        h.keys("Formats League")
        h.key(.enter)                                                   // "Your team"
        for _ in 0..<15 { h.key(.char("j")) }                           // Bonuses (past the roster's slots and "IR takes")
        var screen = Screen(h.state)
        #expect(screen.inSheet("Bonuses") && screen.inSheet("none"), "\(screen.text)")
        h.key(.char("l"))
        screen = Screen(h.state)
        #expect(screen.inSheet("yards + long TD"), "\(screen.text)")
        #expect(screen.inSheet("100–199 rush/rec yd +3, 200+ +6, 300+ pass yd +3"), "\(screen.text)")
        // Each bonus has its own row under it, its points stepped with ←/→: the set becomes the league's own.
        h.key(.char("j"))                                               // 100–199 rushing yards
        screen = Screen(h.state)
        let row = screen.lines.first { $0.contains("rush 100–199") } ?? ""
        #expect(row.contains("+3") && row.contains("100–199 rushing yards: points for a week in this range"), "\(screen.text)")
        h.key(.char("h"))
        screen = Screen(h.state)
        #expect((screen.lines.first { $0.contains("rush 100–199") } ?? "").contains("+2"), "\(screen.text)")
        #expect(screen.inSheet("8 custom"), "\(screen.text)")
        #expect(screen.lines.contains { $0.contains("pass TD 40+") }, "every bonus has its row:\n\(screen.text)")
        for _ in 0..<8 { h.key(.char("j")) }                            // Decimals
        #expect(Screen(h.state).inSheet("not rounded"))
        h.key(.char("l"))
        #expect(Screen(h.state).inSheet("each player's week is rounded to it"), "\(Screen(h.state).text)")
        for _ in 0..<6 { h.key(.char("j")) }                            // Divisions
        h.key(.char("l"))
        screen = Screen(h.state)
        #expect(screen.inSheet("Divisions") && screen.inSheet("each division winner is seeded first"), "\(screen.text)")
        h.key(.char("j")); h.key(.char("l"))                            // Median game on
        screen = Screen(h.state)
        #expect(screen.inSheet("Median game") && screen.inSheet("every team also plays the week's median score"), "\(screen.text)")
        let form: LeagueFormFeature.State? = if let f = h.state.top[LeagueFormFeature.self] { f } else { nil }
        let s = form?.form.settings
        var bonuses = ScoringBonus.yardageAndLongPlays
        bonuses[0].points = 2
        #expect(s?.bonuses == bonuses && s?.decimals == 0 && s?.divisions == 2 && s?.medianGame == true)
    }

    @Test func theScoringPageListsTheBonusesAndTheFormats() {
        var settings = LeagueSettings()
        settings.bonuses = ScoringBonus.yardageAndLongPlays
        settings.decimals = 1; settings.medianGame = true; settings.divisions = 2
        let rows = ScoringRulesFeature.rows(settings)
        #expect(rows.contains(["Bonus", "100–199 rushing yards", "3.00"]))
        #expect(rows.contains(["Bonus", "40+ yd receiving TD, each", "2.00"]))
        #expect(rows.suffix(3) == [["Format", "decimals: each player's week rounded to", "1"], ["Format", "median game (regular season)", "on"],
                                   ["Format", "divisions (winners seeded first)", "2"]])
        #expect(ScoringRulesFeature.rows(LeagueSettings()).filter { $0[0] == "Bonus" }.isEmpty)
    }
}
