import Foundation

/// One row of the append-only events log: something happened in a league that other clients should see.
/// Each kind has one payload type (`LeagueEvent+Body.swift`); adding a kind touches only this folder.
public struct LeagueEvent: Hashable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case leagueCreated = "league.created", leagueUpdated = "league.updated", memberJoined = "member.joined",
             joinRequested = "join.requested", joinDecided = "join.decided", joinWithdrawn = "join.withdrawn", memberLeft = "member.left",
             draftScheduled = "draft.scheduled", draftStarted = "draft.started", draftPaused = "draft.paused",
             draftResumed = "draft.resumed", pickMade = "draft.pick", pickUndone = "draft.undo", draftCompleted = "draft.completed",
             queueChanged = "draft.queue", chat = "draft.chat", autopickToggled = "draft.autopick",
             lineupChanged = "lineup.changed", playerAdded = "roster.add", playerDropped = "roster.drop",
             claimPlaced = "waiver.claim", waiversProcessed = "waiver.processed", clockAdvanced = "clock.advanced",
             matchupsFinalized = "matchups.finalized",
             claimCancelled = "waiver.cancel", claimsReordered = "waiver.reorder", inviteChanged = "invite.changed",
             draftOrderSet = "draft.order", seasonUpdated = "season.updated",
             tradeProposed = "trade.proposed", tradeAccepted = "trade.accepted", tradeRejected = "trade.rejected",
             tradeWithdrawn = "trade.withdrawn", tradeCountered = "trade.countered", tradeExpired = "trade.expired",
             tradeVoteCast = "trade.vote", tradeVetoed = "trade.vetoed", tradeExecuted = "trade.executed",
             tradeInvalidated = "trade.invalidated", tradeReversed = "trade.reversed", tradingBlockChanged = "trade.block",
             auctionNominated = "auction.nominated", auctionBid = "auction.bid", auctionSold = "auction.sold",
             draftClockRestored = "draft.restored", leagueRenewed = "league.renewed",
             chatRemoved = "chat.removed", chatReacted = "chat.reaction", keepersSet = "keepers.set",
             lineupRefused = "lineup.refused", closeGame = "game.close", leadChanged = "game.lead", starterOut = "starter.out",
             taxiMoved = "taxi.moved"
    }
    /// Monotonic id; followers resume after the last id they saw.
    public var id: Int64
    public var leagueID: LeagueID
    public var kind: Kind
    /// Small JSON payload describing the change: the kind's `Body` encoded by `LeagueEvent.encode(_:)`.
    /// Kept as text so the server streams and stores it as written; read it through `decodedBody()`.
    public var payload: String
    public var at: Date
    public init(id: Int64, leagueID: LeagueID, kind: Kind, payload: String, at: Date) {
        self.id = id; self.leagueID = leagueID; self.kind = kind; self.payload = payload; self.at = at
    }
}
