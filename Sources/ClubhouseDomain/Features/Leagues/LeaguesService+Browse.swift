import Foundation

// MARK: - Browsing: reading never needs an account (README.md, “Accounts”)

extension LeaguesService {
    public func publicLeagues(filter: LeagueFilter, caller: Caller) throws -> [LeagueSummary] {
        try store.read { r in
            let needle = filter.nameContains?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
            return try r.leagues()
                .filter { $0.isPublic }
                .filter { needle.isEmpty || $0.name.lowercased().contains(needle) }
                .filter { filter.state == nil || $0.state == filter.state }
                .map { try leagueSummary($0, reader: r, calendar: factsCache.calendar(r, season: $0.season), caller: caller) }
                .sorted { ($0.state.listOrder, $0.name) < ($1.state.listOrder, $1.name) }
        }
    }

    public func myLeagues(caller: Caller) throws -> [LeagueSummary] {
        guard let user = caller.userID else { return [] }
        return try store.read { r in
            return try r.leagues()
                .filter { l in try l.commissioner == user || r.teams(in: l.id).contains { $0.manager == user } }
                .map { try leagueSummary($0, reader: r, calendar: factsCache.calendar(r, season: $0.season), caller: caller) }
                .sorted { $0.name < $1.name }
        }
    }

    /// What every read of one league is computed from, as one value that each change of it moves on: the league's
    /// newest event (every write to a league appends one in its transaction), the season data version (imports,
    /// injuries) and its season clock's speed (a running clock stopping at its limit writes no event). No read of a
    /// league depends on the wall clock — its clock is data — so two reads at one revision give the same answer
    /// (the server's read cache, `ReadCache`, keys anonymous reads by it).
    public func readRevision(_ id: LeagueID) throws -> String {
        try store.readRevision(of: id)
    }

    public func league(_ id: LeagueID, caller: Caller) throws -> LeagueDetail {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            let records = s.records
            let pending = try caller.userID.map { u in try r.joinRequests(in: id).contains { $0.user == u && $0.status == .pending } } ?? false
            let champion = s.league.state == .complete ? s.champion : nil
            var detail = LeagueDetail(league: s.league, teams: s.teams.map { s.summary($0, records: records) }, currentWeek: s.currentWeek,
                                      commissionerName: s.league.commissioner.flatMap { s.users[$0]?.displayName },
                                      champion: champion, capabilities: s.capabilities(for: caller, pendingJoin: pending),
                                      outlook: outlook(s.league, calendar: s.facts.calendar))
            detail.clockSpeed = try r.clockRun(id)?.speed ?? .off
            return detail
        }
    }

    /// A week a client asks for: one of the NFL's (1–18).
    static func checkWeek(_ week: Int) throws(DomainError) {
        guard LeagueSettings.Limits.weeks.contains(week) else {
            throw .validation(field: "week", message: "A week is 1–18 (not \(week))")
        }
    }

    /// The next waiver run, kickoff and week final after the league's clock, within its season's weeks.
    func outlook(_ league: League, calendar: SeasonCalendar) -> ClockOutlook {
        let weeks = calendar.weekNumbers.filter { $0 >= league.settings.regularSeasonWeeks.lowerBound && $0 <= league.settings.playoffWeeks.upperBound }
        let kickoff = weeks.lazy.compactMap { w in calendar.kickoff(ofWeek: w).map { ClockOutlook.WeekMoment(week: w, at: $0) } }.first { $0.at > league.clock }
        let final = weeks.lazy.compactMap { w in calendar.weekFinal(w).map { ClockOutlook.WeekMoment(week: w, at: $0) } }.first { $0.at > league.clock }
        return ClockOutlook(nextWaiverRun: WaiverSchedule.nextRun(after: league.clock), nextKickoff: kickoff, nextWeekFinal: final)
    }


    // MARK: - Helpers

    func leagueSummary(_ l: League, reader r: any LeagueStoreReader, calendar: SeasonCalendar, caller: Caller) throws -> LeagueSummary {
        let teams = try r.teams(in: l.id)
        let commissioner = try l.commissioner.flatMap { try r.user($0) }
        let mine = caller.userID.flatMap { u in teams.first { $0.manager == u }?.id }
        var offers: Int?, votes: Int?, claims = 0
        var out: [String]?
        if let mine, l.state == .inSeason || l.state == .playoffs {
            claims = try r.waiverClaims(in: l.id).filter { $0.teamID == mine && $0.status == .pending }.count
            out = try startersOut(team: mine, league: l, week: calendar.week(at: l.clock), reader: r)
        }
        if let mine, l.state == .drafting || l.state == .inSeason || l.state == .playoffs {
            let open = try r.trades(in: l.id).filter(\.state.isOpen)
            offers = open.filter { $0.state == .proposed && $0.proposal.with == mine }.count
            votes = l.settings.tradeReview == .vote ? open.filter { $0.state == .inReview && !$0.involves(mine) }.count : 0
        }
        var summary = LeagueSummary(id: l.id, name: l.name, state: l.state, isPublic: l.isPublic, teamCount: l.settings.teamCount,
                             managedTeams: teams.filter { $0.manager != nil }.count, currentWeek: calendar.week(at: l.clock),
                             scoring: l.settings.scoring.preset, draftScheduledAt: l.draftScheduledAt,
                             commissionerName: commissioner?.displayName, myTeam: caller.userID.flatMap { u in teams.first { $0.manager == u }?.id },
                             seasonClock: l.clock, season: l.season, tradeOffersToMe: offers == 0 ? nil : offers, tradeVotesOpen: votes == 0 ? nil : votes)
        summary.pendingClaims = claims == 0 ? nil : claims
        summary.startersOut = out
        return summary
    }

    /// `team`'s starters who are out in `week` (O or IR on its injury report or weekly roster) and whose game hasn't
    /// kicked off yet on the league's clock (they can still be benched; one on a bye isn't out of a game), as
    /// "Name (POS, O)"; nil when none. The week's
    /// reports are read first: the season's facts load only when one of them is out.
    func startersOut(team: TeamID, league l: League, week: Int, reader r: any LeagueStoreReader) throws -> [String]? {
        let out = Set(try r.injuryReports(season: l.season, week: week).filter(\.status.isOut).map(\.playerID))
        guard !out.isEmpty else { return nil }
        let slots: [PlayerID: Slot]
        if let saved = try r.lineups(in: l.id, week: week).first(where: { $0.teamID == team }) {
            slots = saved.slots
        } else {
            let entries = try r.rosters(in: l.id).first { $0.teamID == team }?.entries ?? []
            slots = Dictionary(entries.map { ($0.playerID, $0.slot) }, uniquingKeysWith: { a, _ in a })
        }
        let starters = slots.filter { $0.value.isStarter && out.contains($0.key) }.keys
        guard !starters.isEmpty else { return nil }
        let facts = try factsCache.facts(r, season: l.season)
        let names = starters.filter { facts.game(for: $0, week: week).map { !$0.hasKickedOff(at: l.clock) } ?? false }.sorted().map { id in
            let p = facts.summary(id, week: week)
            return "\(p.name) (\(p.position.rawValue), \(p.injury.tag))"
        }
        return names.isEmpty ? nil : names
    }

}

extension LeagueState {
    /// Home lists leagues you can act on first: open, drafting, in season, then finished.
    var listOrder: Int {
        switch self { case .predraft: 0; case .drafting: 1; case .inSeason: 2; case .playoffs: 3; case .complete: 4 }
    }
}
