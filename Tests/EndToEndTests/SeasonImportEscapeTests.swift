import Foundation
import Testing

/// The real binary never hands a data file's escape sequences to the operator's terminal: an import error quoting a
/// value with `ESC ]0;…BEL ESC [2J` (set the title, clear the screen) prints it escaped.
@Suite struct SeasonImportEscapeTests {
    let home: TemporaryHome
    init() throws { home = try TemporaryHome() }

    @Test func anImportErrorQuotingAnEscapeSequencePrintsItEscaped() throws {
        let folder = home.url.appendingPathComponent("hostile")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("stats_player_week_2019.csv").path
        try ShippedSeason.playerWeek(ShippedSeason.row("00-0033280", week: 1)) { $0["team"] = "\u{1B}]0;pwned\u{07}\u{1B}[2J" }
            .write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Binary.run(["import-stats", file, "--database", home.url.appendingPathComponent("db.sqlite").path], environment: home.environment)
        #expect(r.status == 1)
        #expect(!r.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(r.err.debugDescription)")
        #expect(r.err.contains(#"unknown team abbreviation "\u{1B}]0;pwned\u{7}\u{1B}[2J" (game 2019_01_LA_CAR is LA at CAR)"#), "\(r.err)")
        #expect(r.err.contains("Nothing was imported."))
    }
}
