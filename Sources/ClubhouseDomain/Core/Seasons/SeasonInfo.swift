import Foundation

/// A season the database holds (`clubhouse season list`; the league form's choices).
public struct SeasonInfo: Hashable, Codable, Sendable, Identifiable {
    /// Full: a schedule, and weekly stats and plays as they arrive — leagues play it. Totals: players' regular-season
    /// totals only, the basis of the next season's pre-draft rankings.
    public enum Kind: String, Hashable, Codable, Sendable { case full, totals }

    public var season: Int
    public var kind: Kind
    /// The season's players (team defenses not counted).
    public var players: Int
    public var games: Int
    /// Weekly player lines (team defenses not counted).
    public var playerWeeks: Int
    /// Play-by-play rows imported.
    public var plays: Int
    /// Season-totals rows.
    public var totals: Int
    /// The first and last kickoff of the schedule (nil without one).
    public var firstKickoff: Date?
    public var lastKickoff: Date?
    /// Player-weeks with an injury status (Q, D, O, IR) from the injury report and weekly rosters (nil or 0: none stored).
    public var injuryStatuses: Int?

    public var id: Int { season }

    public init(season: Int, kind: Kind, players: Int = 0, games: Int = 0, playerWeeks: Int = 0, plays: Int = 0, totals: Int = 0,
                firstKickoff: Date? = nil, lastKickoff: Date? = nil) {
        self.season = season; self.kind = kind; self.players = players; self.games = games; self.playerWeeks = playerWeeks
        self.plays = plays; self.totals = totals; self.firstKickoff = firstKickoff; self.lastKickoff = lastKickoff
    }

    /// `2019  players 600  games 256  player-weeks 5500  plays 45016` (and `  injury statuses N` when it has some).
    public var line: String {
        kind == .totals
            ? "\(season)  players \(players)  totals only (\(totals) rows: pre-draft rankings for \(season + 1))"
            : "\(season)  players \(players)  games \(games)  player-weeks \(playerWeeks)  plays \(plays)"
                + ((injuryStatuses ?? 0) > 0 ? "  injury statuses \(injuryStatuses!)" : "")
    }

    /// Whether a league can play it: a full season with a schedule.
    public var isPlayable: Bool { kind == .full && games > 0 }

    /// Whether the real season is still on at `now` (its last game not final yet): a league created on it follows real
    /// time, its clock the wall clock. A season whose games are all over is replayed on the league's own clock.
    public func isCurrent(at now: Date) -> Bool {
        guard let last = lastKickoff else { return false }
        return now < last.addingTimeInterval(Game.finalAfter)
    }

    /// Where a replay league's clock starts: noon UTC fifteen days before the opening kickoff's day, before the
    /// preseason's last weeks (2019: 2019-08-22 12:00, the opener being 2019-09-05 20:20 Eastern).
    public var replayStart: Date? {
        guard let first = firstKickoff else { return nil }
        let cal = UTC.calendar
        let day = cal.startOfDay(for: first)
        return cal.date(byAdding: .day, value: -15, to: day)?.addingTimeInterval(12 * 3600)
    }
}

/// The season before a league's, as its pre-draft rankings use it.
public struct PriorSeason: Sendable {
    /// Where the totals come from: that season's weekly stats summed, its imported totals, or nothing stored.
    public enum Basis: String, Hashable, Codable, Sendable { case weeklyStats, totals, none }
    public var season: Int
    public var basis: Basis
    public var rows: [PriorSeasonStat]
    public init(season: Int, basis: Basis, rows: [PriorSeasonStat]) { self.season = season; self.basis = basis; self.rows = rows }
}
