import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

/// Files that parse but hold what no season holds: ids that aren't ids, names the names rule refuses, a schedule no
/// season can be. Each refused with its file and line, nothing written; and a value quoted in a refusal can't act on
/// the operator's terminal.
@Suite struct SeasonValidationTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let cmc = "00-0033280"

    func refusal(_ folder: SeasonFolder, _ db: Database? = nil) throws -> DataFileError? {
        let db = try db ?? migratedMemoryDatabase()
        let before = try seasonRowCounts(db)
        let result = try SeasonImport.run(path: folder.path, into: db, now: Self.now)
        #expect(try seasonRowCounts(db) == before, "nothing written")
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test(arguments: ["../../etc/passwd", "00-0033280'; DROP TABLE players; --", " 00-0033280", "00-0033280\u{0}", "33280", "00-003328X"])
    func aPlayerIdMustBeAGSISId(_ id: String) throws {
        let folder = try SeasonFolder()
        let lines = try folder.edit("players.csv", where: { $0["gsis_id"] == Self.cmc }) { $0["gsis_id"] = id }
        let error = try #require(try refusal(folder), "\(id.debugDescription) accepted")
        #expect(error.line == lines[0])
        #expect(error.reason.hasPrefix("gsis_id \"") && error.reason.hasSuffix("is not a GSIS id (two digits, a hyphen and seven digits, like 00-0033280)"),
                "\(error)")
    }

    @Test func aTenKilobyteIdIsNamedByItsStartAndTheStatsFilesIdsAreCheckedToo() throws {
        let folder = try SeasonFolder()
        let long = String(repeating: "9", count: 10_000)
        let lines = try folder.edit("stats_player_week_2019.csv", where: { $0["player_id"] == Self.cmc && $0["week"] == "2" }) { $0["player_id"] = long }
        let error = try #require(try refusal(folder))
        #expect(error.description == "stats_player_week_2019.csv:\(lines[0]): player_id \"\(long.prefix(40))…\" (10000 characters) is not a GSIS id "
                + "(two digits, a hyphen and seven digits, like 00-0033280)")
    }

    @Test(arguments: [("Christian\u{0}McCaffrey", "display_name can't contain control characters (U+0000 at character 10)"),
                      ("\u{1B}[2JChristian", "display_name can't contain control characters (U+001B at character 1)"),
                      ("Chris\u{202E}tian", "display_name can't contain direction controls (U+202E at character 6)"),
                      (String(repeating: "Mc", count: 30), "display_name must be 1–40 characters (it has 60)")])
    func aNameTheNamesRuleRefusesIsRefused(_ name: String, _ sentence: String) throws {
        let folder = try SeasonFolder()
        let lines = try folder.edit("players.csv", where: { $0["gsis_id"] == Self.cmc }) { $0["display_name"] = name }
        let error = try #require(try refusal(folder), "\(name.debugDescription) accepted")
        #expect(error.description == "players.csv:\(lines[0]): \(sentence)")
    }

    @Test func namesAreStoredTrimmedWithOneSpaceBetweenWords() throws {
        let folder = try SeasonFolder()
        try folder.edit("players.csv", where: { $0["gsis_id"] == Self.cmc }) { $0["display_name"] = "  Christian   McCaffrey "; $0["last_name"] = " McCaffrey" }
        let db = try migratedMemoryDatabase()
        _ = try SeasonImport.run(path: folder.path, into: db, now: Self.now).get()
        #expect(try db.scalar("SELECT full_name FROM players WHERE id = ?", [Self.cmc], as: String.self) == "Christian McCaffrey")
        #expect(try db.scalar("SELECT last_name FROM players WHERE id = ?", [Self.cmc], as: String.self) == "McCaffrey")
    }

    @Test func aTeamTwiceInOneWeekIsNoSchedule() throws {
        let folder = try SeasonFolder()
        // Every pair of teams in week 1, all at one kickoff: the file of 17,856 games that once imported.
        let teams = NFLFranchises.abbreviations(season: 2019).sorted()
        let header = "game_id,season,game_type,week,gameday,gametime,away_team,away_score,home_team,home_score"
        var rows = [header]
        for away in teams { for home in teams where home != away { rows.append("2019_01_\(away)_\(home),2019,REG,1,2019-09-08,13:00,\(away),,\(home),") } }
        try folder.write("games.csv", rows.joined(separator: "\n") + "\n")
        let error = try #require(try refusal(folder))
        #expect(error.description == "games.csv:3: ARI plays twice in week 1 (its other game is on line 2): a team plays at most one game a week")
    }

    @Test func aScheduleWithWeeksMissingIsNoSeason() throws {
        let folder = try SeasonFolder()
        let table = try CSV.parse(try folder.text("games.csv"), fileName: "games.csv")
        let w = table.header.firstIndex(of: "week")!
        let kept = table.records.filter { Int($0.fields[w])! <= 10 }.map { SeasonFolder.line($0.fields) }
        try folder.write("games.csv", ([SeasonFolder.line(table.header)] + kept).joined(separator: "\n") + "\n")
        let error = try #require(try refusal(folder))
        #expect(error.description == "games.csv: the schedule of 2019 has 10 weeks of regular-season games, up to week 10: "
                + "a regular season is weeks 1–17 (1–18 since 2021), every one with games")
        try folder.edit("games.csv", where: { $0["week"] == "4" }) { $0["week"] = "18"; $0["game_id"] = "2019_18_\($0["away_team"]!)_\($0["home_team"]!)" }
        let gap = try #require(try refusal(folder))
        #expect(gap.reason.contains("up to week 18; it has no games in weeks 4, 11, 12, 13, 14, 15, 16, 17"), "\(gap)")
    }

    @Test func aTotalsFilesUnknownTeamIsRefusedNotStored() throws {
        let folder = try SeasonFolder(["players.csv"] + SeasonFolder.totals2018)
        let lines = try folder.edit("stats_player_reg_2018.csv", where: { $0["player_id"] == Self.cmc }) { $0["recent_team"] = "../x" }
        try #require(!lines.isEmpty)
        let error = try #require(try refusal(folder))
        #expect(error.description == "stats_player_reg_2018.csv:\(lines[0]): unknown team abbreviation \"../x\" for player \(Self.cmc)")
    }

    // MARK: - Escapes

    @Test func aValueWithTerminalEscapesIsQuotedEscaped() throws {
        let folder = try SeasonFolder()
        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J"
        let lines = try folder.edit("games.csv", where: { $0["game_id"] == "2019_01_GB_CHI" }) { $0["home_team"] = hostile }
        let error = try #require(try refusal(folder))
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(error.description.debugDescription)")
        #expect(error.description.hasPrefix(#"games.csv:\#(lines[0]): unknown team abbreviation "\u{1B}]0;pwned\u{7}\u{1B}[2J" (2019 had ARI"#),
                "\(error.description)")
        // A file's name from a folder's listing is outside text too.
        #expect(DataFileError(file: "evil\u{1B}[2J.csv", line: 3, reason: "x\u{9B}31m").description == #"evil\u{1B}[2J.csv:3: x\u{9B}31m"#)
    }

    @Test func terminalTextEscapesEveryControlAndKeepsAMessagesOwnLines() {
        #expect(TerminalText.escaped("a\u{1B}b\u{07}c\u{0}d\u{7F}e\u{9B}f\u{202E}g\u{2028}h\ri") == #"a\u{1B}b\u{7}c\u{0}d\u{7F}e\u{9B}f\u{202E}g\u{2028}h\u{D}i"#)
        #expect(TerminalText.escaped("one\ntwo\u{1B}", keepingNewlines: true) == "one\ntwo\\u{1B}")
        #expect(TerminalText.escaped("one\ntwo") == #"one\u{A}two"#)
        #expect(TerminalText.escaped("José 🏈 Ñ") == "José 🏈 Ñ", "text that shows is left alone")
        #expect(TerminalText.quoted(String(repeating: "x", count: 50), limit: 4) == "\"xxxx…\" (50 characters)")
    }
}
