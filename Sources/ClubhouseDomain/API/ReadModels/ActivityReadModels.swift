import Foundation

/// The kinds the activity feed filters by (`GET /v1/leagues/{l}/activity?kind=…`). Each groups the stored events it is
/// made of (`ActivityKind.events`); chat is not part of the feed (it has its own page).
public enum ActivityKind: String, Codable, Sendable, CaseIterable {
    /// Free-agent adds and drops (`roster.add`, `roster.drop`).
    case moves
    /// Waiver runs with the claims they awarded and, in FAAB leagues, the winning bids (`waiver.processed`).
    case waivers
    /// Trades proposed, executed, vetoed (and reversed, invalidated) — proposals and vetoes only to members, as on the
    /// Trades page.
    case trades
    /// Keepers declared for the next season (`keepers.set`).
    case keepers
    /// Draft picks, and auction sales (`draft.pick`, `auction.sold`).
    case draft
    /// Final scores changed by newer stats (`season.updated` with corrections).
    case corrections
    /// A week made final: its high and low score and its closest game, from the stored results (`matchups.final`).
    case results
    /// Lineup moves refused because the player's game had kicked off (`lineup.refused`; only to the team's manager).
    case refusedLineups
    /// A matchup within `LiveLines.closeMargin` with its last quarter under way (`game.close`).
    case closeGames
    /// The lead of a matchup changing in its final two minutes (`game.lead`).
    case leadChanges
    /// A team's starter ruled out by the week's injury report before his game (`starter.out`).
    case startersOut

    /// The stored event kinds this feed kind is made of.
    public var events: [LeagueEvent.Kind] {
        switch self {
        case .moves: [.playerAdded, .playerDropped]
        case .waivers: [.waiversProcessed]
        case .trades: [.tradeProposed, .tradeExecuted, .tradeVetoed, .tradeReversed, .tradeInvalidated]
        case .keepers: [.keepersSet]
        case .draft: [.pickMade, .auctionSold]
        case .corrections: [.seasonUpdated]
        case .results: [.matchupsFinalized]
        case .refusedLineups: [.lineupRefused]
        case .closeGames: [.closeGame]
        case .leadChanges: [.leadChanged]
        case .startersOut: [.starterOut]
        }
    }

    /// The feed kind a stored event belongs to (nil: not part of the feed).
    public init?(event: LeagueEvent.Kind) {
        guard let k = Self.allCases.first(where: { $0.events.contains(event) }) else { return nil }
        self = k
    }

    /// "Adds & drops", for the page's filter.
    public var title: String {
        switch self {
        case .moves: "Adds & drops"
        case .waivers: "Waivers"
        case .trades: "Trades"
        case .keepers: "Keepers"
        case .draft: "Draft"
        case .corrections: "Score corrections"
        case .results: "Weekly results"
        case .refusedLineups: "Refused lineup changes"
        case .closeGames: "Close games"
        case .leadChanges: "Late lead changes"
        case .startersOut: "Starters ruled out"
        }
    }
}

/// One line of a league's activity feed: one stored event, told in a sentence.
public struct ActivityLine: Hashable, Codable, Sendable, Identifiable {
    /// The event's id in the league's event log (newer lines have larger ids).
    public var id: Int64
    /// When it happened (the event's time).
    public var at: Date
    public var kind: ActivityKind
    /// The stored event kind it was made from ("trade.executed", "draft.pick").
    public var event: LeagueEvent.Kind
    /// "Bytes added Chris Godwin (WR TB), dropped Jameis Winston (QB TB)".
    public var text: String
    /// Lines under it: a waiver run's awarded claims, a trade's sides, a correction per team.
    public var details: [String]
    /// The teams it is about.
    public var teams: [TeamID]

    public init(id: Int64, at: Date, kind: ActivityKind, event: LeagueEvent.Kind, text: String, details: [String] = [], teams: [TeamID] = []) {
        self.id = id; self.at = at; self.kind = kind; self.event = event; self.text = text; self.details = details; self.teams = teams
    }
}

/// A page of the activity feed, newest first.
public struct ActivityFeed: Hashable, Codable, Sendable {
    public var lines: [ActivityLine]
    /// Ask `?before=` this for the page after this one (nil: this page reaches the league's first event).
    public var before: Int64?
    /// The newest line of the whole feed as this caller may see it, whatever the filter (nil: the feed is empty): what
    /// the app keeps as "seen" when the person looks.
    public var newest: Int64?

    public init(lines: [ActivityLine], before: Int64?, newest: Int64?) { self.lines = lines; self.before = before; self.newest = newest }

    /// Lines per page when the request doesn't say, and at most.
    public static let defaultLimit = 50
    public static let maxLimit = 200
}
