import Foundation

/// An auction draft as a pure state machine over `Draft`, the sales (picks with a price), the nomination on the block,
/// its bids and the private maximums.
///
/// Every command takes `now` and either changes the room or throws a `DomainError`; nothing reads a clock. The draft's
/// `deadline` is the one clock: the nomination clock while nobody is on the block, the bidding clock while someone is.
/// `currentPick` is the number of the next sale. Storage writes a command's result in one transaction.
public struct AuctionRoom: DraftRoomCommands, Hashable, Sendable {
    public var draft: Draft
    /// Sales in number order, each a pick with its `price`.
    public private(set) var picks: [Pick]
    /// Who nominated each sale, by number.
    public private(set) var sales: [Int: AuctionSale]
    /// The player on the block (nil between nominations).
    public private(set) var nomination: AuctionNomination?
    /// The accepted bids on the player on the block, oldest first.
    public private(set) var bids: [AuctionBid]
    /// The private maximums on the player on the block.
    public private(set) var maxBids: [TeamID: AuctionMaxBid]
    public let pool: DraftRankings
    public let rules: DraftRosterRules
    public let settings: AuctionSettings
    /// Team names, for "outbid — $N by Team".
    public let teamNames: [TeamID: String]
    public let botSeed: UInt64

    /// Bots and absent managers nominate 2–5 s after the nomination clock starts (their bidding: `AuctionRoom+Bots`).
    public static let botNominateRange: ClosedRange<Double> = 2...5
    /// How each team's proxy bids are recorded: `.bot` for a bot, `.autopick` for an absent manager, else `.manager`.
    public var proxySources: [TeamID: PickSource] = [:]

    public init(draft: Draft, picks: [Pick], sales: [AuctionSale] = [], nomination: AuctionNomination? = nil, bids: [AuctionBid] = [],
                maxBids: [AuctionMaxBid] = [], pool: DraftRankings, rules: DraftRosterRules, settings: AuctionSettings,
                teamNames: [TeamID: String] = [:], botSeed: UInt64? = nil, proxySources: [TeamID: PickSource] = [:]) {
        self.proxySources = proxySources
        self.draft = draft
        self.picks = picks.sorted { $0.number < $1.number }
        self.sales = Dictionary(sales.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        self.nomination = nomination
        self.bids = bids
        self.maxBids = Dictionary(maxBids.map { ($0.team, $0) }, uniquingKeysWith: { a, _ in a })
        self.pool = pool; self.rules = rules; self.settings = settings; self.teamNames = teamNames
        self.botSeed = botSeed ?? UInt64(bitPattern: draft.leagueID.rawValue)
    }

    // MARK: - Reading the room

    /// Roster spots each team fills in the auction (the roster without IR).
    public var rosterSpots: Int { draft.rounds }
    public func picks(of team: TeamID) -> [Pick] { picks.filter { $0.teamID == team } }
    public var taken: Set<PlayerID> { Set(picks.map(\.playerID)) }
    public func isAvailable(_ player: PlayerID) -> Bool { pool.contains(player) && !taken.contains(player) }
    public func spent(by team: TeamID) -> Int { picks(of: team).reduce(0) { $0 + ($1.price ?? 0) } }
    /// Budget left: the budget minus every price the team paid.
    public func budgetLeft(of team: TeamID) -> Int { settings.budget - spent(by: team) }
    public func openSpots(of team: TeamID) -> Int { max(0, rosterSpots - picks(of: team).count) }

    /// The most a team may bid now: its budget left minus the minimum bid for every other open spot (0 when full).
    public func maxBid(of team: TeamID) -> Int {
        let open = openSpots(of: team)
        guard open > 0 else { return 0 }
        return max(0, budgetLeft(of: team) - settings.minBid * (open - 1))
    }

    /// Whether the team may take the player on: an open spot and room under his position's maximum.
    public func hasRoom(_ team: TeamID, for player: PlayerID) -> Bool {
        guard openSpots(of: team) > 0, let position = pool.position(of: player) else { return false }
        return rules.allows(position, given: held(by: team))
    }

    func held(by team: TeamID) -> [Position: Int] {
        var held: [Position: Int] = [:]
        for p in picks(of: team) { if let pos = pool.position(of: p.playerID) { held[pos, default: 0] += 1 } }
        return held
    }

    /// The team whose turn it is to nominate: the next in draft order after the last sale's nominator (the first
    /// team at the start), round after round, skipping every team that can't nominate (`canNominate`: a full roster,
    /// no max bid of the minimum, no unsold player it has room for). Nil when none can, or not running.
    public var nominator: TeamID? {
        guard !draft.order.isEmpty, draft.status == .running || draft.status == .paused else { return nil }
        let last = picks.reversed().lazy.compactMap { self.sales[$0.number]?.nominatedBy }.first
        let start = last.flatMap { draft.order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        for k in 0..<draft.order.count {
            let team = draft.order[(start + k) % draft.order.count]
            if canNominate(team) { return team }
        }
        return nil
    }

    /// Whether no team has a spot left that a player could fill (every roster full, or nobody left it has room for).
    public var isFinished: Bool {
        let taken = taken
        return draft.order.allSatisfy { !hasSpotToFill($0, taken: taken) }
    }

    /// The team a name refers to in sentences.
    public func name(of team: TeamID) -> String { teamNames[team] ?? team.description }

    // MARK: - Commissioner commands (start, pause, resume: `DraftRoomCommands`)

    /// A fresh clock: the bidding clock when a player is on the block (none is when the auction starts), else the
    /// nomination clock.
    public mutating func openClock(now: Date) {
        if nomination != nil {
            draft.deadline = now.addingTimeInterval(Double(settings.bidSeconds))
            nomination?.lastBidAt = now
        } else {
            openNominationClock(now: now)
        }
    }

    /// Undoes the last sale: the player leaves the buyer's roster and the price returns to its budget; the bidding on
    /// the player on the block (if any) is cancelled too and the undone sale's nominator nominates again. A complete
    /// draft runs again. Returns the removed sale.
    @discardableResult
    public mutating func undoLastSale(now: Date) throws(DomainError) -> Pick {
        guard draft.status != .scheduled else { throw .conflict("The draft hasn't started — there is nothing to undo") }
        guard let last = picks.last, last.source != .keeper else { throw .conflict("No player has been sold — there is nothing to undo") }
        picks.removeLast()
        sales[last.number] = nil
        clearBlock()
        draft.currentPick = last.number
        if draft.status == .paused {
            draft.deadline = nil
            draft.remainingWhenPaused = Double(settings.nominationSeconds)
        } else {
            draft.status = .running
            openNominationClock(now: now)
        }
        return last
    }

    /// Keepers bought as the auction starts (`KeepersService.placeKeepers`), in the order given: sales numbered from the
    /// next one, each at the keeper's price and nominated by nobody (so the first nomination is still the first team's),
    /// spending the team's budget and filling its spots as any sale does. An undo never reaches them. Returns them.
    public mutating func placeKept(_ keepers: [Keeper], now: Date) -> [Pick] {
        let kept = keepers.map { k in
            defer { draft.currentPick += 1 }
            return Pick(number: draft.currentPick, round: DraftOrder.round(forPick: draft.currentPick, teamCount: max(1, draft.order.count)),
                        teamID: k.team, playerID: k.player, source: .keeper, madeAt: now, price: k.price ?? 0)
        }
        picks += kept
        for pick in kept { sales[pick.number] = AuctionSale(number: pick.number, price: pick.price ?? 0, nominatedBy: nil) }
        return kept
    }

    /// The commissioner's correction: `team` gets `player` at `price`, outside the nomination order (nobody may be on
    /// the block). Checked against the team's roster room and its max bid, as every write that spends budget is: the
    /// minimum bid stays for each of its other open spots. The last spot filled completes the draft.
    @discardableResult
    public mutating func assign(_ player: PlayerID, to team: TeamID, price: Int, now: Date) throws(DomainError) -> Pick {
        guard draft.status == .running || draft.status == .paused else { throw draft.statusConflict(doing: "assign a player") }
        guard nomination == nil else { throw .conflict("Wait for the bidding on the player on the block to end") }
        guard draft.order.contains(team) else { throw .notFound("Team \(team)") }
        guard pool.contains(player) else { throw .notFound("Player \(player)") }
        guard !taken.contains(player) else { throw .conflict("\(player) was already sold") }
        guard hasRoom(team, for: player) else { throw .validation(field: "team", message: "\(name(of: team)) has no room for him") }
        guard price >= 0, price <= maxBid(of: team) else { throw .validation(field: "price", message: spendingLimitSentence(team, "the price is")) }
        return sell(player, to: team, price: price, source: .commissioner, nominatedBy: nil, now: now)
    }

    // MARK: - Nominating and bidding

    /// `team` puts `player` up with an opening bid (the commissioner may for the team whose turn it is).
    ///
    /// Checks: running; nobody on the block; `team` has the turn; the player is in the pool and unsold; the team has
    /// room for him; the bid is at least the minimum and at most the team's max bid. The bidding clock starts.
    @discardableResult
    public mutating func nominate(_ player: PlayerID, bid: Int, team: TeamID, by source: PickSource, now: Date) throws(DomainError) -> AuctionNomination {
        guard draft.status != .scheduled else { throw .conflict("The draft hasn't started yet") }
        guard draft.status != .paused else { throw .conflict("The draft is paused — nobody can nominate") }
        guard draft.status == .running, let turn = nominator else { throw .conflict("The draft is complete") }
        if let on = nomination { throw .conflict("\(on.player) is on the block — wait for his sale") }
        guard team == turn else {
            throw source == .manager ? .forbidden("It's not your nomination — \(name(of: turn)) nominates") : .conflict("\(name(of: turn)) nominates, not \(name(of: team))")
        }
        guard pool.contains(player) else { throw .notFound("Player \(player)") }
        guard !taken.contains(player) else { throw .conflict("\(player) was already sold") }
        guard hasRoom(team, for: player) else {
            throw .validation(field: "player", message: "\(name(of: team)) has no room for another \(pool.position(of: player)?.rawValue ?? "player")")
        }
        guard bid >= settings.minBid else { throw .validation(field: "bid", message: "The opening bid is at least $\(settings.minBid)") }
        guard bid <= maxBid(of: team) else { throw .validation(field: "bid", message: "Your max bid is $\(maxBid(of: team))") }
        let n = AuctionNomination(id: NominationID(0), number: draft.currentPick, team: team, player: player, openedAt: now, highBid: bid,
                                  highBidder: team, highSource: source)
        nomination = n
        bids = [AuctionBid(nomination: n.id, team: team, amount: bid, at: now, proxy: false, source: source)]
        maxBids = [:]
        draft.pickOpenedAt = now
        draft.deadline = now.addingTimeInterval(Double(settings.bidSeconds))
        return n
    }

    /// The store assigned the nomination on the block its id.
    public mutating func setNominationID(_ id: NominationID) {
        nomination?.id = id
        for i in bids.indices { bids[i].nomination = id }
    }

    /// A bid by `team` on nomination `id` (the one the person saw on the block). Checked now, as it is placed:
    /// running; that nomination still on the block and its clock not run out (the server's clock decides);
    /// not already the high bidder; more than the high bid by the increment (an equal bid loses to the first:
    /// "outbid — $N by Team"); room on the roster; within the team's max bid. A bid with fewer than the reset-to
    /// seconds left resets the clock to them. If the high bidder's private maximum covers the bid, its proxy answers
    /// at once (the minimum needed, no clock reset) and keeps the player. Returns the bids accepted, in order.
    @discardableResult
    public mutating func bid(_ amount: Int, on id: NominationID, team: TeamID, by source: PickSource, now: Date) throws(DomainError) -> [AuctionBid] {
        let n = try openNomination(id, now: now)
        guard team != n.highBidder else { throw .conflict("You're already the high bidder at $\(n.highBid)") }
        guard amount > n.highBid else { throw .conflict("outbid — $\(n.highBid) by \(name(of: n.highBidder))") }
        guard amount >= n.highBid + settings.increment else {
            throw .validation(field: "amount", message: "Bid at least $\(n.highBid + settings.increment)")
        }
        guard hasRoom(team, for: n.player) else {
            throw .validation(field: "amount", message: openSpots(of: team) == 0 ? "Your roster is full" : "You have no room for another \(pool.position(of: n.player)?.rawValue ?? "player")")
        }
        guard amount <= maxBid(of: team) else {
            throw .validation(field: "amount", message: "Your max bid is $\(maxBid(of: team))")
        }
        var placed: [AuctionBid] = []
        let holder = n.highBidder, holderMax = effectiveMax(of: holder)
        if holderMax >= amount {
            // The first committed wins: the holder's maximum already covered this amount.
            placed.append(raise(holder, to: min(holderMax, amount + settings.increment), proxy: true, source: n.highSource, now: now))
        } else {
            placed.append(raise(team, to: amount, proxy: false, source: source, now: now))
            placed += resolveProxies(now: now)
        }
        // A bid by a person or bot moves the clock (a proxy's answer doesn't change that the bid was placed).
        if let deadline = draft.deadline, deadline.timeIntervalSince(now) < Double(settings.resetToSeconds) {
            draft.deadline = now.addingTimeInterval(Double(settings.resetToSeconds))
        }
        return placed
    }

    /// Sets (or with nil clears) `team`'s private maximum on nomination `id`; its proxy then bids the minimum needed
    /// on the team's behalf up to it, without resetting the clock. The maximum must beat the high bid (or, for the
    /// high bidder, reach it) and stay within the team's max bid. Returns the proxy bids it placed.
    @discardableResult
    public mutating func setMaxBid(_ amount: Int?, on id: NominationID, team: TeamID, now: Date) throws(DomainError) -> [AuctionBid] {
        let n = try openNomination(id, now: now)
        guard let amount else {
            maxBids[team] = nil
            return []
        }
        guard hasRoom(team, for: n.player) else {
            throw .validation(field: "amount", message: openSpots(of: team) == 0 ? "Your roster is full" : "You have no room for another \(pool.position(of: n.player)?.rawValue ?? "player")")
        }
        guard amount <= maxBid(of: team) else { throw .validation(field: "amount", message: "Your max bid is $\(maxBid(of: team))") }
        if team == n.highBidder {
            guard amount >= n.highBid else { throw .validation(field: "amount", message: "You already bid $\(n.highBid)") }
        } else {
            guard amount >= n.highBid + settings.increment else {
                if amount <= n.highBid { throw .conflict("outbid — $\(n.highBid) by \(name(of: n.highBidder))") }
                throw .validation(field: "amount", message: "A maximum must be at least $\(n.highBid + settings.increment)")
            }
        }
        maxBids[team] = AuctionMaxBid(team: team, amount: amount, setAt: now)
        return resolveProxies(now: now)
    }

    // MARK: - The clock step

    /// The idempotent clock step anyone may call. In order: the bidding clock has run out → the player is sold to the
    /// high bidder; the nomination clock has run out → the top of the nominator's queue (or the best available he has
    /// room for) goes up at the minimum bid; a bot or absent manager (`Team.isBot`, `autopick`) whose think time has
    /// passed nominates, or bids by its values. At most one step; nil when nothing was due.
    public mutating func tick(now: Date, teams: [Team], queues: DraftQueues, values: AuctionValues) throws(DomainError) -> AuctionStep? {
        guard draft.status == .running else { return nil }
        for team in teams where team.isBot || team.autopick { proxySources[team.id] = team.isBot ? .bot : .autopick }
        if let n = nomination {
            if let deadline = draft.deadline, now >= deadline {
                return .sold(sell(n.player, to: n.highBidder, price: n.highBid, source: n.highSource, nominatedBy: n.team, now: now))
            }
            guard !pendingBots(teams: teams, values: values).isEmpty else { return nil }
            return .bid(try enterBotMaximums(teams: teams, values: values, now: now))
        }
        if needsFill { return .filled(fillRemainingSpots(teams: teams, queues: queues, now: now)) }
        guard let turn = nominator else { return nil }
        let team = teams.first { $0.id == turn }
        guard let due = due(teams: teams, values: values), now >= due else { return nil }
        let auto = team.map { $0.isBot || $0.autopick } ?? true
        guard let player = (auto ? moneyNomination(for: turn) : nil) ?? nominationChoice(for: turn, queues: queues, isBot: team?.isBot ?? true) else {
            throw .conflict("No player is left that \(name(of: turn)) has room for")
        }
        let source: PickSource = team?.isBot ?? true ? .bot : .autopick
        let opening = auto ? openingBid(for: turn, player: player, values: values) : settings.minBid
        return .nominated(try nominate(player, bid: opening, team: turn, by: source, now: now))
    }

    /// When the clock step next has something to do: the clock's end, bots and absent managers entering their
    /// maximums on a new nomination (at once), or a bot's nomination 2–5 s into the nomination clock.
    public func due(teams: [Team], values: AuctionValues) -> Date? {
        guard draft.status == .running else { return nil }
        if let n = nomination {
            if !pendingBots(teams: teams, values: values).isEmpty { return n.lastBidAt }
            return draft.deadline
        }
        if needsFill { return draft.pickOpenedAt ?? .distantPast }
        guard let turn = nominator else { return nil }
        let team = teams.first { $0.id == turn }
        if team.map({ $0.isBot || $0.autopick }) ?? true, let opened = draft.pickOpenedAt {
            let at = opened.addingTimeInterval(Self.thinkTime(Self.botNominateRange, seed: botSeed, draft.currentPick, 0, turn))
            return [draft.deadline, at].compactMap { $0 }.min()
        }
        return draft.deadline
    }

    /// The player a team nominates when it doesn't itself: a person's queue first (an absent manager, a missed
    /// nomination), then the rankings by the snake draft's autopick rules (roster needs; a bot's temperament).
    public func nominationChoice(for team: TeamID, queues: DraftQueues, isBot: Bool) -> PlayerID? {
        let mine = picks(of: team).compactMap { pool.ranking(of: $0.playerID) }
        let bot = isBot ? BotPersona.forPick(draft.currentPick, team: team, seed: botSeed) : nil
        let queue = isBot ? [] : queues.queue(for: team)
        return Autopick.choose(queue: queue, rankings: pool, taken: taken, team: mine, rules: rules, bot: bot,
                               picksLeft: openSpots(of: team))
    }

    /// A seeded think time: the same seed, sale, bid count and team always give the same time.
    public static func thinkTime(_ range: ClosedRange<Double>, seed: UInt64, _ number: Int, _ bids: Int, _ team: TeamID) -> TimeInterval {
        var rng = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15)
                               ^ (UInt64(truncatingIfNeeded: bids) &* 0xD6E8_FEB8_6659_FD93) ^ (UInt64(bitPattern: team.rawValue) &* 0x94D0_49BB_1331_11EB))
        return Double.random(in: range, using: &rng)
    }

    // MARK: - Private

    /// The nomination a bid or maximum names, still open for bids now.
    private func openNomination(_ id: NominationID, now: Date) throws(DomainError) -> AuctionNomination {
        guard draft.status != .scheduled else { throw .conflict("The draft hasn't started yet") }
        guard draft.status != .paused else { throw .conflict("The draft is paused — nobody can bid") }
        guard draft.status == .running else { throw .conflict("The draft is complete") }
        guard let n = nomination, n.id == id else { throw .conflict("Bidding on that player has closed") }
        if let deadline = draft.deadline, now >= deadline {
            throw .conflict("Bidding on \(n.player) has closed — $\(n.highBid) by \(name(of: n.highBidder)) when the clock ran out")
        }
        return n
    }

    /// What a team's standing bid reaches: its private maximum, within its max bid and roster room (else the bid it has).
    private func effectiveMax(of team: TeamID) -> Int {
        guard let n = nomination else { return 0 }
        let standing = team == n.highBidder ? n.highBid : 0
        guard let m = maxBids[team], hasRoom(team, for: n.player) else { return standing }
        return max(standing, min(m.amount, maxBid(of: team)))
    }

    func proxySource(_ team: TeamID) -> PickSource { proxySources[team] ?? .manager }

    /// A new high bid.
    private mutating func raise(_ team: TeamID, to amount: Int, proxy: Bool, source: PickSource, now: Date) -> AuctionBid {
        let b = AuctionBid(nomination: nomination!.id, team: team, amount: amount, at: now, proxy: proxy, source: source)
        bids.append(b)
        nomination!.highBid = amount
        nomination!.highBidder = team
        nomination!.highSource = source
        nomination!.bids += 1
        nomination!.lastBidAt = now
        return b
    }

    /// Private maximums bid against the high bid until none can beat it: the strongest challenger (highest maximum,
    /// the earlier one on a tie) meets the holder's maximum; the higher maximum takes the lead at one increment over
    /// the other (capped at its own maximum), and an equal one loses to the holder, who bids it.
    private mutating func resolveProxies(now: Date) -> [AuctionBid] {
        var placed: [AuctionBid] = []
        while let n = nomination {
            let next = n.highBid + settings.increment
            // The highest maximum, the earlier one on a tie, then the team earlier in the draft order (never dictionary order).
            let order = draft.order
            let place = { (t: TeamID) in order.firstIndex(of: t) ?? Int.max }
            let challengers = maxBids.values.filter { $0.team != n.highBidder }
                .map { (m: $0, max: effectiveMax(of: $0.team)) }
                .filter { $0.max >= next }
                .sorted { ($0.max, $1.m.setAt, place($1.m.team)) > ($1.max, $0.m.setAt, place($0.m.team)) }
            guard let c = challengers.first else { break }
            let holderMax = effectiveMax(of: n.highBidder)
            if c.max > holderMax {
                if holderMax > n.highBid { placed.append(raise(n.highBidder, to: holderMax, proxy: true, source: n.highSource, now: now)) }
                placed.append(raise(c.m.team, to: min(c.max, holderMax + settings.increment), proxy: true, source: proxySource(c.m.team), now: now))
            } else if c.max < holderMax {
                placed.append(raise(c.m.team, to: c.max, proxy: true, source: proxySource(c.m.team), now: now))
                placed.append(raise(n.highBidder, to: min(holderMax, c.max + settings.increment), proxy: true, source: n.highSource, now: now))
            } else {
                // Equal maximums: the holder's came first and keeps the player at that amount.
                placed.append(raise(n.highBidder, to: holderMax, proxy: true, source: n.highSource, now: now))
            }
        }
        return placed
    }

    mutating func sell(_ player: PlayerID, to team: TeamID, price: Int, source: PickSource, nominatedBy: TeamID?, now: Date) -> Pick {
        let pick = Pick(number: draft.currentPick, round: DraftOrder.round(forPick: draft.currentPick, teamCount: max(1, draft.order.count)),
                        teamID: team, playerID: player, source: source, madeAt: now, price: price)
        picks.append(pick)
        sales[pick.number] = AuctionSale(number: pick.number, price: price, nominatedBy: nominatedBy)
        clearBlock()
        draft.currentPick += 1
        if isFinished {
            draft.status = .complete
            draft.deadline = nil
            draft.pickOpenedAt = nil
        } else if draft.status == .running {
            openNominationClock(now: now)
        }
        return pick
    }

    private mutating func clearBlock() {
        nomination = nil
        bids = []
        maxBids = [:]
    }

    private mutating func openNominationClock(now: Date) {
        draft.pickOpenedAt = now
        draft.deadline = now.addingTimeInterval(Double(settings.nominationSeconds))
    }
}
