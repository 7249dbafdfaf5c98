import Foundation
import ClubhouseDomain
import Terminal

/// The draft room's children (`RoomChild`): their states over the room, and running their reducers.
extension DraftRoomFeature.State {
    /// The draft by rounds (snake, linear, third-round reversal) once the room reads as one; nil before, or for an auction.
    public var rounds: RoundsDraftFeature.State? {
        get { room.value?.auction == nil ? child(picking) : nil }
        set { adopt(newValue, own: \.picking) }
    }

    /// The auction once the room reads as one; nil before, or for a draft by rounds.
    public var auction: AuctionRoomFeature.State? {
        get { room.value?.auction != nil ? child(bidding) : nil }
        set { adopt(newValue, own: \.bidding) }
    }

    /// The player selected on Available, or on My queue while it shows.
    var selectedPlayer: PlayerSummary? {
        tab == .queue ? myQueue[safe: list.selected ?? -1] : available[safe: list.selected ?? -1]?.player
    }

    private func child<Own>(_ own: Own) -> RoomChild<Own>? {
        room.value.map { RoomChild(id: id, room: $0, selected: selectedPlayer, bell: bell, own: own) }
    }

    /// Takes back a child's own state, and the room when the child changed it.
    private mutating func adopt<Own>(_ child: RoomChild<Own>?, own: WritableKeyPath<Self, Own>) {
        guard let child else { return }
        self[keyPath: own] = child.own
        if child.room != room.value { room.set(child.room) }
    }
}

extension DraftRoomFeature {
    /// Runs a child's reducer on its part of the room (nothing when the room isn't that kind) and wraps its work.
    static func scope<Child: Reducer>(_ child: Child.Type, _ path: WritableKeyPath<State, Child.State?>, _ state: inout State,
                                      _ action: Child.Action, context: PageContext,
                                      _ embed: @escaping @Sendable (Child.Action) -> Action) -> Effect<Action> {
        guard var part = state[keyPath: path] else { return .none }
        let fx = Child.reduce(into: &part, action: action, context: context)
        state[keyPath: path] = part
        return fx.map(embed)
    }
}
