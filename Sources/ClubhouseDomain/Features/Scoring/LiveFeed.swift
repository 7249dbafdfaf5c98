import Foundation

/// The live parts of a matchup of the week in progress (README.md, “Live Sundays”): the scoring feed and the score over
/// time (`MatchupsService.addingLive`).
enum LiveFeed {
    /// Stats whose change makes a play worth a feed line, with how the line names it (first match wins).
    static let events: [(column: String, label: String)] = [
        ("passing_tds", "passing TD"), ("rushing_tds", "rushing TD"), ("receiving_tds", "receiving TD"),
        ("special_teams_tds", "return TD"), ("passing_2pt_conversions", "passing 2-pt"), ("rushing_2pt_conversions", "rushing 2-pt"),
        ("receiving_2pt_conversions", "receiving 2-pt"), ("fg_made_0_19", "FG 0–19 yd"), ("fg_made_20_29", "FG 20–29 yd"),
        ("fg_made_30_39", "FG 30–39 yd"), ("fg_made_40_49", "FG 40–49 yd"), ("fg_made_50_59", "FG 50–59 yd"), ("fg_made_60_", "FG 60+ yd"),
        ("fg_missed", "missed FG"), ("pat_made", "PAT"), ("pat_missed", "missed PAT"), ("interceptions", "INT thrown"),
        ("fumbles_lost", "fumble lost"), ("def_tds", "defensive TD"), ("def_interceptions", "interception"),
        ("def_fumble_recovery", "fumble recovery"), ("def_safeties", "safety"), ("def_blocked_kicks", "blocked kick"), ("def_sacks", "sack"),
    ]

    /// "D. Henry"; a defense is "TEN D/ST".
    static func shortName(_ p: Player) -> String {
        if p.position == .def { return "\(p.nflTeam) D/ST" }
        guard let initial = p.firstName.first, !p.lastName.isEmpty else { return p.fullName }
        return "\(initial). \(p.lastName)"
    }

    /// The plays of one starter that scored, up to the clock.
    static func plays(of player: PlayerID, side: MatchupSideKind, week: Int, live: LiveWeek, _ s: LeagueSnapshot) -> [ScoringPlay] {
        guard let p = s.facts.players[player], let id = live.gameID(of: player), let g = s.facts.game(id: id),
              let lg = live.games[id], g.hasKickedOff(at: s.now) else { return [] }
        let upTo = g.isFinal(at: s.now) ? lg.length : min(GameClock.elapsed(atOffset: s.now.timeIntervalSince(g.kickoff)), lg.length)
        let (times, lines) = lg.history(player)
        var out: [ScoringPlay] = []
        var before = StatLine()
        var beforePoints = s.scored.points(of: before, player: player)
        for k in times.indices {
            guard times[k] <= upTo else { break }
            let after = lines[k]
            let afterPoints = s.scored.points(of: after, player: player)
            defer { before = after; beforePoints = afterPoints }
            let delta = afterPoints - beforePoints
            guard delta != .zero else { continue }
            var what = events.first { after[column: $0.column]! != before[column: $0.column]! }?.label
            if what == nil, p.position == .def, after.pointsAllowed != before.pointsAllowed { what = "\(after.pointsAllowed) pts allowed" }
            guard let what else { continue }
            out.append(ScoringPlay(side: side, player: player, playerName: shortName(p), points: delta, what: what,
                                   gameClock: GameClock.label(elapsed: times[k]),
                                   at: g.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: times[k]))))
        }
        return out
    }

    static let samples = 120

    /// The stretches of a week when some game is being played (kickoff to final, overlaps merged), in time order.
    static func activeSpans(week: Int, _ s: LeagueSnapshot) -> [(Date, Date)] {
        var spans: [(Date, Date)] = []
        for g in s.facts.games.filter({ $0.week == week }).sorted(by: { $0.kickoff < $1.kickoff }) {
            if let last = spans.last, g.kickoff <= last.1 { spans[spans.count - 1].1 = max(last.1, g.finalAt) }
            else { spans.append((g.kickoff, g.finalAt)) }
        }
        return spans
    }

    /// Both sides' totals at even steps of the week's game time (the stretches when a game is on, so a Sunday
    /// afternoon isn't a sliver between Thursday and Monday nights), up to the clock.
    static func timeline(home: [PlayerID], away: [PlayerID]?, week: Int, live: LiveWeek, _ s: LeagueSnapshot,
                         homeProjected: Points, awayProjected: Points?) -> ScoreTimeline? {
        let spans = activeSpans(week: week, s)
        guard let start = spans.first?.0, let end = spans.last?.1 else { return nil }
        let gameTime = spans.reduce(0) { $0 + $1.1.timeIntervalSince($1.0) }
        let step = gameTime / Double(samples)
        /// The moment `offset` seconds of game time into the week.
        func moment(_ offset: TimeInterval) -> Date {
            var left = offset
            for (a, b) in spans {
                let len = b.timeIntervalSince(a)
                if left <= len { return a.addingTimeInterval(left) }
                left -= len
            }
            return end
        }
        var played: TimeInterval = 0
        for (a, b) in spans where a < s.now { played += min(b, s.now).timeIntervalSince(a) }
        let count = min(samples, Int(played / step)) + 1
        func total(_ players: [PlayerID], at t: Date) -> Points {
            players.reduce(.zero) { $0 + s.scored.points($1, week: week, at: t, live: live) }
        }
        let times = (0..<count).map { i in i == count - 1 ? min(s.now, end) : moment(Double(i) * step) }
        var t = ScoreTimeline(start: start, end: end, now: s.now, step: step, home: times.map { total(home, at: $0) },
                              away: away.map { a in times.map { total(a, at: $0) } }, homeProjected: homeProjected, awayProjected: awayProjected)
        t.samples = samples
        t.played = played / step
        return t
    }
}
