import Synchronization
import Foundation
import ClubhouseDomain
import Terminal

extension DraftRoomFeature {
    /// The Available tab: rank by value over replacement, the player, his position rank ("RB12"), value and tier
    /// (a new tier where value drops sharply; its first row in a position is marked in the accent colour), then his points in
    /// the season before the league's (the basis of the rankings). In an auction the value is his auction value in dollars.
    static func availableTable(_ state: State, selected: Int?, offset: Int, context: RenderContext) -> DataTable {
        let (rows, roles) = AvailableRowsMemo.shared.rows(for: state) { availableRows(state) }
        return DataTable(columns: [DataColumn("Rk", .length(4), .right), DataColumn("Player", .fill(1)), DataColumn("Pos", .length(5)),
                                   DataColumn("NFL", .length(3)), DataColumn("Bye", .length(3), .right), DataColumn(state.isAuction ? "$ Val" : "Value", .length(6), .right),
                                   DataColumn("Tier", .length(4)),
                                   DataColumn(state.room.value?.rankingBasis.map { "\($0.priorSeason) pts" } ?? "Prior", .length(8), .right)],
                         rows: rows, roles: roles, selected: selected, offset: offset, context: context)
    }

    static func availableRows(_ state: State) -> (rows: [[String]], roles: [[StyleRole?]]) {
        let queued = Set(state.myQueue.map(\.id))
        var lastTier: [Position: Int] = [:]
        var rows: [[String]] = [], roles: [[StyleRole?]] = []
        for p in state.available {
            let pos = p.player.position
            let breaks = lastTier[pos].map { $0 != p.tier } ?? false
            lastTier[pos] = p.tier
            rows.append(["\(p.rank)", p.player.name + (queued.contains(p.player.id) ? " ★" : ""),
                         p.positionRank > 0 ? "\(pos.rawValue)\(p.positionRank)" : pos.rawValue, p.player.nflTeam,
                         p.player.byeWeek.map(String.init) ?? "—",
                         state.isAuction ? p.auctionValue.map { "$\($0)" } ?? "—" : p.value.oneDecimal, "T\(p.tier)", p.priorSeasonPoints.oneDecimal])
            roles.append([nil, nil, nil, nil, nil, p.value.hundredths < 0 ? .dim : nil, breaks ? .accent : .dim, nil])
        }
        return (rows, roles)
    }
}

/// The Available tab's rows of the last frame drawn: the next frame with the same players, picks, filters and queue
/// draws them again instead of writing ~600 rows of text anew (a pick changes them once; the frames around it don't).
final class AvailableRowsMemo: Sendable {
    typealias Rows = (rows: [[String]], roles: [[StyleRole?]])
    static let shared = AvailableRowsMemo()

    /// The last rows made and the key they were made for.
    private let last = Mutex<(key: Int, value: Rows)?>(nil)

    func rows(for state: DraftRoomFeature.State, make: () -> (rows: [[String]], roles: [[StyleRole?]])) -> (rows: [[String]], roles: [[StyleRole?]]) {
        var h = Hasher()
        h.combine(state.id)
        h.combine(state.filter.text)
        h.combine(state.position)
        h.combine(state.isAuction)
        h.combine(state.myQueue.map(\.id))
        for p in state.room.value?.picks ?? [] { h.combine(p.player.id) }
        for p in state.players.value ?? [] { h.combine(p.player.id); h.combine(p.rank); h.combine(p.tier); h.combine(p.value.hundredths); h.combine(p.auctionValue) }
        let k = h.finalize()
        if let hit = last.withLock({ $0?.key == k ? $0?.value : nil }) { return hit }
        let made = make()
        last.withLock { $0 = (k, made) }
        return made
    }
}
