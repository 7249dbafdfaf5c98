import Synchronization
import ClubhouseDomain

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
