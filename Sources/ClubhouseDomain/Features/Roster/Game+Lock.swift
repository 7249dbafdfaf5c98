import Foundation

/// Finding a team's game in a week, and whether it has locked lineups.
extension Sequence where Element == Game {
    /// The game `nflTeam` plays in `week`, or nil on its bye.
    public func game(of nflTeam: String, week: Int) -> Game? {
        first { $0.week == week && $0.involves(nflTeam) }
    }

    /// The kickoff that locks a player of `nflTeam` in `week` if it has passed at `now` (season clock), else nil.
    /// A team on bye never locks that week.
    public func lockingKickoff(of nflTeam: String, week: Int, at now: Date) -> Date? {
        guard let game = game(of: nflTeam, week: week), game.hasKickedOff(at: now) else { return nil }
        return game.kickoff
    }
}
