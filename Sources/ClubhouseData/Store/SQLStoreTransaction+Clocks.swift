import ClubhouseDomain
import Foundation

/// The SQL of `ClockStoreWriter` and its reads: each league's running clock (a row of `league_clock_runs`) and the
/// clock drivers' heartbeat, one row of `meta` (seconds since 1970 as text) — a row overwritten every few seconds, not
/// an event per beat, and no schema change on either database.
protocol ClockSQL: SQLStatements, ClockStoreWriter {}

extension ClockSQL {
    func clockRun(_ league: LeagueID) throws -> ClockRun? {
        var out: ClockRun?
        try each("SELECT speed, ticked_at FROM league_clock_runs WHERE league_id = ?", [league]) { s in
            out = ClockRun(leagueID: league, speed: ClockSpeed(rawValue: s.int(at: 0)) ?? .off, tickedAt: Date(timeIntervalSince1970: s.double(at: 1)))
        }
        return out
    }

    func runningClocks() throws -> [ClockRun] {
        var out: [ClockRun] = []
        try each("SELECT league_id, speed, ticked_at FROM league_clock_runs WHERE speed > 0 ORDER BY league_id") { s in
            out.append(ClockRun(leagueID: LeagueID(Int64(s.int(at: 0))), speed: ClockSpeed(rawValue: s.int(at: 1)) ?? .off,
                                tickedAt: Date(timeIntervalSince1970: s.double(at: 2))))
        }
        return out
    }

    func setClockRun(_ r: ClockRun) throws {
        try run("""
            INSERT INTO league_clock_runs(league_id, speed, ticked_at) VALUES (?, ?, ?)
            ON CONFLICT(league_id) DO UPDATE SET speed = excluded.speed, ticked_at = excluded.ticked_at
            """, [r.leagueID, r.speed.rawValue, r.tickedAt])
    }

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
