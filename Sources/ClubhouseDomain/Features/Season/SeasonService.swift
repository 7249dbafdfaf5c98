import Foundation

/// The season clock: advancing it (waiver runs, final weeks, the playoffs), the running clock's steps and speed, new season data and stat corrections.
/// Reached from the root as `LeagueService.season`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct SeasonService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - The season clock (ClubhouseDomain/README.md, “Matchups” and “Waivers”): moving it processes waivers and finalizes matchups on the way.

/// What moving a league's clock did, for the commissioner's confirmation and the event log.
public struct ClockAdvance: Hashable, Codable, Sendable {
    public var from: Date
    public var to: Date
    /// Waiver runs processed, each with its explained claim outcomes.
    public var waiverRuns: [[String]] = []
    /// Weeks whose matchups became final.
    public var weeksFinalized: [Int] = []
    public var champion: TeamID?
    public var state: LeagueState
    public init(from: Date, to: Date, waiverRuns: [[String]] = [], weeksFinalized: [Int] = [], champion: TeamID? = nil, state: LeagueState) {
        self.from = from; self.to = to; self.waiverRuns = waiverRuns; self.weeksFinalized = weeksFinalized; self.champion = champion; self.state = state
    }
}

extension SeasonService {
    /// Commissioner: moves the league's clock forward to `target`, processing every waiver run, finalizing every week
    /// and deciding every trade step it passes, each at its own moment in time order, in one transaction.
    /// The target must be a moment of the league's window, not before its clock and at most 60 days after its season's
    /// last game (`League.checkClockTarget`). A clock stored outside its window is set back into it, processing nothing.
    public func advanceClock(_ id: LeagueID, to target: Date, caller: Caller) throws -> ClockAdvance {
        try store.write { w in
            var league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "move the season clock")
            try requireReplay(league)
            try league.checkClockTarget(target, calendar: try factsCache.calendar(w, season: league.season))
            if league.needsCommissioner?.part == .clock {
                // The repair of a stored clock outside its season: set it, pass nothing on the way.
                let report = ClockAdvance(from: league.clock, to: target, state: league.state)
                league.clock = target
                league.needsCommissioner = nil
                try w.updateLeague(league)
                try w.appendEvent(league: league.id, LeagueEvent.ClockAdvanced(to: target, weeks: []), at: clock.now())
                return report
            }
            return try advance(w, league: league, to: target)
        }
    }

    /// Sets up the regular-season schedule if the league has none (round robin over its teams).
    func ensureSchedule(_ w: any LeagueStoreWriter, league: League) throws {
        guard try w.matchups(in: league.id).isEmpty else { return }
        let teams = try w.teams(in: league.id).map(\.id)
        let weeks = league.settings.regularSeasonWeeks.clamped(to: LeagueSettings.Limits.weeks)
        let schedule = RoundRobinSchedule.schedule(leagueID: league.id, teams: teams, weeks: weeks)
        try w.setMatchups(schedule.map { MatchupRecord(matchup: $0) }, in: league.id)
    }

    /// The clock engine, inside a write transaction.
    /// Refuses a league whose stored data needs the commissioner (`League.needsCommissioner`) and a target outside
    /// `checkClockTarget`'s range, before anything is computed: every loop below is bounded by the league's season.
    func advance(_ w: any LeagueStoreWriter, league start: League, to target: Date) throws -> ClockAdvance {
        var league = start
        if let repair = league.needsCommissioner { throw DomainError.conflict(repair.sentence) }
        guard target >= league.clock else {
            throw DomainError.validation(field: "clock", message: "The season clock only moves forward")
        }
        guard league.state != .drafting else {
            throw DomainError.conflict("Finish the draft before moving the season clock")
        }
        let facts = try factsCache.facts(w, season: league.season)
        try league.checkClockTarget(target, calendar: facts.calendar)
        var report = ClockAdvance(from: league.clock, to: target, state: league.state)
        if league.state != .predraft { try ensureSchedule(w, league: league) }
        try writeFeedLines(w, league: league, to: target, facts: facts)

        // Every moment the clock passes where something happens, in time order.
        enum Moment { case waivers, weekFinal(Int) }
        var moments: [(Date, Int, Moment)] = WaiverSchedule.runs(between: league.clock, and: target).map { ($0, 0, .waivers) }
        // The season's weeks from the first of the regular season (the calendar's weeks: never a loop over stored numbers).
        let firstWeek = league.settings.regularSeasonWeeks.lowerBound
        let lastWeek = max(league.settings.playoffWeeks.upperBound, league.settings.regularSeasonWeeks.upperBound &+ 3)
        for week in facts.calendar.weekNumbers where week >= firstWeek && week <= lastWeek {
            if let final = facts.calendar.weekFinal(week), final > league.clock, final <= target { moments.append((final, 1, .weekFinal(week))) }
        }
        moments.sort { ($0.0, $0.1) < ($1.0, $1.1) }

        for (at, _, moment) in moments {
            // Trades due before (or at) this moment are decided first, each at its own moment.
            try core.trades.stepTrades(w, league: &league, through: at)
            league.clock = at
            switch moment {
            case .waivers:
                guard league.state == .inSeason || league.state == .playoffs else { continue }
                report.waiverRuns.append(try core.waivers.processWaivers(w, league: league, at: at, facts: facts))
            case .weekFinal(let week):
                guard league.state == .inSeason || league.state == .playoffs else { continue }
                if try finalize(w, league: &league, week: week, facts: facts, report: &report) {
                    report.weeksFinalized.append(week)
                }
            }
        }
        // Trades due by the new moment, each at its own: offers expire, reviews end, bots answer.
        try core.trades.stepTrades(w, league: &league, through: target)
        league.clock = target
        report.state = league.state
        try core.trades.processDueTrades(w, league: league)
        try w.updateLeague(league)
        try w.appendEvent(league: league.id, LeagueEvent.ClockAdvanced(to: target, weeks: report.weeksFinalized), at: clock.now())
        return report
    }

    /// Freezes the week's lineups, stores final scores, and moves the league on to the playoffs or to complete.
    /// Returns false when the week has no matchups.
    func finalize(_ w: any LeagueStoreWriter, league: inout League, week: Int, facts: SeasonFacts, report: inout ClockAdvance) throws -> Bool {
        var records = try w.matchups(in: league.id)
        guard records.contains(where: { $0.matchup.week == week && !$0.isFinal }) else { return false }
        // Lineups: the one saved for the week, else the roster's slots now (frozen from here on).
        var lineups: [TeamID: Lineup] = Dictionary(try w.lineups(in: league.id, week: week).map { ($0.teamID, $0) }, uniquingKeysWith: { a, _ in a })
        for roster in try w.rosters(in: league.id) where lineups[roster.teamID] == nil {
            let l = Lineup(teamID: roster.teamID, week: week, slots: Dictionary(roster.entries.map { ($0.playerID, $0.slot) }, uniquingKeysWith: { a, _ in a }))
            lineups[roster.teamID] = l
            try w.setLineup(l)
        }
        let scoring = MatchupScoring(rules: league.settings.scoring, players: facts.players, weeklyStats: facts.weeklyStats(week: week),
                                     games: facts.games, now: league.clock).withTouchdowns(facts.touchdowns)
        for i in records.indices where records[i].matchup.week == week {
            let r = scoring.result(of: records[i].matchup, lineups: lineups)
            records[i].homePoints = r.homePoints
            records[i].awayPoints = r.awayPoints ?? (records[i].matchup.away == nil ? nil : .zero)
            if records[i].matchup.away == nil { records[i].awayPoints = nil }
        }
        let teams = try w.teams(in: league.id).map(\.id)
        // Into the playoffs after the last regular-season week; round by round after that.
        if week >= league.settings.regularSeasonWeeks.upperBound {
            let standings = Standings(teams: teams, results: records.compactMap(\.result), settings: league.settings)
            let bracket = try PlayoffBracket(leagueID: league.id, standings: standings, settings: league.settings)
            let results = records.compactMap(\.result)
            if let champion = bracket.champion(results: results) {
                league.state = .complete
                report.champion = champion
            } else {
                league.state = .playoffs
                let next = week + 1
                let scheduled = Set(records.filter { $0.matchup.week == next }.map(\.matchup.home))
                for m in bracket.matchups(week: next, results: results) where !scheduled.contains(m.home) {
                    records.append(MatchupRecord(matchup: m))
                }
            }
        }
        try w.setMatchups(records, in: league.id)
        try w.appendEvent(league: league.id, LeagueEvent.MatchupsFinalized(week: week), at: clock.now())
        return true
    }
}

extension MatchupRecord {
    /// The final result, for the Matchups rules; nil until final.
    var result: MatchupResult? {
        guard let home = homePoints else { return nil }
        return MatchupResult(matchup: matchup, homePoints: home, awayPoints: awayPoints, isFinal: true)
    }
}
