import Foundation

/// Finding a team's game in a week, and whether it has locked lineups.
///
/// The lock rule (ESPN's and Yahoo's): a player locks at his game's kickoff and stays locked until the week is final —
/// once every game of the week is final (its last kickoff + `Game.finalAfter`, the moment the week's lineups are frozen
/// and its matchups scored), nothing of that week can change any more, and the locks are lifted: on the Tuesday after
/// a week, a player whose Sunday game is over can be dropped, traded and moved again.
extension Sequence where Element == Game {
    /// The game `nflTeam` plays in `week`, or nil on its bye.
    public func game(of nflTeam: String, week: Int) -> Game? {
        first { $0.week == week && $0.involves(nflTeam) }
    }

    /// Whether every game of `week` is final at `now` (false for a week without games).
    public func isWeekFinal(_ week: Int, at now: Date) -> Bool {
        var any = false
        for g in self where g.week == week {
            guard g.isFinal(at: now) else { return false }
            any = true
        }
        return any
    }

    /// The kickoff that locks a player of `nflTeam` in `week` if it has passed at `now` (season clock) and the week is
    /// not final yet, else nil. A team on bye never locks that week.
    public func lockingKickoff(of nflTeam: String, week: Int, at now: Date) -> Date? {
        guard let game = game(of: nflTeam, week: week), game.hasKickedOff(at: now), !isWeekFinal(week, at: now) else { return nil }
        return game.kickoff
    }
}

extension SeasonFacts {
    /// Whether `player` is locked in `week` at `now`: his game has kicked off and the week is not final yet (the rule above).
    public func isLocked(_ player: PlayerID, week: Int, at now: Date) -> Bool {
        guard let game = game(for: player, week: week), game.hasKickedOff(at: now) else { return false }
        return !calendar.isWeekFinal(week, at: now)
    }
}

/// How a lock is said. A player is "he"; a team defense is the team: "their game has kicked off — the defense can't…".
public enum LockWords {
    /// A team defense's id (`NFLVerseStats.defenseID`), for refusals that know only the id.
    public static func isDefense(_ id: PlayerID) -> Bool { id.rawValue.hasPrefix("DST-") }

    /// "Patrick Mahomes's game has kicked off — he can't be dropped until next week"; a defense: "The Kansas City
    /// Chiefs' game has kicked off — their defense can't be dropped until next week". Without a name the sentence
    /// starts "his game…" / "their game…" (for a line that already names him). `cant` is what he can't do.
    public static func kickedOff(_ name: String?, defense: Bool, cant: String) -> String {
        let whose: String
        switch (name, defense) {
        case (let n?, false): whose = n + "'s"
        case (let n?, true): whose = "The " + n + (n.hasSuffix("s") ? "'" : "'s")
        case (nil, false): whose = "his"
        case (nil, true): whose = "their"
        }
        return "\(whose) game has kicked off — \(defense ? "their defense" : "he") \(cant) until next week"
    }
}
