import Foundation

/// How a player came to a roster.
public enum Acquisition: String, Codable, Sendable {
    case draft, freeAgent = "free-agent", waiver, commissioner, trade
}

/// One player on a team's roster, in a slot.
public struct RosterEntry: Hashable, Codable, Sendable {
    public var playerID: PlayerID
    public var slot: Slot
    public var acquisition: Acquisition
    public var acquiredAt: Date
    public init(playerID: PlayerID, slot: Slot, acquisition: Acquisition, acquiredAt: Date) {
        self.playerID = playerID; self.slot = slot; self.acquisition = acquisition; self.acquiredAt = acquiredAt
    }
}

/// A team's roster: who is on it and in which slot.
public struct Roster: Hashable, Codable, Sendable {
    public var teamID: TeamID
    public var entries: [RosterEntry]
    public init(teamID: TeamID, entries: [RosterEntry] = []) { self.teamID = teamID; self.entries = entries }

    public var playerIDs: [PlayerID] { entries.map(\.playerID) }
    public func contains(_ player: PlayerID) -> Bool { entries.contains { $0.playerID == player } }
    public func entry(for player: PlayerID) -> RosterEntry? { entries.first { $0.playerID == player } }
    public var starters: [RosterEntry] { entries.filter { $0.slot.isStarter } }
}

/// A lineup for one week: the slot each rostered player was in (kept per week so past scores stay true).
public struct Lineup: Hashable, Codable, Sendable {
    public var teamID: TeamID
    public var week: Int
    public var slots: [PlayerID: Slot]
    public init(teamID: TeamID, week: Int, slots: [PlayerID: Slot]) { self.teamID = teamID; self.week = week; self.slots = slots }
}
