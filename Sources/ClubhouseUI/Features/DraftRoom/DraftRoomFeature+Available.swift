import Foundation
import ClubhouseDomain
import Terminal

extension DraftRoomFeature {
    /// The Available tab: rank by value over replacement, the player, his position rank ("RB12"), value and tier
    /// (a new tier where value drops sharply; its first row in a position is marked in the accent colour), then his points in
    /// the season before the league's (the basis of the rankings). In an auction the value is his auction value in dollars.
    /// Only the rows in view are written (a few dozen of ~600 players); the others are empty rows, there for the count
    /// (the scroll position, the row under the mouse).
    static func availableTable(_ state: State, selected: Int?, offset: Int, height: Int, context: RenderContext) -> DataTable {
        let players = state.available
        var table = DataTable(columns: [DataColumn("Rk", .length(4), .right), DataColumn("Player", .fill(1)), DataColumn("Pos", .length(5)),
                                        DataColumn("NFL", .length(3)), DataColumn("Bye", .length(3), .right), DataColumn(state.isAuction ? "$ Val" : "Value", .length(6), .right),
                                        DataColumn("Tier", .length(4)),
                                        DataColumn(state.room.value?.rankingBasis.map { "\($0.priorSeason) pts" } ?? "Prior", .length(8), .right)],
                              rows: Array(repeating: [], count: players.count), selected: selected, offset: offset, context: context)
        let first = min(table.firstRow(height: height), players.count)
        let shown = first..<min(players.count, first + table.viewport(height: height))
        let (rows, roles) = availableRows(state, players, shown, decimals: context.decimals)
        var allRoles = [[StyleRole?]](repeating: [], count: players.count)
        table.rows.replaceSubrange(shown, with: rows)
        allRoles.replaceSubrange(shown, with: roles)
        table.roles = allRoles
        return table
    }

    /// The rows of `available[shown]`. A tier's first row in a position is marked, so the players above the rows shown
    /// are gone through for their tiers (no text is made for them).
    static func availableRows(_ state: State, _ available: [DraftablePlayer], _ shown: Range<Int>,
                              decimals: Int? = nil) -> (rows: [[String]], roles: [[StyleRole?]]) {
        let queued = Set(state.myQueue.map(\.id))
        var lastTier: [Position: Int] = [:]
        var rows: [[String]] = [], roles: [[StyleRole?]] = []
        rows.reserveCapacity(shown.count); roles.reserveCapacity(shown.count)
        for (i, p) in available[..<shown.upperBound].enumerated() {
            let pos = p.player.position
            let breaks = lastTier[pos].map { $0 != p.tier } ?? false
            lastTier[pos] = p.tier
            guard i >= shown.lowerBound else { continue }
            rows.append(["\(p.rank)", p.player.name + (queued.contains(p.player.id) ? " ★" : ""),
                         p.positionRank > 0 ? "\(pos.rawValue)\(p.positionRank)" : pos.rawValue, p.player.nflTeam,
                         p.player.byeWeek.map(String.init) ?? "—",
                         state.isAuction ? p.auctionValue.map { "$\($0)" } ?? "—" : p.value.shown(decimals), "T\(p.tier)", p.priorSeasonPoints.shown(decimals)])
            roles.append([nil, nil, nil, nil, nil, p.value.hundredths < 0 ? .dim : nil, breaks ? .accent : .dim, nil])
        }
        return (rows, roles)
    }
}
