import Foundation

// MARK: - Live weeks: the scoring feed and the score over time of a matchup (README.md, “Live Sundays”)

extension MatchupsService {
    /// Adds the live parts to a matchup of the week in progress: projected totals, the scoring feed, the timeline.
    func addingLive(_ detail: MatchupDetail, lineups: [TeamID: [PlayerID: Slot]], _ s: LeagueSnapshot) -> MatchupDetail {
        guard let live = s.live, live.week == detail.week else { return detail }
        var d = detail
        func starters(_ t: TeamID) -> [PlayerID] { (lineups[t] ?? [:]).filter { $0.value.isStarter }.map(\.key).sorted() }
        let home = starters(d.home.team.id)
        let away = d.away.map { starters($0.team.id) }
        d.home.projected = d.home.starters.reduce(.zero) { $0 + ($1.projected ?? $1.points) }
        if var a = d.away { a.projected = a.starters.reduce(.zero) { $0 + ($1.projected ?? $1.points) }; d.away = a }
        var feed = home.flatMap { LiveFeed.plays(of: $0, side: .home, week: d.week, live: live, s) }
        if let away { feed += away.flatMap { LiveFeed.plays(of: $0, side: .away, week: d.week, live: live, s) } }
        d.feed = Array(feed.sorted { ($0.at, $0.player) > ($1.at, $1.player) }.prefix(60))
        d.timeline = LiveFeed.timeline(home: home, away: away, week: d.week, live: live, s,
                                       homeProjected: d.home.projected ?? d.home.total, awayProjected: d.away?.projected)
        return d
    }
}
