import Foundation

// Season facts: NFL teams, players, games, stats, plays and injury reports. The season import writes them outside
// these ports; a player's injury designation is the one written here.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol SeasonStoreReader {
    /// Every season stored, oldest first.
    func seasons() throws -> [SeasonInfo]
    /// A season's teams, named as that season had them, with their bye weeks.
    func nflTeams(season: Int) throws -> [NFLTeam]
    /// A season's players, each with his team that season.
    func players(season: Int) throws -> [Player]
    /// Players of earlier seasons whom `season`'s file doesn't list (retired, or a partial file) — a league of that
    /// season may still hold one (a keeper, a dynasty roster) — each with his last team.
    func formerPlayers(before season: Int) throws -> [Player]
    func games(season: Int) throws -> [Game]
    func weeklyStats(season: Int) throws -> [WeeklyStat]
    /// The previous season's totals, the basis of pre-draft rankings for `season` (see `PriorSeason.Basis`).
    func priorSeason(before season: Int) throws -> PriorSeason
    /// Each stored player's rookie season as nflverse's players.csv gave it (`rookie_season`, else `draft_year`); players
    /// the file gave none (or whose file had neither column) are absent (docs/data.md, “Rookies”).
    func rookieSeasons() throws -> [PlayerID: Int]
    func injuries() throws -> [PlayerID: InjuryStatus]
    /// A season's injury reports (every player-week whose status isn't healthy), or one week's (`week`), by week then player.
    func injuryReports(season: Int, week: Int?) throws -> [InjuryReport]
    /// Changes whenever season facts change (a season import), so caches know to reload.
    func seasonDataVersion() throws -> Int64
    /// Every play row of one week (derived from play-by-play), in game and play order; empty when the store has none.
    func plays(season: Int, week: Int) throws -> [PlayStat]
    /// Every rushing, receiving and passing touchdown play of a season with its yards (what long-play bonuses count).
    func touchdownPlays(season: Int) throws -> [LongTouchdown]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol SeasonStoreWriter: SeasonStoreReader {
    /// A player's injury designation; cached season facts reload (the season data version moves on).
    func setInjuryStatus(_ status: InjuryStatus, for player: PlayerID) throws
}

extension SeasonStoreReader {
    /// Stores without play-by-play data: live games score 0 until final, as before plays existed.
    public func plays(season: Int, week: Int) throws -> [PlayStat] { [] }
    /// Stores that keep one season: nobody is a former player.
    public func formerPlayers(before season: Int) throws -> [Player] { [] }
    public func touchdownPlays(season: Int) throws -> [LongTouchdown] { [] }
}
