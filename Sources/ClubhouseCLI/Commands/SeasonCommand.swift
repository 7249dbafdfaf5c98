import ClubhouseData
import ClubhouseDomain
import Foundation

/// `clubhouse season import DIR|FILE [--season YEAR] [--database PATH]`, `clubhouse season list [--database PATH]`
/// and `clubhouse season fetch YEAR [--from BASE_URL] [--database PATH]`: nflverse's files into the database.
/// Importing and listing a SQLite file run here; fetching (HTTP) and anything on PostgreSQL run in `clubhouse-net`.
/// Exit status: 0 done, 1 a refused file (nothing written) or a failure, 2 a usage error.
package enum SeasonCommand {
    /// What the command line asks for.
    package enum Action: Equatable {
        case importFiles(path: String, season: Int?)
        case list
        case fetch(season: Int, base: String)
    }

    /// nflverse's release downloads: `BASE/<tag>/<file>`.
    package static let defaultBase = "https://github.com/nflverse/nflverse-data/releases/download"

    /// The action, or a usage error's sentence.
    package static func action(_ args: ParsedArguments) -> Result<Action, ParsedArguments.UsageError> {
        func usage(_ s: String) -> Result<Action, ParsedArguments.UsageError> { .failure(.init(description: s)) }
        guard let sub = args.positionals.first else { return usage("which one? season import, season fetch or season list") }
        let rest = Array(args.positionals.dropFirst())
        func year(_ text: String, _ what: String) -> Int? {
            guard text.count == 4, text.allSatisfy(\.isASCII), let y = Int(text), SeasonReader.plausibleSeasons.contains(y) else { return nil }
            return y
        }
        switch sub {
        case "import":
            guard rest.count == 1 else { return usage("season import takes one folder (or file) of nflverse files") }
            guard args.options["from"] == nil else { return usage("--from is for season fetch") }
            var season: Int?
            if let text = args.options["season"] {
                guard let y = year(text, "--season") else { return usage("--season wants a year like 2019, not '\(text)'") }
                season = y
            }
            return .success(.importFiles(path: rest[0], season: season))
        case "list":
            guard rest.isEmpty else { return usage("season list takes no argument") }
            guard args.options["from"] == nil, args.options["season"] == nil else { return usage("season list takes only --database") }
            return .success(.list)
        case "fetch":
            guard rest.count == 1 else { return usage("season fetch takes one season, like 2024") }
            guard args.options["season"] == nil else { return usage("season fetch names its season as an argument, not --season") }
            guard let y = year(rest[0], "season") else { return usage("season fetch wants a year like 2024, not '\(rest[0])'") }
            var base = args.options["from"] ?? defaultBase
            guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                return usage("--from wants an http:// or https:// address laid out like nflverse's releases (BASE/<tag>/<file>)")
            }
            while base.hasSuffix("/") { base.removeLast() }
            return .success(.fetch(season: y, base: base))
        default:
            return usage("unknown season command '\(sub)': import, fetch or list")
        }
    }

    /// Whether `clubhouse-net` must run it: a download, or a PostgreSQL database.
    package static func needsNetwork(_ args: ParsedArguments) -> Bool {
        if case .success(.fetch) = action(args) { return true }
        return args.options["database"].map(PostgresURL.isPostgres) ?? false
    }

    /// The command on a SQLite file (import, list).
    static func run(_ args: ParsedArguments) -> Int32 {
        let action: Action
        switch Self.action(args) {
        case .failure(let e):
            Output.error("clubhouse season: \(e.description)\nTry 'clubhouse season --help'.")
            return 2
        case .success(let a): action = a
        }
        do {
            // Listing never creates a database: on a fresh HOME (no file yet) it says where the app will put one and
            // what it ships, read from the app's own files into memory.
            if action == .list, let missing = try missingDatabase(args) {
                print("No league database at \(TerminalText.escaped(missing)) yet: the app creates it on its first run (clubhouse), with the season it ships:")
                printList(try shippedSeasons())
                return 0
            }
            let db = try OpenDatabase.open(args, seed: .none)
            switch action {
            case .list:
                printList(try db.read { try SeasonInfo.all(session: $0) })
                return 0
            case .importFiles(let path, let season):
                let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: WallClock.current())
                return finish(try SeasonImport.run(path: path, season: season, into: db, now: service.clock.now()), from: path, leagues: service)
            case .fetch:
                return 2   // clubhouse-net's
            }
        } catch {
            Output.failure("clubhouse season", error)
            return 1
        }
    }

    /// Prints an import's outcome and tells the leagues on the seasons it changed (`leagues`: the service over the
    /// same database); the exit status.
    package static func finish(_ result: Result<SeasonImport.Report, DataFileError>, from path: String, leagues: LeagueService? = nil) -> Int32 {
        switch result {
        case .failure(let error):
            Output.error(error.description)
            Output.error("Nothing was imported.")
            return 1
        case .success(let report):
            print(describe(report, from: path), terminator: "")
            if let leagues {
                do { print(try announce(report, to: leagues), terminator: "") } catch {
                    Output.error("clubhouse season: imported, but telling the leagues failed: \(error)")
                    return 1
                }
            }
            return 0
        }
    }

    /// Tells every league on a season the import changed (their screens reload; final weeks still open to corrections
    /// are re-scored); one line per season that has any, saying what happened.
    package static func announce(_ report: SeasonImport.Report, to service: LeagueService) throws -> String {
        var out = ""
        for s in report.seasons where !s.changedWeeks.isEmpty && s.kind == .full {
            let leagues = try service.store.read { r in try r.leagues().filter { $0.season == s.season }.count }
            guard leagues > 0 else { continue }
            let corrections = try service.season.seasonDataChanged(season: s.season, weeks: s.changedWeeks)
            let all = corrections.values.flatMap { $0 }
            let taken = all.filter(\.applied).count
            let weeks = s.changedWeeks.sorted().map(String.init).joined(separator: ", ")
            var line = "  \(leagues) league\(leagues == 1 ? "" : "s") on \(s.season) told: week\(s.changedWeeks.count == 1 ? "" : "s") \(weeks) changed"
            if !all.isEmpty { line += "; stat corrections: \(taken) re-scored, \(all.count - taken) after their week's lock (not counted)" }
            out += line + "\n"
        }
        return out
    }

    /// The database path `args` name when no file is there yet (nil: it exists, or is in memory).
    static func missingDatabase(_ args: ParsedArguments) throws -> String? {
        let location = try DatabaseLocation.resolve(explicitPath: args.options["database"], environment: ProcessInfo.processInfo.environment)
        guard !location.isInMemory, !FileManager.default.fileExists(atPath: location.path) else { return nil }
        return location.path
    }

    /// What the app ships (the 2019 season), counted as `season list` counts a stored season.
    static func shippedSeasons() throws -> [SeasonInfo] {
        let memory = try Database.inMemory()
        _ = try memory.migrate()
        try DemoWorld.seedSeasonIfNeeded(memory)
        return try memory.read { try SeasonInfo.all(session: $0) }
    }

    /// `season list`: one line per season, or a hint when there is none.
    package static func printList(_ seasons: [SeasonInfo]) {
        if seasons.isEmpty { print("No season stored yet: clubhouse season fetch YEAR (or season import DIR) brings one in.") }
        for s in seasons { print(s.line) }
    }

    /// What an import read, wrote and now holds, per season. File names and the path come from outside (a folder's
    /// listing): escaped for the terminal.
    package static func describe(_ report: SeasonImport.Report, from path: String) -> String {
        var out = ""
        let path = TerminalText.escaped(path)
        for s in report.seasons {
            out += "Season \(s.season) (\(s.kind == .full ? "full" : "totals only")) from \(path):\n"
            let names = s.files.map { TerminalText.escaped($0.name) }
            let width = names.map(\.count).max() ?? 0
            for (f, name) in zip(s.files, names) {
                var line = "  \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(grouped(f.rows)) rows, \(grouped(f.imported)) imported"
                if f.skipped > 0 {
                    let why = f.file == .injuries || f.file == .weeklyRosters ? "the postseason, non-fantasy positions, no gsis_id"
                        : "other seasons, the postseason, non-fantasy positions"
                    line += ", \(grouped(f.skipped)) skipped (\(why))"
                }
                out += line + "\n"
            }
            let c = s.changes
            out += c.total == 0 ? "  nothing changed: the database already had these files' facts\n"
                : "  written: \(grouped(c.players)) players, \(grouped(c.playerTeams)) players' teams, \(grouped(c.teams)) teams, \(grouped(c.games)) games, "
                    + "\(grouped(c.weeklyStats)) weekly lines, \(grouped(c.plays)) play rows, \(grouped(c.totals)) season totals"
                    + (c.injuries > 0 ? ", \(grouped(c.injuries)) injury statuses" : "") + "\n"
            if s.kind == .full, let absent = injuriesAbsent(s) { out += absent + "\n" }
            out += "  stored:  \(s.stored.line)\n"
        }
        if !report.ignoredFiles.isEmpty {
            out += "Not nflverse files, not read: \(report.ignoredFiles.map { TerminalText.escaped($0) }.joined(separator: ", "))\n"
        }
        return out
    }

    /// A full season's line when the files had no injury report or weekly rosters (both optional: older seasons have
    /// none): it says so, and what the season's statuses are then (none are guessed). Nil when both were read.
    static func injuriesAbsent(_ s: SeasonImport.SeasonReport) -> String? {
        let absent = [NFLVerseFile.injuries, .weeklyRosters].filter { f in !s.files.contains { $0.file == f } }
        guard !absent.isEmpty else { return nil }
        let names = absent.map { "\($0.name(season: s.season)) (release tag \($0.tag))" }.joined(separator: " nor ")
        let stored = s.stored.injuryStatuses ?? 0
        let then = switch (absent.count == 2, stored > 0) {
        case (true, true): "the \(grouped(stored)) injury statuses stored stand"
        case (true, false): "no injury statuses for \(s.season) (none are guessed)"
        case (false, _): "nothing new from it (none is guessed; what it gave before stands)"
        }
        return "  no \(names) among these files: \(then)"
    }

    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.reversed().enumerated() { if i > 0 && i % 3 == 0 { out.append(",") }; out.append(c) }
        return String(out.reversed())
    }
}
