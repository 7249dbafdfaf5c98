import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres

/// The connection's round trips: a transaction's BEGIN, the writes waiting to go (`runLater`) and a statement go out
/// together; a batch of reads is one round trip; a write waiting to go fails at the statement it went out with; a
/// rollback (of the transaction or to a savepoint) drops what waits instead of sending it.
@Suite("PostgreSQL: statements sent together") struct PostgresPipelineTests {
    static let skipped = "CLUBHOUSE_TEST_POSTGRES is not set: PostgreSQL not tested (`make test` starts a cluster and sets it)"

    func withDatabase(_ body: (PostgresDatabase) throws -> Void) throws {
        let world = try ContractPostgres.newWorld()
        defer { ContractPostgres.drop(world.name) }
        let db = try PostgresDatabase(url: world.url, maxConnections: 1)
        defer { db.close() }
        try db.execute("CREATE TABLE pipeline_t (k bigint PRIMARY KEY)")
        try body(db)
    }

    @Test(.enabled(if: ContractPostgres.url != nil, Comment(rawValue: skipped)))
    func writesWaitForTheNextStatementAndTheirFailureIsThrownThere() throws {
        try withDatabase { db in
            // Twice: the first time prepares each statement on the connection (a round trip each, once).
            func insertAndRead(_ keys: [Int64]) throws -> (counts: [Int64], sent: Int) {
                try db.transaction { c in
                    for k in keys { try c.runLater("INSERT INTO pipeline_t VALUES (?)", [k]) }
                    let before = c.roundTrips
                    let rows = try c.queryBatch([("SELECT count(*) FROM pipeline_t", []), ("SELECT max(k) FROM pipeline_t", [])])
                    return (rows.map { r -> Int64 in _ = r.next(); return r.int64(at: 0) }, c.roundTrips - before)
                }
            }
            _ = try insertAndRead([1, 2])
            let trips = try db.withConnection { $0.roundTrips }
            let second = try insertAndRead([3, 4])
            #expect(second.counts == [4, 4] && second.sent == 1, "BEGIN, both inserts and both reads in one round trip")
            #expect(try db.withConnection { $0.roundTrips } - trips == 2, "that round trip and the COMMIT")

            #expect(throws: PostgresError.self) {
                try db.transaction { c in
                    try c.runLater("INSERT INTO pipeline_t VALUES (?)", [Int64(5)])
                    try c.runLater("INSERT INTO pipeline_t VALUES (?)", [Int64(1)])   // taken: fails when it goes out
                    _ = try c.scalar("SELECT count(*) FROM pipeline_t", [], as: Int64.self)
                    Issue.record("the read after a failing write ran")
                }
            }
            #expect(try db.read { try $0.scalar("SELECT count(*) FROM pipeline_t", [], as: Int64.self) } == 4, "nothing of the failed write landed")
        }
    }

    @Test(.enabled(if: ContractPostgres.url != nil, Comment(rawValue: skipped)))
    func aRollbackDropsTheWritesWaitingInsteadOfSendingThem() throws {
        try withDatabase { db in
            struct GaveUp: Error {}
            try db.transaction { c in
                try c.runLater("INSERT INTO pipeline_t VALUES (?)", [Int64(1)])
                // A savepoint whose body gives up: the write it left waiting (a duplicate key) never goes out, so the
                // transaction stays usable.
                #expect(throws: GaveUp.self) {
                    try c.inTransaction { c in
                        try c.runLater("INSERT INTO pipeline_t VALUES (?)", [Int64(1)])
                        throw GaveUp()
                    }
                }
                try c.runLater("INSERT INTO pipeline_t VALUES (?)", [Int64(2)])
                #expect(try c.scalar("SELECT count(*) FROM pipeline_t", [], as: Int64.self) == 2)
            }
            #expect(throws: GaveUp.self) {
                try db.transaction { c in
                    try c.runLater("INSERT INTO pipeline_t VALUES (?)", [Int64(3)])
                    throw GaveUp()
                }
            }
            #expect(try db.read { try $0.scalar("SELECT count(*) FROM pipeline_t", [], as: Int64.self) } == 2)
            #expect(try db.withConnection { $0.isIdleAndAlive })
        }
    }
}
