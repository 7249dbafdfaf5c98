import Foundation

/// Everything about a league a trade is checked against, at one moment.
public struct TradeBoard: Sendable {
    public var league: League
    public var teams: [Team]
    public var rosters: [TeamID: Roster]
    public var players: [PlayerID: Player]
    /// The draft (nil when the league has none yet) and the picks made in it.
    public var draft: Draft?
    public var picksMade: [Pick]
    /// Traded picks: who owns a (round, original team) pick now — this season's and future ones (with their season); a
    /// pick not listed is its original team's.
    public var pickOwners: [DraftPickRef: TeamID]
    /// The NFL week on the league clock.
    public var week: Int
    /// Rostered players whose game this week has kicked off on the league clock.
    public var locked: Set<PlayerID>
    /// The commissioner's reversal of an executed trade isn't closed by the trade deadline.
    public var ignoresDeadline = false

    public init(league: League, teams: [Team], rosters: [TeamID: Roster], players: [PlayerID: Player], draft: Draft?, picksMade: [Pick],
                pickOwners: [DraftPickRef: TeamID], week: Int, locked: Set<PlayerID>) {
        self.league = league; self.teams = teams; self.rosters = rosters; self.players = players; self.draft = draft
        self.picksMade = picksMade; self.pickOwners = pickOwners; self.week = week; self.locked = locked
    }

    public func roster(_ team: TeamID) -> Roster { rosters[team] ?? Roster(teamID: team) }
    public func teamName(_ id: TeamID) -> String { teams.first { $0.id == id }?.name ?? "Team \(id.rawValue)" }
    public func playerName(_ id: PlayerID) -> String { players[id]?.fullName ?? id.rawValue }
    public func pickName(_ p: DraftPickRef) -> String { "the \(p.season.map { "\($0) " } ?? "")round \(p.round) pick of \(teamName(p.team))" }

    /// The seasons whose picks may be traded besides the league's own: the next `futurePickSeasons`.
    public var futureSeasons: ClosedRange<Int>? {
        let n = league.settings.futurePickSeasons
        return n > 0 ? (league.season + 1)...(league.season + n) : nil
    }

    /// The future picks `team` owns now (its own and those it was traded), season, then round, then original team.
    public func futurePicks(ownedBy team: TeamID) -> [DraftPickRef] {
        guard let seasons = futureSeasons else { return [] }
        let rounds = league.settings.futureDraftRounds
        guard rounds >= 1 else { return [] }
        var out: [DraftPickRef] = []
        for season in seasons {
            for round in 1...min(rounds, Draft.maxRounds) {
                for original in teams.map(\.id) {
                    let ref = DraftPickRef(season: season, round: round, team: original)
                    if owner(of: ref) == team { out.append(ref) }
                }
            }
        }
        return out
    }

    /// Who owns a pick now.
    public func owner(of pick: DraftPickRef) -> TeamID { pickOwners[pick] ?? pick.team }

    /// A pick's overall number in the draft (nil when the round or team isn't in it).
    public func overallNumber(of pick: DraftPickRef) -> Int? {
        guard pick.season == nil, let draft, pick.round >= 1, pick.round <= draft.rounds, draft.order.contains(pick.team) else { return nil }
        let numbers = DraftOrder.picks(of: pick.team, order: draft.order, type: draft.type, rounds: pick.round)
        return numbers.last
    }

    public func isMade(_ pick: DraftPickRef) -> Bool {
        guard let n = overallNumber(of: pick) else { return false }
        return picksMade.contains { $0.number == n }
    }

    /// The picks not yet made that `team` owns (each becomes a roster place when made).
    public func unmadePicks(ownedBy team: TeamID, owners: [DraftPickRef: TeamID]? = nil) -> [DraftPickRef] {
        guard let draft, !draft.isComplete, draft.rounds >= 1 else { return [] }
        let made = Set(picksMade.map(\.number))
        var out: [DraftPickRef] = []
        for round in 1...min(draft.rounds, Draft.maxRounds) {
            for original in draft.order {
                let ref = DraftPickRef(round: round, team: original)
                guard (owners ?? pickOwners)[ref] ?? original == team, let n = overallNumber(of: ref), !made.contains(n) else { continue }
                out.append(ref)
            }
        }
        return out
    }

    /// Whether trading is closed: the season is over, or the clock's week is past the trade deadline.
    public var deadlineRefusal: String? {
        if ignoresDeadline { return nil }
        switch league.state {
        case .complete: return "The season of \(league.name) is over — trading is closed"
        case .inSeason, .playoffs:
            guard week > league.settings.tradeDeadlineWeek else { return nil }
            return "The trade deadline of \(league.name) (week \(league.settings.tradeDeadlineWeek)) has passed"
        case .predraft, .drafting: return nil
        }
    }
}

/// What executing a trade changes.
public struct TradeExecution: Hashable, Sendable {
    /// The two teams' rosters after the trade and its drops.
    public var rosters: [Roster]
    /// Picks that change hands, with their new owner.
    public var pickOwners: [DraftPickRef: TeamID]
    /// One transaction per player who changes teams (on the receiving team) and per drop (on the dropping team).
    public var transactions: [Transaction]
    /// Players released by the trade (they go on waivers).
    public var dropped: [PlayerID]
}

/// The rules of trades: a proposal's checks, the re-check before it executes, and what an execution changes.
public enum TradeRules {
    // MARK: Proposal

    /// Checks an offer (a new proposal, a counter, or one about to be accepted) against the league as it stands.
    /// Throws `.conflict` when trading is closed and `.validation` naming the field otherwise. Returns the proposal
    /// with its note normalised (nil when empty).
    public static func validate(_ proposal: TradeProposal, on board: TradeBoard) throws(DomainError) -> TradeProposal {
        if let closed = board.deadlineRefusal { throw .conflict(closed) }
        var p = proposal
        // A pick named with the league's own season is this season's.
        p.give.picks = p.give.picks.map { $0.normalized(season: board.league.season) }
        p.get.picks = p.get.picks.map { $0.normalized(season: board.league.season) }
        let teamIDs = Set(board.teams.map(\.id))
        guard teamIDs.contains(p.team) else { throw .notFound("Team \(p.team.rawValue) in \(board.league.name)") }
        guard teamIDs.contains(p.with) else { throw .notFound("Team \(p.with.rawValue) in \(board.league.name)") }
        guard p.team != p.with else { throw .validation(field: "with", message: "A team can't trade with itself") }
        guard !(p.give.isEmpty && p.get.isEmpty) else {
            throw .validation(field: "give", message: "A trade moves at least one player or pick")
        }
        var seen = Set<PlayerID>()
        for player in p.allPlayers where !seen.insert(player).inserted {
            throw .validation(field: "players", message: "\(board.playerName(player)) is named twice in the trade")
        }
        let picks = p.give.picks + p.get.picks
        if Set(picks).count != picks.count { throw .validation(field: "picks", message: "A pick is named twice in the trade") }
        for (side, from, field) in [(p.give, p.team, "give"), (p.get, p.with, "get")] {
            for player in side.players where !board.roster(from).contains(player) {
                throw .validation(field: field, message: "\(board.playerName(player)) isn't on \(board.teamName(from))'s roster")
            }
        }
        // The proposer names only its own drops: the other team chooses its own when it accepts.
        for drop in p.drops where !board.roster(p.team).contains(drop) {
            if board.roster(p.with).contains(drop) {
                throw .validation(field: "drops", message: "\(board.playerName(drop)) is \(board.teamName(p.with))'s — \(board.teamName(p.with)) chooses its own drops when it accepts")
            }
            throw .validation(field: "drops", message: "\(board.playerName(drop)) (a drop) isn't on \(board.teamName(p.team))'s roster")
        }
        try validatePicks(p, on: board)
        if let note = p.note {
            let trimmed = TextRules.normalized(note)
            p.note = trimmed.isEmpty ? nil : try TextRules.text(trimmed, field: "note", what: "A trade note", length: TradeProposal.noteLength,
                                                               foldingSpaces: false, lengthVerb: "is")
        }
        if let problem = rosterProblem(p, on: board, teams: [p.team]) {
            throw .validation(field: "drops", message: problem + " — name drops to make room")
        }
        return p
    }

    /// The offer with the answering team's own drops added (it chooses them when it accepts), checked: each on its
    /// roster and not one it gives away, and then both rosters within their limits. Throws `.validation` naming
    /// `drops` with the limit's sentence when its roster would still be over.
    public static func acceptance(_ proposal: TradeProposal, drops: [PlayerID], on board: TradeBoard) throws(DomainError) -> TradeProposal {
        var p = proposal
        for drop in drops {
            guard board.roster(p.with).contains(drop) else {
                throw .validation(field: "drops", message: "\(board.playerName(drop)) isn't on \(board.teamName(p.with))'s roster")
            }
            guard !p.get.players.contains(drop) else {
                throw .validation(field: "drops", message: "\(board.playerName(drop)) leaves \(board.teamName(p.with)) in the trade — he can't be dropped too")
            }
            if !p.drops.contains(drop) { p.drops.append(drop) }
        }
        if let problem = rosterProblem(p, on: board, teams: [p.with]) {
            throw .validation(field: "drops", message: problem + " — choose drops to make room")
        }
        return p
    }

    /// The least valuable players `team` can drop (not in the trade, not locked, not on IR) until the trade leaves its
    /// roster within its limits: a bot's own drops when it accepts or counters. Empty when none are needed; nil when
    /// no choice of drops makes it fit.
    public static func cheapestDrops(for team: TeamID, in proposal: TradeProposal, on board: TradeBoard, value: (PlayerID) -> Double) -> [PlayerID]? {
        var p = proposal
        let named = Set(p.allPlayers)
        let candidates = board.roster(team).entries
            .filter { !$0.slot.isReserve && !named.contains($0.playerID) && !board.locked.contains($0.playerID) }
            .map(\.playerID).sorted { (value($0), $0) < (value($1), $1) }
        var chosen: [PlayerID] = []
        for candidate in [nil] + candidates.map(Optional.some) {
            if let candidate { chosen.append(candidate); p.drops.append(candidate) }
            if rosterProblem(p, on: board, teams: [team]) == nil { return chosen }
        }
        return nil
    }

    /// The sentence of a roster over its limit, the same in the builder, at acceptance and in the server's refusal:
    /// "Bytes would hold 16 players outside IR — 15 is the most" (players on IR don't count, nor the IR slots).
    public static func capacitySentence(team: String, holding count: Int, capacity: Int, withPicks: Bool) -> String {
        "\(team) would hold \(count) players\(withPicks ? " and picks to make" : "") outside IR — \(capacity) is the most"
    }

    private static func validatePicks(_ p: TradeProposal, on board: TradeBoard) throws(DomainError) {
        let all = p.give.picks.map { ($0, p.team, "give") } + p.get.picks.map { ($0, p.with, "get") }
        try validateFuturePicks(all.filter { $0.0.isFuture(of: board.league.season) }, on: board)
        let picks = all.filter { !$0.0.isFuture(of: board.league.season) }
        guard !picks.isEmpty else { return }
        guard board.league.settings.tradePicks else {
            throw .validation(field: "picks", message: "Draft picks can't be traded in \(board.league.name)")
        }
        guard let draft = board.draft, !draft.isComplete else {
            throw .validation(field: "picks", message: "The draft of \(board.league.name) is over — its picks can't be traded")
        }
        for (pick, from, field) in picks {
            guard board.overallNumber(of: pick) != nil else {
                throw .validation(field: field, message: "\(capitalized(board.pickName(pick))) isn't in the draft (rounds 1–\(draft.rounds))")
            }
            guard !board.isMade(pick) else { throw .validation(field: field, message: "\(capitalized(board.pickName(pick))) was already made") }
            guard board.owner(of: pick) == from else {
                throw .validation(field: field, message: "\(board.teamName(from)) doesn't own \(board.pickName(pick))")
            }
        }
    }

    /// Future picks: a season among the next `futurePickSeasons`, a round of the draft, a team of the league, owned by
    /// the giver now.
    private static func validateFuturePicks(_ picks: [(DraftPickRef, TeamID, String)], on board: TradeBoard) throws(DomainError) {
        guard !picks.isEmpty else { return }
        guard let seasons = board.futureSeasons else {
            throw .validation(field: "picks", message: "Future picks can't be traded in \(board.league.name) — only this season's")
        }
        let rounds = board.league.settings.futureDraftRounds
        for (pick, from, field) in picks {
            let season = pick.season ?? board.league.season
            guard seasons.contains(season) else {
                let window = seasons.count == 1 ? "\(seasons.lowerBound)" : "\(seasons.lowerBound)–\(seasons.upperBound)"
                let when = season < board.league.season ? "is a season gone by" : "is too far ahead"
                throw .validation(field: field, message: "\(season) \(when) — \(board.league.name) trades picks of \(window) besides this season's")
            }
            guard board.teams.contains(where: { $0.id == pick.team }) else {
                throw .validation(field: field, message: "Team \(pick.team.rawValue) isn't in \(board.league.name)")
            }
            guard (1...max(1, rounds)).contains(pick.round) else {
                throw .validation(field: field, message: "\(capitalized(board.pickName(pick))) isn't in the draft (rounds 1–\(rounds))")
            }
            guard board.owner(of: pick) == from else {
                throw .validation(field: field, message: "\(board.teamName(from)) doesn't own \(board.pickName(pick))")
            }
        }
    }

    // MARK: Re-check and execution

    /// Why a trade can't execute now (nil when it can): trading closed, a player or drop no longer on his roster, a pick
    /// no longer the giver's or already made, a roster that would break its limits, a locked player.
    public static func recheck(_ p: TradeProposal, on board: TradeBoard) -> String? {
        if let closed = board.deadlineRefusal { return closed }
        for (side, from) in [(p.give, p.team), (p.get, p.with)] {
            for player in side.players where !board.roster(from).contains(player) {
                return "\(board.playerName(player)) is no longer on \(board.teamName(from))'s roster"
            }
            for pick in side.picks {
                if board.isMade(pick) { return "\(capitalized(board.pickName(pick))) was already made" }
                if board.owner(of: pick) != from { return "\(board.teamName(from)) no longer owns \(board.pickName(pick))" }
            }
        }
        for drop in p.drops where !board.roster(p.team).contains(drop) && !board.roster(p.with).contains(drop) {
            return "\(board.playerName(drop)) (a drop) is no longer on either team's roster"
        }
        let picks = p.give.picks + p.get.picks
        if picks.contains(where: { !$0.isFuture(of: board.league.season) }), !board.league.settings.tradePicks {
            return "Draft picks can no longer be traded in \(board.league.name)"
        }
        for pick in picks where pick.isFuture(of: board.league.season) && !(board.futureSeasons?.contains(pick.season ?? 0) ?? false) {
            return "\(capitalized(board.pickName(pick))) can no longer be traded in \(board.league.name)"
        }
        for player in p.give.players + p.get.players + p.drops where board.locked.contains(player) {
            return LockWords.kickedOff(board.playerName(player), defense: board.players[player]?.position == .def, cant: "can't change teams")
        }
        return rosterProblem(p, on: board)
    }

    /// The rosters after the trade and its drops, and whether a team would break its limits: players outside IR plus
    /// picks still to make ≤ roster size without IR; players of a position (IR included) ≤ its maximum. A count the
    /// trade doesn't raise never refuses it (a roster already over stays as it was).
    public static func rosterProblem(_ p: TradeProposal, on board: TradeBoard, teams: [TeamID]? = nil) -> String? {
        let after = rostersAfter(p, on: board, at: board.league.clock)
        let owners = ownersAfter(p, on: board)
        let capacity = RosterRules.activeCapacity(board.league.settings)
        for team in teams ?? [p.team, p.with] {
            let before = board.roster(team), now = after[team] ?? Roster(teamID: team)
            let activeBefore = before.entries.filter { !$0.slot.isReserve }.count + board.unmadePicks(ownedBy: team).count
            let activeAfter = now.entries.filter { !$0.slot.isReserve }.count + board.unmadePicks(ownedBy: team, owners: owners).count
            if activeAfter > capacity, activeAfter > activeBefore {
                return capacitySentence(team: board.teamName(team), holding: activeAfter, capacity: capacity,
                                        withPicks: board.draft.map { !$0.isComplete } ?? false)
            }
            for position in Position.allCases {
                guard let maximum = board.league.settings.positionMaxima[position] else { continue }
                let had = before.entries.filter { board.players[$0.playerID]?.position == position }.count
                let has = now.entries.filter { board.players[$0.playerID]?.position == position }.count
                if has > maximum, has > had {
                    return "\(board.teamName(team)) would hold \(has) \(position.rawValue) — \(maximum) is the most"
                }
            }
        }
        return nil
    }

    /// How many players `team` would hold outside IR (picks still to make counted) over its limit after the trade —
    /// 0 when within it, or when the trade doesn't raise the count.
    public static func overCapacity(_ p: TradeProposal, on board: TradeBoard, team: TeamID) -> Int {
        let after = rostersAfter(p, on: board, at: board.league.clock)[team] ?? Roster(teamID: team)
        let capacity = RosterRules.activeCapacity(board.league.settings)
        let before = board.roster(team).entries.filter { !$0.slot.isReserve }.count + board.unmadePicks(ownedBy: team).count
        let now = after.entries.filter { !$0.slot.isReserve }.count + board.unmadePicks(ownedBy: team, owners: ownersAfter(p, on: board)).count
        return now > capacity && now > before ? now - capacity : 0
    }

    /// The two rosters after the trade: outgoing players and drops leave; incoming players join the bench.
    static func rostersAfter(_ p: TradeProposal, on board: TradeBoard, at now: Date) -> [TeamID: Roster] {
        var out: [TeamID: Roster] = [:]
        for (team, outgoing, incoming) in [(p.team, p.give.players, p.get.players), (p.with, p.get.players, p.give.players)] {
            var roster = board.roster(team)
            let leaving = Set(outgoing + p.drops)
            roster.entries.removeAll { leaving.contains($0.playerID) }
            roster.entries += incoming.map { RosterEntry(playerID: $0, slot: .bench, acquisition: .trade, acquiredAt: now) }
            out[team] = roster
        }
        return out
    }

    static func ownersAfter(_ p: TradeProposal, on board: TradeBoard) -> [DraftPickRef: TeamID] {
        var owners = board.pickOwners
        for pick in p.give.picks { owners[pick] = p.with }
        for pick in p.get.picks { owners[pick] = p.team }
        return owners
    }

    /// What executing the trade changes (call after `recheck` found nothing): the two rosters, the picks' new owners,
    /// and the transactions for the league's log.
    public static func execution(of p: TradeProposal, on board: TradeBoard, leagueID: LeagueID, at now: Date) -> TradeExecution {
        let rosters = rostersAfter(p, on: board, at: now)
        var owners: [DraftPickRef: TeamID] = [:]
        for pick in p.give.picks { owners[pick] = p.with }
        for pick in p.get.picks { owners[pick] = p.team }
        var transactions: [Transaction] = []
        for player in p.give.players { transactions.append(Transaction(id: 0, leagueID: leagueID, teamID: p.with, kind: .trade, added: player, dropped: nil, at: now)) }
        for player in p.get.players { transactions.append(Transaction(id: 0, leagueID: leagueID, teamID: p.team, kind: .trade, added: player, dropped: nil, at: now)) }
        for drop in p.drops {
            let team = board.roster(p.team).contains(drop) ? p.team : p.with
            transactions.append(Transaction(id: 0, leagueID: leagueID, teamID: team, kind: .trade, added: nil, dropped: drop, at: now))
        }
        return TradeExecution(rosters: [rosters[p.team]!, rosters[p.with]!], pickOwners: owners, transactions: transactions, dropped: p.drops)
    }

    /// The proposal that moves an executed trade's players and picks back (drops are not undone: the dropped players
    /// are on waivers or on other rosters by now).
    public static func reversal(of p: TradeProposal) -> TradeProposal {
        TradeProposal(team: p.team, with: p.with, give: p.get, get: p.give)
    }

    /// The veto threshold of a trade in vote review: a third of the managers (people) of the other teams, rounded up.
    public static func vetoThreshold(for p: TradeProposal, teams: [Team]) -> Int {
        let others = teams.filter { !$0.isBot && $0.id != p.team && $0.id != p.with }.count
        return (others + 2) / 3
    }

    static func capitalized(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }
}
