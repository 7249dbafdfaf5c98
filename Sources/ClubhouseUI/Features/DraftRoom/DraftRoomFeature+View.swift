import Foundation
import ClubhouseDomain
import Terminal

/// The draft room's view: header, tabs and the table under them.
extension DraftRoomFeature {
    /// The header as styled segments: where the draft is, the countdown, then its shape (dropped first when narrow).
    static func header(_ room: DraftBoard, now: Date, reset: AuctionRoomFeature.ClockReset? = nil, unreachable: Bool = false, width: Int? = nil) -> [(String, StyleRole)] {
        var out = segments(room, now: now, reset: reset, unreachable: unreachable, compact: false)
        // An auction's clock in fewer words when the player on the block and the clock's full words don't both fit.
        if let width, room.auction != nil, out.count > 1, out[0].0.displayWidth + 3 + out[1].0.displayWidth > width - 2 {
            out = segments(room, now: now, reset: reset, unreachable: unreachable, compact: true)
        }
        // A clock the server can't be asked about goes first, so a narrow screen never drops it for a stale countdown.
        if let i = out.firstIndex(where: { $0.0 == unreachableClock }) { out.insert(out.remove(at: i), at: 0) }
        return out
    }

    private static func segments(_ room: DraftBoard, now: Date, reset: AuctionRoomFeature.ClockReset?, unreachable: Bool, compact: Bool) -> [(String, StyleRole)] {
        if room.auction != nil, room.draft.status != .scheduled {
            return AuctionRoomFeature.auctionHeader(room, now: now, reset: reset, unreachable: unreachable, compact: compact)
        }
        let d = room.draft
        let shape = "\(d.type.rawValue) · \(d.rounds) rounds · \(room.teams.count) teams"
        var out: [(String, StyleRole)] = []
        switch d.status {
        case .scheduled:
            // The date is on the league's season clock; the countdown below is real time (picks happen now).
            out.append(("Not started" + (d.scheduledAt.map { at in " · planned for \(Format.day(at))" + (room.seasonClock.map { " (\(Format.relative(at, leagueClock: $0)))" } ?? "") } ?? "")
                        + (room.capabilities.isCommissioner ? " · S starts it" : " · the commissioner starts it"), .text))
        case .running, .paused, .complete:
            out.append(RoundsDraftFeature.progress(room))
        }
        if let cd = countdown(d, now: now, unreachable: unreachable) { out.append((cd.text, cd.role)) }
        out.append((shape, .dim))
        return out
    }

    /// The header as one line (tests, narrow fallbacks).
    static func status(_ room: DraftBoard, now: Date) -> String { header(room, now: now).map(\.0).joined(separator: " · ") }

    /// The team whose pick is on the clock: the pick's owner (a traded pick's new team), as the server counts it.
    static func onTheClock(_ room: DraftBoard) -> TeamSummary? {
        guard !room.draft.isComplete, let owner = room.owner(ofPick: room.draft.currentPick) else { return nil }
        return room.teams.first { $0.id == owner }
    }

    /// On the Available tab, when no prior season is stored: what the rankings are (not) based on.
    static func basisLine(_ state: State, _ room: DraftBoard) -> String? {
        guard state.tab == .available, let basis = room.rankingBasis, basis.basis == .none else { return nil }
        return basis.sentence
    }

    /// "1 Available", "2 My queue", … in the room's tab order.
    static func tabLabels(_ state: State) -> [String] {
        tabs(state).enumerated().map { "\($0.offset + 1) \(tabTitle($0.element, auction: state.isAuction))" }
    }

    /// The list under the tabs; `lead` rows more above it in an auction (the bid line).
    static func body(_ area: Rect, lead: Int = 0) -> Rect {
        Rect(x: area.x + 1, y: area.y + 2 + lead, width: max(0, area.width - 2), height: max(0, area.height - 2 - lead))
    }

    /// Styled segments along one row: the first truncates, later ones show whole or not at all.
    /// `keepSecond`: the second segment (the clock) is kept whole when it fits at all, the first truncated to make room.
    static func putSegments(_ segments: [(String, StyleRole)], row: Int, in area: Rect, buffer: inout Buffer, context: RenderContext, keepSecond: Bool = false) {
        var x = area.x + 1
        let y = area.y + row
        // Room the second segment keeps for itself (its " · " included), when the row can hold it and a few cells more.
        let second = segments.count > 1 && keepSecond ? segments[1].0.displayWidth + 3 : 0
        let reserve = second > 0 && area.width - 2 - second >= 12 ? second : 0
        for (i, seg) in segments.enumerated() {
            let room = area.right - x - 1
            guard room > 0 else { break }
            if i > 0, seg.0.displayWidth + 3 > room { break }
            if i > 0 { x += buffer.set(string: " · ", at: Point(x: x, y: y), style: context.style(.dim), maxWidth: room) }
            let style = seg.1 == .error || seg.1 == .accent || seg.1 == .warning ? context.style(seg.1).adding(.bold) : context.style(seg.1)
            let width = max(0, area.right - x - 1 - (i == 0 ? reserve : 0))
            x += buffer.set(string: seg.0.truncated(toWidth: width), at: Point(x: x, y: y), style: style, maxWidth: width)
        }
    }

    static func table(_ state: State, _ room: DraftBoard, in body: Rect, context: RenderContext) -> DataTable {
        let names = Dictionary(room.teams.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let sel = state.list.selected, off = state.list.offset
        switch state.tab {
        case .available:
            return availableTable(state, selected: sel, offset: off, height: body.height, context: context)
        case .queue:
            let rows = state.myQueue.enumerated().map { i, p in ["\(i + 1)", p.name, p.position.rawValue, p.nflTeam, p.byeWeek.map(String.init) ?? "—"] }
            return DataTable(columns: [DataColumn("#", .length(3), .right), DataColumn("Player", .fill(1)), DataColumn("Pos", .length(3)),
                                       DataColumn("NFL", .length(3)), DataColumn("Bye", .length(3), .right)],
                             rows: rows, selected: sel, offset: off, context: context)
        case .roster:
            let rows = rosterSlots(state.myPicks).map { slot, p in
                [slot, p.player.name, p.player.position.rawValue, p.player.nflTeam, p.pick.price.map { "$\($0)" } ?? "R\(p.pick.round) #\(p.pick.number)"]
            }
            return DataTable(columns: [DataColumn("Slot", .length(4)), DataColumn("Player", .fill(1)), DataColumn("Pos", .length(3)),
                                       DataColumn("NFL", .length(3)), DataColumn("Pick", .length(8))],
                             rows: rows, selected: sel, offset: off, context: context)
        case .teams:
            return AuctionRoomFeature.teamsTable(room, selected: sel, offset: off, context: context)
        case .recent where room.auction != nil:
            return AuctionRoomFeature.salesTable(state.recent, names: names, selected: sel, offset: off, context: context)
        case .recent:
            return RoundsDraftFeature.picksTable(state.recent, room, names: names, selected: sel, offset: off, context: context)
        case .chat:
            // The room's chat is the league chat: a removed line says so, reactions follow the text (the League chat
            // page, `M` on the league page, replies and reacts).
            let rows = state.messages.map { m in [clockTime(m.at), m.authorName.isEmpty ? "·" : m.authorName, ChatFeature.line(m, in: state.messages)] }
            let roles: [[StyleRole?]] = state.messages.map { m in m.userID == nil || m.removed ? [.dim, .dim, .dim] : [.dim, .accent, nil] }
            return DataTable(columns: [DataColumn("Time", .length(5)), DataColumn("Who", .length(14)), DataColumn("Message", .fill(1))],
                             rows: rows, roles: roles, selected: sel, offset: off, context: context)
        }
    }

    /// "14:05" (UTC, like the rest of the app's dates).
    static func clockTime(_ date: Date) -> String {
        let c = UTC.calendar.dateComponents([.hour, .minute], from: Format.showable(date))
        return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }

    /// My picks placed in starter slots (QB, 2 RB, 2 WR, TE, FLEX, K, DEF), the rest on the bench.
    static func rosterSlots(_ picks: [DraftPickView]) -> [(String, DraftPickView)] {
        var open: [(String, Set<Position>)] = [("QB", [.qb]), ("RB", [.rb]), ("RB", [.rb]), ("WR", [.wr]), ("WR", [.wr]), ("TE", [.te]),
                                               ("FLEX", [.rb, .wr, .te]), ("K", [.k]), ("DEF", [.def])]
        var starters: [(Int, DraftPickView)] = [], bench: [(String, DraftPickView)] = []
        let order = open.map(\.0)
        var used = Array(repeating: false, count: open.count)
        for p in picks {
            if let i = open.indices.first(where: { !used[$0] && open[$0].1.contains(p.player.position) }) { used[i] = true; starters.append((i, p)) }
            else { bench.append(("BN", p)) }
        }
        open = []
        return starters.sorted { $0.0 < $1.0 }.map { (order[$0.0], $0.1) } + bench
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let room = LoadView.render(state.room.load, what: "the draft room", empty: "No draft room for this league.",
                                         in: area, buffer: &buffer, context: context) else { return }
        // Header: where the draft is, the countdown in its own colour, the draft's shape; an auction's bid line under it.
        putSegments(header(room, now: context.now, reset: state.bidding.reset, unreachable: state.serverUnreachable, width: area.width), row: 0, in: area, buffer: &buffer, context: context,
                    keepSecond: room.auction != nil && !state.serverUnreachable)   // the clock, unless "paused —" leads
        let lead = room.auction == nil ? 0 : 1
        if lead > 0, area.height > 1 { putSegments(AuctionRoomFeature.auctionLine(room), row: 1, in: area, buffer: &buffer, context: context) }
        guard area.height > 1 + lead else { return }
        // Then a question, an amount being typed, or the tabs.
        if let question = question(state, room) {
            TextRow.put(question, in: area, row: 1 + lead, style: context.style(.warning).adding(.bold), buffer: &buffer)
        } else if let auction = state.auction, let entry = auction.entry {
            let players = state.players.value ?? []
            AuctionRoomFeature.renderEntry(entry, auction, value: { id in players.first { $0.player.id == id }?.auctionValue },
                                           row: 1 + lead, in: area, buffer: &buffer, context: context)
        } else {
            let shown = tabs(state)
            let tabs = Tabs(tabLabels(state), selected: shown.firstIndex(of: state.tab) ?? 0,
                            style: context.style(.dim), highlightStyle: context.style(.selection))
            tabs.render(in: Rect(x: area.x + 1, y: area.y + 1 + lead, width: max(0, area.width - 2), height: 1), buffer: &buffer)
            var extra: [String] = []
            if state.tab == .available {
                if let p = state.position { extra.append(p.rawValue) }
                if state.filter.isActive { extra.append(state.filter.display) }
            }
            if !extra.isEmpty {
                let s = extra.joined(separator: " ")
                let x = area.right - s.displayWidth - 1
                let tabsEnd = tabs.spans(startingAt: area.x + 1).last?.upperBound ?? area.x
                if x > tabsEnd { buffer.set(string: s, at: Point(x: x, y: area.y + 1 + lead), style: context.style(.accent), maxWidth: s.displayWidth) }
            }
        }
        var b = body(area, lead: lead)
        if state.tab == .chat {
            // The input line at the bottom.
            guard b.height > 0 else { return }
            let input = Rect(x: b.x, y: b.bottom - 1, width: b.width, height: 1)
            let counter = "\(state.chatField.text.count)/\(chatLimit)"
            let field = Rect(x: input.x + 2, y: input.y, width: max(0, input.width - counter.count - 3), height: 1)
            buffer.set(string: "›", at: Point(x: input.x, y: input.y), style: context.style(.key), maxWidth: 1)
            TextField(state.chatField, placeholder: state.chatEditing ? "type, enter sends, esc stops" : "press c to chat",
                      focused: state.chatEditing && context.focused, style: context.style(.text).adding(.underline)).render(in: field, buffer: &buffer)
            buffer.set(string: counter, at: Point(x: input.right - counter.count, y: input.y),
                       style: context.style(state.chatField.text.count > chatLimit ? .error : .dim), maxWidth: counter.count)
            b.height = max(0, b.height - 1)
        }
        // Rankings without a prior season say so above the list, with the command that brings it in.
        if let line = basisLine(state, room), b.height > 1 {
            TextRow.put(line, in: b, row: 0, style: context.style(.warning), indent: 0, buffer: &buffer)
            b.y += 1; b.height -= 1
        }
        if state.rowCount == 0 {
            let msg: String
            switch state.tab {
            case .available:
                if state.players.isLoading { msg = "Loading players…" }
                else if let e = state.players.error { msg = e.message }
                else if state.filter.isActive || state.position != nil { msg = "No available player matches — esc clears the search, p changes position." }
                else { msg = "No players available." }
            case .queue: msg = room.capabilities.myTeam == nil ? "Queues are for managers — sign in and join to queue players." : "Your queue is empty — a adds the selected player from Available."
            case .roster: msg = room.capabilities.myTeam == nil ? "You have no team in this league." : "No picks yet for your team."
            case .recent: msg = lead > 0 ? "No sales yet." : "No picks yet — the grid above fills in as teams pick."
            case .teams: msg = "No teams yet."
            case .chat: msg = "No messages yet."
            }
            TextRow.put(msg, in: b, row: 0, style: context.style(.dim), indent: 0, buffer: &buffer)
            return
        }
        table(state, room, in: b, context: context).render(in: b, buffer: &buffer)
    }

    /// The question waiting for y/n: the commissioner's undo, or a pick.
    static func question(_ state: State, _ room: DraftBoard) -> String? {
        switch state.confirm {
        case .undo(let n)?:
            return room.auction != nil ? "Undo sale \(n)? (the price goes back to the team)  y confirm · n/esc cancel"
                : "Undo pick \(n)? (later picks go back too)  y confirm · n/esc cancel"
        case nil:
            return state.rounds?.confirm.map { RoundsDraftFeature.question($0, room) }
        }
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        let lead = state.isAuction ? 1 : 0
        if point.y == area.y + 1 + lead, state.confirm == nil, state.picking.confirm == nil, state.bidding.entry == nil {
            let all = tabs(state), bar = Tabs(tabLabels(state), selected: all.firstIndex(of: state.tab) ?? 0)
            return bar.tab(atColumn: point.x, in: Rect(x: area.x + 1, y: area.y + 1 + lead, width: area.width - 2, height: 1)).flatMap { all[safe: $0] }.map(Action.tabSelected)
        }
        var b = body(area, lead: lead)
        if state.tab == .chat { b.height = max(0, b.height - 1) }
        if let room = state.room.value, basisLine(state, room) != nil, b.height > 1 { b.y += 1; b.height -= 1 }
        guard let room = state.room.value, let i = table(state, room, in: b, context: context).row(atY: point.y, in: b) else { return nil }
        return i == state.list.selected ? .rowActivated : .list(.select(i))
    }
}
