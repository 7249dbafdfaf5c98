import Foundation

/// The use cases: every rule and authorization check, run over a `LeagueStore`. Both transports
/// (embedded and the HTTP server) call these, so they hold once. Each call states who is asking.
///
/// This is the root: it holds what every journey shares (the store, the clocks, the season facts, the access checks
/// in `LeagueService+Access.swift`, idempotency) and hands out one service per journey (`service.draft.makePick(…)`),
/// each in its journey's folder, `Features/<Journey>/<Journey>Service.swift`. A journey that needs another's use case
/// calls it through the root (`core.draft.…`).
public struct LeagueService: LeagueServicePart {
    public let store: any LeagueStore
    /// Real time: sessions and live draft deadlines. League play follows each league's own season clock.
    public let clock: any Clock
    let factsCache: SeasonFactsCache
    /// Password hashing and session tokens (Data: libsodium).
    public let accountPorts: AccountPorts
    /// Where webhooks may post, and how their hosts are looked up (Data's `.system` asks the resolver).
    public let webhookNetwork: WebhookNetwork

    public init(store: any LeagueStore, clock: any Clock = SystemClock(), factsCache: SeasonFactsCache = SeasonFactsCache(),
                accounts: AccountPorts = .unconfigured, webhooks: WebhookNetwork = WebhookNetwork()) {
        self.store = store; self.clock = clock; self.factsCache = factsCache; self.accountPorts = accounts; self.webhookNetwork = webhooks
    }

    /// The root is its own core.
    var core: LeagueService { self }

    /// A season's facts, loaded once per data version.
    public func facts(season: Int) throws -> SeasonFacts { try store.read { try factsCache.facts($0, season: season) } }

    /// The facts of the season a league plays.
    public func facts(league id: LeagueID) throws -> SeasonFacts { try store.read { try facts($0, league: id) } }

    /// Every season stored, oldest first.
    public func seasons() throws -> [SeasonInfo] { try store.read { try $0.seasons() } }
}

// MARK: - The journeys

extension LeagueService {
    public var accounts: AccountsService { AccountsService(core: self) }
    public var leagues: LeaguesService { LeaguesService(core: self) }
    public var commissioner: CommissionerService { CommissionerService(core: self) }
    public var season: SeasonService { SeasonService(core: self) }
    public var draft: DraftService { DraftService(core: self) }
    public var auction: AuctionService { AuctionService(core: self) }
    public var keepers: KeepersService { KeepersService(core: self) }
    public var trades: TradesService { TradesService(core: self) }
    public var waivers: WaiversService { WaiversService(core: self) }
    public var roster: RosterService { RosterService(core: self) }
    public var matchups: MatchupsService { MatchupsService(core: self) }
    public var chat: ChatService { ChatService(core: self) }
    public var activity: ActivityService { ActivityService(core: self) }
    public var history: HistoryService { HistoryService(core: self) }
    public var webhooks: WebhooksService { WebhooksService(core: self) }
}

/// The root and every journey's service: what they share, reached through `core` (the root is its own). The access
/// checks (`LeagueService+Access.swift`) are written once, here, for all of them.
protocol LeagueServicePart: Sendable {
    var core: LeagueService { get }
}

extension LeagueServicePart {
    var store: any LeagueStore { core.store }
    var clock: any Clock { core.clock }
    var factsCache: SeasonFactsCache { core.factsCache }
    var accountPorts: AccountPorts { core.accountPorts }

    /// The facts of the season a league plays, inside a read or write.
    func facts(_ r: any LeagueStoreReader, league id: LeagueID) throws -> SeasonFacts {
        guard let league = try r.league(id) else { throw DomainError.notFound("League \(id.rawValue)") }
        return try factsCache.facts(r, season: league.season)
    }
}

// MARK: - Shared lookups for the use cases

/// Everything about one league a read needs, loaded in one transaction.
struct LeagueSnapshot {
    let league: League
    let teams: [Team]
    let users: [UserID: User]
    let rosters: [TeamID: Roster]
    let matchups: [MatchupRecord]
    let facts: SeasonFacts
    /// The facts under this league's scoring (points per player and week, season totals).
    let scored: ScoredSeason
    /// Regular-season standings from the final matchups (the Matchups rules: tiebreaks included).
    let standings: Standings
    /// Each team's standings line.
    let records: [TeamID: StandingsRow]
    /// The plays of the clock's week while one of its games is in progress (nil otherwise: nothing is live).
    let live: LiveWeek?

    /// The league and the facts of its season (from `cache`).
    init(_ r: any LeagueStoreReader, league id: LeagueID, cache: SeasonFactsCache) throws {
        guard let league = try r.league(id) else { throw DomainError.notFound("League \(id.rawValue)") }
        try self.init(r, league: league, facts: cache.facts(r, season: league.season))
    }

    init(_ r: any LeagueStoreReader, league: League, facts: SeasonFacts) throws {
        let id = league.id
        self.league = league
        teams = try r.teams(in: id).sorted { $0.id < $1.id }
        let managerIDs = teams.compactMap(\.manager) + (league.commissioner.map { [$0] } ?? [])
        users = Dictionary(try r.users(managerIDs).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        rosters = Dictionary(try r.rosters(in: id).map { ($0.teamID, $0) }, uniquingKeysWith: { a, _ in a })
        matchups = try r.matchups(in: id)
        self.facts = facts
        scored = facts.scored(league.settings.scoring)
        standings = Standings(teams: teams.map(\.id), results: matchups.compactMap(\.result), settings: league.settings)
        records = Dictionary(standings.rows.map { ($0.teamID, $0) }, uniquingKeysWith: { a, _ in a })
        live = try facts.liveWeek(at: league.clock, reader: r)
    }

    var now: Date { league.clock }
    var currentWeek: Int { facts.week(at: league.clock) }
    var scoring: ScoringRules { league.settings.scoring }

    func team(_ id: TeamID) throws -> Team {
        guard let t = teams.first(where: { $0.id == id }) else { throw DomainError.notFound("Team \(id.rawValue)") }
        return t
    }


    /// The champion once the playoff final is final.
    var champion: TeamID? {
        guard let bracket = try? PlayoffBracket(leagueID: league.id, standings: standings, settings: league.settings) else { return nil }
        return bracket.champion(results: matchups.compactMap(\.result))
    }

    func summary(_ team: Team, records: [TeamID: StandingsRow]? = nil) -> TeamSummary {
        TeamSummary(id: team.id, name: team.name, managerName: team.manager.flatMap { users[$0]?.displayName },
                    record: (records ?? self.records)[team.id]?.record ?? "0-0")
    }

    func capabilities(for caller: Caller, pendingJoin: Bool = false) -> Capabilities {
        guard let user = caller.userID else { return .signedOut }
        return Capabilities(signedIn: true, myTeam: teams.first { $0.manager == user }?.id,
                            isCommissioner: league.commissioner == user, hasPendingJoinRequest: pendingJoin)
    }

    /// Fantasy points of one player's week under this league's scoring, counted once final on the clock.
    /// While his game is in progress: the points of his plays so far.
    func points(_ player: PlayerID, week: Int) -> Points {
        scored.points(player, week: week, at: now, live: live)
    }

    /// A player's points so far in a game in progress (0 when his game this week isn't in progress): what season
    /// totals add to the final weeks while he plays.
    func livePoints(_ player: PlayerID, week: Int) -> Points {
        guard let live, live.week == week, case .inProgress = facts.moment(player, week: week, at: now, live: live).phase else { return .zero }
        return points(player, week: week)
    }

    /// Where a matchup's week stands on the clock.
    func status(ofWeek week: Int) -> MatchupStatus {
        if facts.calendar.isWeekFinal(week, at: now) { return .final }
        if let k = facts.calendar.kickoff(ofWeek: week), now >= k { return .live }
        return .upcoming
    }
}
