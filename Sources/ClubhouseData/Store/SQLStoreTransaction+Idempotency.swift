import ClubhouseDomain
import Foundation

/// The SQL of `IdempotencyStoreWriter` and its reads: writes kept under an `Idempotency-Key` (schema v5), per
/// account and key.
protocol IdempotencySQL: SQLStatements, IdempotencyStoreWriter {}

extension IdempotencySQL {
    func idempotentRequest(user: UserID, key: String) throws -> IdempotentRequest? {
        var out: IdempotentRequest?
        try each("SELECT fingerprint, started_at, status, body FROM idempotent_requests WHERE user_id = ? AND key = ?", [user, key]) { s in
            let response = s.optionalInt(at: 2).map { IdempotentResponse(status: $0, body: s.optionalString(at: 3) ?? "") }
            out = IdempotentRequest(user: user, key: key, fingerprint: s.string(at: 0), startedAt: Date(timeIntervalSince1970: s.double(at: 1)),
                                    response: response)
        }
        return out
    }

    func insertIdempotentRequest(_ r: IdempotentRequest) throws -> Bool {
        // ON CONFLICT: two instances claiming one key at once — one row, and the loser is told the key is taken.
        try run("""
            INSERT INTO idempotent_requests (user_id, key, fingerprint, started_at, status, body) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id, key) DO NOTHING
            """, [r.user, r.key, r.fingerprint, r.startedAt, r.response?.status, r.response?.body]) == 1
    }

    func finishIdempotentRequest(user: UserID, key: String, response: IdempotentResponse) throws {
        try run("UPDATE idempotent_requests SET status = ?, body = ? WHERE user_id = ? AND key = ?", [response.status, response.body, user, key])
    }

    func deleteIdempotentRequest(user: UserID, key: String) throws {
        try run("DELETE FROM idempotent_requests WHERE user_id = ? AND key = ?", [user, key])
    }

    func deleteIdempotentRequests(before date: Date) throws {
        try run("DELETE FROM idempotent_requests WHERE started_at < ?", [date])
    }
}
