import Foundation

/// The typed payload of one event kind. Encoded with `JSONEncoder` (never by string interpolation), so a league
/// named `a"b` or with a newline round-trips; the JSON keys are the wire format (the server streams them and the
/// events table holds old rows), so a body's coding keys never change.
public protocol LeagueEventBody: Codable, Hashable, Sendable {
    static var kind: LeagueEvent.Kind { get }
}

extension LeagueEvent.Kind {
    /// The payload type of this kind; the switch is exhaustive, so a new kind must name its body here.
    public var bodyType: any LeagueEventBody.Type {
        switch self {
        case .leagueCreated: LeagueEvent.LeagueCreated.self
        case .leagueUpdated: LeagueEvent.LeagueUpdated.self
        case .leagueRenewed: LeagueEvent.LeagueRenewed.self
        case .keepersSet: LeagueEvent.KeepersSet.self
        case .taxiMoved: LeagueEvent.TaxiMoved.self
        case .memberJoined: LeagueEvent.MemberJoined.self
        case .joinRequested: LeagueEvent.JoinRequested.self
        case .joinDecided: LeagueEvent.JoinDecided.self
        case .joinWithdrawn: LeagueEvent.JoinWithdrawn.self
        case .memberLeft: LeagueEvent.MemberLeft.self
        case .inviteChanged: LeagueEvent.InviteChanged.self
        case .draftScheduled: LeagueEvent.DraftScheduled.self
        case .draftOrderSet: LeagueEvent.DraftOrderSet.self
        case .draftStarted: LeagueEvent.DraftStarted.self
        case .draftPaused: LeagueEvent.DraftPaused.self
        case .draftResumed: LeagueEvent.DraftResumed.self
        case .draftClockRestored: LeagueEvent.DraftClockRestored.self
        case .pickMade: LeagueEvent.PickMade.self
        case .pickUndone: LeagueEvent.PickUndone.self
        case .draftCompleted: LeagueEvent.DraftCompleted.self
        case .queueChanged: LeagueEvent.QueueChanged.self
        case .chat: LeagueEvent.Chat.self
        case .chatRemoved: LeagueEvent.ChatRemoved.self
        case .chatReacted: LeagueEvent.ChatReacted.self
        case .autopickToggled: LeagueEvent.AutopickToggled.self
        case .lineupChanged: LeagueEvent.LineupChanged.self
        case .lineupRefused: LeagueEvent.LineupRefused.self
        case .closeGame: LeagueEvent.CloseGame.self
        case .leadChanged: LeagueEvent.LeadChanged.self
        case .starterOut: LeagueEvent.StarterOut.self
        case .playerAdded: LeagueEvent.PlayerAdded.self
        case .playerDropped: LeagueEvent.PlayerDropped.self
        case .claimPlaced: LeagueEvent.ClaimPlaced.self
        case .claimCancelled: LeagueEvent.ClaimCancelled.self
        case .claimsReordered: LeagueEvent.ClaimsReordered.self
        case .waiversProcessed: LeagueEvent.WaiversProcessed.self
        case .clockAdvanced: LeagueEvent.ClockAdvanced.self
        case .matchupsFinalized: LeagueEvent.MatchupsFinalized.self
        case .seasonUpdated: LeagueEvent.SeasonUpdated.self
        case .tradeProposed: LeagueEvent.TradeProposed.self
        case .auctionNominated: LeagueEvent.AuctionNominated.self
        case .auctionBid: LeagueEvent.AuctionBidPlaced.self
        case .auctionSold: LeagueEvent.AuctionSold.self
        case .tradeAccepted: LeagueEvent.TradeAccepted.self
        case .tradeRejected: LeagueEvent.TradeRejected.self
        case .tradeWithdrawn: LeagueEvent.TradeWithdrawn.self
        case .tradeCountered: LeagueEvent.TradeCountered.self
        case .tradeExpired: LeagueEvent.TradeExpired.self
        case .tradeVoteCast: LeagueEvent.TradeVoteCast.self
        case .tradeVetoed: LeagueEvent.TradeVetoed.self
        case .tradeExecuted: LeagueEvent.TradeExecuted.self
        case .tradeInvalidated: LeagueEvent.TradeInvalidated.self
        case .tradingBlockChanged: LeagueEvent.TradingBlockChanged.self
        case .tradeReversed: LeagueEvent.TradeReversed.self
        }
    }
}

extension LeagueEvent {
    /// The one way a payload is written.
    public static func encode(_ body: some LeagueEventBody) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(body), as: UTF8.self)
    }

    /// This event's payload as its kind's body type.
    public func decodedBody() throws -> any LeagueEventBody {
        try JSONDecoder().decode(kind.bodyType, from: Data(payload.utf8))
    }

    /// This event's payload as `B`, or nil when the event is of another kind.
    public func decodedBody<B: LeagueEventBody>(as type: B.Type) throws -> B? {
        guard kind == B.kind else { return nil }
        return try JSONDecoder().decode(B.self, from: Data(payload.utf8))
    }
}

extension LeagueStoreWriter {
    /// Appends `body` as an event of its kind, in the same transaction as the change it reports.
    public func appendEvent(league: LeagueID, _ body: some LeagueEventBody, at: Date) throws {
        try appendEvent(league: league, kind: type(of: body).kind, payload: LeagueEvent.encode(body), at: at)
    }
}
