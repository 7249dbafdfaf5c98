import Foundation

// Rosters and saved lineups.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol RosterStoreReader {
    func rosters(in league: LeagueID) throws -> [Roster]
    /// Lineups saved for a week (a team without one plays its roster's current slots).
    func lineups(in league: LeagueID, week: Int) throws -> [Lineup]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol RosterStoreWriter: RosterStoreReader {
    func setRoster(_ roster: Roster) throws
    /// Adds one player to `team`'s roster in `league`. A player already on a roster of the league fails the write with
    /// `DomainError.conflict`: thrown by this call, or — on a store that sends writes together — by a later call of
    /// the same transaction, its commit at the latest. For a write that gives up on a conflict (a pick).
    func addRosterEntry(_ entry: RosterEntry, team: TeamID, in league: LeagueID) throws
    func setLineup(_ lineup: Lineup) throws
}
