import ClubhouseDomain
import Foundation

/// The SQL of `AuctionStoreWriter` and its reads: the auction (schema v9) — the nomination on the block, its bids
/// and private maximums, and the sales beside their picks.
protocol AuctionSQL: SQLStatements, AuctionStoreWriter {}

extension AuctionSQL {
    func auctionSales(in league: LeagueID) throws -> [AuctionSale] {
        var out: [AuctionSale] = []
        try each("SELECT number, price, nominated_by FROM auction_sales WHERE league_id = ? ORDER BY number", [league]) { s in
            out.append(AuctionSale(number: s.int(at: 0), price: s.int(at: 1), nominatedBy: s.isNull(at: 2) ? nil : TeamID(s.int64(at: 2))))
        }
        return out
    }

    func openNomination(in league: LeagueID) throws -> AuctionNomination? {
        var out: AuctionNomination?
        try each("""
            SELECT id, number, team_id, player_id, opened_at, high_bid, high_team_id, high_source, bids, last_bid_at
            FROM auction_nominations WHERE league_id = ? AND state = 'open'
            """, [league]) { s in
            out = AuctionNomination(id: NominationID(s.int64(at: 0)), number: s.int(at: 1), team: TeamID(s.int64(at: 2)), player: PlayerID(s.string(at: 3)),
                                    openedAt: Date(timeIntervalSince1970: s.double(at: 4)), highBid: s.int(at: 5), highBidder: TeamID(s.int64(at: 6)),
                                    highSource: PickSource(rawValue: s.string(at: 7)) ?? .manager, bids: s.int(at: 8),
                                    lastBidAt: Date(timeIntervalSince1970: s.double(at: 9)))
        }
        return out
    }

    func auctionBids(_ nomination: NominationID) throws -> [AuctionBid] {
        var out: [AuctionBid] = []
        try each("SELECT team_id, amount, placed_at, proxy, source FROM auction_bids WHERE nomination_id = ? ORDER BY amount", [nomination.rawValue]) { s in
            out.append(AuctionBid(nomination: nomination, team: TeamID(s.int64(at: 0)), amount: s.int(at: 1), at: Date(timeIntervalSince1970: s.double(at: 2)),
                                  proxy: s.bool(at: 3), source: PickSource(rawValue: s.string(at: 4)) ?? .manager))
        }
        return out
    }

    func auctionMaxBids(_ nomination: NominationID) throws -> [AuctionMaxBid] {
        var out: [AuctionMaxBid] = []
        try each("SELECT team_id, amount, set_at FROM auction_max_bids WHERE nomination_id = ? ORDER BY set_at", [nomination.rawValue]) { s in
            out.append(AuctionMaxBid(team: TeamID(s.int64(at: 0)), amount: s.int(at: 1), setAt: Date(timeIntervalSince1970: s.double(at: 2))))
        }
        return out
    }

    func insertNomination(_ n: AuctionNomination, in league: LeagueID) throws -> NominationID {
        do {
            var id: Int64 = 0
            try session.recovering {
                id = try insert("""
                    INSERT INTO auction_nominations (league_id, number, team_id, player_id, opened_at, high_bid, high_team_id, high_source, bids,
                                                     last_bid_at, state)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open')
                    """, [league, n.number, n.team, n.player, n.openedAt, n.highBid, n.highBidder, n.highSource.rawValue, n.bids, n.lastBidAt])
            }
            return NominationID(id)
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("A player is already on the block")
        }
    }

    func updateNomination(_ n: AuctionNomination) throws {
        try run("UPDATE auction_nominations SET high_bid = ?, high_team_id = ?, high_source = ?, bids = ?, last_bid_at = ? WHERE id = ?",
                [n.highBid, n.highBidder, n.highSource.rawValue, n.bids, n.lastBidAt, n.id.rawValue])
    }

    func closeNomination(_ id: NominationID, sold: Bool) throws {
        try run("UPDATE auction_nominations SET state = ? WHERE id = ? AND state = 'open'", [sold ? "sold" : "cancelled", id.rawValue])
    }

    func insertAuctionBid(_ b: AuctionBid) throws {
        do {
            try mayConflict("INSERT INTO auction_bids (nomination_id, amount, team_id, placed_at, proxy, source) VALUES (?, ?, ?, ?, ?, ?)",
                            [b.nomination.rawValue, b.amount, b.team, b.at, b.proxy, b.source.rawValue])
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("outbid — $\(b.amount) was already bid")
        }
    }

    func setAuctionMaxBid(_ nomination: NominationID, team: TeamID, _ max: AuctionMaxBid?) throws {
        try run("DELETE FROM auction_max_bids WHERE nomination_id = ? AND team_id = ?", [nomination.rawValue, team])
        if let max {
            try run("INSERT INTO auction_max_bids (nomination_id, team_id, amount, set_at) VALUES (?, ?, ?, ?)",
                    [nomination.rawValue, team, max.amount, max.setAt])
        }
    }

    func insertAuctionSale(_ sale: AuctionSale, in league: LeagueID) throws {
        try run("INSERT INTO auction_sales (league_id, number, price, nominated_by) VALUES (?, ?, ?, ?)",
                [league, sale.number, sale.price, sale.nominatedBy])
    }
}
