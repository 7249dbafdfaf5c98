import Foundation
import ClubhouseDomain
@testable import ClubhouseData

/// A fresh temporary folder, removed when the value is released.
final class TempDir {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "clubhouse-data-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { path + "/" + name }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// An in-memory database with the product schema.
func migratedMemoryDatabase() throws -> Database {
    let db = try Database.inMemory()
    try db.migrate()
    return db
}

/// An in-memory database with the schema and the shipped seasons (2019, 2018's totals), through the importer (the
/// files are read once per test process).
func seededMemoryDatabase() throws -> Database {
    let db = try migratedMemoryDatabase()
    try db.transaction { try SeasonImport.importShipped(session: $0, now: Date(timeIntervalSince1970: 1_800_000_000)) }
    return db
}

/// A season with one game and nothing else: enough for a league to be created on it, for tests that read no facts.
func insertBareSeason(_ db: Database, season: Int = 2019) throws {
    try db.transaction { c in
        try c.run("INSERT INTO seasons (season, kind, imported_at) VALUES (?, 'full', 0)", [season])
        try c.run("INSERT INTO games (id, season, week, kickoff, away_team, home_team) VALUES (?, ?, 1, 1567729200, 'GB', 'CHI')",
                  ["\(season)_01_GB_CHI", season])
    }
}

/// Re-launches this test binary as child processes, each running one entry test (selected by `filter`) with
/// `environment[variable] = spec`; they wait for a start file so they collide. (A bare `fork()` of the
/// multi-threaded test runner deadlocked; a fresh image does not.) Returns each child's exit code (-1 if killed).
func raceChildProcesses(filter: String, variable: String, specs: [String], startFile: String,
                        timeout: TimeInterval = 90) throws -> [Int32] {
    let exe = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    var processes: [Process] = []
    for spec in specs {
        let p = Process()
        p.executableURL = exe
        p.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var env = ProcessInfo.processInfo.environment
        env[variable] = spec
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        processes.append(p)
    }
    _ = FileManager.default.createFile(atPath: startFile, contents: Data())
    let deadline = ContinuousClock.now + .seconds(timeout)
    for p in processes {
        Wait.blockingUntil(deadline - ContinuousClock.now, every: .milliseconds(5)) { !p.isRunning }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
    }
    return processes.map { $0.terminationReason == .exit ? $0.terminationStatus : -1 }
}

/// Season facts read back through the store port, shaped the way import tests ask about them.
struct SeasonReadback {
    let store: SQLiteLeagueStore
    init(_ db: Database) { store = SQLiteLeagueStore(database: db) }

    func read<T>(_ body: (any LeagueStoreReader) throws -> T) throws -> T { try store.read(body) }

    /// One player's weeks of a season, in week order.
    func gameLog(player: PlayerID, season: Int) throws -> [WeeklyStat] {
        try read { try $0.weeklyStats(season: season) }.filter { $0.playerID == player }.sorted { $0.week < $1.week }
    }

    /// One week's lines by player, optionally only for `players`.
    func weekStats(season: Int, week: Int, players: [PlayerID]? = nil) throws -> [PlayerID: WeeklyStat] {
        let wanted = players.map(Set.init)
        let rows = try read { try $0.weeklyStats(season: season) }.filter { $0.week == week && (wanted?.contains($0.playerID) ?? true) }
        return Dictionary(rows.map { ($0.playerID, $0) }, uniquingKeysWith: { a, _ in a })
    }
}
