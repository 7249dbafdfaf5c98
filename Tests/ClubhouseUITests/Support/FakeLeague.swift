import Foundation
import ClubhouseDomain

/// An in-memory `LeagueAPI` over `Demo` for UI tests. It can fail an endpoint,
/// answer it with nothing, or hold its calls (suspended until `release`), so tests drive slow and
/// failing loads without sleeps.
actor FakeLeague: LeaguesClient, MatchupsClient, RosterClient, DraftClient, LeagueEvents {
    enum Read: Hashable, Sendable {
        case publicLeagues, myLeagues, league, standings, scoreboard, matchup, roster, player, availablePlayers, draftRoom, draftablePlayers, draftRecap
        case seasons, chat
    }

    private var failures: [Read: DomainError] = [:]
    private var empties: Set<Read> = []
    private var held: Set<Read> = []
    private var waiting: [Read: [CheckedContinuation<Void, Never>]] = [:]
    private(set) var calls: [Read: Int] = [:]
    /// Arguments of scoreboard calls, in order (week).
    private(set) var scoreboardWeeks: [Int?] = []

    // Accounts and join requests (FakeLeague+Accounts.swift): email → (password, user).
    var accounts: [String: (password: String, user: User)] = [:]
    /// Who the fake speaks for; nil when signed out.
    var signedInUser: User?
    /// Set to make the next authenticated call answer `.unauthenticated` (the server revoked the session).
    var revokeSession = false
    /// Join requests made, in order.
    var joinRequests: [JoinRequest] = []
    /// Leagues refusing joins with this sentence (e.g. "Sunday Nerds is full").
    var joinRefusals: [LeagueID: DomainError] = [:]
    var nextUserID: Int64 = 100
    var signOutCalls = 0
    /// Linked SSH keys: fingerprint → account.
    var sshKeys: [String: User] = [:]
    /// The signed-in person's team per league (capabilities.myTeam).
    var myTeams: [LeagueID: TeamID] = [:]
    /// Free-agent adds made: (league, team, player).
    var adds: [Transaction] = []
    func appendJoinRequest(_ r: JoinRequest) { joinRequests.append(r) }
    /// The commissioner's side and invites/leaving (FakeLeague+Commissioner.swift).
    var commish = CommishDouble()

    // Team management double (FakeLeague+Team.swift)
    /// Rosters answered instead of the demo ones.
    var rosters: [TeamID: TeamRoster] = [:]
    /// The league's trades (`Endpoints.Trades.list`), the offers sent, and the answers given ("acceptTrade 7").
    var tradeList: [TradeView] = []
    var tradeWrites: [GatedWrite] = []
    var tradeCalls: [String] = []
    func setTrades(_ t: [TradeView]) { tradeList = t }
    /// The trade builder's values and picks (`Endpoints.Trades.market`); nil: no values, no picks, the default limit.
    var tradeMarket: TradeMarket?
    func setTradeMarket(_ m: TradeMarket?) { tradeMarket = m }
    /// Each league's activity feed, newest first (`Endpoints.Activity.activity` pages and filters it as the server does).
    var activityLines: [LeagueID: [ActivityLine]] = [:]
    func setActivity(_ league: LeagueID, _ lines: [ActivityLine]) { activityLines[league] = lines }
    /// League settings answered instead of the demo ones.
    var settingsOverride: [LeagueID: LeagueSettings] = [:]
    /// The league's current week when its clock has moved on (nil: the demo's week 9).
    var currentWeekOverride: Int?
    func setCurrentWeek(_ week: Int) { currentWeekOverride = week }
    /// My pending claims, in order.
    var claims: [ClaimView] = []
    var claimResults: [ClaimView] = []
    var transactionLog: [TransactionView] = []
    /// Team writes (lineup, add, drop, claims) refuse with this while set.
    var teamRefusal: DomainError?
    /// Team writes performed, in order.
    var teamWrites: [GatedWrite] = []

    /// Answers given by tests (`answer(_:with:)`, FakeLeague+Answers.swift), by endpoint name.
    var answers: [String: FakeAnswer] = [:]
    /// Every call through `call`, in order.
    var endpointCalls: [EndpointCall] = []

    init() {}

    // MARK: Draft room double (the writes live in FakeLeague+Writes.swift)

    /// When set, `draftBoard` answers this room (tests edit it to put a team on the clock, pause, …).
    var room: DraftBoard?
    /// Draft writes succeed only when true (otherwise they answer "sign in", like a signed-out caller).
    var draftSignedIn = false
    /// `makePick`/`pickForTeam` refuse with this conflict sentence when set.
    var pickConflict: String?
    /// Expected pick numbers `makePick` (and `pickForTeam`, negated) was called with, in order.
    var pickCalls: [Int] = []
    var queue: [PlayerSummary] = []
    var queueEdits: [DraftQueueEdit] = []
    var chatLog: [ChatMessage] = []
    /// Chat writes made ("send hi", "react 3 🔥", "remove 3"), in order.
    var chatWrites: [String] = []
    /// Commissioner commands called ("start", "pause", "resume", "undo", "autopick <team> on").
    var commands: [String] = []
    /// Teams on autopick, as `setAutopick` left them (added to the room `draftBoard` answers).
    var onAutopick: Set<TeamID> = []
    /// Auction writes made ("bid 5 32", "max 5 40", "max 5 nil", "nominate <player> 1"), in order (FakeLeague+Auction.swift).
    var auctionCalls: [String] = []
    /// The players list answered instead of `Demo.draftable` (an auction's, with dollar values).
    var draftableOverride: [DraftablePlayer]?
    func setDraftable(_ p: [DraftablePlayer]?) { draftableOverride = p }
    func setRoom(_ r: DraftBoard?) { room = r; onAutopick = r?.onAutopick ?? [] }
    func setDraftSignedIn(_ on: Bool) { draftSignedIn = on }
    func setPickConflict(_ m: String?) { pickConflict = m }
    func setQueue(_ q: [PlayerSummary]) { queue = q }

    func fail(_ e: Read, with error: DomainError = .transport("connection refused")) { failures[e] = error }
    func succeed(_ e: Read) { failures[e] = nil; empties.remove(e) }
    func answerEmpty(_ e: Read) { empties.insert(e) }
    /// Later calls to `e` suspend until released.
    func hold(_ e: Read) { held.insert(e) }
    /// Resumes the oldest suspended call to `e`.
    func release(_ e: Read) {
        guard var w = waiting[e], !w.isEmpty else { return }
        let c = w.removeFirst(); waiting[e] = w; c.resume()
    }
    /// Later calls to `e` answer at once again (suspended ones stay suspended).
    func unhold(_ e: Read) { held.remove(e) }
    func releaseAll() { held = []; for (_, w) in waiting { w.forEach { $0.resume() } }; waiting = [:] }
    /// Calls to `e` waiting for release.
    func suspended(_ e: Read) -> Int { waiting[e]?.count ?? 0 }

    private func enter(_ e: Read) async throws {
        calls[e, default: 0] += 1
        if held.contains(e) { await withCheckedContinuation { waiting[e, default: []].append($0) } }
        if let f = failures[e] { throw f }
    }
    private func isEmpty(_ e: Read) -> Bool { empties.contains(e) }

    func publicLeagues(filter: LeagueFilter) async throws -> [LeagueSummary] {
        try await enter(.publicLeagues)
        if isEmpty(.publicLeagues) { return [] }
        return Demo.summaries.filter { l in
            (filter.state.map { l.state == $0 } ?? true) && (filter.nameContains.map { l.name.localizedCaseInsensitiveContains($0) } ?? true)
        }
    }
    func myLeagues() async throws -> [LeagueSummary] {
        try await enter(.myLeagues)
        guard signedInUser != nil else { return [] }
        // Gridiron Greats, plus any league the person has a team in (with that team).
        return Demo.summaries.filter { $0.id == Demo.greats || myTeams[$0.id] != nil }.map { var l = $0; l.myTeam = myTeams[l.id]; return l }
    }
    /// The league chat: the latest 100 after `after`, or the 100 before `before` (a failing or held `.chat` read too).
    func chatMessages(_ league: LeagueID, after: Int64?) async throws -> [ChatMessage] {
        try await enter(.chat)
        if isEmpty(.chat) { return [] }
        return Array(chatLog.filter { $0.id > (after ?? 0) }.suffix(100))
    }
    func chatMessages(_ league: LeagueID, before: Int64) async throws -> [ChatMessage] {
        try await enter(.chat)
        return Array(chatLog.filter { $0.id < before }.suffix(100))
    }
    func setChat(_ messages: [ChatMessage]) { chatLog = messages }

    func league(_ id: LeagueID) async throws -> LeagueDetail {
        try await enter(.league)
        guard Demo.summaries.contains(where: { $0.id == id }) else { throw DomainError.notFound("League \(id.rawValue)") }
        try checkSession()
        var d = Demo.detail(id)
        if let s = settingsOverride[id] { d.league.settings = s }
        if let w = currentWeekOverride { d.currentWeek = w }
        if let user = signedInUser {
            d.capabilities = Capabilities(signedIn: true, myTeam: myTeams[id], isCommissioner: commish.commissionerOf.contains(id),
                                          hasPendingJoinRequest: joinRequests.contains { $0.leagueID == id && $0.user == user.id })
        }
        if let state = commish.states[id] { d.league.state = state }
        d.outlook = commish.outlooks[id]
        if let next = commish.nextLeagues[id] { d.nextLeague = next; d.league.nextLeague = next }
        return d
    }
    func standings(_ id: LeagueID) async throws -> [StandingsEntry] {
        try await enter(.standings); return isEmpty(.standings) || id != Demo.greats ? [] : Demo.standings
    }
    func scoreboard(_ id: LeagueID, week: Int?) async throws -> Scoreboard {
        scoreboardWeeks.append(week)
        try await enter(.scoreboard)
        var sb = Demo.scoreboard(week: week ?? currentWeekOverride)
        if isEmpty(.scoreboard) || id != Demo.greats { sb.matchups = [] }
        return sb
    }
    func matchup(_ id: LeagueID, week: Int, team: TeamID) async throws -> MatchupDetail {
        try await enter(.matchup)
        let home = team == Demo.tailgaters || team == Demo.hailMarys ? Demo.bytesLineup : Demo.bitsLineup
        return MatchupDetail(leagueID: id, week: week, home: home, away: home == Demo.bitsLineup ? Demo.bytesLineup : Demo.bitsLineup, status: .final, isPlayoff: false)
    }
    func roster(_ id: LeagueID, team: TeamID) async throws -> TeamRoster {
        try await enter(.roster)
        var r = rosters[team] ?? Demo.roster(team)
        if isEmpty(.roster) { r.rows = [] }
        return r
    }
    func player(_ id: PlayerID, league: LeagueID?) async throws -> PlayerDetail {
        try await enter(.player); return Demo.player(id, league: league)
    }
    func availablePlayers(_ id: LeagueID, position: Position?, sort: PlayerSort) async throws -> [AvailablePlayer] {
        try await enter(.availablePlayers)
        if isEmpty(.availablePlayers) { return [] }
        // A player added to a team leaves the list, as on the server.
        let list = Demo.available.filter { p in (position == nil || p.player.position == position) && !adds.contains { $0.added == p.player.id } }
        switch sort {
        case .seasonPoints: return list.sorted { $0.seasonPoints > $1.seasonPoints }
        case .lastWeek: return list.sorted { $0.lastWeekPoints > $1.lastWeekPoints }
        case .priorSeason: return list.sorted { $0.priorSeasonPoints > $1.priorSeasonPoints }
        case .name: return list.sorted { $0.player.name < $1.player.name }
        }
    }
    func draftBoard(_ id: LeagueID) async throws -> DraftBoard {
        try await enter(.draftRoom)
        var room = self.room ?? Demo.draftRoom(id)
        room.onAutopick = onAutopick
        if isEmpty(.draftRoom) { room.picks = []; room.draft.status = .scheduled; room.draft.currentPick = 1; room.draft.scheduledAt = Demo.now.addingTimeInterval(86_400) }
        return room
    }
    func draftablePlayers(_ id: LeagueID) async throws -> [DraftablePlayer] {
        try await enter(.draftablePlayers)
        if isEmpty(.draftablePlayers) { return [] }
        return draftableOverride ?? Demo.draftable
    }
    func draftRecap(_ id: LeagueID) async throws -> DraftRecap {
        try await enter(.draftRecap)
        if isEmpty(.draftRecap) { return DraftRecap(leagueID: id, leagueName: "", complete: false, throughWeek: 0, teams: [], best: [], worst: []) }
        return Demo.draftRecap(id)
    }
    /// The seasons the fake database holds: 2018's totals and 2019 (the demo's).
    func seasons() async throws -> [SeasonInfo] {
        try await enter(.seasons)
        return Demo.seasons
    }

    /// The league event log `events(league:after:)` replays (then the stream ends, unless the log `keepsOpen`).
    nonisolated let eventLog = EventLog()

    nonisolated func events(league: LeagueID?, after id: Int64?) -> AsyncStream<LeagueEvent> {
        eventLog.stream(league: league, after: id)
    }
}

/// The fake's event log. A stream replays what the log holds after its `after`; then it ends, or, when the log
/// `keepsOpen`, stays open and gets what is appended later (as a server's stream does) until it is cancelled.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [LeagueEvent] = []
    private var open: [Int: (league: LeagueID?, continuation: AsyncStream<LeagueEvent>.Continuation)] = [:]
    private var opened = 0
    /// Streams stay open after the replay.
    var keepsOpen: Bool { get { lock.withLock { stayOpen } } set { lock.withLock { stayOpen = newValue } } }
    private var stayOpen = false

    func append(_ e: LeagueEvent) {
        let targets = lock.withLock { () -> [AsyncStream<LeagueEvent>.Continuation] in
            log.append(e)
            return open.values.filter { $0.league.map { e.leagueID == $0 } ?? true }.map(\.continuation)
        }
        targets.forEach { $0.yield(e) }
    }
    var events: [LeagueEvent] { lock.withLock { log } }
    /// Streams opened so far.
    var opens: Int { lock.withLock { opened } }
    /// Streams open now.
    var openNow: Int { lock.withLock { open.count } }

    private func closed(_ key: Int) { lock.withLock { _ = open.removeValue(forKey: key) } }

    func stream(league: LeagueID?, after id: Int64?) -> AsyncStream<LeagueEvent> {
        AsyncStream { c in
            let key: Int? = lock.withLock {
                opened += 1
                for e in log where (league.map { e.leagueID == $0 } ?? true) && e.id > (id ?? 0) { c.yield(e) }
                guard stayOpen else { return nil }
                open[opened] = (league, c)
                return opened
            }
            guard let key else { c.finish(); return }
            c.onTermination = { [weak self] _ in self?.closed(key) }
        }
    }
}
