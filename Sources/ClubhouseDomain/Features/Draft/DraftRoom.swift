import Foundation

/// The draft room as a pure state machine over `Draft` + `[Pick]`.
///
/// Every command takes `now` and either changes the room or throws a `DomainError`; nothing reads a clock.
/// Stored state is only `draft` and `picks`; `pool` (rankings) and `rules` come from the league each time.
/// Storage writes a command's result in one transaction that checks the expected pick number (ARCHITECTURE.md §3).
public struct DraftRoom: DraftRoomCommands, Hashable, Sendable {
    public var draft: Draft
    /// Made picks, in pick-number order (1, 2, 3, …).
    public private(set) var picks: [Pick]
    /// The draftable players, ranked.
    public let pool: DraftRankings
    public let rules: DraftRosterRules
    /// Seeds bots' think times: the same seed and pick number always give the same think time, so every process agrees.
    public let botSeed: UInt64
    /// Traded picks: who makes the (round, original team) pick now; a pick not listed is made by its original team.
    public let pickOwners: [DraftPickRef: TeamID]
    /// The teams' names, for sentences (a person reads "Dana FC is on the clock", never an internal id).
    public let teamNames: [TeamID: String]

    /// Bots and autopick teams wait this long (seconds) before picking; the exact time per pick comes from `botSeed`.
    public static let botThinkRange: ClosedRange<Double> = 2...5

    public init(draft: Draft, picks: [Pick], pool: DraftRankings, rules: DraftRosterRules, botSeed: UInt64? = nil,
                pickOwners: [DraftPickRef: TeamID] = [:], teamNames: [TeamID: String] = [:]) {
        self.pickOwners = pickOwners
        self.teamNames = teamNames
        self.draft = draft
        self.picks = picks.sorted { $0.number < $1.number }
        self.pool = pool
        self.rules = rules
        self.botSeed = botSeed ?? UInt64(bitPattern: draft.leagueID.rawValue)
    }

    /// A scheduled (not started) draft for a league, with `rounds = roster size without IR`.
    public static func scheduledDraft(leagueID: LeagueID, order: [TeamID], settings: LeagueSettings, scheduledAt: Date? = nil) -> Draft {
        Draft(leagueID: leagueID, status: .scheduled, order: order, rounds: settings.draftRounds, type: settings.draftType,
              pickClockSeconds: settings.pickClockSeconds, scheduledAt: scheduledAt)
    }

    // MARK: - Reading the room

    /// The team on the clock, or nil when the draft is complete or has no teams.
    public var onTheClock: TeamID? {
        guard !draft.order.isEmpty, !draft.isComplete, draft.currentPick >= 1 else { return nil }
        return owner(ofPick: draft.currentPick)
    }

    /// The team that makes overall pick `number`: whoever owns that (round, original team) pick now — the original
    /// team by the draft order and type unless the pick was traded.
    public func owner(ofPick number: Int) -> TeamID {
        Self.owner(ofPick: number, draft: draft, pickOwners: pickOwners)
    }

    /// `owner(ofPick:)` without a room (the draft and the traded picks are enough).
    public static func owner(ofPick number: Int, draft: Draft, pickOwners: [DraftPickRef: TeamID]) -> TeamID {
        let original = DraftOrder.team(forPick: number, order: draft.order, type: draft.type)
        guard !pickOwners.isEmpty else { return original }
        let round = DraftOrder.round(forPick: number, teamCount: draft.order.count)
        return pickOwners[DraftPickRef(round: round, team: original)] ?? original
    }

    /// The round of the pick on the clock (nil when complete).
    public var currentRound: Int? {
        onTheClock == nil ? nil : DraftOrder.round(forPick: draft.currentPick, teamCount: draft.order.count)
    }
    /// The place in its round of the pick on the clock ("3.07" is round 3, pick 7); nil when complete.
    public var currentPickInRound: Int? {
        onTheClock == nil ? nil : DraftOrder.pickInRound(forPick: draft.currentPick, teamCount: draft.order.count)
    }

    /// Every drafted player.
    public var taken: Set<PlayerID> { Set(picks.map(\.playerID)) }
    public func isAvailable(_ player: PlayerID) -> Bool { pool.contains(player) && !picks.contains { $0.playerID == player } }
    /// Undrafted players, best-ranked first.
    public var available: [RankedPlayer] { pool.available(excluding: taken) }
    public func picks(of team: TeamID) -> [Pick] { picks.filter { $0.teamID == team } }
    public func positions(of team: TeamID) -> [Position] { picks(of: team).compactMap { pool.position(of: $0.playerID) } }

    /// The starting slots a team still has to fill, by slot (each position fills its own slots, RB/WR/TE overflow FLEX).
    public func openStarterSlots(of team: TeamID) -> [Slot: Int] {
        var held: [Position: Int] = [:]
        for p in positions(of: team) { held[p, default: 0] += 1 }
        var out: [Slot: Int] = [:], flexUsed = 0
        for p in Position.allCases {
            let own = rules.own(p), n = held[p, default: 0]
            if own > n { out[p.dedicatedSlot] = own - n }
            if Slot.flex.eligiblePositions.contains(p) { flexUsed += max(0, n - own) }
        }
        let flex = (rules.rosterSlots[.flex] ?? 0) - flexUsed
        if flex > 0 { out[.flex] = flex }
        return out
    }

    // MARK: - Commissioner commands (start, pause, resume: `DraftRoomCommands`)

    /// Undoes pick `number` and every later pick; pick `number` goes back on the clock with a fresh clock
    /// (a paused draft stays paused; a complete draft runs again). Returns the removed picks, earliest first.
    @discardableResult
    public mutating func undo(toPick number: Int, now: Date) throws(DomainError) -> [Pick] {
        guard draft.status != .scheduled else { throw .conflict("The draft hasn't started — there is nothing to undo") }
        guard let last = picks.last?.number, number >= 1, number <= last else {
            throw .conflict("Pick \(number) hasn't been made — there is nothing to undo")
        }
        // Keepers' picks stay: they were made when the draft started, not in turn.
        guard picks.first(where: { $0.number == number })?.source != .keeper else {
            throw .conflict("Pick \(number) is a keeper's — it can't be undone")
        }
        let removed = picks.filter { $0.number >= number && $0.source != .keeper }
        picks.removeAll { $0.number >= number && $0.source != .keeper }
        draft.currentPick = number
        if draft.status == .paused {
            draft.deadline = nil
            draft.remainingWhenPaused = draft.pickClockSeconds.map(Double.init)
        } else {
            draft.status = .running
            openClock(now: now)
        }
        return removed
    }

    /// Undoes the last pick made.
    @discardableResult
    public mutating func undoLastPick(now: Date) throws(DomainError) -> [Pick] {
        guard let last = picks.last(where: { $0.source != .keeper }) else { throw .conflict("No pick has been made — there is nothing to undo") }
        return try undo(toPick: last.number, now: now)
    }

    /// A team as a sentence names it: its name (a team the room wasn't told of: "team N").
    public func name(of team: TeamID) -> String { teamNames[team] ?? "team \(team.rawValue)" }

    // MARK: - Picking

    /// Makes pick `expectedPickNumber` for `team`.
    ///
    /// Checks, in order: started; not stale ("Pick N was already made"); not paused or complete; the pick is the one
    /// on the clock; `team` is on the clock (a commissioner picks for the team on the clock); the player exists and is
    /// undrafted; the team stays within position maxima. The last pick completes the draft.
    @discardableResult
    public mutating func makePick(expectedPickNumber: Int, team: TeamID, player: PlayerID, by source: PickSource, now: Date) throws(DomainError) -> Pick {
        guard draft.status != .scheduled else { throw .conflict("The draft hasn't started yet") }
        guard expectedPickNumber >= draft.currentPick else { throw .conflict("Pick \(expectedPickNumber) was already made") }
        guard draft.status != .paused else { throw .conflict("The draft is paused — nobody can pick") }
        guard draft.status == .running, let onClock = onTheClock else { throw .conflict("The draft is complete") }
        guard expectedPickNumber == draft.currentPick else {
            throw .conflict("Pick \(expectedPickNumber) isn't on the clock yet — pick \(draft.currentPick) is")
        }
        guard team == onClock else {
            throw source == .manager
                ? .forbidden("It's not your pick — \(name(of: onClock)) is on the clock")
                : .conflict("Pick \(draft.currentPick) is \(name(of: onClock))'s now, not \(name(of: team))'s — nothing was picked")
        }
        // Taken first: a keeper may be a player outside this season's pool, and he is still nobody else's to draft.
        if let earlier = picks.first(where: { $0.playerID == player }) {
            throw .conflict("\(player) was already drafted (pick \(earlier.number))")
        }
        guard let position = pool.position(of: player) else { throw .notFound("Player \(player)") }
        var held: [Position: Int] = [:]
        for p in positions(of: team) { held[p, default: 0] += 1 }
        guard rules.allows(position, given: held) else {
            throw .validation(field: "player",
                              message: "\(name(of: team)) already has \(held[position, default: 0]) \(position.rawValue) — the most a roster may hold")
        }
        let pick = Pick(number: draft.currentPick, round: DraftOrder.round(forPick: draft.currentPick, teamCount: draft.order.count),
                        teamID: team, playerID: player, source: source, madeAt: now)
        picks.append(pick)
        picks.sort { $0.number < $1.number }
        draft.currentPick += 1
        skipMadePicks()
        if draft.isComplete {
            draft.status = .complete
            draft.deadline = nil
            draft.pickOpenedAt = nil
        } else {
            openClock(now: now)
        }
        return pick
    }

    /// The player autopick would take for `team` now (see `Autopick`): a person's queue, then the rankings with the
    /// roster's needs; a bot (`isBot`) drafts by the same rules with its seeded temperament, reproducible from `botSeed`.
    public func autopickChoice(for team: TeamID, queues: DraftQueues, isBot: Bool = false) -> PlayerID? {
        let mine = picks(of: team).compactMap { pool.ranking(of: $0.playerID) }
        let recent = picks.suffix(4).compactMap { pool.position(of: $0.playerID) }
        let bot = isBot ? BotPersona.forPick(draft.currentPick, team: team, seed: botSeed) : nil
        // With traded picks a team makes more or fewer picks than rounds minus its picks so far: count its own (a
        // keeper's pick ahead is made already, so it is not one left).
        let made = Set(picks.map(\.number))
        let picksLeft = pickOwners.isEmpty || draft.currentPick > draft.totalPicks ? nil
            : (draft.currentPick...draft.totalPicks).filter { owner(ofPick: $0) == team && !made.contains($0) }.count
        return Autopick.choose(queue: isBot ? [] : queues.queue(for: team), rankings: pool, taken: taken, team: mine,
                               rules: rules, bot: bot, recent: recent, picksLeft: picksLeft)
    }

    /// The idempotent clock step anyone may call: if the pick on the clock is still open and its deadline has passed —
    /// or its team is a bot / on autopick and its think time (`botDeadline`) has passed — autopick it.
    /// Returns the pick made, or nil when nothing was due. Calling it again right after makes no second pick,
    /// because the next pick has a fresh deadline.
    @discardableResult
    public mutating func tick(now: Date, teams: [Team], queues: DraftQueues) throws(DomainError) -> Pick? {
        guard draft.status == .running, let onClock = onTheClock else { return nil }
        let team = teams.first { $0.id == onClock }
        let source: PickSource
        if let bd = botDeadline(teams: teams), now >= bd {
            source = team?.isBot == true ? .bot : .autopick
        } else if let deadline = draft.deadline, now >= deadline {
            source = .autopick
        } else {
            return nil
        }
        guard let player = autopickChoice(for: onClock, queues: queues, isBot: team?.isBot == true) else {
            throw .conflict("No player is left that \(name(of: onClock)) may draft within the position maxima")
        }
        return try makePick(expectedPickNumber: draft.currentPick, team: onClock, player: player, by: source, now: now)
    }

    /// When the team on the clock picks by itself, if it is a bot (no manager) or on autopick: the pick's opening
    /// plus a seeded think time of 2–5 s. Nil when a person is picking, or the draft isn't running.
    public func botDeadline(teams: [Team]) -> Date? {
        guard draft.status == .running, let onClock = onTheClock,
              let team = teams.first(where: { $0.id == onClock }), team.isBot || team.autopick else { return nil }
        return pickOpenedAt.addingTimeInterval(Self.botThinkTime(forPick: draft.currentPick, seed: botSeed))
    }

    /// A bot's think time for a pick, from a seeded random source: the same seed and pick always give the same time.
    public static func botThinkTime(forPick pick: Int, seed: UInt64) -> TimeInterval {
        var rng = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: pick) &* 0x9E37_79B9_7F4A_7C15))
        return Double.random(in: botThinkRange, using: &rng)
    }

    /// Keepers' picks made as the draft starts (`KeepersService.placeKeepers`): the pick on the clock moves past every
    /// pick already made, with a fresh clock.
    public mutating func placeKept(_ kept: [Pick], now: Date) {
        picks = (picks + kept).sorted { $0.number < $1.number }
        skipMadePicks()
        openClock(now: now)
    }

    // MARK: - Private

    /// Moves the pick on the clock past picks already made (keepers' picks sit ahead of it in their rounds).
    private mutating func skipMadePicks() {
        let made = Set(picks.map(\.number))
        while made.contains(draft.currentPick) { draft.currentPick += 1 }
    }

    /// When the pick on the clock opened; falls back to the clock's start (deadline − clock) or the previous pick
    /// for drafts stored before `pickOpenedAt` existed.
    private var pickOpenedAt: Date {
        if let opened = draft.pickOpenedAt { return opened }
        if let deadline = draft.deadline, let clock = draft.pickClockSeconds { return deadline.addingTimeInterval(-Double(clock)) }
        return picks.last?.madeAt ?? draft.startedAt ?? .distantPast
    }

    /// The pick on the clock gets a fresh, full clock (deadline = now + pick clock; nil for a soft timer).
    public mutating func openClock(now: Date) {
        draft.pickOpenedAt = now
        draft.deadline = draft.pickClockSeconds.map { now.addingTimeInterval(Double($0)) }
    }

}

extension Team {
    /// The team with autopick switched on or off (commissioner toggle, or a manager's own).
    public func settingAutopick(_ on: Bool) -> Team {
        var t = self
        t.autopick = on
        return t
    }
}
