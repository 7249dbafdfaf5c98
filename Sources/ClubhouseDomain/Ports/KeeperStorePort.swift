import Foundation

// Keepers declared for a renewed season.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol KeeperStoreReader {
    /// A league's declared keepers, by team then declaration order.
    func keepers(in league: LeagueID) throws -> [Keeper]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol KeeperStoreWriter: KeeperStoreReader {
    /// Replaces a team's keepers with `keepers` (empty: none).
    func setKeepers(_ keepers: [Keeper], team: TeamID, in league: LeagueID) throws
}
