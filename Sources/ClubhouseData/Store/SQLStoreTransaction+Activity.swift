import ClubhouseDomain
import Foundation

/// `SQLStoreTransaction`: the event log read back for the activity feed (the same SQL on SQLite and PostgreSQL; the
/// `events_by_league` index serves it).
extension SQLStoreTransaction {
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
}
