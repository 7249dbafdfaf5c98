import Foundation

/// Everything the app can ask or do (ARCHITECTURE.md §2). Two transports implement it — embedded
/// (use cases in process over SQLite) and remote (HTTP to `clubhouse serve`) — and one contract
/// test suite runs against both. Every rule and authorization check lives in the use cases behind it.
///
/// The contract grows by feature: browsing (reading never needs an account), live events, and the gated writes
/// (`LeagueMembership`, `TeamManaging`, `DraftRoomControl`, `Commissioning` in LeagueManaging.swift), and accounts
/// (`AccountAPI` in Accounts.swift).
public protocol LeagueBrowsing: Sendable {
    /// Public leagues, filtered by name/state, newest activity first.
    func publicLeagues(filter: LeagueFilter) async throws -> [LeagueSummary]
    /// Leagues the signed-in person belongs to (empty when signed out).
    func myLeagues() async throws -> [LeagueSummary]
    func league(_ id: LeagueID) async throws -> LeagueDetail
    func standings(_ id: LeagueID) async throws -> [StandingsEntry]
    func scoreboard(_ id: LeagueID, week: Int?) async throws -> Scoreboard
    /// The matchup of `team` in `week` (either side).
    func matchup(_ id: LeagueID, week: Int, team: TeamID) async throws -> MatchupDetail
    func roster(_ id: LeagueID, team: TeamID) async throws -> TeamRoster
    /// A player's page; under `league`'s scoring and clock when given, else Half-PPR over the whole season.
    func player(_ id: PlayerID, league: LeagueID?) async throws -> PlayerDetail
    func availablePlayers(_ id: LeagueID, position: Position?, sort: PlayerSort) async throws -> [AvailablePlayer]
    func draftBoard(_ id: LeagueID) async throws -> DraftBoard
    func draftablePlayers(_ id: LeagueID) async throws -> [DraftablePlayer]
    /// After the draft has started: grades against the room and the best and worst picks by season points.
    func draftRecap(_ id: LeagueID) async throws -> DraftRecap
    /// The NFL seasons the database holds, oldest first (a new league picks one; the newest is the default).
    func seasons() async throws -> [SeasonInfo]
}

/// Live updates: the league's append-only event log, resumable after a known id.
public protocol LeagueEvents: Sendable {
    func events(league: LeagueID?, after id: Int64?) -> AsyncStream<LeagueEvent>
}

/// The whole contract as one value the composition root hands to the UI.
public typealias LeagueAPI = LeagueBrowsing & LeagueEvents & LeagueMembership & TeamManaging & DraftRoomControl & Commissioning & AccountAPI

/// Who is asking a use case: nobody (signed out) or an account.
public enum Caller: Hashable, Sendable {
    case anonymous
    case user(UserID)

    public var userID: UserID? { if case .user(let id) = self { id } else { nil } }
}
