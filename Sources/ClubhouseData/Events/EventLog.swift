import Foundation
import ClubhouseDomain

/// The append-only `events` table. Append in the same transaction as the write the event describes, so
/// an event exists exactly when its change does:
///
/// ```swift
/// try db.transaction { c in
///     try c.run("INSERT INTO picks …", […])
///     try EventLog.append(c, league: id, kind: .pickMade, payload: #"{"number":14}"#, at: now)
/// }
/// ```
/// Ids come from AUTOINCREMENT and writers are serialized by `BEGIN IMMEDIATE`, so ids become visible in
/// increasing order and "everything after id N" never misses a row.
public enum EventLog {
    /// Appends one event through `connection` (normally inside the caller's transaction); returns it with its id.
    @discardableResult
    public static func append(_ connection: Connection, league: LeagueID, kind: LeagueEvent.Kind, payload: String = "{}",
                              at: Date = Date()) throws -> LeagueEvent {
        try connection.run("INSERT INTO events(league_id, kind, payload, at) VALUES (?, ?, ?, ?)", [league, kind.rawValue, payload, at])
        return LeagueEvent(id: connection.lastInsertRowID, leagueID: league, kind: kind, payload: payload, at: at)
    }

    /// Appends one event in its own transaction (for events that accompany no other write).
    @discardableResult
    public static func append(_ db: Database, league: LeagueID, kind: LeagueEvent.Kind, payload: String = "{}",
                              at: Date = Date()) throws -> LeagueEvent {
        try db.transaction { try append($0, league: league, kind: kind, payload: payload, at: at) }
    }

    /// Events with id > `after`, oldest first, optionally of one league. Rows whose kind this build does
    /// not know (written by a newer app) are skipped.
    public static func events(_ connection: Connection, after: Int64, league: LeagueID? = nil, limit: Int = 1000) throws -> [LeagueEvent] {
        try scan(connection, after: after, league: league, limit: limit).events
    }

    /// Like `events`, also returning the highest id looked at (which moves past skipped rows). The same SQL on
    /// SQLite and PostgreSQL.
    package static func scan<S: StoreSQLSession>(_ session: S, after: Int64, league: LeagueID?, limit: Int) throws
        -> (events: [LeagueEvent], lastID: Int64, rows: Int) {
        var out: [LeagueEvent] = []
        var last = after
        var rows = 0
        let sql = league == nil
            ? "SELECT id, league_id, kind, payload, at FROM events WHERE id > ? ORDER BY id LIMIT ?"
            : "SELECT id, league_id, kind, payload, at FROM events WHERE id > ? AND league_id = ? ORDER BY id LIMIT ?"
        let params: [(any SQLBindable)?] = league.map { [after, $0, limit] } ?? [after, limit]
        try session.forEach(sql, params) { s in
            rows += 1
            last = s.int64(at: 0)
            guard let kind = LeagueEvent.Kind(rawValue: s.string(at: 2)) else { return }
            out.append(LeagueEvent(id: last, leagueID: LeagueID(s.int64(at: 1)), kind: kind, payload: s.string(at: 3),
                                   at: Date(timeIntervalSince1970: s.double(at: 4))))
        }
        return (out, last, rows)
    }

    /// The id after which at most `count` events (of `league`, or of all leagues) are stored; 0 when there are no
    /// more than `count`. One walk down the newest `count` ids of an index (`events_by_league` with a league, the
    /// primary key without): a resume from before it is further back than a stream replays. The same SQL on SQLite
    /// and PostgreSQL.
    package static func floor<S: StoreSQLSession>(_ session: S, keeping count: Int, league: LeagueID?) throws -> Int64 {
        let sql = league == nil
            ? "SELECT id FROM events ORDER BY id DESC LIMIT 1 OFFSET ?"
            : "SELECT id FROM events WHERE league_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?"
        let params: [(any SQLBindable)?] = league.map { [$0, max(0, count)] } ?? [max(0, count)]
        return try session.scalar(sql, params, as: Int64.self) ?? 0
    }

    public static func floor(_ db: Database, keeping count: Int, league: LeagueID? = nil) throws -> Int64 {
        try db.withConnection { try floor($0, keeping: count, league: league) }
    }

    public static func events(_ db: Database, after: Int64, league: LeagueID? = nil, limit: Int = 1000) throws -> [LeagueEvent] {
        try db.withConnection { try events($0, after: after, league: league, limit: limit) }
    }

    /// The newest event id (0 when there is none): start following from here to see only new events.
    public static func lastID(_ db: Database) throws -> Int64 {
        try db.scalar("SELECT max(id) FROM events", as: Int64.self) ?? 0
    }
}
