import Foundation

// Waivers and the transactions log: holds, claims, adds and drops.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol WaiverStoreReader {
    func waiverHolds(in league: LeagueID) throws -> [WaiverHold]
    func waiverClaims(in league: LeagueID) throws -> [WaiverClaim]
    func transactions(in league: LeagueID) throws -> [Transaction]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol WaiverStoreWriter: WaiverStoreReader {
    func setWaiverHolds(_ holds: [WaiverHold], in league: LeagueID) throws
    func insertWaiverClaim(_ claim: WaiverClaim) throws -> Int64
    func updateWaiverClaim(_ claim: WaiverClaim) throws
    func insertTransaction(_ transaction: Transaction) throws -> Int64
}
