import Foundation

/// Everything a lineup decision depends on besides the roster itself.
public struct LineupContext: Sendable {
    /// The league's slot counts.
    public var rosterSlots: [Slot: Int]
    /// The NFL week the lineup is for.
    public var week: Int
    /// The league's season clock.
    public var now: Date
    public var players: [PlayerID: Player]
    /// Injury report; a missing player is healthy.
    public var injuries: [PlayerID: InjuryStatus]
    /// The season's games (locks are found by the player's NFL team and the week).
    public var games: [Game]
    /// Whether IR takes Doubtful players too (the league's `irAllowsDoubtful`).
    public var irAllowsDoubtful = false

    public init(rosterSlots: [Slot: Int], week: Int, now: Date, players: [PlayerID: Player],
                injuries: [PlayerID: InjuryStatus] = [:], games: [Game]) {
        self.rosterSlots = rosterSlots; self.week = week; self.now = now; self.players = players
        self.injuries = injuries; self.games = games
    }

    public init(settings: LeagueSettings, week: Int, now: Date, players: [PlayerID: Player],
                injuries: [PlayerID: InjuryStatus] = [:], games: [Game]) {
        self.init(rosterSlots: settings.rosterSlots, week: week, now: now, players: players, injuries: injuries, games: games)
        irAllowsDoubtful = settings.irAllowsDoubtful
    }

    public func status(of player: PlayerID) -> InjuryStatus { injuries[player] ?? .healthy }
    public func capacity(of slot: Slot) -> Int { rosterSlots[slot] ?? 0 }

    /// The kickoff that has locked `player` this week at `now`, or nil if he can still move.
    public func lockingKickoff(of player: Player) -> Date? {
        games.lockingKickoff(of: player.nflTeam, week: week, at: now)
    }
}
