import Foundation

// MARK: - Stats that keep arriving: newer season data reaches the leagues that play it

/// A final week's score changed by newer stats (an nflverse stat correction), as the league keeps it on record.
public struct ScoreCorrection: Hashable, Codable, Sendable {
    public var week: Int
    public var teamID: TeamID
    public var before: Points
    public var after: Points
    /// Taken: the correction came before the week's lock and the week was re-scored. Not taken: it came after, and the
    /// result stands (the new stats show on player pages only).
    public var applied: Bool
    /// Real time the newer stats were imported.
    public var at: Date
    /// The week's lock: the first waiver run after the week was final (league clock).
    public var lockedAt: Date
    public init(week: Int, teamID: TeamID, before: Points, after: Points, applied: Bool, at: Date, lockedAt: Date) {
        self.week = week; self.teamID = teamID; self.before = before; self.after = after; self.applied = applied
        self.at = at; self.lockedAt = lockedAt
    }

    /// "Week 3 re-scored after a stat correction: 98.40 → 101.40 (corrections count until Wed Sep 25 08:00 UTC)".
    public func sentence(teamName: String) -> String {
        let change = "\(teamName) \(before.description) → \(after.description)"
        return applied
            ? "Week \(week) re-scored after a stat correction: \(change) (corrections count until the waiver run of \(Self.day(lockedAt)) 08:00 UTC)"
            : "A stat correction came after week \(week) was locked (\(Self.day(lockedAt)) 08:00 UTC): \(change) not counted, the result stands"
    }

    static func day(_ d: Date) -> String {
        let c = UTC.calendar.dateComponents([.weekday, .month, .day], from: d)
        let wd = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][(c.weekday ?? 1) - 1]
        let mo = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(c.month ?? 1) - 1]
        return "\(wd) \(mo) \(c.day ?? 1)"
    }
}

extension SeasonService {
    /// The correction rule: a week's stats are taken until the first waiver run after the week is final (the Wednesday
    /// 08:00 UTC after its last game); from then on the week is locked. Nil for a week with no games.
    public static func correctionLock(week: Int, calendar: SeasonCalendar) -> Date? {
        calendar.weekFinal(week).map { WaiverSchedule.nextRun(after: $0) }
    }

    /// Newer data for some weeks of `season` was imported (`clubhouse season import`, a refresh): every league on that
    /// season hears of it with one event (open screens reload: new plays land), and in each, a final week whose lock
    /// hasn't passed on the league's clock is re-scored from the new box scores with the lineups it was played with.
    /// Every team whose score changed gets a correction on record — taken, or, after the lock, noted and not taken.
    /// A playoff round's result is re-scored too; the bracket already set from it stands. Returns the corrections by
    /// league.
    @discardableResult
    public func seasonDataChanged(season: Int, weeks: Set<Int>) throws -> [LeagueID: [ScoreCorrection]] {
        guard !weeks.isEmpty else { return [:] }
        let leagues = try store.read { r in try r.leagues().filter { $0.season == season }.map(\.id) }
        var out: [LeagueID: [ScoreCorrection]] = [:]
        for id in leagues {
            let corrections = try store.write { w -> [ScoreCorrection] in
                guard let league = try w.league(id) else { return [] }
                let facts = try factsCache.facts(w, season: season)
                let now = clock.now()
                var records = try w.matchups(in: id)
                var corrections: [ScoreCorrection] = []
                for week in weeks.sorted() where records.contains(where: { $0.matchup.week == week && $0.isFinal }) {
                    guard let lock = Self.correctionLock(week: week, calendar: facts.calendar) else { continue }
                    let lineups = Dictionary(try w.lineups(in: id, week: week).map { ($0.teamID, $0) }, uniquingKeysWith: { a, _ in a })
                    let scoring = MatchupScoring(rules: league.settings.scoring, players: facts.players, weeklyStats: facts.weeklyStats(week: week),
                                                 games: facts.games, now: max(league.clock, facts.calendar.weekFinal(week) ?? league.clock)).withTouchdowns(facts.touchdowns)
                    let open = league.clock < lock
                    for i in records.indices where records[i].matchup.week == week && records[i].isFinal {
                        let fresh = scoring.result(of: records[i].matchup, lineups: lineups)
                        let m = records[i].matchup
                        for (team, before, after) in [(m.home, records[i].homePoints, Optional(fresh.homePoints)),
                                                      (m.away, records[i].awayPoints, fresh.awayPoints)] {
                            guard let team, let before, let after, before != after else { continue }
                            corrections.append(ScoreCorrection(week: week, teamID: team, before: before, after: after, applied: open,
                                                               at: now, lockedAt: lock))
                        }
                        if open {
                            records[i].homePoints = fresh.homePoints
                            if m.away != nil { records[i].awayPoints = fresh.awayPoints ?? .zero }
                        }
                    }
                }
                if corrections.contains(where: \.applied) { try w.setMatchups(records, in: id) }
                for c in corrections { try w.insertScoreCorrection(c, in: id) }
                try w.appendEvent(league: id, LeagueEvent.SeasonUpdated(weeks: weeks.sorted(), corrections: corrections), at: now)
                return corrections
            }
            if !corrections.isEmpty { out[id] = corrections }
        }
        return out
    }
}
