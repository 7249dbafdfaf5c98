import Foundation

// The events log: every change's event, written in the change's transaction.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol EventStoreReader {
    func lastEventID() throws -> Int64
    /// The id of a league's newest event (0: none yet), read from the index of that league's events.
    func lastEventID(league: LeagueID) throws -> Int64
    /// League `league`'s events of `kinds` with ids below `before` (nil: the newest), newest first, at most `limit`
    /// (the activity feed's read of the event log).
    func events(in league: LeagueID, kinds: [LeagueEvent.Kind], before: Int64?, limit: Int) throws -> [LeagueEvent]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol EventStoreWriter: EventStoreReader {
    /// Appends to the events log in the same transaction as the change it reports.
    func appendEvent(league: LeagueID, kind: LeagueEvent.Kind, payload: String, at: Date) throws
}
