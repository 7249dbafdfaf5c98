import Foundation
import ClubhouseDomain
import Terminal

/// The auction room's view: the block in the header, the bid line under it, the amount being typed, the Teams tab and
/// the Sales tab, and its keys (the shell places them among its own).
extension AuctionRoomFeature {
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
            let mine = DraftRoomFeature.isMyTurn(room)
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
        guard let a = room.auction, let cd = DraftRoomFeature.countdown(room.draft, now: now, unreachable: unreachable) else { return nil }
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
    /// `value`: the auction value of the player being nominated, when known.
    static func renderEntry(_ entry: AmountEntry, _ state: State, value: (PlayerID) -> Int?, row: Int, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let room = state.room, a = room.auction
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
            hint = "enter nominates" + (value(p.id).map { " · value $\($0)" } ?? "") + (a.map { " · at least $\($0.settings.minBid)" } ?? "")
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
    static func teamsTable(_ room: DraftBoard, selected: Int?, offset: Int, context: RenderContext) -> DataTable {
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

    /// The Sales tab: newest first, each with its price and the team that bought him.
    static func salesTable(_ recent: [DraftPickView], names: [TeamID: String], selected: Int?, offset: Int, context: RenderContext) -> DataTable {
        let rows = recent.map { p in
            ["#\(p.pick.number)", p.pick.price.map { "$\($0)" } ?? "—", names[p.pick.teamID] ?? "—", p.player.name, p.player.position.rawValue, p.player.nflTeam,
             p.pick.source == .manager ? "" : p.pick.source.rawValue]
        }
        return DataTable(columns: [DataColumn("Sale", .length(4), .right), DataColumn("Price", .length(5), .right), DataColumn("Team", .fill(1)),
                                   DataColumn("Player", .fill(2)), DataColumn("Pos", .length(3)), DataColumn("NFL", .length(3)), DataColumn("", .length(10))],
                         rows: rows, selected: selected, offset: offset, context: context)
    }

    // MARK: - Keys

    /// While an amount is typed: digits type; these rows tell the footer and help what Enter and Esc do.
    static func entryKeymap(_ entry: AmountEntry) -> Keymap<Action> {
        let send: String
        switch entry { case .bid: send = "bid"; case .maxBid: send = "set maximum"; case .nominate: send = "nominate" }
        return Keymap([KeyBinding([.enter], .typed(.enter), label: send, group: DraftRoomFeature.keyGroup, footer: true),
                       KeyBinding([.escape], .typed(.escape), label: "cancel", group: DraftRoomFeature.keyGroup, footer: true)])
    }

    /// Nominating the selected player: Enter on Available, n on My queue.
    static func nominateKey(_ state: State, on tab: DraftRoomFeature.Tab) -> KeyBinding<Action> {
        let blocked = nominateBlocked(state.room)
        return KeyBinding([tab == .queue ? .char("n") : .enter], .nominateRequested, label: "nominate", group: DraftRoomFeature.keyGroup, footer: true,
                          enabledWhen: blocked == nil, disabledReason: blocked, operation: Endpoints.Auction.nominate.name)
    }

    /// Bidding, from every tab: the footer shows them while a player is on the block.
    static func bidKeys(_ state: State) -> [KeyBinding<Action>] {
        let room = state.room
        guard let a = room.auction else { return [] }
        let bid = bidBlocked(room), max = maxBidBlocked(room), on = a.nomination != nil
        // The high bidder's footer offers no bid against themselves (the keys still say why), only their maximum.
        let leading = on && myAuctionTeam(room).map { $0.team == a.nomination?.highBidder } == true
        var b: [KeyBinding<Action>] = []
        b.append(KeyBinding([.char("b")], .raisePressed, label: nextBid(a).map { "bid $\($0)" } ?? "raise by the minimum", group: "Auction",
                            footer: on && !leading, enabledWhen: bid == nil, disabledReason: bid, operation: Endpoints.Auction.bid.name))
        b.append(KeyBinding([.char("$")], .bidBegan, label: "type a bid", group: "Auction", footer: on && !leading, enabledWhen: bid == nil, disabledReason: bid,
                            operation: Endpoints.Auction.bid.name))
        b[b.count - 1].hint?.label = "amount"
        b.append(KeyBinding([.char("m")], .maxBidBegan, label: "set my maximum (proxy bid)", group: "Auction", footer: on,
                            enabledWhen: max == nil, disabledReason: max, operation: Endpoints.Auction.setMaxBid.name))
        b[b.count - 1].hint?.label = "maximum"
        b.append(KeyBinding([.char("M")], .maxBidCleared, label: "clear my maximum", group: "Auction",
                            enabledWhen: max == nil && (a.myMaxBid != nil || !room.capabilities.signedIn), disabledReason: max ?? "You have no maximum on this player.",
                            operation: Endpoints.Auction.setMaxBid.name))
        return b
    }
}
