import ClubhouseDomain
import Foundation

/// The default transport: the Domain's use cases running in this process over the SQLite store.
/// Calls run off the caller's task on a background queue (SQLite blocks), and live events come from
/// the database's append-only log, noticed cheaply by the follower (`PRAGMA data_version`).
public final class EmbeddedLeagueAPI: LeagueAPI, @unchecked Sendable {
    // Immutable after init; LeagueService and the credentials provider are Sendable.
    public let service: LeagueService
    private let databasePath: String
    private let caller: @Sendable () -> Caller

    /// - Parameter caller: who is asking (the local session's account, or anonymous).
    public init(service: LeagueService, databasePath: String, caller: @escaping @Sendable () -> Caller = { .anonymous }) {
        self.service = service
        self.databasePath = databasePath
        self.caller = caller
    }

    /// Runs a blocking use case on a background thread.
    private func call<T: Sendable>(_ body: @escaping @Sendable (LeagueService, Caller) throws -> T) async throws -> T {
        let service = self.service, who = caller()
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try body(service, who) })
            }
        }
    }

    // MARK: - LeagueBrowsing

    public func publicLeagues(filter: LeagueFilter) async throws -> [LeagueSummary] {
        try await call { try $0.publicLeagues(filter: filter, caller: $1) }
    }
    public func myLeagues() async throws -> [LeagueSummary] { try await call { try $0.myLeagues(caller: $1) } }
    public func league(_ id: LeagueID) async throws -> LeagueDetail { try await call { try $0.league(id, caller: $1) } }
    public func standings(_ id: LeagueID) async throws -> [StandingsEntry] { try await call { try $0.standings(id, caller: $1) } }
    public func scoreboard(_ id: LeagueID, week: Int?) async throws -> Scoreboard {
        try await call { try $0.scoreboard(id, week: week, caller: $1) }
    }
    public func matchup(_ id: LeagueID, week: Int, team: TeamID) async throws -> MatchupDetail {
        try await call { try $0.matchup(id, week: week, team: team, caller: $1) }
    }
    public func roster(_ id: LeagueID, team: TeamID) async throws -> TeamRoster { try await call { try $0.roster(id, team: team, caller: $1) } }
    public func player(_ id: PlayerID, league: LeagueID?) async throws -> PlayerDetail {
        try await call { try $0.player(id, league: league, caller: $1) }
    }
    public func availablePlayers(_ id: LeagueID, position: Position?, sort: PlayerSort) async throws -> [AvailablePlayer] {
        try await call { try $0.availablePlayers(id, position: position, sort: sort, caller: $1) }
    }
    public func draftBoard(_ id: LeagueID) async throws -> DraftBoard { try await call { try $0.draftBoard(id, caller: $1) } }
    public func draftablePlayers(_ id: LeagueID) async throws -> [DraftablePlayer] { try await call { try $0.draftablePlayers(id, caller: $1) } }

    // MARK: - LeagueEvents

    public func events(league: LeagueID?, after id: Int64?) -> AsyncStream<LeagueEvent> {
        EventFollower(path: databasePath).events(after: id ?? 0, league: league)
    }
}
