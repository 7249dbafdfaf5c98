import Foundation
import ClubhouseDomain

/// What a child of the draft room (the draft by rounds, the auction) works on: the room as the shell read it, the
/// player selected on Available or My queue, the bell setting, and the child's own state `own`, whose fields read as
/// the child's (`state.entry` is `state.own.entry`). The shell keeps `own` and lends the rest (`DraftRoomFeature.State`'s
/// `rounds` and `auction`); a child that changes the room (an auction write answered with the board) changes the shell's.
@dynamicMemberLookup
public struct RoomChild<Own: Equatable & Sendable>: Equatable, Sendable {
    public var id: LeagueID
    public var room: DraftBoard
    /// The player selected on Available, or on My queue while it shows (whom Enter drafts or nominates).
    public var selected: PlayerSummary?
    /// Rings the terminal bell (Settings) when something calls for me.
    public var bell: Bool
    public var own: Own

    public init(id: LeagueID, room: DraftBoard, selected: PlayerSummary? = nil, bell: Bool = true, own: Own) {
        self.id = id; self.room = room; self.selected = selected; self.bell = bell; self.own = own
    }

    public subscript<T>(dynamicMember path: WritableKeyPath<Own, T>) -> T {
        get { own[keyPath: path] }
        set { own[keyPath: path] = newValue }
    }
}
