import ClubhouseDomain
import Foundation

/// The SQL of `EventStoreWriter` and its reads: the event log — its end, the activity feed's read (the same SQL on
/// SQLite and PostgreSQL; the `events_by_league` index serves it) and the append every change makes.
protocol EventSQL: SQLStatements, EventStoreWriter {}

extension EventSQL {
    func lastEventID() throws -> Int64 { try scalar("SELECT COALESCE(MAX(id), 0) FROM events", as: Int64.self) ?? 0 }

    func lastEventID(league: LeagueID) throws -> Int64 {
        try scalar("SELECT COALESCE(MAX(id), 0) FROM events WHERE league_id = ?", [league], as: Int64.self) ?? 0
    }

    func events(in league: LeagueID, kinds: [LeagueEvent.Kind], before: Int64?, limit: Int) throws -> [LeagueEvent] {
        guard !kinds.isEmpty, limit > 0 else { return [] }
        let marks = Array(repeating: "?", count: kinds.count).joined(separator: ", ")
        var params: [(any SQLBindable)?] = [league]
        var sql = "SELECT id, kind, payload, at FROM events WHERE league_id = ?"
        if let before { sql += " AND id < ?"; params.append(before) }
        sql += " AND kind IN (\(marks)) ORDER BY id DESC LIMIT ?"
        params += kinds.map { $0.rawValue as (any SQLBindable)? }
        params.append(limit)
        var out: [LeagueEvent] = []
        try each(sql, params) { s in
            guard let kind = LeagueEvent.Kind(rawValue: s.string(at: 1)) else { return }
            out.append(LeagueEvent(id: s.int64(at: 0), leagueID: league, kind: kind, payload: s.string(at: 2),
                                   at: Date(timeIntervalSince1970: s.double(at: 3))))
        }
        return out
    }

    func appendEvent(league: LeagueID, kind: LeagueEvent.Kind, payload: String, at: Date) throws {
        memo.wrote("INSERT INTO events")
        try session.appendEvent([league, kind.rawValue, payload, at])
    }
}
