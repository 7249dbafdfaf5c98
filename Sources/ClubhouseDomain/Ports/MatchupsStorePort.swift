import Foundation

// The schedule with its final scores, and stat corrections.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol MatchupsStoreReader {
    func matchups(in league: LeagueID) throws -> [MatchupRecord]
    /// Stat corrections a league has on record, oldest first.
    func scoreCorrections(in league: LeagueID) throws -> [ScoreCorrection]
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol MatchupsStoreWriter: MatchupsStoreReader {
    func setMatchups(_ matchups: [MatchupRecord], in league: LeagueID) throws
    /// Records a stat correction of a final week's score.
    func insertScoreCorrection(_ correction: ScoreCorrection, in league: LeagueID) throws
}

/// A scheduled matchup with its final score once the week is final on the league clock.
public struct MatchupRecord: Hashable, Codable, Sendable {
    public var matchup: Matchup
    public var homePoints: Points?
    public var awayPoints: Points?
    public init(matchup: Matchup, homePoints: Points? = nil, awayPoints: Points? = nil) {
        self.matchup = matchup; self.homePoints = homePoints; self.awayPoints = awayPoints
    }
    public var isFinal: Bool { homePoints != nil }
}
