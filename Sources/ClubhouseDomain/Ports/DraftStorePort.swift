import Foundation

// A league's draft: its settings row, picks and each team's queue.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol DraftStoreReader {
    func draft(in league: LeagueID) throws -> Draft?
    func picks(in league: LeagueID) throws -> [Pick]
    func queue(team: TeamID) throws -> [PlayerID]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol DraftStoreWriter: DraftStoreReader {
    func setDraft(_ draft: Draft) throws
    /// A pick number or player already taken (the pick-number check) fails the write with `DomainError.conflict`: thrown
    /// by this call, or — on a store that sends writes together — by a later call of the same transaction, its commit at
    /// the latest. The write gives up then (a lost race is never gone on from).
    func insertPick(_ pick: Pick, in league: LeagueID) throws
    func deletePicks(in league: LeagueID, from number: Int) throws
    func setQueue(team: TeamID, players: [PlayerID]) throws
    /// Takes `player` off the queue of every team in `league` (a player just drafted or sold), in one statement.
    func removeFromQueues(player: PlayerID, in league: LeagueID) throws
}
