import Foundation

// MARK: - The season clock's lines in the activity feed: live matchups (`LiveLines`) and starters ruled out.

extension SeasonService {
    /// A clock move longer than this tells nothing of the live games it passes (a commissioner's jump over weeks isn't
    /// watched play by play): two days cover a Thursday-to-Monday stretch taken in a few steps.
    public static let liveLinesSpan: TimeInterval = 2 * 86_400

    /// The feed's lines for the clock of `league` moving from its clock to `target`: close games and late lead changes
    /// of the week in progress, starters ruled out before their game. Inside the clock's write.
    func writeFeedLines(_ w: any LeagueStoreWriter, league: League, to target: Date, facts: SeasonFacts) throws {
        guard league.state == .inSeason || league.state == .playoffs, target > league.clock else { return }
        try writeStartersOut(w, league: league, at: target, facts: facts)
        guard target.timeIntervalSince(league.clock) <= Self.liveLinesSpan else { return }
        let week = facts.week(at: league.clock)
        guard facts.games.contains(where: { $0.week == week && $0.kickoff < target && $0.finalAt > league.clock }) else { return }
        let records = try w.matchups(in: league.id).filter { $0.matchup.week == week && !$0.isFinal && $0.matchup.away != nil }
        guard !records.isEmpty else { return }
        let starters = try weekStarters(w, league: league, week: week)
        let lines = LiveLines(week: week, scored: facts.scored(league.settings.scoring), live: try facts.liveWeek(week, reader: w))
        let moments = lines.moments(after: league.clock, through: target)
        guard !moments.isEmpty else { return }
        let closeAlready = Set(try w.events(in: league.id, kinds: [.closeGame], before: nil, limit: 500).compactMap { e -> Set<TeamID>? in
            guard let s = (try? e.decodedBody(as: LeagueEvent.CloseGame.self))?.score, s.week == week else { return nil }
            return Set([s.leader.team, s.trailer.team])
        })
        for r in records {
            guard let away = r.matchup.away else { continue }
            let pairing = LiveLines.Pairing(home: r.matchup.home, away: away, homeStarters: starters[r.matchup.home] ?? [],
                                            awayStarters: starters[away] ?? [])
            for body in lines.lines(pairing, from: league.clock, moments: moments, closeAlready: closeAlready.contains([r.matchup.home, away])) {
                try w.appendEvent(league: league.id, body, at: clock.now())
            }
        }
    }

    /// Each team's starters for `week`: its saved lineup, else its roster's slots now.
    func weekStarters(_ r: any LeagueStoreReader, league: League, week: Int) throws -> [TeamID: [PlayerID]] {
        var out: [TeamID: [PlayerID]] = [:]
        for roster in try r.rosters(in: league.id) {
            out[roster.teamID] = roster.entries.filter { $0.slot.isStarter }.map(\.playerID).sorted()
        }
        for l in try r.lineups(in: league.id, week: week) {
            out[l.teamID] = l.slots.filter { $0.value.isStarter }.map(\.key).sorted()
        }
        return out
    }

    /// A starter the week's injury report rules out (O or IR) while his game is still ahead at `now` is a line once
    /// per team, player and week; the report is read as it is stored (an import between two steps shows at the next).
    func writeStartersOut(_ w: any LeagueStoreWriter, league: League, at now: Date, facts: SeasonFacts) throws {
        let week = facts.week(at: now)
        // Only the week's report rules a player out here (a standing status of the players file isn't news).
        guard facts.injuries(week: week).contains(where: { facts.injuryReport($0.key, week: week)?.status.isOut == true }) else { return }
        var told: Set<String>?
        for (team, starters) in try weekStarters(w, league: league, week: week).sorted(by: { $0.key < $1.key }) {
            for p in starters {
                guard let reported = facts.injuryReport(p, week: week), reported.status.isOut,
                      let game = facts.game(for: p, week: week), game.kickoff > now else { continue }
                if told == nil {
                    told = Set(try w.events(in: league.id, kinds: [.starterOut], before: nil, limit: 500).compactMap { e in
                        (try? e.decodedBody(as: LeagueEvent.StarterOut.self))?.map { "\($0.week) \($0.team.rawValue) \($0.player.rawValue)" }
                    })
                }
                guard told?.insert("\(week) \(team.rawValue) \(p.rawValue)").inserted == true else { continue }
                try w.appendEvent(league: league.id, LeagueEvent.StarterOut(team: team, player: p, week: week, report: reported.line), at: clock.now())
            }
        }
    }
}
