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
