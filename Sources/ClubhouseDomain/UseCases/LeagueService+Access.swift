import Foundation
import Synchronization

// MARK: - Who may do what: the authorization checks every gated write starts with.
//
// Order of checks, the same in every use case: signed in (else `.unauthenticated`, which the app turns into the
// sign-in gate), then the league exists, then the caller's role in it (`.forbidden` with one sentence), then the
// league's state (`.conflict`), then the input (`.validation`).

extension LeagueServicePart {
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

    /// Inside a write: the league, or `.notFound` — and `.conflict` when it has been renewed into the next season,
    /// whose history it now is (`refuseHistory`). Every write that names a league looks it up here, so this is the one
    /// place an old season turns read-only: lineups, adds, claims, trades, chat, the clock, the commissioner's tools.
    func existingLeague(_ w: any LeagueStoreWriter, _ id: LeagueID) throws -> League {
        let league = try existingLeague(w as any LeagueStoreReader, id)
        try refuseHistory(league)
        return league
    }

    /// The league's own time steps (trades falling due) read it without `refuseHistory`: they are nobody's write, and a
    /// read of an old season's trades that steps them first must not fail.
    func leagueForItsClock(_ w: any LeagueStoreWriter, _ id: LeagueID) throws -> League {
        try existingLeague(w as any LeagueStoreReader, id)
    }

    /// A league renewed into the next season is that season's history: nothing in it changes any more.
    func refuseHistory(_ league: League) throws {
        guard let next = league.nextLeague else { return }
        throw DomainError.conflict("\(league.name) \(league.season) is history — it was renewed as the \(league.season + 1) season "
                                   + "(league \(next.rawValue)), so nothing in it changes any more")
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

    /// The readers of `league`, with who manages which team (an event about a team goes to its manager only when it
    /// is that team's own business, `EventAudience`).
    func readers(_ league: League, reader r: any LeagueStoreReader) throws -> LeagueReaders {
        LeagueReaders(league: league, teams: try r.teams(in: league.id))
    }

    /// Private leagues are readable by their members and commissioner only: every read of a league's pages, chat
    /// and events starts with this (after the league is found).
    func requireVisible(_ league: League, caller: Caller, reader r: any LeagueStoreReader) throws {
        guard !league.isPublic else { return }
        if let refusal = try readers(league, reader: r).refusal(for: caller) { throw refusal }
    }

    /// The commissioner's tools: the caller is signed in and the league's commissioner.
    func requireCommissioner(_ league: League, caller: Caller, doing action: String) throws {
        guard let user = caller.userID else { throw DomainError.unauthenticated }
        guard league.commissioner == user else { throw DomainError.forbidden("Only the commissioner can \(action)") }
    }
}

extension LeagueService {
    /// Who may read league `id` as it stands now (`.notFound` when there is no such league). The event stream asks
    /// this once per league and stream, and again after every event that may change it (`Kind.mayChangeReaders`).
    public func readers(of id: LeagueID) throws -> LeagueReaders {
        try store.read { r in try readers(existingLeague(r, id), reader: r) }
    }
}

// MARK: - Who may read a league

/// Who may read a league's pages, chat and live events (README.md, “Accounts”): anyone when it is public; when it is private, its
/// commissioner and the managers of its teams — as they stand now, so a member who leaves stops reading at once.
public struct LeagueReaders: Hashable, Sendable {
    public var league: LeagueID
    public var name: String
    public var isPublic: Bool
    /// The commissioner and the team managers.
    public var members: Set<UserID>
    public var commissioner: UserID?
    /// The teams each manager runs (what a member is to an event about one team, `EventViewer`).
    public var managed: [UserID: Set<TeamID>]

    public init(league: LeagueID, name: String, isPublic: Bool, members: Set<UserID>, commissioner: UserID? = nil,
                managed: [UserID: Set<TeamID>] = [:]) {
        self.league = league; self.name = name; self.isPublic = isPublic; self.members = members
        self.commissioner = commissioner; self.managed = managed
    }

    public init(league: League, teams: [Team]) {
        var managed: [UserID: Set<TeamID>] = [:]
        for team in teams { if let m = team.manager { managed[m, default: []].insert(team.id) } }
        self.init(league: league.id, name: league.name, isPublic: league.isPublic,
                  members: Set(teams.compactMap(\.manager) + (league.commissioner.map { [$0] } ?? [])),
                  commissioner: league.commissioner, managed: managed)
    }

    /// What `caller` is to this league, for the events of it they get (`EventViews`).
    public func viewer(_ caller: Caller) -> EventViewer {
        guard let user = caller.userID else { return .outsider }
        return EventViewer(user: user, isMember: members.contains(user), isCommissioner: commissioner == user, teams: managed[user] ?? [])
    }

    public func admits(_ caller: Caller) -> Bool {
        if isPublic { return true }
        guard let user = caller.userID else { return false }
        return members.contains(user)
    }

    /// Why `caller` may not read the league (one sentence), or nil when they may.
    public func refusal(for caller: Caller) -> DomainError? {
        guard !admits(caller) else { return nil }
        if caller.userID == nil { return .forbidden("\(name) is a private league — sign in as a member to see it") }
        return .forbidden("\(name) is a private league for its members only")
    }
}

/// The readers of each league an event stream has met, kept between events. Events must be noted in order
/// (`note`): one that may change a league's readers (a member joined or left, the league created or changed)
/// forgets them, so the next event of that league reads them again. A lookup that was under way while an event
/// forgot them isn't kept (`remember` with the generation `cached` gave), so a stale list never outlives the event.
public final class LeagueReadersCache: Sendable {
    private struct Entry { var readers: LeagueReaders?; var generation: UInt64 }
    private let entries = Mutex<[LeagueID: Entry]>([:])
    /// Leagues kept at most (a server follows every league; beyond this the cache starts again).
    let capacity: Int

    public init(capacity: Int = 10_000) { self.capacity = capacity }

    /// Notes `event`, forgetting its league's readers when the event may have changed them.
    public func note(_ event: LeagueEvent) {
        guard event.kind.mayChangeReaders else { return }
        entries.withLock { e in
            let generation = (e[event.leagueID]?.generation ?? 0) &+ 1
            e[event.leagueID] = Entry(readers: nil, generation: generation)
        }
    }

    /// The readers of `league` when known, and the generation to hand to `remember` after looking them up.
    public func cached(_ league: LeagueID) -> (readers: LeagueReaders?, generation: UInt64) {
        entries.withLock { e in (e[league]?.readers, e[league]?.generation ?? 0) }
    }

    /// Keeps `readers` unless an event changed them since `cached` gave `generation`.
    public func remember(_ readers: LeagueReaders, generation: UInt64) {
        entries.withLock { e in
            guard (e[readers.league]?.generation ?? 0) == generation else { return }
            if e.count >= capacity { e.removeAll() }
            e[readers.league] = Entry(readers: readers, generation: generation)
        }
    }
}

extension LeagueEvent.Kind {
    /// Events after which a league's readers may differ: it was created or changed, or someone joined or left it.
    public var mayChangeReaders: Bool {
        switch self {
        case .leagueCreated, .leagueUpdated, .memberJoined, .memberLeft, .joinDecided: true
        default: false
        }
    }
}

// MARK: - Words a person reads

extension SeasonFacts {
    /// A player's name for sentences ("Christian McCaffrey"), or his id when unknown.
    func name(_ id: PlayerID) -> String { (players[id] ?? formerPlayers[id])?.fullName ?? id.rawValue }

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
