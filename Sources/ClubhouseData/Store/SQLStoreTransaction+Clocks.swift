import ClubhouseDomain
import Foundation

/// `SQLStoreTransaction`: the clock drivers' heartbeat, one row of `meta` (seconds since 1970 as text) — a row
/// overwritten every few seconds, not an event per beat, and no schema change on either database.
extension SQLStoreTransaction {
    static var heartbeatKey: String { "clock_heartbeat" }

    func clockHeartbeat() throws -> Date? {
        try scalar("SELECT value FROM meta WHERE key = ?", [Self.heartbeatKey], as: String.self)
            .flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }

    func setClockHeartbeat(_ at: Date) throws {
        try run("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [Self.heartbeatKey, String(at.timeIntervalSince1970)])
    }
}
