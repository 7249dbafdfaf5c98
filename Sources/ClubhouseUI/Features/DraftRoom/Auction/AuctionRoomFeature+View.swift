import Foundation
import ClubhouseDomain
import Terminal

/// The auction room's view: the block in the header, the bid line under it, the amount being typed, the Teams tab.
extension DraftRoomFeature {
    /// The header of a started auction: the player on the block (or whose nomination it is), the clock, his value,
    /// then the auction's shape (dropped first when narrow).
    static func auctionHeader(_ room: DraftBoard, now: Date, reset: ClockReset?, unreachable: Bool = false, compact: Bool = false) -> [(String, StyleRole)] {
        guard let a = room.auction else { return [] }
        let d = room.draft
        var out: [(String, StyleRole)] = [], value: Int?
        if d.isComplete || d.status == .complete {
            out.append(("All \(room.picks.count) players sold", .text))
        } else if a.nomination != nil, let p = a.player {
            out.append(("On the block: \(p.name) (\(p.position.rawValue), \(p.nflTeam))", .text))
            value = a.value
        } else {
            let mine = isMyTurn(room)
            out.append(("Sale \(d.currentPick) · " + (mine ? "your nomination — enter puts the selected player up" : "\(teamName(room, a.nominator)) nominates"),
                        mine ? .warning : .text))
        }
        // The clock right after the first part, so a narrow screen drops the value before it.
        if let clock = auctionClock(room, now: now, reset: reset, unreachable: unreachable, compact: compact) { out.append(clock) }
        if let value { out.append(("value $\(value)", .text)) }
        out.append(("auction · $\(a.settings.budget) budgets · \(room.teams.count) teams", .dim))
        return out
    }

    /// The auction's clock in words: "0:15 left to bid"; in its last seconds "sold in 0:07 unless someone bids" (the
    /// error colour, and the words say it without colour); after a late bid "0:09 left — a late bid reset the clock";
    /// between sales "0:25 to nominate". `compact` (a narrow screen, so the player's name keeps its room): "0:15 to bid",
    /// "sold in 0:07", "0:09 left (reset)".
    static func auctionClock(_ room: DraftBoard, now: Date, reset: ClockReset?, unreachable: Bool = false, compact: Bool = false) -> (String, StyleRole)? {
        guard let a = room.auction, let cd = countdown(room.draft, now: now, unreachable: unreachable) else { return nil }
        guard room.draft.status == .running, !room.draft.isComplete, !unreachable, let deadline = room.draft.deadline else { return cd }
        guard let n = a.nomination else { return (cd.text + " to nominate", cd.role == .error ? .error : .accent) }
        let last = deadline.timeIntervalSince(now) < Double(lastSeconds)
        if let reset, reset.nomination == n.id, abs(reset.deadline.timeIntervalSince(deadline)) <= ClockReset.sameDeadline {
            return (cd.text + (compact ? " left (reset)" : " left — a late bid reset the clock"), last ? .error : .warning)
        }
        if last { return ("sold in \(cd.text)" + (compact ? "" : " unless someone bids"), .error) }
        return (cd.text + (compact ? " to bid" : " left to bid"), .accent)
    }

    /// The seconds at the end of a bidding clock shown as its last ones.
    static let lastSeconds = 10

    /// The line under the header: the high bid and bidder, then my budget left, max bid, open spots and my maximum.
    static func auctionLine(_ room: DraftBoard) -> [(String, StyleRole)] {
        guard let a = room.auction else { return [] }
        var out: [(String, StyleRole)] = []
        let me = myAuctionTeam(room)
        if let n = a.nomination {
            let mine = n.highBidder == me?.team
            out.append(("High bid $\(n.highBid) — \(teamName(room, n.highBidder))" + (mine ? " (you)" : ""), mine ? .accent : .text))
        }
        // My private maximum before my budget: when the row is short, the budget (also on the Teams tab) gives way.
        if let m = a.myMaxBid, let n = a.nomination {
            // Once another team's bid reached it, my maximum no longer holds the player: said so, not shown as standing.
            if n.highBidder != me?.team, n.highBid >= m { out.append(("your maximum $\(m) was passed", .warning)) }
            else { out.append(("your maximum $\(m)", .accent)) }
        }
        if let me {
            out.append(("You: $\(me.budgetLeft) left · max bid $\(me.maxBid) · \(me.openSpots) open", .text))
        } else if a.nomination == nil {
            out.append((room.capabilities.signedIn ? "You have no team here — watching." : "Watching — sign in (i) to bid.", .dim))
        }
        return out
    }

    /// The amount being typed, in place of the tabs.
    static func renderEntry(_ entry: AmountEntry, _ state: State, _ room: DraftBoard, row: Int, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let a = room.auction
        let label: String, hint: String
        switch entry {
        case .bid(_, let p):
            label = "Bid on \(p.name): $"
            hint = "enter bids" + (myAuctionTeam(room).map { " · max bid $\($0.maxBid)" } ?? "")
        case .maxBid(_, let p):
            label = "Your maximum for \(p.name): $"
            hint = "enter sets · empty clears · only you see it"
        case .nominate(let p):
            label = "Put \(p.name) up for $"
            let value = state.players.value?.first { $0.player.id == p.id }?.auctionValue
            hint = "enter nominates" + (value.map { " · value $\($0)" } ?? "") + (a.map { " · at least $\($0.settings.minBid)" } ?? "")
        }
        let y = area.y + row
        var x = area.x + 1
        x += buffer.set(string: label, at: Point(x: x, y: y), style: context.style(.warning).adding(.bold), maxWidth: max(0, area.right - x - 1))
        let field = Rect(x: x, y: y, width: min(7, max(0, area.right - x - 1)), height: 1)
        TextField(state.amountField, placeholder: "", focused: context.focused, style: context.style(.text).adding(.underline)).render(in: field, buffer: &buffer)
        x = field.right + 1
        // A refusal takes the hint's place, in the error colour and marked ✗ (the words say it without colour).
        let tail = state.amountError.map { "✗ " + $0 } ?? hint
        if area.right - x - 1 > 0 {
            buffer.set(string: tail.truncated(toWidth: area.right - x - 1), at: Point(x: x, y: y), style: context.style(state.amountError == nil ? .dim : .error),
                       maxWidth: area.right - x - 1)
        }
    }

    /// The Teams tab: every team's budget left, max bid and open spots, in draft order, with who nominates and who
    /// holds the high bid.
    static func teamsTable(_ state: State, _ room: DraftBoard, selected: Int?, offset: Int, context: RenderContext) -> DataTable {
        let a = room.auction
        let rows: [[String]] = (a?.teams ?? []).map { t in
            var note: [String] = []
            if let n = a?.nomination, n.highBidder == t.team { note.append("high $\(n.highBid)") }
            if a?.nomination == nil, a?.nominator == t.team { note.append("nominates") }
            if room.onAutopick.contains(t.team) { note.append("autopick") }
            return [t.team == room.capabilities.myTeam ? "\(teamName(room, t.team)) (you)" : teamName(room, t.team),
                    "$\(t.budgetLeft)", "$\(t.maxBid)", "\(t.openSpots)", note.joined(separator: " ")]
        }
        let roles: [[StyleRole?]] = (a?.teams ?? []).map { t in
            let high = a?.nomination?.highBidder == t.team
            return [t.team == room.capabilities.myTeam ? .accent : nil, nil, t.openSpots == 0 ? .dim : nil, t.openSpots == 0 ? .dim : nil, high ? .accent : .dim]
        }
        return DataTable(columns: [DataColumn("Team", .fill(1)), DataColumn("Left", .length(6), .right), DataColumn("Max bid", .length(7), .right),
                                   DataColumn("Open", .length(4), .right), DataColumn("", .length(18))],
                         rows: rows, roles: roles, selected: selected, offset: offset, context: context)
    }
}
