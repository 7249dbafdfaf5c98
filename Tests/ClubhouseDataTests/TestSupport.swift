import Foundation
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

/// The 2019 fixture, parsed once for the whole test run.
let fixture2019: SeasonFixture = try! SeasonFixture.bundled2019()

/// An in-memory database with the schema and the 2019 season.
func seededMemoryDatabase() throws -> Database {
    let db = try migratedMemoryDatabase()
    try SeasonImporter.importSeason(fixture2019, into: db)
    return db
}

/// An in-memory database with the schema, the NFL teams and the players (no stats): cheap to make.
func playersOnlyDatabase() throws -> Database {
    let db = try migratedMemoryDatabase()
    var f = fixture2019
    f.weeklyStats = []
    f.priorSeason = []
    f.games = []
    try SeasonImporter.importSeason(f, into: db)
    return db
}
