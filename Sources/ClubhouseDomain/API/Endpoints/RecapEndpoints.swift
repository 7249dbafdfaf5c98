import Foundation

extension At {
    /// A final week's recap: `?week=N` is required.
    public struct Recap: EndpointAddress {
        public var league: LeagueID, week: Int
        public init(_ league: LeagueID, week: Int) { self.league = league; self.week = week }
        public init(_ raw: RawAddress) throws(RawAddress.Invalid) {
            league = try raw.league
            guard let week = try raw.optionalInt("week") else { throw RawAddress.Invalid(name: "week", expected: "a week number") }
            self.week = week
        }
        public var raw: RawAddress { RawAddress(path: ["league": "\(league.rawValue)"], query: ["week": "\(week)"]) }
    }
}

extension Endpoints {
    /// The weekly recap: a final week's high and low scores, blowout, closest game, bench and power rankings.
    public enum Recap {
        public static let recap = Endpoint<At.Recap, Wire.Empty, LeagueRecap>.read("recap", "/v1/leagues/{league}/recap") { c, a in
            try c.service.matchups.recap(a.league, week: a.week, caller: c.caller)
        }

        static let all: [any AnyEndpoint] = [recap]
    }
}

extension LeagueTransport {
    /// The recap of a final week of a league.
    public func recap(_ id: LeagueID, week: Int) async throws -> LeagueRecap { try await call(Endpoints.Recap.recap, At.Recap(id, week: week)) }
}
