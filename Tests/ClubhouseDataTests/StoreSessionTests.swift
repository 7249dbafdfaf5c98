import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres

/// A request's session check on both databases: the session and its account in one read (`sessionAndUser`: one
/// statement, on PostgreSQL one round trip where a transaction took three) say what the transactional reads say — a
/// session and its account, a revoked one as revoked, an unknown token as nothing.
@Suite("Store: a session and its account in one read, on SQLite and PostgreSQL") struct StoreSessionTests {
    static let at = Date(timeIntervalSince1970: 1_566_475_200)

    static func check(_ store: any LeagueStore) throws {
        let (ann, bob) = try store.write { w in
            let ann = try w.insertUser(email: "ann@example.com", displayName: "Ann 👍", passwordHash: "!", at: at)
            let bob = try w.insertUser(email: "bob@example.com", displayName: "Bob", passwordHash: "!", at: at)
            try w.insertSession(SessionRecord(tokenHash: "aaaa", user: ann, createdAt: at, expiresAt: at.addingTimeInterval(3600)))
            try w.insertSession(SessionRecord(tokenHash: "bbbb", user: bob, createdAt: at, expiresAt: at.addingTimeInterval(60)))
            try w.revokeSession(tokenHash: "bbbb")
            return (ann, bob)
        }
        let one = try store.sessionAndUser(tokenHash: "aaaa")
        #expect(one?.session == SessionRecord(tokenHash: "aaaa", user: ann, createdAt: at, expiresAt: at.addingTimeInterval(3600)))
        #expect(one?.user == User(id: ann, email: "ann@example.com", displayName: "Ann 👍"))
        let revoked = try store.sessionAndUser(tokenHash: "bbbb")
        #expect(revoked?.session.revoked == true && revoked?.user.id == bob)
        #expect(try store.sessionAndUser(tokenHash: "cccc") == nil)
        // The same as the reads in a transaction.
        for hash in ["aaaa", "bbbb", "cccc"] {
            let apart = try store.read { r in try r.session(tokenHash: hash).map { s in (s, try r.user(s.user)) } }
            let together = try store.sessionAndUser(tokenHash: hash)
            #expect(together?.session == apart?.0 && together?.user == apart?.1, "\(hash)")
        }
    }

    @Test func onSQLite() throws {
        try Self.check(SQLiteLeagueStore(database: try seededMemoryDatabase()))
    }

    @Test(.enabled(if: ContractPostgres.url != nil, Comment(rawValue: StoreConflictTests.skipped)))
    func onPostgreSQL() throws {
        try ContractPostgres.withStore(Self.check)
    }
}
