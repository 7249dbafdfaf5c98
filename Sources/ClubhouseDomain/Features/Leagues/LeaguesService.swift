import Foundation

/// Leagues and their members: creating a league, browsing and reading leagues, join requests, invites, leaving.
/// Reached from the root as `LeagueService.leagues`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct LeaguesService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - Creating leagues and teams (gated: signed in; the creator becomes commissioner)

/// How many leagues one account may create: a public league is on everyone's Home, and each costs a draft, teams and a
/// schedule in the database.
public enum LeagueLimits {
    /// At most 10 leagues per account in any 24 hours (rolling), on the service's real-time clock.
    public static let maxCreatedPerDay = 10
    public static let creationWindow: TimeInterval = 24 * 3600
}

extension LeaguesService {
    /// Creates a league with its teams (bots until people join), its draft (scheduled, random order
    /// unless set later) and its schedule; the caller becomes commissioner and manages team 1. At most
    /// `LeagueLimits.maxCreatedPerDay` per account in 24 hours (`.limitReached`, counted in the same transaction as the
    /// insert, so two at once can't both be the tenth).
    ///
    /// The league plays `season` (nil: the newest season stored that has a schedule). On a season still being played
    /// (its last game not final yet) it follows real time: its clock is the wall clock from now on. Otherwise it
    /// replays the season on its own clock, from `seasonClock` (nil: noon UTC fifteen days before the opener); `replay`
    /// makes it a replay whatever the date (the demo world, seeded as if it were 2019).
    public func createLeague(name rawName: String, settings: LeagueSettings, isPublic: Bool, teamName: String? = nil,
                             season: Int? = nil, seasonClock: Date? = nil, replay: Bool = false, seed: UInt64? = nil,
                             caller: Caller) throws -> LeagueID {
        guard let user = caller.userID else { throw DomainError.unauthenticated }
        let name = try TextRules.name(rawName, field: "name", what: "A league name")
        let myTeamName = try teamName.map { raw throws(DomainError) in try TextRules.name(raw, field: "teamName", what: "A team name") }
        try settings.validate()
        return try store.write { w in
            let now = clock.now()
            try refuseOverDailyLeagueCap(w, user: user, now: now)
            let info = try Self.playableSeason(season, in: w.seasons())
            let live = !replay && info.isCurrent(at: now)
            let league = League(id: LeagueID(0), name: name, season: info.season, isPublic: isPublic, commissioner: user, settings: settings,
                                state: .predraft, clock: live ? now : (seasonClock ?? info.replayStart ?? now), createdAt: now,
                                followsRealTime: live)
            let teams = (1...settings.teamCount).map { i in (name: i == 1 ? (myTeamName ?? "Team 1") : "Team \(i)", manager: i == 1 ? user : nil) }
            return try insertNewLeague(w, league, teams: teams, seed: seed, now: now)
        }
    }

    /// Stores a new league in the predraft state with its teams (bots where `manager` is nil), its draft (not yet
    /// scheduled, in a random order), waiver priority the reverse of that order, a running clock when it follows real
    /// time, and its `league.created` event. Shared by creating a league and renewing one.
    func insertNewLeague(_ w: any LeagueStoreWriter, _ new: League, teams specs: [(name: String, manager: UserID?)], seed: UInt64?,
                         now: Date) throws -> LeagueID {
        var league = new
        let settings = league.settings
        try League.checkSeasonClock(league.clock, season: league.season)
        league.id = try w.insertLeague(league)
        var teams: [Team] = []
        for (i, spec) in specs.enumerated() {
            let t = Team(id: TeamID(0), leagueID: league.id, name: spec.name, manager: spec.manager, waiverPriority: i + 1,
                         faabRemaining: settings.faabBudget)
            teams.append(Team(id: try w.insertTeam(t), leagueID: league.id, name: t.name, manager: t.manager,
                              waiverPriority: i + 1, faabRemaining: settings.faabBudget))
        }
        var rng = SeededRandom(seed: seed ?? UInt64(bitPattern: league.id.rawValue) &* 0x2545_F491_4F6C_DD1D)
        let order = DraftOrder.random(teams: teams.map(\.id), using: &rng)
        try w.setDraft(DraftRoom.scheduledDraft(leagueID: league.id, order: order, settings: settings))
        // Waiver priority starts as the reverse of the draft order.
        for (i, teamID) in order.reversed().enumerated() {
            if var t = teams.first(where: { $0.id == teamID }) { t.waiverPriority = i + 1; try w.updateTeam(t) }
        }
        // Its clock is the wall clock: the clock driver keeps it there (kickoffs, waiver runs, finals at their real times).
        if league.followsRealTime { try w.setClockRun(ClockRun(leagueID: league.id, speed: .x1, tickedAt: now)) }
        try w.appendEvent(league: league.id, LeagueEvent.LeagueCreated(name: league.name), at: now)
        return league.id
    }

    private func refuseOverDailyLeagueCap(_ r: any LeagueStoreReader, user: UserID, now: Date) throws {
        let cap = LeagueLimits.maxCreatedPerDay, window = LeagueLimits.creationWindow
        let recent = try r.leaguesCreated(by: user, since: now - window)
        guard recent.count >= cap else { return }
        // Free again when the oldest of the last `cap` is a day old.
        let wait = max(1, Int((recent[recent.count - cap] + window).timeIntervalSince(now).rounded(.up)))
        throw DomainError.limitReached("You can create at most \(cap) leagues a day — try again in \(DomainError.wait(wait))",
                                       retryAfterSeconds: wait)
    }

    /// The years a season can be (as a season file may name them, `SeasonReader.plausibleSeasons`).
    static let seasonYears = 1920...2100

    /// The season a new league plays: the one asked for if it is stored with a schedule, else the newest such season.
    /// Its own check, apart from `LeagueSettings.validate` (the season is a fact of the database, not a setting).
    static func playableSeason(_ asked: Int?, in seasons: [SeasonInfo]) throws -> SeasonInfo {
        let playable = seasons.filter(\.isPlayable)
        let list = playable.map { String($0.season) }.joined(separator: ", ")
        guard let asked else {
            guard let newest = playable.last else {
                throw DomainError.validation(field: "season", message: "No season is stored yet: 'clubhouse season fetch YEAR' brings one in")
            }
            return newest
        }
        // A number that is no season's year gets no advice to fetch it.
        guard seasonYears.contains(asked) else {
            throw DomainError.validation(field: "season", message: "A season is a year like \(playable.last?.season ?? 2024), not \(asked)")
        }
        guard let info = playable.first(where: { $0.season == asked }) else {
            throw DomainError.validation(field: "season", message: playable.isEmpty
                ? "No season is stored yet: 'clubhouse season fetch \(asked)' brings \(asked) in"
                : "The \(asked) season isn't stored here (it has \(list)): 'clubhouse season fetch \(asked)' brings it in")
        }
        return info
    }
}
