import Foundation
import Synchronization

// MARK: - Who may do what: the authorization checks every gated write starts with.
//
// Order of checks, the same in every use case: signed in (else `.unauthenticated`, which the app turns into the
// sign-in gate), then the league exists, then the caller's role in it (`.forbidden` with one sentence), then the
// league's state (`.conflict`), then the input (`.validation`).

extension LeagueService {
    /// The caller's account, or `.unauthenticated`.
    func signedIn(_ caller: Caller) throws -> UserID {
        guard let user = caller.userID else { throw DomainError.unauthenticated }
        return user
    }

    /// The league, or `.notFound`.
    func existingLeague(_ r: any LeagueStoreReader, _ id: LeagueID) throws -> League {
        guard let league = try r.league(id) else { throw DomainError.notFound("League \(id.rawValue)") }
        return league
    }

    /// The team the user manages in the league, or `.forbidden` ("You don't have a team in …").
    func myTeam(_ r: any LeagueStoreReader, league: League, user: UserID) throws -> Team {
        guard let team = try r.teams(in: league.id).first(where: { $0.manager == user }) else {
            throw DomainError.forbidden("You don't have a team in \(league.name)")
        }
        return team
    }

    /// `teamID` when the user manages it; `.notFound` for a team of another league, `.forbidden` otherwise.
    func managedTeam(_ r: any LeagueStoreReader, _ teamID: TeamID, league: League, user: UserID, doing action: String) throws -> Team {
        let teams = try r.teams(in: league.id)
        guard let team = teams.first(where: { $0.id == teamID }) else { throw DomainError.notFound("Team \(teamID.rawValue) in \(league.name)") }
        guard team.manager == user else {
            guard teams.contains(where: { $0.manager == user }) else { throw DomainError.forbidden("You don't have a team in \(league.name)") }
            throw DomainError.forbidden("Only the manager of \(team.name) can \(action)")
        }
        return team
    }

    /// One roster move by a team's manager in one write transaction: the caller is signed in, the league exists,
    /// the caller manages `teamID` (else "Only the manager of … can <doing>"), and the season is open for `what`.
    func managerWrite<T>(_ id: LeagueID, team teamID: TeamID, caller: Caller, doing: String, season what: String,
                         _ body: (any LeagueStoreWriter, SeasonFacts, League, Team) throws -> T) throws -> T {
        let user = try signedIn(caller)
        return try store.write { w in
            let facts = try self.facts(w, league: id)
            let league = try existingLeague(w, id)
            let team = try managedTeam(w, teamID, league: league, user: user, doing: doing)
            try requireSeasonOpen(league, for: what)
            return try body(w, facts, league, team)
        }
    }

    /// Roster moves (lineups, adds, drops, claims) run from the end of the draft to the end of the season.
    func requireSeasonOpen(_ league: League, for what: String) throws {
        switch league.state {
        case .inSeason, .playoffs: return
        case .predraft, .drafting: throw DomainError.conflict("\(what) open once the draft of \(league.name) is done")
        case .complete: throw DomainError.conflict("The season of \(league.name) is over")
        }
    }

    /// Membership changes and settings happen before the draft starts.
    func requirePredraft(_ league: League, _ sentence: String) throws {
        guard league.state == .predraft else { throw DomainError.conflict(sentence) }
    }
}

// MARK: - Words a person reads

extension SeasonFacts {
    /// A player's name for sentences ("Christian McCaffrey"), or his id when unknown.
    func name(_ id: PlayerID) -> String { players[id]?.fullName ?? id.rawValue }

    /// The same error with player and team ids replaced by names, so refusals from the rules read as sentences.
    func naming(_ error: DomainError, players ids: [PlayerID?], teams: [Team] = []) -> DomainError {
        func rename(_ m: String) -> String {
            var m = m
            for id in ids.compactMap({ $0 }) { m = m.replacingOccurrences(of: id.rawValue, with: name(id)) }
            for t in teams.sorted(by: { $0.id.rawValue > $1.id.rawValue }) { m = m.replacingOccurrences(of: t.id.description, with: t.name) }
            return m
        }
        switch error {
        case .forbidden(let m): return .forbidden(rename(m))
        case .conflict(let m): return .conflict(rename(m))
        case .validation(let f, let m): return .validation(field: f, message: rename(m))
        default: return error
        }
    }
}

extension TextRules {
    public static let chatLength = 1...200

    /// A trimmed one-line message of 1–200 characters without control characters.
    public static func chatLine(_ raw: String) throws -> String {
        let line = raw.trimmingCharacters(in: .whitespaces)
        guard !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.validation(field: "message", message: "A chat message is one line without control characters")
        }
        guard chatLength.contains(line.count) else {
            throw DomainError.validation(field: "message", message: "A chat message is 1–200 characters (it has \(line.count))")
        }
        return line
    }
}

/// A random source shared by calls (invite codes, random draft orders): seeded in tests, the system's otherwise.
public final class RandomSource: Sendable {
    private let generator: Mutex<any RandomNumberGenerator>

    public init(_ generator: sending any RandomNumberGenerator) { self.generator = Mutex(generator) }
    public convenience init(seed: UInt64) { self.init(SeededRandom(seed: seed)) }
    public static func system() -> RandomSource { RandomSource(SystemRandomNumberGenerator()) }

    /// Runs `body` with the generator, one caller at a time.
    public func with<T: Sendable, E: Error>(_ body: (inout any RandomNumberGenerator) throws(E) -> T) throws(E) -> T {
        try generator.withLock { (g: inout any RandomNumberGenerator) throws(E) -> T in try body(&g) }
    }
}
