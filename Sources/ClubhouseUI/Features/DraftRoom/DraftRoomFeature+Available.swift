import Synchronization
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
        let (rows, roles) = availableRows(state, players, shown)
        var allRoles = [[StyleRole?]](repeating: [], count: players.count)
        table.rows.replaceSubrange(shown, with: rows)
        allRoles.replaceSubrange(shown, with: roles)
        table.roles = allRoles
        return table
    }

    /// The rows of `available[shown]`. A tier's first row in a position is marked, so the players above the rows shown
    /// are gone through for their tiers (no text is made for them).
    static func availableRows(_ state: State, _ available: [DraftablePlayer], _ shown: Range<Int>) -> (rows: [[String]], roles: [[StyleRole?]]) {
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
                         state.isAuction ? p.auctionValue.map { "$\($0)" } ?? "—" : p.value.oneDecimal, "T\(p.tier)", p.priorSeasonPoints.oneDecimal])
            roles.append([nil, nil, nil, nil, nil, p.value.hundredths < 0 ? .dim : nil, breaks ? .accent : .dim, nil])
        }
        return (rows, roles)
    }
}

/// The Available tab's players, made once per change of what they are made from, and given again to every later
/// call: the reducer asks for them several times per action and every frame draws them, while only a pick, a new
/// players list, a filter or a position changes them (~600 players filtered and sorted once per pick, not a few times
/// per action and again per frame).
///
/// The players list is compared by identity: the same loaded array, which the memo keeps (so its storage can't be
/// freed and reused by another list), is the same list. The rest is compared by value.
final class AvailableMemo: Sendable {
    static let shared = AvailableMemo()

    /// What the players are made from.
    struct Inputs {
        var players: [DraftablePlayer]
        var taken: [PlayerID]
        var filter: String
        var position: Position?

        init(_ state: DraftRoomFeature.State) {
            players = state.players.value ?? []
            taken = (state.room.value?.picks ?? []).map(\.player.id)
            filter = state.filter.text
            position = state.position
        }

        func same(as other: Inputs) -> Bool {
            players.count == other.players.count
                && players.withUnsafeBufferPointer { a in other.players.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
                && taken == other.taken && filter == other.filter && position == other.position
        }

        /// Undrafted players matching the position and name filters, by rank.
        func make() -> [DraftablePlayer] {
            let taken = Set(taken), q = filter.lowercased()
            return players.filter { p in
                !taken.contains(p.player.id) && (position.map { p.player.position == $0 } ?? true)
                    && (q.isEmpty || p.player.name.lowercased().contains(q))
            }.sorted { $0.rank < $1.rank }
        }
    }

    private struct Entry: @unchecked Sendable {
        var inputs: Inputs
        var players: [DraftablePlayer]
    }

    private let last = Mutex<Entry?>(nil)

    func players(for state: DraftRoomFeature.State) -> [DraftablePlayer] {
        let inputs = Inputs(state)
        if let hit = last.withLock({ e in e.flatMap { $0.inputs.same(as: inputs) ? $0.players : nil } }) { return hit }
        let made = inputs.make()
        last.withLock { $0 = Entry(inputs: inputs, players: made) }
        return made
    }
}
