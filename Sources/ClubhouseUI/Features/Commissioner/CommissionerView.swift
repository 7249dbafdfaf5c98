import Foundation
import ClubhouseDomain
import Terminal

// The commissioner page's view: a status line, the tabs (or the question being asked), then the tab's body.
extension CommissionerFeature {
    /// The tab bar for `width` columns: each tab's full title, or the short ones ("2 Codes", "4 Clock", "5 Hooks") when the full
    /// ones don't all fit (a 60-column terminal), so every tab stays on screen.
    static func tabs(_ state: State, width: Int, context: RenderContext? = nil) -> Tabs {
        func titles(short: Bool) -> [String] {
            Tab.allCases.map { t -> String in
                var s = "\(t.rawValue + 1) \(short ? t.shortTitle : t.title)"
                if t == .requests, !state.pending.isEmpty { s += " (\(state.pending.count))" }
                return s
            }
        }
        let full = titles(short: false)
        let fits = full.reduce(0) { $0 + $1.displayWidth + 2 } + full.count - 1 <= width
        let shown = fits ? full : titles(short: true)
        guard let context else { return Tabs(shown, selected: state.tab.rawValue) }
        return Tabs(shown, selected: state.tab.rawValue, style: context.style(.dim), highlightStyle: context.style(.selection))
    }

    static func body(_ area: Rect) -> Rect {
        Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 2))
    }

    /// The question a confirmation asks, in words.
    static func question(_ c: Confirm, _ state: State) -> String {
        switch c {
        case .deny(let r): return "Deny \(r.displayName)'s request to join as \(r.request.teamName)?"
        case .revoke(let i): return "Revoke invite \(i.code)? Nobody can join with it after this."
        case .randomize: return "Shuffle the draft order at random? The current order is lost."
        case .advance(let step):
            guard let d = state.detail.value else { return step.label + "?" }
            return CommissionerInputs.preview(d, to: step.to)
        case .removeWebhook(let h):
            return "Remove webhook #\(h.id) (\(shortURL(h.url)))? It stops posting at once; its delivery log goes with it."
        case .renew:
            guard let d = state.detail.value else { return "Renew into next season?" }
            return "Renew \(d.league.name) into the \(d.league.season + 1) season? Same members, team names and settings, a new draft; "
                + "\(d.league.season) becomes read-only history."
        }
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let d = LoadView.render(state.detail.load, what: "the league", empty: "This league has nothing to show yet.",
                                      in: area, buffer: &buffer, context: context) else { return }
        var head = "\(d.league.name) · \(Format.state(d.league.state))"
        if let reason = notCommissioner(d) { head += " · " + reason }
        TextRow.put(head, in: area, row: 0, style: context.style(notCommissioner(d) == nil ? .title : .warning), buffer: &buffer)
        guard area.height > 1 else { return }
        var b = body(area)
        if let c = state.confirm {
            // The question in full (wrapped), then the body below it.
            let lines = (question(c, state) + "  y confirm · n cancel").wrapped(toWidth: max(1, area.width - 2))
            for (i, line) in lines.enumerated() {
                TextRow.put(line, in: area, row: 1 + i, style: context.style(.warning).adding(.bold), buffer: &buffer)
            }
            let extra = lines.count - 1
            b = Rect(x: b.x, y: b.y + extra, width: b.width, height: max(0, b.height - extra))
        } else {
            tabs(state, width: max(0, area.width - 2), context: context)
                .render(in: Rect(x: area.x + 1, y: area.y + 1, width: max(0, area.width - 2), height: 1), buffer: &buffer)
        }
        if let form = state.form {
            let help = switch state.formKind {
            case .invite?: "tab next field · enter creates the code · esc cancels"
            case .webhook?: "tab next field · format empty: read from a Discord or Slack URL · kinds empty: all · enter adds · esc cancels"
            case .schedule?, nil: "empty clears the date · enter saves · esc cancels"
            }
            let used = form.render(in: b, row: 0, help: help, context: context, buffer: &buffer) + 1
            b = Rect(x: b.x, y: b.y + used, width: b.width, height: max(0, b.height - used))
        }
        switch state.tab {
        case .requests: renderRequests(state, in: b, context: context, buffer: &buffer)
        case .invites: renderInvites(state, in: b, context: context, buffer: &buffer)
        case .draft: renderDraft(state, in: b, context: context, buffer: &buffer)
        case .clock: renderClock(state, d, in: b, context: context, buffer: &buffer)
        case .webhooks: renderWebhooks(state, in: b, context: context, buffer: &buffer)
        }
    }

    static func renderRequests(_ state: State, in area: Rect, context: RenderContext, buffer: inout Buffer) {
        guard LoadView.render(state.requests.load, what: "join requests", empty: "", in: area, buffer: &buffer, context: context) != nil else { return }
        guard !state.pending.isEmpty else {
            TextRow.put("Nobody is waiting to join. Requests come from J on the league page; invite codes are on tab 2.",
                        in: area, row: 0, style: context.style(.dim), buffer: &buffer)
            return
        }
        requestsTable(state, context: context).render(in: area.inset(horizontal: 1), buffer: &buffer)
    }

    static func requestsTable(_ state: State, context: RenderContext) -> DataTable {
        let rows = state.pending.map { r in
            [r.displayName, r.request.teamName, "\(CommissionerInputs.moment(r.request.requestedAt)) (\(Format.relative(r.request.requestedAt, realNow: context.now)))"]
        }
        return DataTable(columns: [DataColumn("Person", .fill(1)), DataColumn("Team name", .fill(1)), DataColumn("Asked", .length(26))],
                         rows: rows, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    static func renderInvites(_ state: State, in area: Rect, context: RenderContext, buffer: inout Buffer) {
        var b = area
        if let i = state.newInvite {
            var row = TextRow.put("New invite code:  \(i.code)", in: b, row: 0, style: context.style(.accent).adding(.bold), buffer: &buffer)
            row = TextRow.put(i.usesLeft == 0 ? "Used up — nobody else can join with it; n makes another."
                              : "Share it — it joins \(usesText(i.usesLeft)) \(expiryText(i.expiresAt, now: context.now)). Home → I redeems it.",
                              in: b, row: row, style: context.style(.dim), buffer: &buffer)
            b = Rect(x: b.x, y: b.y + row + 1, width: b.width, height: max(0, b.height - row - 1))
        }
        guard let invites = LoadView.render(state.invites.load, what: "invites", empty: "", in: b, buffer: &buffer, context: context) else { return }
        guard !invites.isEmpty else {
            TextRow.put("No invite codes yet — n creates one to share.",
                        in: b, row: 0, style: context.style(.dim), buffer: &buffer)
            return
        }
        invitesTable(state, context: context).render(in: b.inset(horizontal: 1), buffer: &buffer)
    }

    static func invitesTable(_ state: State, context: RenderContext) -> DataTable {
        let invites = state.invites.value ?? []
        let rows = invites.map { i in [i.code, i.usesLeft == 0 ? "used up" : "\(i.usesLeft)", i.expiresAt.map { "\(Format.day($0)) (\(Format.relative($0, realNow: context.now)))" } ?? "never"] }
        let roles: [[StyleRole?]] = invites.map { i in [i.code == state.newInvite?.code ? .accent : .text, nil, .dim] }
        return DataTable(columns: [DataColumn("Code", .fill(1)), DataColumn("Uses left", .length(9), .right), DataColumn("Expires", .length(24))],
                         rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    static func usesText(_ n: Int) -> String { n == 1 ? "1 person" : "\(n) people" }
    static func expiryText(_ d: Date?, now: Date) -> String { d.map { "until \(Format.day($0)) (\(Format.relative($0, realNow: now)))" } ?? "with no expiry" }

    static func renderDraft(_ state: State, in area: Rect, context: RenderContext, buffer: inout Buffer) {
        guard let room = LoadView.render(state.room.load, what: "the draft order", empty: "This league has no draft.",
                                         in: area, buffer: &buffer, context: context) else { return }
        var row = 0
        // The draft date is a moment of the league's season: measured on its clock, like the League page measures it.
        let clock = state.detail.value?.league.clock ?? room.seasonClock
        let when = (state.detail.value?.league.draftScheduledAt ?? room.draft.scheduledAt).map { at in
            "planned for \(CommissionerInputs.moment(at)) UTC" + (clock.map { " (\(Format.relative(at, leagueClock: $0)))" } ?? "")
        } ?? "no date set"
        if let locked = draftLocked(state), room.draft.status != .scheduled {
            row = TextRow.put(locked, in: area, row: row, style: context.style(.dim), buffer: &buffer)
        } else {
            let line = state.editedOrder != nil ? "Order changed — s saves it, r goes back · draft \(when)" : "Draft: \(when)"
            row = TextRow.put(line, in: area, row: row, style: context.style(state.editedOrder != nil ? .warning : .text), buffer: &buffer)
        }
        let rows = state.order.enumerated().map { i, t in ["\(i + 1)", t.name, Format.manager(t)] }
        DataTable(columns: [DataColumn("Pick", .length(4), .right), DataColumn("Team", .fill(2)), DataColumn("Manager", .fill(1))],
                  rows: rows, selected: state.list.selected, offset: state.list.offset, context: context)
            .render(in: Rect(x: area.x + 1, y: area.y + row, width: max(0, area.width - 2), height: max(0, area.height - row)), buffer: &buffer)
    }

    static func renderClock(_ state: State, _ d: LeagueDetail, in area: Rect, context: RenderContext, buffer: inout Buffer) {
        var row = 0
        var now = "League clock: \(CommissionerInputs.moment(d.league.clock)) UTC"
        if d.league.state != .predraft { now += " · week \(d.currentWeek)" }
        if d.league.followsRealTime { now += " · real time" }
        else if let speed = d.clockSpeed { now += speed == .off ? " · stopped (v: run it)" : " · running at \(speed.label) (v: faster/stop)" }
        row = TextRow.put(now, in: area, row: row, style: context.style(.text), buffer: &buffer)
        if let o = d.outlook {
            // What happens next, soonest first, as many as fit whole.
            var items: [(Date, String)] = [(o.nextWaiverRun, "waivers run \(CommissionerInputs.moment(o.nextWaiverRun))")]
            if let k = o.nextKickoff { items.append((k.at, "week \(k.week) kicks off \(CommissionerInputs.moment(k.at))")) }
            if let f = o.nextWeekFinal { items.append((f.at, "week \(f.week) final \(CommissionerInputs.moment(f.at))")) }
            var line = "Next:"
            for (i, item) in items.sorted(by: { $0.0 < $1.0 }).enumerated() {
                let more = (i == 0 ? " " : " · ") + item.1
                if i > 0, (line + more).displayWidth > area.width - 2 { break }
                line += more
            }
            row = TextRow.put(line, in: area, row: row, style: context.style(.dim), buffer: &buffer)
        }
        if let a = state.lastAdvance {
            row = TextRow.put("✓ " + CommissionerInputs.summary(a), in: area, row: row, style: context.style(.positive).adding(.bold), buffer: &buffer)
        } else if d.league.state == .complete, renewLocked(d) == nil {
            row = TextRow.put("The \(d.league.season) season is over — R renews \(d.league.name) into \(d.league.season + 1).", in: area, row: row,
                              style: context.style(.accent).adding(.bold), buffer: &buffer)
        } else if let locked = clockLocked(d) {
            row = TextRow.put(locked, in: area, row: row, style: context.style(.warning), buffer: &buffer)
        }
        let steps = state.steps
        let rows = steps.map { s in [s.label, "→ \(CommissionerInputs.moment(s.to))"] }
        let roles: [[StyleRole?]] = steps.map { _ in clockLocked(d) == nil ? [.text, .dim] : [.dim, .dim] }
        DataTable(columns: [DataColumn("Move the clock", .fill(1)), DataColumn("Lands on", .length(18))],
                  rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
            .render(in: Rect(x: area.x + 1, y: area.y + row, width: max(0, area.width - 2), height: max(0, area.height - row)), buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        if point.y == area.y + 1, state.confirm == nil {
            return tabs(state, width: area.width - 2).tab(atColumn: point.x, in: Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: 1))
                .flatMap(Tab.init).map(Action.tabSelected)
        }
        return nil
    }
}
