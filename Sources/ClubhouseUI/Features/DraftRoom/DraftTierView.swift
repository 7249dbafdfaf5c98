import ClubhouseDomain
import Terminal

/// The board's two lines under the draft grid while a draft runs: the tier view of the best available at each
/// position (its tier and how many are left in it), and the roster needs of the team on the clock.
public struct DraftTierView: Widget {
    public var room: DraftBoard
    public var context: RenderContext

    public init(room: DraftBoard, context: RenderContext) { self.room = room; self.context = context }

    /// Rows the view takes (0 once the draft is complete or before it starts).
    public static func height(_ room: DraftBoard) -> Int {
        guard !room.draft.isComplete, room.draft.status != .complete, room.draft.status != .scheduled, !room.tiers.isEmpty else { return 0 }
        return 2
    }

    /// "Tiers left  QB T1 ×3 · RB T2 ×1 · …".
    public static func tierLine(_ room: DraftBoard) -> String {
        "Tiers left  " + room.tiers.map { "\($0.position.rawValue) T\($0.tier) ×\($0.left)" }.joined(separator: " · ")
    }

    /// "Needs (Team): QB · RB×2 · FLEX · K · DEF", or "starters full" when every starting slot is taken.
    public static func needsLine(_ room: DraftBoard) -> String? {
        guard let needs = room.onClockNeeds, let team = DraftRoomFeature.onTheClock(room) else { return nil }
        let parts = Slot.allCases.compactMap { s -> String? in
            guard let n = needs[s], n > 0 else { return nil }
            return n == 1 ? s.rawValue : "\(s.rawValue)×\(n)"
        }
        return "Needs (\(team.name)): " + (parts.isEmpty ? "starters full — best available" : parts.joined(separator: " · "))
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.height > 0 else { return }
        TextRow.put(Self.tierLine(room), in: area, row: 0, style: context.style(.text), indent: 0, buffer: &buffer)
        if let needs = Self.needsLine(room) {
            TextRow.put(needs, in: area, row: 1, style: context.style(.accent), indent: 0, buffer: &buffer)
        }
    }
}
