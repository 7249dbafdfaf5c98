import ClubhouseDomain

/// What the board shows for the page on top of the sheet (ARCHITECTURE.md §4: the board follows the sheet).
public enum BoardContext: Hashable, Sendable {
    /// Featured public leagues (Home, Settings).
    case featured
    /// Standings and a week's scoreboard; `week` nil is the current week.
    case league(LeagueID, week: Int?, highlight: BoardHighlight?)
    /// The draft grid.
    case draft(LeagueID)

    public var leagueID: LeagueID? {
        switch self { case .featured: nil; case .league(let id, _, _), .draft(let id): id }
    }
}

/// The item the board highlights.
public enum BoardHighlight: Hashable, Sendable {
    /// A team: its standings row and its matchup.
    case team(TeamID)
    /// The matchup `team` plays in (its scoreboard row).
    case matchup(TeamID)
}
