import Foundation

// A league's outgoing webhooks: the hooks, each one's place in the league's event log, its delivery log.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol WebhookStoreReader {
    /// A league's webhooks, oldest first.
    func webhooks(in league: LeagueID) throws -> [Webhook]
    /// One webhook of a league (nil: it has none with that id).
    func webhook(_ id: Int64, in league: LeagueID) throws -> Webhook?
    /// Active webhooks of every league whose retry, if any, is due at `now` and whose league has events after their
    /// cursor: what the delivery worker looks at next.
    func webhooksDue(at now: Date) throws -> [Webhook]
    /// A hook's latest delivery attempts, newest first.
    func webhookDeliveries(_ hook: Int64, limit: Int) throws -> [WebhookDelivery]
    /// League `league`'s events of `kinds` with ids above `after`, oldest first, at most `limit` (what a webhook posts next).
    func events(in league: LeagueID, kinds: [LeagueEvent.Kind], after: Int64, limit: Int) throws -> [LeagueEvent]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol WebhookStoreWriter: WebhookStoreReader {
    /// Stores a new webhook (its `id` is ignored); returns its id.
    func insertWebhook(_ hook: Webhook) throws -> Int64
    func deleteWebhook(_ id: Int64) throws
    /// Stores a hook's progress: its cursor, state, failing streak and next attempt.
    func updateWebhookProgress(_ hook: Webhook) throws
    /// Takes hook `id` for `holder` until `until` unless another holder has it past `now`; true when taken (one
    /// process posts a hook's events, however many share the database).
    func leaseWebhook(_ id: Int64, holder: String, until: Date, now: Date) throws -> Bool
    /// Appends an attempt to a hook's delivery log, keeping its latest `WebhookRules.deliveriesKept`.
    func appendWebhookDelivery(_ hook: Int64, _ delivery: WebhookDelivery) throws
}
