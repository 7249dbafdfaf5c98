import Foundation

/// The auction draft: nominations, bids, the commissioner's sales, the auction's clock.
/// Reached from the root as `LeagueService.auction`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct AuctionService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - Auction drafts: nominating, bidding and maximums for managers, the clock step that sells players
// and nominates for bots and absent managers, and the commissioner's assignment. Start, pause, resume and undo are the
// draft's own use cases, which hand an auction to `AuctionRoom`.

extension AuctionService {
    /// The auction room's rules state, loaded inside a transaction.
    func auctionRoom(_ r: any LeagueStoreReader, league: League, facts: SeasonFacts) throws -> AuctionRoom {
        guard let draft = try r.draft(in: league.id) else { throw DomainError.notFound("The draft of \(league.name)") }
        let open = try r.openNomination(in: league.id)
        let teams = try r.teams(in: league.id)
        return AuctionRoom(draft: draft, picks: try r.picks(in: league.id), sales: try r.auctionSales(in: league.id), nomination: open,
                           bids: try open.map { try r.auctionBids($0.id) } ?? [], maxBids: try open.map { try r.auctionMaxBids($0.id) } ?? [],
                           pool: core.draft.rankings(league, facts: facts), rules: DraftRosterRules(league.settings), settings: AuctionSettings(league.settings),
                           teamNames: Dictionary(teams.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a }),
                           proxySources: Dictionary(teams.filter { $0.isBot || $0.autopick }.map { ($0.id, $0.isBot ? PickSource.bot : .autopick) },
                                                    uniquingKeysWith: { a, _ in a }))
    }

    func auctionValues(_ league: League, facts: SeasonFacts) -> AuctionValues {
        AuctionValues(core.draft.rankings(league, facts: facts), settings: league.settings)
    }

    /// The auction part of the draft board for `caller`.
    func auctionBoard(_ room: AuctionRoom, facts: SeasonFacts, values: AuctionValues?, caller team: TeamID?) -> AuctionBoard {
        AuctionBoard(settings: room.settings, nomination: room.nomination, player: room.nomination.map { facts.summary($0.player) },
                     deadline: room.draft.deadline, nominator: room.draft.status == .complete ? nil : room.nominator,
                     teams: room.draft.order.map {
                         AuctionTeamView(team: $0, budgetLeft: room.budgetLeft(of: $0), maxBid: room.maxBid(of: $0), openSpots: room.openSpots(of: $0))
                     },
                     myMaxBid: team.flatMap { room.maxBids[$0]?.amount }, value: room.nomination.flatMap { n in values?.value(of: n.player) })
    }

    /// Puts a player up for bids with an opening bid: the caller's team when it is its turn (the commissioner may
    /// for the team whose turn it is).
    public func nominate(_ id: LeagueID, player: PlayerID, bid: Int, caller: Caller) throws -> AuctionBoard {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            let facts = try self.facts(w, league: id)
            var room = try auctionRoomForWrite(w, league: league, facts: facts)
            let teams = try w.teams(in: id)
            let mine = teams.first { $0.manager == user }
            let turn = room.nominator
            let team: TeamID, source: PickSource
            if let mine, mine.id == turn || league.commissioner != user {
                team = mine.id; source = .manager
            } else if league.commissioner == user, let turn {
                team = turn; source = .commissioner
            } else if league.commissioner == user {
                throw DomainError.conflict(room.draft.status == .scheduled ? "The draft hasn't started yet" : "The draft is complete")
            } else {
                throw DomainError.forbidden("You don't have a team in \(league.name)")
            }
            let before = room
            do throws(DomainError) {
                try room.nominate(player, bid: bid, team: team, by: source, now: clock.now())
            } catch {
                throw facts.naming(error, players: [player], teams: teams)
            }
            try saveAuction(before, &room, league: league, writer: w)
            return auctionBoard(room, facts: facts, values: auctionValues(league, facts: facts), caller: mine?.id)
        }
    }

    /// A bid by the caller's team on nomination `nomination` (the one the person saw on the block): checked now, as
    /// it is placed — a bid the clock or another bid beat is refused ("outbid — $N by Team"), never replayed.
    public func bid(_ id: LeagueID, nomination: NominationID, amount: Int, caller: Caller) throws -> AuctionBoard {
        try managerAuctionCommand(id, caller: caller) { room, team, now throws(DomainError) in
            try room.bid(amount, on: nomination, team: team, by: .manager, now: now)
        }
    }

    /// Sets (or with nil clears) the caller's private maximum on nomination `nomination`; its proxy bids the minimum
    /// needed on the team's behalf, without resetting the clock. Nobody else ever reads it.
    public func setMaxBid(_ id: LeagueID, nomination: NominationID, amount: Int?, caller: Caller) throws -> AuctionBoard {
        try managerAuctionCommand(id, caller: caller) { room, team, now throws(DomainError) in
            try room.setMaxBid(amount, on: nomination, team: team, now: now)
        }
    }

    /// Commissioner: a correction — `team` gets `player` at `price` (from $0 to its max bid, so the minimum bid stays
    /// for each of its other open spots), outside the nomination order, while nobody is on the block.
    public func assignPlayer(_ id: LeagueID, player: PlayerID, team: TeamID, price: Int, caller: Caller) throws -> Pick {
        _ = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "assign players")
            let facts = try self.facts(w, league: id)
            var room = try auctionRoomForWrite(w, league: league, facts: facts)
            let before = room
            let pick: Pick
            do throws(DomainError) {
                pick = try room.assign(player, to: team, price: price, now: clock.now())
            } catch {
                throw facts.naming(error, players: [player], teams: try w.teams(in: id))
            }
            try saveAuction(before, &room, league: league, writer: w)
            return pick
        }
    }

    /// The auction's idempotent clock step (what `tickDraft` runs for an auction): sells the player whose bidding
    /// clock has run out, nominates for a missed turn, or lets a bot or absent manager nominate or bid. Safe for any
    /// number of processes at once: the open-nomination and bid-amount keys let exactly one of each land.
    @discardableResult
    public func tickAuction(_ id: LeagueID) throws -> AuctionStep? {
        try store.write { w in
            guard let league = try w.league(id), let draft = try w.draft(in: id), draft.status == .running, draft.type == .auction else { return nil }
            if let repair = league.needsCommissioner { throw DomainError.conflict(repair.sentence) }
            let facts = try factsCache.facts(w, season: league.season)
            var room = try auctionRoom(w, league: league, facts: facts)
            let teams = try w.teams(in: id)
            // The nominator's queue; every team's when the room fills the spots left.
            let queueTeams = room.needsFill ? room.draft.order.filter { room.hasSpotToFill($0) } : room.nominator.map { [$0] } ?? []
            let queues = DraftQueues(Dictionary(try queueTeams.map { ($0, try w.queue(team: $0)) }, uniquingKeysWith: { a, _ in a }))
            let before = room
            guard let step = try room.tick(now: clock.now(), teams: teams, queues: queues, values: auctionValues(league, facts: facts)) else { return nil }
            try saveAuction(before, &room, league: league, writer: w)
            if case .nominated = step, let n = room.nomination { return .nominated(n) }
            return step
        }
    }

    /// When an auction's clock step next has something to do (a bot's think time or the clock's end).
    func auctionDue(_ league: League, _ r: any LeagueStoreReader) throws -> Date? {
        let facts = try factsCache.facts(r, season: league.season)
        let room = try auctionRoom(r, league: league, facts: facts)
        return room.due(teams: try r.teams(in: league.id), values: auctionValues(league, facts: facts))
    }

    // MARK: - Private

    private func auctionRoomForWrite(_ w: any LeagueStoreWriter, league: League, facts: SeasonFacts) throws -> AuctionRoom {
        guard try w.draft(in: league.id)?.type == .auction else { throw DomainError.conflict("The draft of \(league.name) isn't an auction") }
        return try auctionRoom(w, league: league, facts: facts)
    }

    private func managerAuctionCommand(_ id: LeagueID, caller: Caller,
                                       _ command: (inout AuctionRoom, TeamID, Date) throws(DomainError) -> [AuctionBid]) throws -> AuctionBoard {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            let teams = try w.teams(in: id)
            guard let mine = teams.first(where: { $0.manager == user }) else { throw DomainError.forbidden("You don't have a team in \(league.name)") }
            let facts = try self.facts(w, league: id)
            var room = try auctionRoomForWrite(w, league: league, facts: facts)
            let before = room
            do throws(DomainError) {
                _ = try command(&room, mine.id, clock.now())
            } catch {
                throw facts.naming(error, players: [room.nomination?.player], teams: teams)
            }
            try saveAuction(before, &room, league: league, writer: w)
            return auctionBoard(room, facts: facts, values: auctionValues(league, facts: facts), caller: mine.id)
        }
    }

    /// Writes what a command changed, with one event per nomination, bid and sale: the draft; a new nomination (its
    /// id assigned here) or the one on the block's high bid, new bids and changed maximums; a sale's pick, price,
    /// roster entry and queues, and the nomination it closed; the season's start after the last sale.
    func saveAuction(_ before: AuctionRoom, _ room: inout AuctionRoom, league: League, writer w: any LeagueStoreWriter) throws {
        let id = league.id
        let now = clock.now()
        try w.setDraft(room.draft)
        // Sales first: the nomination they close leaves the block before another can open.
        let newPicks = room.picks.filter { p in !before.picks.contains { $0.number == p.number } }
        for pick in newPicks {
            let sale = room.sales[pick.number] ?? AuctionSale(number: pick.number, price: pick.price ?? 0, nominatedBy: nil)
            let closed = sale.nominatedBy == nil ? nil : before.nomination
            if let closed { try w.closeNomination(closed.id, sold: true) }
            try w.insertPick(pick, in: id)
            try w.insertAuctionSale(sale, in: id)
            var roster = try w.rosters(in: id).first { $0.teamID == pick.teamID } ?? Roster(teamID: pick.teamID)
            roster.entries.append(RosterEntry(playerID: pick.playerID, slot: .bench, acquisition: .draft, acquiredAt: pick.madeAt))
            try w.setRoster(roster)
            try w.removeFromQueues(player: pick.playerID, in: id)
            try w.appendEvent(league: id, LeagueEvent.AuctionSold(nomination: closed?.id, pick: pick.number, team: pick.teamID,
                                                                  player: pick.playerID, price: sale.price), at: pick.madeAt)
        }
        if let n = room.nomination {
            let reset = before.draft.deadline != room.draft.deadline
            var newBids: [AuctionBid]
            if n.id.rawValue == 0 {
                let nid = try w.insertNomination(n, in: id)
                room.setNominationID(nid)
                try w.appendEvent(league: id, LeagueEvent.AuctionNominated(nomination: nid, team: n.team, player: n.player, bid: n.highBid,
                                                                           deadline: room.draft.deadline), at: now)
                newBids = room.bids
                for b in newBids { try w.insertAuctionBid(b) }
                newBids.removeFirst(min(1, newBids.count))   // the opening bid is the nomination's event
            } else {
                try w.updateNomination(n)
                newBids = Array(room.bids.dropFirst(before.bids.count))
                for b in newBids { try w.insertAuctionBid(b) }
                for team in Set(before.maxBids.keys).union(room.maxBids.keys) where before.maxBids[team] != room.maxBids[team] {
                    try w.setAuctionMaxBid(n.id, team: team, room.maxBids[team])
                }
            }
            for b in newBids {
                try w.appendEvent(league: id, LeagueEvent.AuctionBidPlaced(nomination: room.nomination!.id, team: b.team, amount: b.amount, proxy: b.proxy,
                                                                            deadline: room.draft.deadline, reset: reset && !b.proxy), at: b.at)
            }
        }
        if room.draft.status == .complete, before.draft.status != .complete {
            let snake = DraftRoom(draft: room.draft, picks: room.picks, pool: room.pool, rules: room.rules, teamNames: room.teamNames)
            try core.draft.completeDraft(w, league: league, room: snake)
            try w.appendEvent(league: id, LeagueEvent.DraftCompleted(), at: now)
        }
    }

    /// Undoes an auction's last sale (the commissioner's undo): the player leaves the roster, the price goes back, and
    /// the bidding on the block (if any) is cancelled.
    func undoLastSale(_ w: any LeagueStoreWriter, league: League, facts: SeasonFacts) throws -> Draft {
        var room = try auctionRoom(w, league: league, facts: facts)
        let open = room.nomination
        let removed = try room.undoLastSale(now: clock.now())
        if let open { try w.closeNomination(open.id, sold: false) }
        try w.deletePicks(in: league.id, from: removed.number)
        for var roster in try w.rosters(in: league.id) where roster.entries.contains(where: { $0.playerID == removed.playerID }) {
            roster.entries.removeAll { $0.playerID == removed.playerID && $0.acquisition == .draft }
            try w.setRoster(roster)
        }
        try w.setDraft(room.draft)
        try w.appendEvent(league: league.id, LeagueEvent.PickUndone(pick: removed.number), at: clock.now())
        return room.draft
    }
}
