import Foundation
import Testing
@testable import ClubhouseData
import ClubhouseDomain

/// The injury report (`injuries_YEAR.csv`) and weekly rosters (`roster_weekly_YEAR.csv`) through the one importer:
/// optional files, stored per season, week and player as differences, a bad row refusing the whole import.
@Suite struct InjuryImportTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let cmc = PlayerID("00-0033280"), kelce = PlayerID("00-0030506"), evans = PlayerID("00-0031408"), hill = PlayerID("00-0033040")
    static let jones = PlayerID("00-0033293")

    /// nflverse's injuries layout (nflreadr's `load_injuries`), in its column order.
    static let injuriesHeader = "season,game_type,team,week,gsis_id,position,full_name,first_name,last_name,report_primary_injury,"
        + "report_secondary_injury,report_status,practice_primary_injury,practice_secondary_injury,practice_status,date_modified"

    static func injury(_ week: Int, _ id: String, _ position: String, _ team: String, _ name: String, injury: String = "", status: String,
                       practice: String = "", modified: String = "2019-11-01 16:00:00", season: String = "2019", type: String = "REG") -> String {
        let parts = name.split(separator: " ")
        return [season, type, team, "\(week)", id, position, name, String(parts.first ?? ""), String(parts.last ?? ""), injury, "", status,
                injury, "", practice, modified].joined(separator: ",")
    }

    /// nflverse's weekly rosters layout (nflreadr's `load_rosters_weekly`), in its column order.
    static let rosterHeader = "season,team,position,depth_chart_position,jersey_number,status,full_name,first_name,last_name,birth_date,"
        + "height,weight,college,gsis_id,espn_id,sportradar_id,yahoo_id,rotowire_id,pff_id,pfr_id,fantasy_data_id,sleeper_id,years_exp,"
        + "headshot_url,ngs_position,week,game_type,status_description_abbr,football_name,esb_id,gsis_it_id,smart_id,entry_year,rookie_year,"
        + "draft_club,draft_number"

    static func roster(_ week: Int, _ id: String, _ position: String, _ team: String, _ name: String, status: String, type: String = "REG") -> String {
        let parts = name.split(separator: " ")
        var row = Array(repeating: "", count: rosterHeader.split(separator: ",").count)
        let columns = rosterHeader.split(separator: ",").map(String.init)
        func set(_ c: String, _ v: String) { row[columns.firstIndex(of: c)!] = v }
        set("season", "2019"); set("team", team); set("position", position); set("status", status); set("full_name", name)
        set("first_name", String(parts.first ?? "")); set("last_name", String(parts.last ?? "")); set("gsis_id", id); set("week", "\(week)")
        set("game_type", type); set("status_description_abbr", status == "RES" ? "R01" : "A01")
        return row.joined(separator: ",")
    }

    /// Week 9's report: McCaffrey out (his older Questionable row of the week is replaced by the newer), Kelce
    /// questionable, Evans probable (healthy); a tackle, a playoff row and a row without an id are skipped.
    static let injuries = [injuriesHeader,
        injury(9, "00-0033280", "RB", "CAR", "Christian McCaffrey", injury: "Ankle", status: "Questionable", practice: "Limited Participation in Practice",
               modified: "2019-10-30 16:00:00"),
        injury(9, "00-0033280", "RB", "CAR", "Christian McCaffrey", injury: "Hamstring", status: "Out", practice: "Did Not Participate In Practice"),
        injury(9, "00-0030506", "TE", "KC", "Travis Kelce", injury: "Knee", status: "Questionable", practice: "Full Participation in Practice"),
        injury(9, "00-0031408", "WR", "TB", "Mike Evans", injury: "Hip", status: "Probable"),
        injury(9, "00-0035000", "T", "KC", "Some Tackle", injury: "Back", status: "Out"),
        injury(9, "", "WR", "KC", "No Id", injury: "Back", status: "Out"),
        injury(1, "00-0030506", "TE", "KC", "Travis Kelce", injury: "Knee", status: "Out", type: "POST"),
    ].joined(separator: "\n") + "\n"

    /// Weekly rosters: Hill on the reserve list in weeks 2 and 3 (IR), Jones inactive in week 5 (O), McCaffrey active
    /// in week 9 (his report's Out stands); an offensive lineman is skipped.
    static let rosters = [rosterHeader,
        roster(2, "00-0033040", "WR", "KC", "Tyreek Hill", status: "RES"),
        roster(3, "00-0033040", "WR", "KC", "Tyreek Hill", status: "RES"),
        roster(5, "00-0033293", "RB", "GB", "Aaron Jones", status: "INA"),
        roster(9, "00-0033280", "RB", "CAR", "Christian McCaffrey", status: "ACT"),
        roster(9, "00-0035001", "OL", "CAR", "Some Guard", status: "RES"),
    ].joined(separator: "\n") + "\n"

    func folder(_ files: [String: String]) throws -> TempDir {
        let dir = TempDir()
        for (name, text) in files { try text.write(toFile: dir.file(name), atomically: true, encoding: .utf8) }
        return dir
    }

    func facts(_ db: Database) throws -> SeasonFacts {
        try SQLiteLeagueStore(database: db).read { try SeasonFacts.load(from: $0, season: 2019) }
    }

    func run(_ dir: TempDir, into db: Database) throws -> Result<SeasonImport.Report, DataFileError> {
        try SeasonImport.run(path: dir.path, into: db, now: Self.now)
    }

    @Test func theReportAndTheRostersAreStoredPerWeekAndPlayer() throws {
        let db = try seededMemoryDatabase()
        let report = try run(try folder(["injuries_2019.csv": Self.injuries, "roster_weekly_2019.csv": Self.rosters]), into: db).get()
        let season = try #require(report.seasons.first)
        let counts = Dictionary(uniqueKeysWithValues: season.files.map { ($0.file, ($0.rows, $0.imported, $0.skipped)) })
        #expect(counts[.injuries]! == (7, 4, 3), "the tackle, the playoff row and the row without a gsis_id skipped")
        #expect(counts[.weeklyRosters]! == (5, 4, 1), "the guard skipped")
        #expect(season.changes.injuries == 5, "McCaffrey 9, Kelce 9, Hill 2 and 3, Jones 5: Evans' Probable is healthy")
        #expect(season.changes.total == 5, "nothing else changed")
        #expect(season.changedWeeks == [2, 3, 5, 9], "the weeks whose statuses changed: the leagues on 2019 are told (season.updated)")
        #expect(season.stored.injuryStatuses == 5)
        #expect(season.stored.line == "2019  players 600  games 256  player-weeks 5500  plays 45016  injury statuses 5")

        let f = try facts(db)
        #expect(f.injury(Self.cmc, week: 9) == .out)
        #expect(f.injuryReport(Self.cmc, week: 9)?.line == "Out — Hamstring · Did Not Participate In Practice", "the newer of his two rows")
        #expect(f.injury(Self.cmc, week: 8) == .healthy && f.injury(Self.cmc, week: 10) == .healthy, "a week's status is that week's only")
        #expect(f.injury(Self.kelce, week: 9) == .questionable)
        #expect(f.injury(Self.kelce, week: 1) == .healthy, "a playoff row isn't a regular-season week")
        #expect(f.injury(Self.evans, week: 9) == .healthy)
        #expect(f.injury(Self.hill, week: 2) == .injuredReserve && f.injury(Self.hill, week: 3) == .injuredReserve)
        #expect(f.injury(Self.jones, week: 5) == .out)
        #expect(f.summary(Self.cmc, week: 9).injury == .out)

        // The same files again change nothing (differences only).
        let again = try run(try folder(["injuries_2019.csv": Self.injuries, "roster_weekly_2019.csv": Self.rosters]), into: db).get()
        #expect(again.seasons.first?.changes.injuries == 0 && !again.changedAnything && again.seasons.first?.changedWeeks == [])
    }

    /// A newer weekly rosters file alone: Hill back from the reserve list in week 3 is healthy that week; McCaffrey's
    /// Out stands, from the stored report (the injuries file wasn't given).
    @Test func aFileGivenAloneReplacesOnlyItsOwnPart() throws {
        let db = try seededMemoryDatabase()
        _ = try run(try folder(["injuries_2019.csv": Self.injuries, "roster_weekly_2019.csv": Self.rosters]), into: db).get()
        let newer = Self.rosters.replacingOccurrences(of: Self.roster(3, "00-0033040", "WR", "KC", "Tyreek Hill", status: "RES"),
                                                      with: Self.roster(3, "00-0033040", "WR", "KC", "Tyreek Hill", status: "ACT"))
        let report = try run(try folder(["roster_weekly_2019.csv": newer]), into: db).get()
        #expect(report.seasons.first?.changes.injuries == 1, "Hill's week 3 cleared")
        #expect(report.seasons.first?.changedWeeks == [3], "an injury-only refresh tells the leagues of its week")
        let f = try facts(db)
        #expect(f.injury(Self.hill, week: 3) == .healthy && f.injury(Self.hill, week: 2) == .injuredReserve)
        #expect(f.injury(Self.cmc, week: 9) == .out && f.injury(Self.kelce, week: 9) == .questionable)
    }

    /// Counts of the season's tables and the injury reports, to check that a refused file wrote nothing.
    func counts(_ db: Database) throws -> [String: Int] {
        var c = try seasonRowCounts(db)
        c["injury_reports"] = try db.scalar("SELECT count(*) FROM injury_reports", as: Int.self)
        return c
    }

    /// Each bad row is refused with its file and line, and nothing of the import is written — not the good file beside
    /// it, not the statuses stored before.
    @Test(arguments: [
        ("injuries_2019.csv", 3, Self.injury(9, "00-0030506", "TE", "KC", "Travis Kelce", status: "Gone fishing"),
         "report_status \"Gone fishing\" is not an injury report's status (Out, Doubtful, Questionable, Probable, or empty)"),
        ("injuries_2019.csv", 3, Self.injury(18, "00-0030506", "TE", "KC", "Travis Kelce", status: "Out"),
         "week 18, but the 2019 schedule's regular season is weeks 1–17"),
        ("injuries_2019.csv", 3, Self.injury(9, "30506", "TE", "KC", "Travis Kelce", status: "Out"),
         "gsis_id \"30506\" is not a GSIS id (two digits, a hyphen and seven digits, like 00-0033280)"),
        ("injuries_2019.csv", 3, Self.injury(9, "00-0030506", "TE", "XX", "Travis Kelce", status: "Out"), "unknown team abbreviation \"XX\""),
        ("injuries_2019.csv", 3, Self.injury(9, "00-0030506", "TE", "KC", "Travis Kelce", status: "Out", season: "2018"),
         "a row of season 2018: this file is of another season than 2019"),
        ("roster_weekly_2019.csv", 3, Self.roster(4, "00-0033040", "WR", "KC", "Tyreek Hill", status: "HURT"),
         "status \"HURT\" is not one of nflverse's roster status codes (ACT CUT DEV E14 EXE INA NWT PUP RES RET RFA RSN RSR SUS TRC TRD TRL TRT UFA, or empty)"),
    ])
    func aBadRowIsRefusedByFileAndLineAndNothingIsWritten(file: String, line: Int, row: String, reason: String) throws {
        let db = try seededMemoryDatabase()
        _ = try run(try folder(["injuries_2019.csv": Self.injuries, "roster_weekly_2019.csv": Self.rosters]), into: db).get()
        let before = try counts(db)
        let stored = try db.query("SELECT week, player_id, report, roster_status FROM injury_reports ORDER BY week, player_id").count
        var files = ["injuries_2019.csv": Self.injuries, "roster_weekly_2019.csv": Self.rosters.replacingOccurrences(of: "RES", with: "ACT")]
        var lines = files[file]!.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(row, at: line - 1)
        files[file] = lines.joined(separator: "\n")
        let error = try #require(try run(try folder(files), into: db).failure, "the bad row imported")
        #expect(error.description == "\(file):\(line): \(reason)")
        #expect(try counts(db) == before, "nothing written")
        #expect(try db.query("SELECT week, player_id, report, roster_status FROM injury_reports ORDER BY week, player_id").count == stored)
        #expect(try facts(db).injury(Self.hill, week: 2) == .injuredReserve, "the stored statuses stand")
    }

    /// A header of another layout is named (a weekly rosters file without its status column).
    @Test func aHeaderWithoutTheStatusColumnIsAnotherLayout() throws {
        let db = try seededMemoryDatabase()
        let text = Self.rosters.replacingOccurrences(of: ",status,", with: ",roster_status,")
        let error = try #require(try run(try folder(["roster_weekly_2019.csv": text]), into: db).failure)
        #expect(error.description.hasPrefix("roster_weekly_2019.csv:1: this header is not nflverse's weekly rosters layout — it lacks status"), "\(error)")
    }

    /// A season without the files imports as before: nothing of injuries is written, and the report says which files
    /// were absent (the CLI's summary words it; `SeasonCommandDescribeTests` end to end).
    @Test func aSeasonWithoutTheFilesImportsAsBefore() throws {
        let db = try migratedMemoryDatabase()
        let folder = try SeasonFolder(compressed: true)
        let report = try SeasonImport.run(path: folder.path, into: db, now: Self.now).get()
        let season = try #require(report.seasons.first)
        #expect(!season.files.contains { $0.file == .injuries || $0.file == .weeklyRosters })
        #expect(season.changes.injuries == 0 && season.stored.injuryStatuses == 0)
        #expect(season.stored.line == "2019  players 600  games 256  player-weeks 5500  plays 45016")
        #expect(try db.scalar("SELECT count(*) FROM injury_reports", as: Int.self) == 0)
    }

    /// Injuries of a season with no schedule stored can't be placed in its weeks: refused, as stats files are.
    @Test func injuriesOfASeasonWithNoScheduleAreRefused() throws {
        let db = try migratedMemoryDatabase()
        let text = Self.injuries.replacingOccurrences(of: "2019,", with: "2031,")
        let error = try #require(try run(try folder(["injuries_2031.csv": text]), into: db).failure)
        #expect(error.reason.hasPrefix("the season 2031 has no schedule"), "\(error)")
        #expect(try db.scalar("SELECT count(*) FROM seasons", as: Int.self) == 0)
    }
}

extension Result {
    var failure: Failure? { if case .failure(let e) = self { e } else { nil } }
}
