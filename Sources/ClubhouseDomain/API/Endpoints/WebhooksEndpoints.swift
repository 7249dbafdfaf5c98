import Foundation

extension Endpoints {
    /// A league's outgoing webhooks (Discord, Slack, or JSON receivers of the activity feed). Commissioner only: every
    /// one refuses anyone else with `.forbidden("Only the commissioner can …")`.
    public enum Webhooks {
        /// The league's hooks, oldest first, with their state and latest delivery attempts; never their secrets.
        public static let webhooks = Endpoint<At.League, Wire.Empty, [WebhookView]>.leagueRead("webhooks", "/v1/leagues/{league}/webhooks") { try $0.webhooks.webhooks($1, caller: $2) }
        /// Adds a hook; answers its id and secret (shown this once).
        public static let addWebhook = Endpoint<At.League, Wire.NewWebhook, WebhookCreated>.gated(
            "addWebhook", .post, "/v1/leagues/{league}/webhooks", idempotent: true,
            Commissioner.words("Webhook added — copy its secret now, it isn't shown again")
        ) { c, a, b in try c.service.webhooks.addWebhook(a.league, url: b.url, kinds: b.kinds, format: b.format, caller: c.caller) }
        public static let deleteWebhook = Endpoint<At.Webhook, Wire.Empty, Wire.Empty>.gated(
            "deleteWebhook", .delete, "/v1/leagues/{league}/webhooks/{hook}", Commissioner.words("Webhook removed")
        ) { c, a, _ in try c.service.webhooks.deleteWebhook(a.league, hook: a.hook, caller: c.caller); return Wire.Empty() }

        static let all: [any AnyEndpoint] = [webhooks, addWebhook, deleteWebhook]
    }
}

extension Wire {
    /// A new webhook: its https URL, the feed kinds it posts, its receiver's format.
    public struct NewWebhook: Codable, Hashable, Sendable {
        public var url: String, kinds: [ActivityKind], format: WebhookFormat
        public init(url: String, kinds: [ActivityKind], format: WebhookFormat) { self.url = url; self.kinds = kinds; self.format = format }
    }
}

extension At {
    /// One webhook of a league.
    public struct Webhook: EndpointAddress {
        public var league: LeagueID, hook: Int64
        public init(_ league: LeagueID, hook: Int64) { self.league = league; self.hook = hook }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) { league = try raw.league; hook = try raw.id("hook") }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)", "hook": "\(hook)"]) }
    }
}

extension LeagueTransport {
    /// League `league`'s webhooks (`Endpoints.Webhooks.webhooks`).
    public func webhooks(_ league: LeagueID) async throws -> [WebhookView] { try await call(Endpoints.Webhooks.webhooks, At.League(league)) }
    /// Adds a webhook (`Endpoints.Webhooks.addWebhook`).
    public func addWebhook(_ league: LeagueID, url: String, kinds: [ActivityKind], format: WebhookFormat) async throws -> WebhookCreated {
        try await call(Endpoints.Webhooks.addWebhook, At.League(league), Wire.NewWebhook(url: url, kinds: kinds, format: format))
    }
    /// Removes a webhook (`Endpoints.Webhooks.deleteWebhook`).
    public func deleteWebhook(_ league: LeagueID, hook: Int64) async throws {
        _ = try await call(Endpoints.Webhooks.deleteWebhook, At.Webhook(league, hook: hook))
    }
}
