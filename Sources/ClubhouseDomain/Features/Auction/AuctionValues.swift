import Foundation

/// Auction dollar values from the rankings' value over replacement, scaled to the league's money.
///
/// The room spends `teams × budget` dollars on `teams × spots` players. Every one of those players costs at least the
/// minimum bid, so the money above it (`teams × (budget − minBid × spots)`) is shared among the `teams × spots` best
/// players by value in proportion to their value over replacement (a value of 0 or less gets no share). A player's
/// value = minimum bid + his share, rounded down, and at most what one team can bid (its budget less the minimum for
/// every other spot: in a small room the best player's share could pass it); everyone outside that set is worth the
/// minimum bid.
public struct AuctionValues: Hashable, Sendable {
    public let dollars: [PlayerID: Int]
    public let minBid: Int

    public init(rankings: DraftRankings, teams: Int, spots: Int, settings: AuctionSettings) {
        minBid = settings.minBid
        let count = max(0, teams) * max(0, spots)
        let top = rankings.players.prefix(count)
        let surplus = Double(max(0, teams * (settings.budget - settings.minBid * spots)))
        let total = top.reduce(0.0) { $0 + Double(max(0, $1.value.hundredths)) }
        let ceiling = max(settings.minBid, settings.budget - settings.minBid * max(0, spots - 1))
        var out: [PlayerID: Int] = [:]
        for p in top {
            let share = total > 0 ? surplus * Double(max(0, p.value.hundredths)) / total : 0
            out[p.playerID] = min(settings.minBid + Int(share.rounded(.down)), ceiling)
        }
        dollars = out
    }

    public init(_ rankings: DraftRankings, settings: LeagueSettings) {
        self.init(rankings: rankings, teams: settings.teamCount, spots: settings.draftRounds, settings: AuctionSettings(settings))
    }

    /// A player's auction value in dollars (the minimum bid for anyone outside the top players).
    public func value(of player: PlayerID) -> Int { dollars[player] ?? minBid }
}
