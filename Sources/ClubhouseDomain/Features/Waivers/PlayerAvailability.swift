import Foundation

/// Where an NFL player stands in a league right now.
public enum PlayerAvailability: Hashable, Sendable {
    /// On a team's roster.
    case rostered(by: TeamID)
    /// Dropped within the waiver period: only a waiver claim can get him, processed at the next waiver run.
    case onWaivers(until: Date)
    /// Everyone else unrostered: any team may add him at once.
    case freeAgent

    /// A player's availability: rostered wins over a hold; a hold counts while `now < until`.
    public static func of(_ player: PlayerID, rosters: [Roster], holds: [WaiverHold], now: Date) -> PlayerAvailability {
        if let owner = rosters.first(where: { $0.contains(player) }) { return .rostered(by: owner.teamID) }
        if let hold = holds.filter({ $0.playerID == player && now < $0.until }).max(by: { $0.until < $1.until }) {
            return .onWaivers(until: hold.until)
        }
        return .freeAgent
    }

    public var isFreeAgent: Bool { self == .freeAgent }
    public var isOnWaivers: Bool { if case .onWaivers = self { true } else { false } }
}

extension WaiverHold {
    /// The hold a dropped player gets: on waivers for the league's waiver period (default 2 days) from the drop.
    public static func forDroppedPlayer(_ player: PlayerID, droppedAt: Date, settings: LeagueSettings) -> WaiverHold {
        WaiverHold(playerID: player, until: droppedAt.addingTimeInterval(Double(settings.waiverPeriodDays) * 86_400))
    }

    /// Whether the hold still keeps the player on waivers.
    public func isActive(at now: Date) -> Bool { now < until }
}
