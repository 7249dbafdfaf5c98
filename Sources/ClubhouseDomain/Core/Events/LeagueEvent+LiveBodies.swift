import Foundation

// Events the season clock and a refused lineup write for the activity feed: a lineup change refused after kickoff,
// a close game in its last quarter, a lead change in its final two minutes, a starter ruled out before his game.

extension LeagueEvent {
    /// A lineup move refused because the player's game had kicked off: written in a write of its own after the refused
    /// one was rolled back (the move itself never happens). Only to the team's manager.
    public struct LineupRefused: LeagueEventBody {
        public static let kind = Kind.lineupRefused
        public var team: TeamID
        public var player: PlayerID
        /// The slot the move asked for.
        public var slot: Slot
        /// When the player's game kicked off.
        public var kickoff: Date
        public init(team: TeamID, player: PlayerID, slot: Slot, kickoff: Date) {
            self.team = team; self.player = player; self.slot = slot; self.kickoff = kickoff
        }
    }

    /// One side of a matchup at one moment of a live week.
    public struct LiveSide: Codable, Hashable, Sendable {
        public var team: TeamID
        public var points: Points
        public init(team: TeamID, points: Points) { self.team = team; self.points = points }
    }

    /// A live matchup at one moment: `leader` ahead of (or level with) `trailer`, the clock of its last game then
    /// ("Q4 6:12", "Final").
    public struct LiveScore: Codable, Hashable, Sendable {
        public var week: Int
        public var leader: LiveSide
        public var trailer: LiveSide
        public var gameClock: String
        public init(week: Int, leader: LiveSide, trailer: LiveSide, gameClock: String) {
            self.week = week; self.leader = leader; self.trailer = trailer; self.gameClock = gameClock
        }
    }

    /// A matchup of the live week close (`LiveLines.closeMargin` or less) with its last quarter under way; once a matchup.
    public struct CloseGame: LeagueEventBody {
        public static let kind = Kind.closeGame
        public var score: LiveScore
        public init(_ score: LiveScore) { self.score = score }
    }

    /// The team ahead in a matchup changed in its final two minutes: `score.leader` now leads.
    public struct LeadChanged: LeagueEventBody {
        public static let kind = Kind.leadChanged
        public var score: LiveScore
        public init(_ score: LiveScore) { self.score = score }
    }

    /// A team's starter ruled out (O or IR) by the week's injury report while his game is still ahead; once per
    /// team, player and week.
    public struct StarterOut: LeagueEventBody {
        public static let kind = Kind.starterOut
        public var team: TeamID
        public var player: PlayerID
        public var week: Int
        /// The report's words ("Out — Hamstring · Did Not Participate In Practice"; "" without a report line).
        public var report: String
        public init(team: TeamID, player: PlayerID, week: Int, report: String) {
            self.team = team; self.player = player; self.week = week; self.report = report
        }
    }
}
