import Foundation

// MARK: - Creating leagues and teams (gated: signed in; the creator becomes commissioner)

/// Limits on text people type, checked here (server side) and explained in the app.
public enum TextRules {
    public static let nameLength = 1...40

    /// A trimmed name of 1–40 characters without control characters.
    public static func name(_ raw: String, field: String, what: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.validation(field: field, message: "\(what) can't contain control characters")
        }
        guard nameLength.contains(name.count) else {
            throw DomainError.validation(field: field, message: "\(what) must be 1–40 characters (it has \(name.count))")
        }
        return name
    }
}

extension LeagueSettings {
    /// Checks every setting against SPEC 3.1's limits; the message names what to fix.
    public func validate() throws {
        guard Self.allowedTeamCounts.contains(teamCount) else {
            throw DomainError.validation(field: "teamCount", message: "A league has 3–16 teams (not \(teamCount))")
        }
        guard Self.allowedPickClocks.contains(pickClockSeconds) else {
            throw DomainError.validation(field: "pickClock", message: "The pick clock is 5, 30, 60, 90, 120 or 300 seconds, or none")
        }
        guard Self.allowedPlayoffTeams.contains(playoffTeams), playoffTeams <= teamCount else {
            throw DomainError.validation(field: "playoffTeams", message: "Playoffs take 2, 4 or 6 teams, no more than the league has")
        }
        guard rosterSlots.values.allSatisfy({ $0 >= 0 }), (rosterSlots[.qb] ?? 0) + (rosterSlots[.rb] ?? 0) > 0, draftRounds >= 1, draftRounds <= 30 else {
            throw DomainError.validation(field: "roster", message: "A roster needs 1–30 drafted slots, none negative")
        }
        guard faabBudget >= 0, faabBudget <= 10_000 else {
            throw DomainError.validation(field: "faabBudget", message: "The FAAB budget is $0–$10,000")
        }
    }
}

extension LeagueService {
    /// Creates a league with its teams (bots until people join), its draft (scheduled, random order
    /// unless set later) and its schedule; the caller becomes commissioner and manages team 1.
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
        try settings.validate()
        return try store.write { w in
            let now = clock.now()
            let info = try Self.playableSeason(season, in: w.seasons())
            let live = !replay && info.isCurrent(at: now)
            var league = League(id: LeagueID(0), name: name, season: info.season, isPublic: isPublic, commissioner: user, settings: settings,
                                state: .predraft, clock: live ? now : (seasonClock ?? info.replayStart ?? now), createdAt: now,
                                followsRealTime: live)
            league.id = try w.insertLeague(league)
            var teams: [Team] = []
            for i in 1...settings.teamCount {
                let t = Team(id: TeamID(0), leagueID: league.id, name: i == 1 ? (teamName ?? "Team 1") : "Team \(i)",
                             manager: i == 1 ? user : nil, waiverPriority: i, faabRemaining: settings.faabBudget)
                teams.append(Team(id: try w.insertTeam(t), leagueID: league.id, name: t.name, manager: t.manager,
                                  waiverPriority: i, faabRemaining: settings.faabBudget))
            }
            var rng = SeededRandom(seed: seed ?? UInt64(bitPattern: league.id.rawValue) &* 0x2545_F491_4F6C_DD1D)
            let order = DraftOrder.random(teams: teams.map(\.id), using: &rng)
            try w.setDraft(DraftRoom.scheduledDraft(leagueID: league.id, order: order, settings: settings))
            // Waiver priority starts as the reverse of the draft order.
            for (i, teamID) in order.reversed().enumerated() {
                if var t = teams.first(where: { $0.id == teamID }) { t.waiverPriority = i + 1; try w.updateTeam(t) }
            }
            // Its clock is the wall clock: the clock driver keeps it there (kickoffs, waiver runs, finals at their real times).
            if live { try w.setClockRun(ClockRun(leagueID: league.id, speed: .x1, tickedAt: now)) }
            try w.appendEvent(league: league.id, LeagueEvent.LeagueCreated(name: name), at: now)
            return league.id
        }
    }

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
        guard let info = playable.first(where: { $0.season == asked }) else {
            throw DomainError.validation(field: "season", message: playable.isEmpty
                ? "No season is stored yet: 'clubhouse season fetch \(asked)' brings \(asked) in"
                : "The \(asked) season isn't stored here (it has \(list)): 'clubhouse season fetch \(asked)' brings it in")
        }
        return info
    }
}
