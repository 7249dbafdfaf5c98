import Foundation
import ClubhouseDomain

/// Where a player can go in this week's lineup, from the roster and the league's slot counts, by the domain's rules
/// (ClubhouseDomain/README.md, “Roster”): one option per slot with room, one per player there to swap with; a slot he can't take is listed
/// dimmed with the domain's own sentence (not eligible, IR needs OUT/IR — or Doubtful too with the league's
/// `irAllowsDoubtful` —, locked at kickoff). The server decides.
enum LineupTargets {
    static func options(moving mover: RosterRow, in rows: [RosterRow], slots: [Slot: Int],
                        irAllowsDoubtful: Bool = false) -> [Chooser<LineupMove>.Option] {
        var out: [Chooser<LineupMove>.Option] = []
        for slot in Slot.allCases where (slots[slot] ?? 0) > 0 && slot != mover.slot {
            let capacity = slots[slot] ?? 0
            let there = rows.filter { $0.slot == slot }
            if let refusal = refusal(mover, into: slot, from: mover.slot, irAllowsDoubtful: irAllowsDoubtful) {
                out.append(.init(slot.rawValue, value: nil, reason: refusal.message))
                continue
            }
            if there.count < capacity {
                let open = capacity - there.count
                out.append(.init("Move to \(slot.rawValue)", detail: open == 1 ? "open spot" : "\(open) open spots",
                                 value: LineupMove(mover.player.id, to: slot)))
            }
            // Swapping is how a bench player starts; on a bench with room it only adds noise.
            guard there.count >= capacity || slot.isStarter else { continue }
            for partner in there {
                let label = "\(slot.rawValue) ⇄ \(Format.tagged(partner.player))"
                if let r = refusal(partner, into: mover.slot, from: slot, irAllowsDoubtful: irAllowsDoubtful) {
                    out.append(.init(label, value: nil, reason: "\(Player.shortName(partner.player.name)) can't go to \(mover.slot.rawValue): \(lowercasedFirst(r.message))"))
                } else {
                    out.append(.init(label, detail: "\(partner.player.position.rawValue) to \(mover.slot.rawValue)",
                                     value: LineupMove(mover.player.id, to: slot, swapWith: partner.player.id)))
                }
            }
        }
        return out
    }

    static func lowercasedFirst(_ s: String) -> String {
        guard let f = s.first, f.isUppercase, !s.hasPrefix("IR"), !(s.dropFirst().first?.isUppercase ?? false) else { return s }
        return f.lowercased() + s.dropFirst()
    }

    /// Why `row`'s player can't go from `from` into `slot` (IR status, position, lock), in the domain's words.
    static func refusal(_ row: RosterRow, into slot: Slot, from: Slot, irAllowsDoubtful: Bool = false) -> LineupRefusal? {
        let p = row.player
        if slot == .ir, !InjuredReserveRules.accepts(p.injury, allowingDoubtful: irAllowsDoubtful) {
            return .injuredReserveRequiresOutOrIR(p.id, status: p.injury, doubtfulAllowed: irAllowsDoubtful)
        }
        guard slot.eligiblePositions.contains(p.position) else { return .notEligible(p.id, position: p.position, slot: slot) }
        if slot != from, slot.isStarter || from.isStarter, row.locked { return .playerLocked(p.id, kickoff: .distantPast) }
        return nil
    }
}
