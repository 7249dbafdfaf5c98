import ClubhouseDomain
import Foundation

/// The SQL of `TradeStoreWriter` and its reads: trades, their items and votes, and traded picks' owners (schema
/// v8; future picks' owners and the items' seasons v16).
protocol TradeSQL: SQLStatements, TradeStoreWriter {}

extension TradeSQL {
    func trades(in league: LeagueID) throws -> [Trade] {
        var out: [Trade] = []
        try each("""
            SELECT id, state, team_id, with_team_id, note, proposed_by, created_at, answered_at, decided_at, expires_at, review_ends_at,
                   veto_threshold, reason, counters_trade_id, real_time,
                   (SELECT count(*) FROM trade_votes v WHERE v.trade_id = trades.id)
            FROM trades WHERE league_id = ? ORDER BY id
            """, [league]) { s in
            out.append(Trade(id: TradeID(s.int64(at: 0)), leagueID: league, state: TradeState(rawValue: s.string(at: 1)) ?? .invalidated,
                             proposal: TradeProposal(team: TeamID(s.int64(at: 2)), with: TeamID(s.int64(at: 3)), note: s.optionalString(at: 4)),
                             proposedBy: s.isNull(at: 5) ? nil : UserID(s.int64(at: 5)),
                             createdAt: Date(timeIntervalSince1970: s.double(at: 6)), answeredAt: s.date(at: 7), decidedAt: s.date(at: 8),
                             expiresAt: Date(timeIntervalSince1970: s.double(at: 9)), reviewEndsAt: s.date(at: 10),
                             votes: s.int(at: 15), vetoThreshold: s.int(at: 11), invalidationReason: s.optionalString(at: 12),
                             countersTradeID: s.isNull(at: 13) ? nil : TradeID(s.int64(at: 13)), onRealTime: s.bool(at: 14)))
        }
        guard !out.isEmpty else { return out }
        var index: [Int64: Int] = [:]
        for (i, t) in out.enumerated() { index[t.id.rawValue] = i }
        try each("""
            SELECT i.trade_id, i.kind, i.from_team_id, i.player_id, i.pick_round, i.pick_team_id, i.pick_season
            FROM trade_items i JOIN trades t ON t.id = i.trade_id WHERE t.league_id = ? ORDER BY i.trade_id, i.seq
            """, [league]) { s in
            guard let i = index[s.int64(at: 0)] else { return }
            let kind = s.string(at: 1), from = TeamID(s.int64(at: 2))
            let giving = from == out[i].proposal.team
            switch kind {
            case "player":
                let player = PlayerID(s.string(at: 3))
                if giving { out[i].proposal.give.players.append(player) } else { out[i].proposal.get.players.append(player) }
            case "pick":
                let pick = DraftPickRef(season: s.isNull(at: 6) ? nil : s.int(at: 6), round: s.int(at: 4), team: TeamID(s.int64(at: 5)))
                if giving { out[i].proposal.give.picks.append(pick) } else { out[i].proposal.get.picks.append(pick) }
            default:
                out[i].proposal.drops.append(PlayerID(s.string(at: 3)))
            }
        }
        return out
    }

    func tradeVoters(_ trade: TradeID) throws -> [TeamID] {
        var out: [TeamID] = []
        try each("SELECT team_id FROM trade_votes WHERE trade_id = ? ORDER BY team_id", [trade.rawValue]) { out.append(TeamID($0.int64(at: 0))) }
        return out
    }

    func pickOwners(in league: LeagueID) throws -> [DraftPickRef: TeamID] {
        try memoized(\.pickOwners, league) {
            var out: [DraftPickRef: TeamID] = [:]
            try each(LeagueRead.pickOwners, [league]) { s in
                let (ref, owner) = Self.pickOwner(s)
                out[ref] = owner
            }
            return out
        }
    }

    func futurePickOwners(in league: LeagueID) throws -> [DraftPickRef: TeamID] {
        var out: [DraftPickRef: TeamID] = [:]
        try each("SELECT season, round, original_team_id, owner_team_id FROM future_pick_owners WHERE league_id = ?", [league]) { s in
            out[DraftPickRef(season: s.int(at: 0), round: s.int(at: 1), team: TeamID(s.int64(at: 2)))] = TeamID(s.int64(at: 3))
        }
        return out
    }

    func insertTrade(_ t: Trade) throws -> TradeID {
        let id = try insert("""
            INSERT INTO trades (league_id, state, team_id, with_team_id, note, proposed_by, created_at, answered_at, decided_at, expires_at,
                                review_ends_at, veto_threshold, reason, counters_trade_id, real_time)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [t.leagueID, t.state.rawValue, t.proposal.team, t.proposal.with, t.proposal.note, t.proposedBy, t.createdAt, t.answeredAt,
                  t.decidedAt, t.expiresAt, t.reviewEndsAt, t.vetoThreshold, t.invalidationReason, t.countersTradeID?.rawValue, t.onRealTime])
        let p = t.proposal
        var seq = 0
        func item(_ kind: String, from: TeamID, player: PlayerID? = nil, pick: DraftPickRef? = nil) throws {
            seq += 1
            try run("""
                INSERT INTO trade_items (trade_id, seq, kind, from_team_id, player_id, pick_round, pick_team_id, pick_season) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [id, seq, kind, from, player, pick?.round, pick?.team, pick?.season])
        }
        for player in p.give.players { try item("player", from: p.team, player: player) }
        for pick in p.give.picks { try item("pick", from: p.team, pick: pick) }
        for player in p.get.players { try item("player", from: p.with, player: player) }
        for pick in p.get.picks { try item("pick", from: p.with, pick: pick) }
        for drop in p.drops {
            // The team holding the drop now (a drop may be either team's player).
            let holder = try scalar("SELECT team_id FROM roster_entries WHERE league_id = ? AND player_id = ?", [t.leagueID, drop], as: Int64.self)
            try item("drop", from: holder.map { TeamID($0) } ?? p.team, player: drop)
        }
        return TradeID(id)
    }

    func updateTrade(_ t: Trade) throws {
        let n = try run("""
            UPDATE trades SET state = ?, answered_at = ?, decided_at = ?, expires_at = ?, review_ends_at = ?, veto_threshold = ?, reason = ?
            WHERE id = ?
            """, [t.state.rawValue, t.answeredAt, t.decidedAt, t.expiresAt, t.reviewEndsAt, t.vetoThreshold, t.invalidationReason, t.id.rawValue])
        if n == 0 { throw DomainError.notFound("Trade \(t.id.rawValue)") }
        // Drops named later (the answering team's own, chosen when it accepts) join the trade's items.
        var named = Set<String>(), last = 0
        try each("SELECT seq, kind, player_id FROM trade_items WHERE trade_id = ?", [t.id.rawValue]) { s in
            last = max(last, s.int(at: 0))
            if s.string(at: 1) == "drop", let player = s.optionalString(at: 2) { named.insert(player) }
        }
        for drop in t.proposal.drops where !named.contains(drop.rawValue) {
            last += 1
            let holder = try scalar("SELECT team_id FROM roster_entries WHERE league_id = ? AND player_id = ?", [t.leagueID, drop], as: Int64.self)
            try run("INSERT INTO trade_items (trade_id, seq, kind, from_team_id, player_id, pick_round, pick_team_id) VALUES (?, ?, ?, ?, ?, NULL, NULL)",
                    [t.id.rawValue, last, "drop", holder.map { TeamID($0) } ?? t.proposal.with, drop])
        }
    }

    func insertTradeVote(_ trade: TradeID, team: TeamID, at: Date) throws {
        do {
            try mayConflict("INSERT INTO trade_votes (trade_id, team_id, at) VALUES (?, ?, ?)", [trade.rawValue, team, at])
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("Your team already voted against this trade")
        }
    }

    func tradingBlock(in league: LeagueID) throws -> [TeamID: Set<PlayerID>] {
        var out: [TeamID: Set<PlayerID>] = [:]
        try each("""
            SELECT b.team_id, b.player_id FROM trading_block b
            JOIN roster_entries r ON r.league_id = b.league_id AND r.team_id = b.team_id AND r.player_id = b.player_id
            WHERE b.league_id = ?
            """, [league]) { s in out[TeamID(s.int64(at: 0)), default: []].insert(PlayerID(s.string(at: 1))) }
        return out
    }

    func setTradingBlock(_ player: PlayerID, team: TeamID, in league: LeagueID, on: Bool, at: Date) throws {
        if on {
            try run("INSERT INTO trading_block (league_id, team_id, player_id, added_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    [league, team, player, at])
        } else {
            try run("DELETE FROM trading_block WHERE league_id = ? AND team_id = ? AND player_id = ?", [league, team, player])
        }
    }

    func removeFromTradingBlocks(_ players: [PlayerID], in league: LeagueID) throws {
        for player in players { try run("DELETE FROM trading_block WHERE league_id = ? AND player_id = ?", [league, player]) }
    }

    func setPickOwner(_ pick: DraftPickRef, owner: TeamID, in league: LeagueID) throws {
        if let season = pick.season {
            if owner == pick.team {
                try run("DELETE FROM future_pick_owners WHERE league_id = ? AND season = ? AND round = ? AND original_team_id = ?",
                        [league, season, pick.round, pick.team])
                return
            }
            try run("""
                INSERT INTO future_pick_owners (league_id, season, round, original_team_id, owner_team_id) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (league_id, season, round, original_team_id) DO UPDATE SET owner_team_id = excluded.owner_team_id
                """, [league, season, pick.round, pick.team, owner])
            return
        }
        if owner == pick.team {
            try run("DELETE FROM draft_pick_owners WHERE league_id = ? AND round = ? AND original_team_id = ?", [league, pick.round, pick.team])
            return
        }
        try run("""
            INSERT INTO draft_pick_owners (league_id, round, original_team_id, owner_team_id) VALUES (?, ?, ?, ?)
            ON CONFLICT (league_id, round, original_team_id) DO UPDATE SET owner_team_id = excluded.owner_team_id
            """, [league, pick.round, pick.team, owner])
    }
}
