import ClubhouseDomain
import Foundation

/// The auction writes on the UI double, over `room.auction`: a bid names the nomination on the block and must beat
/// the high bid (else the server's sentences: "Bidding on that player has closed", "outbid — $31 by Tailgaters").
extension FakeLeague {
    private func auctionWrite(_ call: String) throws -> (DraftBoard, AuctionBoard) {
        guard draftSignedIn else { throw DomainError.unauthenticated }
        auctionCalls.append(call)
        guard let r = room, let a = r.auction else { throw DomainError.conflict("The draft of Couch Coaches isn't an auction") }
        return (r, a)
    }
    private func open(_ a: AuctionBoard, _ id: NominationID) throws -> AuctionNomination {
        guard let n = a.nomination, n.id == id else { throw DomainError.conflict("Bidding on that player has closed") }
        return n
    }
    private func name(_ r: DraftBoard, _ t: TeamID) -> String { r.teams.first { $0.id == t }?.name ?? "?" }

    func bid(_ id: NominationID, _ amount: Int) throws -> AuctionBoard {
        var (r, a) = try auctionWrite("bid \(id.rawValue) \(amount)")
        var n = try open(a, id)
        guard amount > n.highBid else { throw DomainError.conflict("outbid — $\(n.highBid) by \(name(r, n.highBidder))") }
        n.highBid = amount
        n.highBidder = r.capabilities.myTeam ?? n.highBidder
        n.bids += 1
        a.nomination = n
        r.auction = a
        room = r
        return a
    }

    func setMax(_ id: NominationID, _ amount: Int?) throws -> AuctionBoard {
        var (r, a) = try auctionWrite("max \(id.rawValue) \(amount.map(String.init) ?? "nil")")
        _ = try open(a, id)
        a.myMaxBid = amount
        r.auction = a
        room = r
        return a
    }

    func nominate(player: PlayerID, bid: Int) throws -> AuctionBoard {
        var (r, a) = try auctionWrite("nominate \(player.rawValue) \(bid)")
        guard a.nomination == nil else { throw DomainError.conflict("Someone is on the block — wait for his sale") }
        let me = r.capabilities.myTeam ?? a.nominator!
        a.nomination = AuctionNomination(id: NominationID(99), number: r.draft.currentPick, team: me, player: player, openedAt: Demo.now,
                                         highBid: bid, highBidder: me, highSource: .manager)
        a.player = Demo.draftable.first { $0.player.id == player }?.player
        a.deadline = Demo.now.addingTimeInterval(20)
        r.draft.deadline = a.deadline
        r.auction = a
        room = r
        return a
    }
}
