import Foundation

/// The league's activity feed.
/// Reached from the root as `LeagueService.activity`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct ActivityService: LeagueServicePart {
    let core: LeagueService
}

// The activity feed: the league's own event log read back newest first, each event the feed knows told as a line
// (`ActivityLines`). No second log: what the feed can't find in the events table, or in the rows an event points at
// (the waiver run's transactions, a trade's items), it doesn't show.

extension ActivityService {
    /// A page of league `id`'s activity, newest first: lines older than event `before` (nil: the newest), at most
    /// `limit` (`ActivityFeed.defaultLimit` when nil; 1 to `ActivityFeed.maxLimit`), of one kind or all. Readable by
    /// whoever may read the league; each line only to whom its event goes (`EventAudience`: a trade offer or veto to
    /// members).
    public func activity(_ id: LeagueID, kind: ActivityKind?, before: Int64?, limit: Int?, caller: Caller) throws -> ActivityFeed {
        let limit = limit ?? ActivityFeed.defaultLimit
        guard (1...ActivityFeed.maxLimit).contains(limit) else {
            throw DomainError.validation(field: "limit", message: "The feed pages 1 to \(ActivityFeed.maxLimit) lines at a time")
        }
        return try store.read { r in
            let league = try existingLeague(r, id)
            let teams = try r.teams(in: id)
            let readers = LeagueReaders(league: league, teams: teams)
            if let refusal = readers.refusal(for: caller) { throw refusal }
            var lines = ActivityLines(league: league, teams: teams, facts: try factsCache.facts(r, season: league.season), reader: r)
            let viewer = readers.viewer(caller)
            let page = try lines.scan(kinds: kind.map(\.events) ?? ActivityKind.allCases.flatMap(\.events), before: before, limit: limit, viewer: viewer)
            let newest = kind == nil && before == nil
                ? page.lines.first?.id
                : try lines.scan(kinds: ActivityKind.allCases.flatMap(\.events), before: nil, limit: 1, viewer: viewer).lines.first?.id
            return ActivityFeed(lines: page.lines, before: page.more ? page.lines.last?.id : nil, newest: newest)
        }
    }
}

/// Turns a league's stored events into feed lines, reading what they point at once per request.
struct ActivityLines {
    let league: League
    let teamNames: [TeamID: String]
    let facts: SeasonFacts
    let reader: any LeagueStoreReader
    private var transactions: [Transaction]?
    private var trades: [TradeID: Trade]?
    private var matchups: [MatchupRecord]?

    init(league: League, teams: [Team], facts: SeasonFacts, reader: any LeagueStoreReader) {
        self.league = league; self.facts = facts; self.reader = reader
        teamNames = Dictionary(teams.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    }

    /// Up to `limit` lines of events of `kinds` older than `before`, newest first, as `viewer` may see them; `more`:
    /// older events of those kinds remain.
    mutating func scan(kinds: [LeagueEvent.Kind], before: Int64?, limit: Int, viewer: EventViewer) throws -> (lines: [ActivityLine], more: Bool) {
        var out: [ActivityLine] = []
        var cursor = before
        // Some events make no line (a run that awarded nothing, new stats that corrected no score, an offer an
        // outsider may not see): read a little more than asked, until the page is full or the log ends.
        let batch = min(limit * 2 + 10, 500)
        while true {
            let rows = try reader.events(in: league.id, kinds: kinds, before: cursor, limit: batch)
            for (i, event) in rows.enumerated() {
                guard let seen = EventViews(event).seen(by: viewer), let line = try line(seen) else { continue }
                out.append(line)
                if out.count == limit { return (out, i < rows.count - 1 || rows.count == batch) }
            }
            guard rows.count == batch, let last = rows.last else { return (out, false) }
            cursor = last.id
        }
    }

    /// The line of one event (nil: this event makes none).
    mutating func line(_ e: LeagueEvent) throws -> ActivityLine? {
        guard let kind = ActivityKind(event: e.kind), let body = try? e.decodedBody() else { return nil }
        func make(_ text: String, _ details: [String] = [], _ teams: [TeamID]) -> ActivityLine {
            ActivityLine(id: e.id, at: e.at, kind: kind, event: e.kind, text: text, details: details, teams: teams)
        }
        switch body {
        case let b as LeagueEvent.PlayerAdded:
            return make("\(team(b.team)) added \(player(b.added))" + (b.dropped.map { ", dropped \(player($0))" } ?? ""), [], [b.team])
        case let b as LeagueEvent.PlayerDropped:
            return make("\(team(b.team)) dropped \(player(b.dropped))", [], [b.team])
        case let b as LeagueEvent.WaiversProcessed:
            guard b.claims > 0 else { return nil }
            guard let run = b.run else { return make("Waivers ran: \(b.claims) claim\(b.claims == 1 ? "" : "s") decided", [], []) }
            if transactions == nil { transactions = try reader.transactions(in: league.id) }
            let won = (transactions ?? []).filter { $0.kind == .waiverClaim && abs($0.at.timeIntervalSince(run)) < 0.001 }
            let details = won.map { t in
                "\(team(t.teamID)) claimed \(t.added.map(player) ?? "a player")" + (t.bid.map { " for $\($0)" } ?? "")
                    + (t.dropped.map { ", dropped \(player($0))" } ?? "")
            }
            let text = won.isEmpty ? "Waivers ran: \(b.claims) claim\(b.claims == 1 ? "" : "s"), none awarded"
                : "Waivers: \(won.count) claim\(won.count == 1 ? "" : "s") awarded"
            return make(text, details, won.map(\.teamID))
        case let b as LeagueEvent.TradeProposed:
            return make("\(team(b.team)) offered \(team(b.with)) a trade", try sides(b.trade), [b.team, b.with])
        case let b as LeagueEvent.TradeExecuted:
            let t = try trade(b.trade)
            let (a, w) = (b.team ?? t?.proposal.team, b.with ?? t?.proposal.with)
            return make("Trade executed: \(a.map(team) ?? "a team") and \(w.map(team) ?? "a team")", try sides(b.trade), [a, w].compactMap { $0 })
        case let b as LeagueEvent.TradeVetoed:
            let t = try trade(b.trade)
            return make("Trade vetoed \(b.byCommissioner ? "by the commissioner" : "by the league's votes")" + between(t), try sides(b.trade), parties(t))
        case let b as LeagueEvent.TradeReversed:
            let t = try trade(b.trade)
            return make("The commissioner reversed the trade" + between(t), try sides(b.trade), parties(t))
        case let b as LeagueEvent.TradeInvalidated:
            let t = try trade(b.trade)
            return make("Trade fell through" + between(t) + ": " + b.reason, [], parties(t))
        case let b as LeagueEvent.KeepersSet:
            return make("\(team(b.team)) set \(b.players) keeper\(b.players == 1 ? "" : "s")", [], [b.team])
        case let b as LeagueEvent.PickMade:
            return make("Pick \(b.pick): \(team(b.team)) took \(player(b.player))", [], [b.team])
        case let b as LeagueEvent.AuctionSold:
            return make("\(team(b.team)) bought \(player(b.player)) for $\(b.price)", [], [b.team])
        case let b as LeagueEvent.MatchupsFinalized:
            if matchups == nil { matchups = try reader.matchups(in: league.id) }
            guard let r = WeeklyRecap.compute(week: b.week, matchups: matchups ?? [], lineups: [:], rosterSlots: [:]) else { return nil }
            func named(_ t: WeeklyRecap.TeamPoints) -> String { t.teams.map(team).joined(separator: " and ") + " " + shown(t.points) }
            // The high score is the line's own text; the details go on from there (the board's strip shows both).
            var details = ["Low score: \(named(r.lowScore))"]
            if let g = r.closestGame?.first {
                details.append("Closest game: \(team(g.winner)) \(shown(g.winnerPoints))–\(shown(g.loserPoints)) \(team(g.loser))")
            }
            if let g = r.biggestBlowout?.first { details.append("Biggest blowout: \(team(g.winner)) by \(shown(g.margin)) over \(team(g.loser))") }
            return make("Week \(b.week) final — high score \(named(r.highScore))", details, r.highScore.teams)
        case let b as LeagueEvent.LineupRefused:
            return make("\(team(b.team)) could not move \(player(b.player)) to \(b.slot.rawValue): his game had kicked off", [], [b.team])
        case let b as LeagueEvent.CloseGame:
            let s = b.score
            return make("Close game in the fourth quarter (\(s.gameClock)): \(side(s.leader))–\(side(s.trailer, first: false))", [],
                        [s.leader.team, s.trailer.team])
        case let b as LeagueEvent.LeadChanged:
            let s = b.score
            return make("Lead change (\(s.gameClock)): \(team(s.leader.team)) go ahead of \(team(s.trailer.team)) \(shown(s.leader.points))–\(shown(s.trailer.points))",
                        [], [s.leader.team, s.trailer.team])
        case let b as LeagueEvent.StarterOut:
            return make("\(team(b.team))'s starter \(player(b.player)) is ruled out of week \(b.week)", b.report.isEmpty ? [] : [b.report], [b.team])
        case let b as LeagueEvent.SeasonUpdated:
            guard !b.corrections.isEmpty else { return nil }
            let weeks = Array(Set(b.corrections.map(\.week))).sorted().map(String.init).joined(separator: ", ")
            let details = b.corrections.map { c in
                "Week \(c.week) \(team(c.teamID)) \(c.before.oneDecimal) → \(c.after.oneDecimal)"
                    + (c.applied ? "" : " (after the week's lock: the result stands)")
            }
            return make("Score correction\(b.corrections.count == 1 ? "" : "s"), week\(weeks.contains(",") ? "s" : "") \(weeks)", details,
                        b.corrections.map(\.teamID))
        default:
            return nil
        }
    }

    func team(_ id: TeamID) -> String { teamNames[id] ?? "Team \(id.rawValue)" }

    /// Points with the league's decimals.
    func shown(_ p: Points) -> String { p.shown(league.settings.decimals) }

    /// "Bytes 98.4" (first) or "95.1 Bits".
    func side(_ s: LeagueEvent.LiveSide, first: Bool = true) -> String {
        first ? "\(team(s.team)) \(shown(s.points))" : "\(shown(s.points)) \(team(s.team))"
    }

    /// "Christian McCaffrey (RB CAR)".
    func player(_ id: PlayerID) -> String {
        let s = facts.summary(id)
        return "\(s.name) (\(s.position.rawValue) \(s.nflTeam))"
    }

    mutating func trade(_ id: TradeID) throws -> Trade? {
        if trades == nil { trades = Dictionary(try reader.trades(in: league.id).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }) }
        return trades?[id]
    }

    func between(_ t: Trade?) -> String { t.map { " between \(team($0.proposal.team)) and \(team($0.proposal.with))" } ?? "" }
    func parties(_ t: Trade?) -> [TeamID] { t.map { [$0.proposal.team, $0.proposal.with] } ?? [] }

    /// "Bytes get Chris Godwin (WR TB), Bits's round 2 pick, 2020 round 1 (Bits)" — one line per side (empty when the trade isn't stored).
    mutating func sides(_ id: TradeID) throws -> [String] {
        guard let t = try trade(id) else { return [] }
        func assets(_ a: TradeAssets) -> String {
            let all = a.players.map(player) + a.picks.map { pick in
                pick.season.map { "\($0) round \(pick.round) (\(team(pick.team)))" } ?? "\(team(pick.team))'s round \(pick.round) pick"
            }
            return all.isEmpty ? "nothing" : all.joined(separator: ", ")
        }
        return ["\(team(t.proposal.team)) gets \(assets(t.proposal.get))", "\(team(t.proposal.with)) gets \(assets(t.proposal.give))"]
    }
}
