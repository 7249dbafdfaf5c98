import ClubhouseDomain
import Foundation

/// The SQL of `WebhookStoreWriter` and its reads: a league's webhooks, their progress through the event log, their
/// delivery logs (the same SQL on SQLite and PostgreSQL).
protocol WebhookSQL: SQLStatements, WebhookStoreWriter {}

extension WebhookSQL {
    static var webhookColumns: String { """
        SELECT id, league_id, url, kinds, format, secret, created_at, cursor_event, state, paused_at, failing_since, attempts,
               next_attempt_at FROM webhooks
        """ }

    static func webhook(_ s: some SQLRowCursor) -> Webhook {
        Webhook(id: s.int64(at: 0), league: LeagueID(s.int64(at: 1)), url: s.string(at: 2),
                kinds: s.string(at: 3).split(separator: ",").compactMap { ActivityKind(rawValue: String($0)) },
                format: WebhookFormat(rawValue: s.string(at: 4)) ?? .json, secret: s.string(at: 5),
                createdAt: Date(timeIntervalSince1970: s.double(at: 6)), cursor: s.int64(at: 7),
                state: WebhookState(rawValue: s.string(at: 8)) ?? .active, pausedAt: s.date(at: 9), failingSince: s.date(at: 10),
                attempts: s.int(at: 11), nextAttemptAt: s.date(at: 12))
    }

    private func hooks(_ sql: String, _ params: [(any SQLBindable)?]) throws -> [Webhook] {
        var out: [Webhook] = []
        try each("\(Self.webhookColumns) \(sql)", params) { out.append(Self.webhook($0)) }
        return out
    }

    func webhooks(in league: LeagueID) throws -> [Webhook] { try hooks("WHERE league_id = ? ORDER BY id", [league]) }

    func webhook(_ id: Int64, in league: LeagueID) throws -> Webhook? { try hooks("WHERE id = ? AND league_id = ?", [id, league]).first }

    func webhooksDue(at now: Date) throws -> [Webhook] {
        try hooks("""
            WHERE state = 'active' AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
              AND EXISTS (SELECT 1 FROM events e WHERE e.league_id = webhooks.league_id AND e.id > webhooks.cursor_event)
            ORDER BY id
            """, [now])
    }

    func webhookDeliveries(_ hook: Int64, limit: Int) throws -> [WebhookDelivery] {
        var out: [WebhookDelivery] = []
        try each("SELECT at, event_id, attempt, status, error FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT ?",
                 [hook, limit]) { s in
            out.append(WebhookDelivery(at: Date(timeIntervalSince1970: s.double(at: 0)), event: s.int64(at: 1), attempt: s.int(at: 2),
                                       status: s.optionalInt(at: 3), error: s.optionalString(at: 4)))
        }
        return out
    }

    func events(in league: LeagueID, kinds: [LeagueEvent.Kind], after: Int64, limit: Int) throws -> [LeagueEvent] {
        guard !kinds.isEmpty, limit > 0 else { return [] }
        let marks = Array(repeating: "?", count: kinds.count).joined(separator: ", ")
        var out: [LeagueEvent] = []
        let params: [(any SQLBindable)?] = [league, after] + kinds.map { $0.rawValue as (any SQLBindable)? } + [limit]
        try each("SELECT id, kind, payload, at FROM events WHERE league_id = ? AND id > ? AND kind IN (\(marks)) ORDER BY id LIMIT ?", params) { s in
            guard let kind = LeagueEvent.Kind(rawValue: s.string(at: 1)) else { return }
            out.append(LeagueEvent(id: s.int64(at: 0), leagueID: league, kind: kind, payload: s.string(at: 2),
                                   at: Date(timeIntervalSince1970: s.double(at: 3))))
        }
        return out
    }

    func insertWebhook(_ h: Webhook) throws -> Int64 {
        try insert("""
            INSERT INTO webhooks (league_id, url, kinds, format, secret, created_at, cursor_event, state, attempts)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)
            """, [h.league, h.url, h.kinds.map(\.rawValue).joined(separator: ","), h.format.rawValue, h.secret, h.createdAt, h.cursor,
                  h.state.rawValue])
    }

    func deleteWebhook(_ id: Int64) throws {
        try run("DELETE FROM webhook_deliveries WHERE webhook_id = ?", [id])
        try run("DELETE FROM webhooks WHERE id = ?", [id])
    }

    func updateWebhookProgress(_ h: Webhook) throws {
        try run("""
            UPDATE webhooks SET cursor_event = ?, state = ?, paused_at = ?, failing_since = ?, attempts = ?, next_attempt_at = ? WHERE id = ?
            """, [h.cursor, h.state.rawValue, h.pausedAt, h.failingSince, h.attempts, h.nextAttemptAt, h.id])
    }

    func leaseWebhook(_ id: Int64, holder: String, until: Date, now: Date) throws -> Bool {
        try run("""
            UPDATE webhooks SET lease_holder = ?, lease_until = ?
            WHERE id = ? AND (lease_holder IS NULL OR lease_holder = ? OR lease_until IS NULL OR lease_until <= ?)
            """, [holder, until, id, holder, now]) > 0
    }

    func appendWebhookDelivery(_ hook: Int64, _ d: WebhookDelivery) throws {
        _ = try insert("INSERT INTO webhook_deliveries (webhook_id, event_id, at, attempt, status, error) VALUES (?, ?, ?, ?, ?, ?)",
                       [hook, d.event, d.at, d.attempt, d.status, d.error])
        try run("""
            DELETE FROM webhook_deliveries WHERE webhook_id = ? AND id <= (
                SELECT id FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
            """, [hook, hook, WebhookRules.deliveriesKept])
    }
}
