import Foundation

/// The snake draft: the room's reads, picks, the commissioner's room control, queues, the draft clock and its outage, the recap.
/// Reached from the root as `LeagueService.draft`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct DraftService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - The draft room (ClubhouseDomain/README.md, “Draft”): reads for everyone, picks for the team on the clock,
// room control for the commissioner, and the idempotent tick anyone may call.

extension DraftService {
    /// The league's pre-draft rankings: value over replacement under its scoring, size and starting slots
    /// (prior-season stats only), built once per league shape and season data version.
    func rankings(_ league: League, facts: SeasonFacts) -> DraftRankings {
        facts.draftRankings(league.settings)
    }

    /// The players a league's draft takes: its rankings, or a renewed dynasty league's rookies not on a roster
    /// (`DynastyRules.rookiePool`).
    func pool(_ r: any LeagueStoreReader, league: League, facts: SeasonFacts) throws -> DraftRankings {
        guard league.hasRookieDraft else { return rankings(league, facts: facts) }
        let rostered = Set(try r.rosters(in: league.id).flatMap { $0.entries.map(\.playerID) })
        return DynastyRules.rookiePool(rankings(league, facts: facts), season: league.season,
                                       firstSeasons: try factsCache.firstSeasons(r, through: league.season - 1), rostered: rostered)
    }

    /// The room's rules state, loaded inside a transaction.
    func draftRoom(_ r: any LeagueStoreReader, league: League, facts: SeasonFacts) throws -> DraftRoom {
        guard let draft = try r.draft(in: league.id) else { throw DomainError.notFound("The draft of \(league.name)") }
        return DraftRoom(draft: draft, picks: try r.picks(in: league.id), pool: try pool(r, league: league, facts: facts),
                         rules: DraftRosterRules(league.settings), pickOwners: try r.pickOwners(in: league.id),
                         teamNames: Dictionary(try r.teams(in: league.id).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a }))
    }

    public func draftBoard(_ id: LeagueID, caller: Caller) throws -> DraftBoard {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            guard var draft = try r.draft(in: id) else { throw DomainError.notFound("The draft of \(s.league.name)") }
            // The league's draft date is the one the commissioner sets (and the demo seeds): the room shows the same date.
            if draft.status == .scheduled { draft.scheduledAt = s.league.draftScheduledAt }
            let records = s.records
            let byID = Dictionary(uniqueKeysWithValues: s.teams.map { ($0.id, $0) })
            let picks = try r.picks(in: id)
            let owners = try r.pickOwners(in: id)
            let room = DraftRoom(draft: draft, picks: picks, pool: try pool(r, league: s.league, facts: s.facts), rules: DraftRosterRules(s.league.settings),
                                 pickOwners: owners)
            let made = Set(picks.map(\.number))
            let traded = owners.compactMap { ref, owner -> TradedPick? in
                guard ref.round >= 1, ref.round <= draft.rounds, draft.order.contains(ref.team),
                      let n = DraftOrder.picks(of: ref.team, order: draft.order, type: draft.type, rounds: ref.round).last,
                      !made.contains(n) else { return nil }
                return TradedPick(number: n, pick: ref, owner: owner)
            }.sorted { $0.number < $1.number }
            let tiers = room.pool.tiersLeft(excluding: room.taken).map {
                DraftTierLeft(position: $0.position, tier: $0.tier, left: $0.left, best: s.facts.summary($0.best))
            }
            var auction: AuctionBoard?
            if draft.type == .auction {
                let aroom = try core.auction.auctionRoom(r, league: s.league, facts: s.facts)
                auction = core.auction.auctionBoard(aroom, facts: s.facts, values: core.auction.auctionValues(s.league, facts: s.facts),
                                       caller: caller.userID.flatMap { u in s.teams.first { $0.manager == u }?.id })
            }
            return DraftBoard(leagueID: id, draft: draft, auction: auction, teams: draft.order.compactMap { byID[$0].map { s.summary($0, records: records) } },
                              picks: picks.map { DraftPickView(pick: $0, player: s.facts.summary($0.playerID)) },
                              capabilities: s.capabilities(for: caller),
                              onAutopick: Set(s.teams.filter(\.autopick).map(\.id)), seasonClock: s.league.clock, tiers: tiers,
                              onClockNeeds: room.onTheClock.map { room.openStarterSlots(of: $0) },
                              rankingBasis: RankingBasis(season: s.league.season, basis: s.facts.priorBasis, players: s.facts.priorSeason.count),
                              tradedPicks: traded)
        }
    }

    public func draftablePlayers(_ id: LeagueID, caller: Caller) throws -> [DraftablePlayer] {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            let facts = s.facts
            try requireVisible(s.league, caller: caller, reader: r)
            let taken = Set(try r.picks(in: id).map(\.playerID))
            let dollars = s.league.settings.draftType == .auction ? core.auction.auctionValues(s.league, facts: facts) : nil
            return try pool(r, league: s.league, facts: facts).available(excluding: taken).map {
                DraftablePlayer(rank: $0.overallRank, player: facts.summary($0.playerID), priorSeasonPoints: $0.priorPoints ?? .zero,
                                value: $0.value, tier: $0.tier, positionRank: $0.positionRank, auctionValue: dollars?.value(of: $0.playerID))
            }
        }
    }

    /// Commissioner: starts the draft (it never starts by itself).
    public func startDraft(_ id: LeagueID, caller: Caller) throws -> Draft {
        try store.write { w in
            guard var league = try w.league(id) else { throw DomainError.notFound("League \(id.rawValue)") }
            try requireCommissioner(league, caller: caller, doing: "start the draft")
            if let repair = league.needsCommissioner { throw DomainError.conflict(repair.sentence) }
            let facts = try factsCache.facts(w, season: league.season)
            let now = clock.now()
            let started: Draft
            if try w.draft(in: id)?.type == .auction {
                var auction = try core.auction.auctionRoom(w, league: league, facts: facts)
                try auction.start(now: now)
                _ = try core.keepers.placeKeepers(w, league: league, auction: &auction, now: now)
                started = auction.draft
            } else {
                var room = try draftRoom(w, league: league, facts: facts)
                try room.start(now: now)
                _ = try core.keepers.placeKeepers(w, league: league, room: &room, now: now)
                started = room.draft
            }
            try w.setDraft(started)
            league.state = .drafting
            try w.updateLeague(league)
            try w.appendEvent(league: id, LeagueEvent.DraftStarted(pick: started.currentPick), at: now)
            return started
        }
    }

    /// A manager's pick (or the commissioner's, for the team on the clock). `expectedPick` and `expectedTeam` are what
    /// the person saw on the clock: a stale one is refused ("Pick N was already made", "Pick N is Team's now, not
    /// Team's"), never replayed. A manager's own pick names its team by who sends it; the commissioner's for another
    /// team names it too (`commissionerPickTeam`).
    public func makePick(_ id: LeagueID, expectedPick: Int, expectedTeam: TeamID? = nil, player: PlayerID, caller: Caller) throws -> Pick {
        try store.write { w in
            // Everything a pick reads, in one go (one round trip on PostgreSQL).
            try w.prefetch(.draftRoom, of: id)
            let league = try existingLeague(w, id)
            guard let user = caller.userID else { throw DomainError.unauthenticated }
            let facts = try factsCache.facts(w, season: league.season)
            var room = try draftRoom(w, league: league, facts: facts)
            guard room.draft.type != .auction else { throw DomainError.conflict("\(league.name) drafts by auction — nominate a player or bid") }
            let teams = try w.teams(in: id)
            let onClock = room.onTheClock
            let mine = teams.first { $0.manager == user }
            let pick: Pick
            do throws(DomainError) {
                let source: PickSource
                let team: TeamID
                if let mine, mine.id == onClock, expectedTeam == nil || expectedTeam == mine.id {
                    source = .manager; team = mine.id
                } else if league.commissioner == user, onClock != nil {
                    source = .commissioner; team = try commissionerPickTeam(expectedTeam, room: room)
                } else if let mine {
                    source = .manager; team = mine.id   // the room explains whose pick it is (or that it's stale)
                } else {
                    throw .forbidden("You don't have a team in \(league.name)")
                }
                pick = try room.makePick(expectedPickNumber: expectedPick, team: team, player: player, by: source, now: clock.now())
            } catch {
                throw facts.naming(error, players: [player], teams: teams)
            }
            try record(pick, room: room, league: league, writer: w)
            return pick
        }
    }

    /// The idempotent clock step: autopicks the pick on the clock if its deadline (or a bot's think time) has
    /// passed. Safe for any number of processes to call at once: the pick-number check lets exactly one land.
    @discardableResult
    public func tickDraft(_ id: LeagueID) throws -> Pick? {
        if try store.read({ try $0.draft(in: id)?.type }) == .auction {
            // An auction's step: a sale is returned as its pick (the last of the spots filled); a nomination or a bot's bid returns nil.
            switch try core.auction.tickAuction(id) {
            case .sold(let pick)?: return pick
            case .filled(let picks)?: return picks.last
            default: return nil
            }
        }
        return try store.write { w in
            try w.prefetch(.draftRoom, of: id)
            guard let league = try w.league(id), try w.draft(in: id)?.status == .running else { return nil }
            if let repair = league.needsCommissioner { throw DomainError.conflict(repair.sentence) }
            let facts = try factsCache.facts(w, season: league.season)
            var room = try draftRoom(w, league: league, facts: facts)
            let teams = try w.teams(in: id)
            // Autopick reads only the queue of the team on the clock.
            let queues = DraftQueues(try room.onTheClock.map { [$0: try w.queue(team: $0)] } ?? [:])
            guard let pick = try room.tick(now: clock.now(), teams: teams, queues: queues) else { return nil }
            try record(pick, room: room, league: league, writer: w)
            return pick
        }
    }

    /// Writes a made pick: the pick row (the pick-number check), the draft, the roster, queues, events.
    func record(_ pick: Pick, room: DraftRoom, league: League, writer w: any LeagueStoreWriter) throws {
        try w.insertPick(pick, in: league.id)
        try w.setDraft(room.draft)
        try w.addRosterEntry(RosterEntry(playerID: pick.playerID, slot: .bench, acquisition: .draft, acquiredAt: pick.madeAt),
                             team: pick.teamID, in: league.id)
        try w.removeFromQueues(player: pick.playerID, in: league.id)
        try w.appendEvent(league: league.id, LeagueEvent.PickMade(pick: pick.number, team: pick.teamID, player: pick.playerID), at: pick.madeAt)
        if room.draft.status == .complete {
            try completeDraft(w, league: league, room: room)
            try w.appendEvent(league: league.id, LeagueEvent.DraftCompleted(), at: pick.madeAt)
        }
    }

    /// After the last pick: the season begins — the schedule is set and every roster gets its best
    /// lineup by pre-draft projection (managers change it from there).
    func completeDraft(_ w: any LeagueStoreWriter, league: League, room: DraftRoom) throws {
        var league = league
        league.state = .inSeason
        try w.updateLeague(league)
        try core.season.ensureSchedule(w, league: league)
        let facts = try factsCache.facts(w, season: league.season)
        for roster in try w.rosters(in: league.id) {
            let lineup = LineupRules.defaultLineup(for: roster, players: facts.players, settings: league.settings) {
                room.pool.ranking(of: $0)?.priorPoints ?? .zero
            }
            try w.setRoster(lineup)
        }
    }
}
