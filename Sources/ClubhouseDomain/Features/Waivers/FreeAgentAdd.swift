import Foundation

/// A completed instant roster move: the team's new roster, the new hold on a dropped player, and the log entry.
public struct RosterMoveResult: Hashable, Sendable {
    public var roster: Roster
    /// The dropped player's waiver hold (nil when nobody was dropped).
    public var newHold: WaiverHold?
    public var transaction: Transaction
}

/// Instant adds of free agents.
///
/// Rules: the player must be a free agent (not on any roster, not on waivers); the drop, if given, must be on the
/// team's roster; after the move the roster keeps its size without IR and the position maxima. The added player
/// goes to the bench; the dropped player goes on waivers for the waiver period.
public enum FreeAgentAdd {
    public static func add(_ player: PlayerID, dropping drop: PlayerID?, team: TeamID, leagueID: LeagueID,
                           rosters: [Roster], holds: [WaiverHold], positions: [PlayerID: Position], settings: LeagueSettings,
                           now: Date, transactionID: Int64) throws(DomainError) -> RosterMoveResult {
        guard let position = positions[player] else { throw .notFound("Player \(player)") }
        switch PlayerAvailability.of(player, rosters: rosters, holds: holds, now: now) {
        case .rostered(let owner):
            throw .conflict(owner == team ? "\(player) is already on your roster" : "\(player) is already on \(owner)'s roster")
        case .onWaivers(let until):
            throw .validation(field: "player", message: "\(player) is on waivers until \(until) — place a waiver claim instead")
        case .freeAgent:
            break
        }
        var roster = rosters.first { $0.teamID == team } ?? Roster(teamID: team)
        if let drop, !roster.contains(drop) {
            throw .validation(field: "drop", message: "\(drop) is not on your roster")
        }
        if let problem = RosterLimits(settings).problem(adding: position, dropping: drop, to: roster, positions: positions) {
            throw .validation(field: "drop", message: drop == nil ? "Roster full: \(problem) — choose a player to drop" : "Can't add \(player): \(problem)")
        }
        roster.entries.removeAll { $0.playerID == drop }
        roster.entries.append(RosterEntry(playerID: player, slot: .bench, acquisition: .freeAgent, acquiredAt: now))
        return RosterMoveResult(
            roster: roster,
            newHold: drop.map { WaiverHold.forDroppedPlayer($0, droppedAt: now, settings: settings) },
            transaction: Transaction(id: transactionID, leagueID: leagueID, teamID: team, kind: .add, added: player, dropped: drop, at: now)
        )
    }
}
