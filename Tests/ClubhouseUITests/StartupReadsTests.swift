import Foundation
import Testing
import ClubhouseData
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The start-up path asks the database for no more than the Home page shows: its first frame (the public leagues
/// with their state, teams, week and commissioner) needs the leagues, their teams, the commissioners' names and the
/// season's calendar — not the players, the stat lines or the plays, which pages further in load when opened.
/// Statements are counted with SQLite's statement trace on the real embedded API over the seeded demo world.
@Suite(.serialized) struct StartupReadsTests {
    /// The tables the Home page's first frame reads: league rows, their teams, commissioners' names, the season's
    /// kickoffs (for each league's week), and `meta` (the season data version and the seed marker).
    static let homeTables: Set<String> = ["leagues", "teams", "users", "json_each", "games", "meta"]

    /// What one start asks: the SQL of each statement, in order.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [String] = []
        func record(_ sql: String) { lock.withLock { seen.append(sql) } }
        var statements: [String] { lock.withLock { seen } }
        /// Every table named after FROM or JOIN in the statements.
        var tables: Set<String> {
            var out: Set<String> = []
            let pattern = try! NSRegularExpression(pattern: #"\b(?:FROM|JOIN|INTO|UPDATE)\s+([A-Za-z_][A-Za-z0-9_]*)"#, options: [.caseInsensitive])
            for sql in statements {
                for m in pattern.matches(in: sql, range: NSRange(sql.startIndex..., in: sql)) {
                    if let r = Range(m.range(at: 1), in: sql) { out.insert(String(sql[r]).lowercased()) }
                }
            }
            return out
        }
    }

    /// A seeded demo database in a fresh folder (seeded once, then closed: each test reopens it like a start).
    static func seededFile() throws -> (path: String, dir: URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("league.sqlite").path
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        _ = try DemoWorld.seedIfNeeded(db, now: Demo.now)
        return (path, dir)
    }

    @Test func theFirstFrameReadsOnlyWhatHomeShows() async throws {
        let (path, dir) = try Self.seededFile()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        let recorder = Recorder()
        db.observeStatements { recorder.record($0) }
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: ManualClock(Demo.now))
        let api = EmbeddedLeagueAPI(service: service, databasePath: path)

        var h = Harness(state: Harness(size: Size(width: 120, height: 40)).state, api: api)
        h.followEvents = false
        h.send(.started)
        await h.settle()
        let screen = Screen(h.state)
        db.observeStatements(nil)

        // The frame is the real Home page with the real leagues.
        guard let home = h.state.top[HomeFeature.self], let leagues = home.publicLeagues.value, let first = leagues.first else {
            Issue.record("Home has no public leagues\n\(screen.text)"); return
        }
        #expect(screen.inSheet(first.name), "\(screen.text)")
        #expect(leagues.contains { $0.currentWeek > 1 }, "the leagues' weeks come from the season calendar")

        let beyond = recorder.tables.subtracting(Self.homeTables)
        #expect(beyond.isEmpty, "the first frame read \(beyond.sorted()) beyond Home's tables:\n\(recorder.statements.joined(separator: "\n"))")
        // Per league: its teams and its commissioner, plus a handful for the calendar and the version (two Home
        // loads: the page and the board's featured list). More means a read per row crept in.
        let bound = 2 * (3 * leagues.count + 8)
        #expect(recorder.statements.count <= bound, "\(recorder.statements.count) statements > \(bound):\n\(recorder.statements.joined(separator: "\n"))")
    }

    @Test func reopeningACurrentDatabaseOnlyReads() throws {
        let (path, dir) = try Self.seededFile()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Like a start: open (soundness check, migrations) and the demo seed's check, on a file that is current.
        let db = try Database(path: path)
        let recorder = Recorder()
        db.observeStatements { recorder.record($0) }
        let applied = try db.migrate(Schema.migrations)
        let seeded = try DemoWorld.seedIfNeeded(db, now: Demo.now)
        db.observeStatements(nil)
        #expect(applied.isEmpty && !seeded)
        let writes = recorder.statements.filter { sql in
            let s = sql.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
            return s.hasPrefix("BEGIN IMMEDIATE") || s.hasPrefix("CREATE") || s.hasPrefix("INSERT") || s.hasPrefix("UPDATE")
                || s.hasPrefix("DELETE") || (s.hasPrefix("PRAGMA") && s.contains("="))
        }
        #expect(writes.isEmpty, "a current database was written to or locked on open: \(writes)")
        #expect(recorder.statements.count <= 5, "\(recorder.statements)")
    }
}
