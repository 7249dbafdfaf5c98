import Foundation

extension Endpoints {
    /// The league's activity feed: every transaction and league event as a line with its time, newest first.
    public enum Activity {
        /// `?before=ID` pages back from a line, `?limit=N` (1–200, 50 by default), `?kind=` one of `ActivityKind`'s
        /// names (moves, waivers, trades, keepers, draft, corrections). Readable by whoever can read the league.
        public static let activity = Endpoint<At.Activity, Wire.Empty, ActivityFeed>.read("activity", "/v1/leagues/{league}/activity") { c, a in
            try c.service.activity.activity(a.league, kind: a.kind, before: a.before, limit: a.limit, caller: c.caller)
        }

        static let all: [any AnyEndpoint] = [activity]
    }
}

extension At {
    /// The activity feed: a page before a line (nil: the newest), of one kind or all, up to a number of lines.
    public struct Activity: EndpointAddress {
        public var league: LeagueID, kind: ActivityKind?, before: Int64?, limit: Int?
        public init(_ league: LeagueID, kind: ActivityKind? = nil, before: Int64? = nil, limit: Int? = nil) {
            self.league = league; self.kind = kind; self.before = before; self.limit = limit
        }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) {
            league = try raw.league
            kind = try raw.optional("kind", ActivityKind.self)
            before = try raw.optionalInt("before").map(Int64.init)
            limit = try raw.optionalInt("limit")
        }
        public var raw: RawAddress {
            var q: [String: String] = [:]
            q["kind"] = kind?.rawValue
            q["before"] = before.map { "\($0)" }
            q["limit"] = limit.map { "\($0)" }
            return RawAddress(path: ["league": "\(league.rawValue)"], query: q)
        }
    }
}

extension LeagueTransport {
    /// A page of league `league`'s activity feed, newest first (`Endpoints.Activity.activity`).
    public func activity(_ league: LeagueID, kind: ActivityKind? = nil, before: Int64? = nil, limit: Int? = nil) async throws -> ActivityFeed {
        try await call(Endpoints.Activity.activity, At.Activity(league, kind: kind, before: before, limit: limit))
    }
}
