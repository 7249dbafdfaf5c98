import Foundation

// Trades, their votes, traded picks and the trading block.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol TradeStoreReader {
    /// A league's trades, oldest first, each with its vote count (never who voted).
    func trades(in league: LeagueID) throws -> [Trade]
    /// The teams that voted against a trade: only for the one-vote-per-team rule, never shown.
    func tradeVoters(_ trade: TradeID) throws -> [TeamID]
    /// The traded picks of a league's draft with their owners now (a pick not listed is its original team's).
    func pickOwners(in league: LeagueID) throws -> [DraftPickRef: TeamID]
    /// The traded future picks (of later seasons than the league's own, `DraftPickRef.season` set) with their owners
    /// now (a future pick not listed is its original team's).
    func futurePickOwners(in league: LeagueID) throws -> [DraftPickRef: TeamID]
    /// Each team's players on the trading block, those still on its roster only.
    func tradingBlock(in league: LeagueID) throws -> [TeamID: Set<PlayerID>]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol TradeStoreWriter: TradeStoreReader {
    /// Stores a new trade with its items (players and picks each way, drops); its id is assigned; returns it.
    func insertTrade(_ trade: Trade) throws -> TradeID
    /// Stores a trade's state, times, threshold and reason (its items never change).
    func updateTrade(_ trade: Trade) throws
    /// One vote against a trade by a team; `DomainError.conflict` when that team already voted.
    func insertTradeVote(_ trade: TradeID, team: TeamID, at: Date) throws
    /// Puts a team's player on its trading block (`on`, kept if already there) or takes him off.
    func setTradingBlock(_ player: PlayerID, team: TeamID, in league: LeagueID, on: Bool, at: Date) throws
    /// Takes players off every trading block of the league (they changed teams).
    func removeFromTradingBlocks(_ players: [PlayerID], in league: LeagueID) throws
    /// Who makes a (round, original team) pick from now on (its original team again removes the row); a pick with a
    /// season is a future pick of that season.
    func setPickOwner(_ pick: DraftPickRef, owner: TeamID, in league: LeagueID) throws
}
