import Foundation

// Season clocks (each league's running clock) and the clock drivers' heartbeat.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol ClockStoreReader {
    /// A league's running clock (nil: never set, i.e. off).
    func clockRun(_ league: LeagueID) throws -> ClockRun?
    /// Every league whose clock runs (speed above off).
    func runningClocks() throws -> [ClockRun]
    /// When a clock driver last said it ran (`DraftService.clockHeartbeat`); nil before any did.
    func clockHeartbeat() throws -> Date?
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol ClockStoreWriter: ClockStoreReader {
    /// Sets a league's running clock (speed and last step).
    func setClockRun(_ run: ClockRun) throws
    /// Records that a clock driver ran at `at` (one row for the whole database, overwritten).
    func setClockHeartbeat(_ at: Date) throws
}

extension ClockStoreReader {
    /// Stores without running clocks: every clock is stopped.
    public func clockRun(_ league: LeagueID) throws -> ClockRun? { nil }
    public func runningClocks() throws -> [ClockRun] { [] }
}

extension ClockStoreWriter {
    public func setClockRun(_ run: ClockRun) throws { throw DomainError.conflict("This store can't run season clocks") }
}
