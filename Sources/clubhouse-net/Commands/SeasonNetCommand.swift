import ClubhouseCLI
import ClubhouseData
import ClubhouseDomain
import ClubhousePostgres
import ClubhouseRemote
import Foundation

/// The parts of `clubhouse season` that need this binary: `season fetch` (HTTP), and `season import|list` on a
/// PostgreSQL database. The rest is `SeasonCommand`'s, in the embedded binary.
enum SeasonNetCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        let action: SeasonCommand.Action
        switch SeasonCommand.action(args) {
        case .failure(let e):
            Output.error("clubhouse season: \(e.description)\nTry 'clubhouse season --help'.")
            return 2
        case .success(let a): action = a
        }
        let target: SeasonTarget
        do { target = try SeasonTarget.open(args.options["database"]) } catch {
            Output.error("clubhouse season: \(error)")
            return 1
        }
        do {
            switch action {
            case .list:
                SeasonCommand.printList(try target.seasons())
                return 0
            case .importFiles(let path, let season):
                let service = target.service()
                return SeasonCommand.finish(try target.importFiles(path: path, season: season, now: service.clock.now()), from: path, leagues: service)
            case .fetch(let season, let base):
                let directory = SeasonDownload.cacheDirectory(season: season)
                let progress = ProgressBars()
                do {
                    _ = try SeasonDownload(base: base, directory: directory).fetch(season: season) { progress.show($0) }
                } catch {
                    progress.end()
                    Output.error("clubhouse season fetch: \(error.description)")
                    Output.error("Nothing was imported.")
                    return 1
                }
                progress.end()
                let service = target.service()
                return SeasonCommand.finish(try target.importFiles(path: directory.path, season: season, now: service.clock.now()),
                                            from: directory.path, leagues: service)
            }
        } catch {
            Output.failure("clubhouse season", error)
            return 1
        }
    }
}

/// The database a season command writes: a SQLite file (opened as the app opens it, nothing seeded) or PostgreSQL
/// (migrated; seasons import into it like into SQLite, in one transaction).
enum SeasonTarget: Sendable {
    case sqlite(Database)
    case postgres(PostgresDatabase)

    static func open(_ path: String?) throws -> SeasonTarget {
        if let url = path, PostgresURL.isPostgres(url) {
            let pg = try PostgresDatabase(url: url, maxConnections: 2)
            try PostgresSchema.migrate(pg)
            return .postgres(pg)
        }
        var p = path
        if let s = p, s.hasPrefix("sqlite:") { p = String(s.dropFirst("sqlite:".count)) }
        do { return .sqlite(try OpenDatabase.open(explicitPath: p, seed: .none)) } catch { throw error }
    }

    /// The league service over the same database (the leagues an import tells).
    func service() -> LeagueService {
        switch self {
        case .sqlite(let db): LeagueService(store: SQLiteLeagueStore(database: db), clock: WallClock.current())
        case .postgres(let pg): LeagueService(store: PostgresLeagueStore(database: pg), clock: WallClock.current())
        }
    }

    func seasons() throws -> [SeasonInfo] {
        switch self {
        case .sqlite(let db): try db.read { try SeasonInfo.all(session: $0) }
        case .postgres(let pg): try pg.transaction { try SeasonInfo.all(session: $0) }
        }
    }

    func importFiles(path: String, season: Int?, now: Date = Date()) throws -> Result<SeasonImport.Report, DataFileError> {
        switch self {
        case .sqlite(let db):
            return try SeasonImport.run(path: path, season: season, into: db, now: now)
        case .postgres(let pg):
            let set: SeasonFileSet
            do { set = try SeasonFileSet.scan(path) } catch { return .failure(error) }
            do {
                return .success(try pg.transaction { c in try SeasonImport.importSeasons(set, only: season, session: c, now: now) })
            } catch let error as DataFileError {
                return .failure(error)
            }
        }
    }
}

/// One progress bar per file on standard error: redrawn in place on a terminal, a line at each quarter otherwise.
final class ProgressBars: @unchecked Sendable {
    private let tty = isatty(2) == 1
    private var lastQuarter: [String: Int] = [:]
    private var open = false

    func show(_ event: SeasonDownload.Event) {
        switch event {
        case .started(let name, let total, let from):
            if from > 0 { line("\(name): resuming at \(Self.size(from))\(total.map { " of \(Self.size($0))" } ?? "")") }
            draw(name, from, total)
        case .progress(let name, let received, let total):
            draw(name, received, total)
        case .finished(let name, let bytes):
            draw(name, bytes, bytes, force: true)
            finishLine()
        case .unchanged(let name):
            line("\(name): unchanged since the last download")
        case .missing(let name):
            line("\(name): not published (yet) — skipped")
        case .retrying(let name, let at, let reason):
            finishLine()
            line("\(name): interrupted at \(Self.size(at)) (\(reason)); resuming")
        }
    }

    func end() { finishLine() }

    private func draw(_ name: String, _ received: Int64, _ total: Int64?, force: Bool = false) {
        let fraction = total.map { $0 > 0 ? min(1, Double(received) / Double($0)) : 1 }
        let percent = fraction.map { Int(($0 * 100).rounded(.down)) }
        let width = 24
        let filled = Int((fraction ?? 0) * Double(width))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
        let text = "\(name.padding(toLength: max(name.count, 32), withPad: " ", startingAt: 0)) \(bar) \(percent.map { "\($0)%" } ?? "…")  "
            + Self.size(received) + (total.map { " / " + Self.size($0) } ?? "")
        if tty {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
            open = true
        } else {
            let quarter = (percent ?? 0) / 25
            guard force || quarter > (lastQuarter[name] ?? -1) else { return }
            lastQuarter[name] = quarter
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    private func finishLine() {
        if open { FileHandle.standardError.write(Data("\n".utf8)); open = false }
    }

    private func line(_ s: String) {
        finishLine()
        FileHandle.standardError.write(Data((TerminalText.escaped(s) + "\n").utf8))
    }

    static func size(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : String(format: "%.0f KB", Double(bytes) / 1024)
    }
}
