import Foundation

// Who gets an event, beyond who may read its league (`LeagueReaders`): the same rule as the REST read of the same
// thing. An event stream, live or replayed, over HTTP or embedded, passes every event through `EventViews` first.

/// Which readers of a league get events of one kind.
public enum EventAudience: Hashable, Sendable {
    /// Everyone who may read the league (its pages show the same thing).
    case readers
    /// Its members only: the commissioner and the team managers (REST shows trades still being negotiated, in review
    /// or undone only to them).
    case members
    /// Only the parties the payload names (`EventParties`): a team's own queue and waiver claims go to its manager,
    /// a join request to the commissioner and the person asking.
    case parties
    /// Everyone who may read the league, with the parties' private part left out for the others (an auction bid
    /// placed by a team's hidden maximum is, to everyone else, a bid).
    case readersRedacted
}

extension LeagueEvent.Kind {
    /// The audience of each kind; the switch is exhaustive, so a new kind must declare its own.
    public var audience: EventAudience {
        switch self {
        case .leagueCreated, .leagueUpdated, .leagueRenewed, .keepersSet, .taxiMoved, .memberJoined, .memberLeft, .inviteChanged,
             .draftScheduled, .draftOrderSet, .draftStarted, .draftPaused, .draftResumed, .draftClockRestored, .pickMade, .pickUndone, .draftCompleted,
             .chat, .chatRemoved, .chatReacted, .autopickToggled, .lineupChanged, .playerAdded, .playerDropped, .waiversProcessed,
             .clockAdvanced, .matchupsFinalized, .seasonUpdated, .tradingBlockChanged, .tradeExecuted, .tradeReversed,
             .auctionNominated, .auctionSold, .closeGame, .leadChanged, .starterOut:
            .readers
        case .tradeProposed, .tradeAccepted, .tradeRejected, .tradeWithdrawn, .tradeCountered, .tradeExpired,
             .tradeVoteCast, .tradeVetoed, .tradeInvalidated:
            .members
        case .queueChanged, .claimPlaced, .claimCancelled, .claimsReordered, .joinRequested, .joinDecided, .joinWithdrawn, .lineupRefused:
            .parties
        case .auctionBid:
            .readersRedacted
        }
    }
}

/// The people an event is about, as its payload names them.
public struct EventParties: Hashable, Sendable {
    public var teams: Set<TeamID> = []
    public var users: Set<UserID> = []
    public var commissioner = false

    /// The parties of `event` (nil for a kind that has none, or a payload that doesn't decode: then nobody is one).
    public init?(_ event: LeagueEvent) {
        guard let body = try? event.decodedBody() else { return nil }
        switch body {
        case let b as LeagueEvent.QueueChanged: teams = [b.team]
        case let b as LeagueEvent.ClaimPlaced: teams = [b.team]
        case let b as LeagueEvent.ClaimCancelled: teams = [b.team]
        case let b as LeagueEvent.ClaimsReordered: teams = [b.team]
        case let b as LeagueEvent.JoinRequested: users = [b.user]; commissioner = true
        case let b as LeagueEvent.JoinDecided: users = [b.user]; commissioner = true
        case let b as LeagueEvent.JoinWithdrawn: users = [b.user]; commissioner = true
        case let b as LeagueEvent.AuctionBidPlaced: teams = [b.team]
        case let b as LeagueEvent.LineupRefused: teams = [b.team]
        default: return nil
        }
    }

    func include(_ viewer: EventViewer) -> Bool {
        guard let user = viewer.user else { return false }
        return users.contains(user) || (commissioner && viewer.isCommissioner) || !teams.isDisjoint(with: viewer.teams)
    }
}

/// What a caller is to one league: a member or not, the commissioner or not, and the teams they manage.
public struct EventViewer: Hashable, Sendable {
    public var user: UserID?
    public var isMember: Bool
    public var isCommissioner: Bool
    public var teams: Set<TeamID>
    public init(user: UserID?, isMember: Bool, isCommissioner: Bool, teams: Set<TeamID>) {
        self.user = user; self.isMember = isMember; self.isCommissioner = isCommissioner; self.teams = teams
    }
    public static let outsider = EventViewer(user: nil, isMember: false, isCommissioner: false, teams: [])
}

/// One event as each kind of reader may see it: worked out once per event, so a fan-out encodes at most two versions
/// (whole and redacted) however many streams it reaches.
public struct EventViews: Sendable {
    public enum Version: Sendable { case whole, redacted }
    public let whole: LeagueEvent
    public let audience: EventAudience
    /// For `.parties` and `.readersRedacted` (nil: nobody is a party).
    let parties: EventParties?
    /// For `.readersRedacted`: what everyone else gets (nil: the payload didn't decode — they get nothing).
    public let redacted: LeagueEvent?

    public init(_ event: LeagueEvent) {
        whole = event
        audience = event.kind.audience
        switch audience {
        case .readers, .members:
            parties = nil; redacted = nil
        case .parties:
            parties = EventParties(event); redacted = nil
        case .readersRedacted:
            parties = EventParties(event); redacted = Self.redact(event)
        }
    }

    /// Which version `viewer` (who may read the league) gets; nil: none.
    public func version(for viewer: EventViewer) -> Version? {
        switch audience {
        case .readers: .whole
        case .members: viewer.isMember ? .whole : nil
        case .parties: parties?.include(viewer) == true ? .whole : nil
        case .readersRedacted:
            parties?.include(viewer) == true ? .whole : (redacted == nil ? nil : .redacted)
        }
    }

    public func event(_ version: Version) -> LeagueEvent { version == .whole ? whole : (redacted ?? whole) }

    /// The event as `viewer` may see it; nil: not theirs to see.
    public func seen(by viewer: EventViewer) -> LeagueEvent? { version(for: viewer).map(event) }

    /// The event without what only its parties may know.
    static func redact(_ event: LeagueEvent) -> LeagueEvent? {
        guard var bid = try? event.decodedBody(as: LeagueEvent.AuctionBidPlaced.self) else { return nil }
        // That a team's hidden maximum placed the bid tells the others the maximum is higher still: theirs alone.
        bid.proxy = false
        guard let payload = try? LeagueEvent.encode(bid) else { return nil }
        var out = event
        out.payload = payload
        return out
    }
}
