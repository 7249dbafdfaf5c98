import Foundation
import ClubhouseDomain
import Terminal

extension ClaimsFeature {
    static func body(_ area: Rect) -> Rect { Rect(x: area.x + 1, y: area.y + 2, width: area.width - 2, height: max(0, area.height - 2)) }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        Tabs(["My pending claims", "League transactions"], selected: state.tab == .claims ? 0 : 1, style: context.style(.dim),
             highlightStyle: context.style(.selection)).render(in: Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: 1), buffer: &buffer)
        var pairs: [(String, String)] = []
        if let d = state.detail.value {
            pairs.append(("Waivers", d.league.settings.waiverType == .faab ? "FAAB" : "rolling priority"))
            pairs.append(("Next run", "\(Format.day(WaiverSchedule.nextRun(after: d.league.clock))) 08:00 UTC"))
        }
        TextRow.pairs(pairs, in: area, row: 1, context: context, buffer: &buffer)
        var body = body(area)
        switch state.tab {
        case .claims:
            // Processed claims (won, or lost and why) take the bottom rows, under a rule.
            let results = state.results.value ?? []
            if !results.isEmpty, body.height >= 6 {
                let height = min(results.count + 2, body.height / 2)
                let area = Rect(x: body.x, y: body.bottom - height, width: body.width, height: height)
                TextRow.put("── Recent results ──", in: area, row: 0, style: context.style(.header), buffer: &buffer)
                resultsTable(results, state: state, context: context)
                    .render(in: Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1), buffer: &buffer)
                body = Rect(x: body.x, y: body.y, width: body.width, height: body.height - height)
            }
            guard let claims = LoadView.render(state.claims.load, what: "your claims", empty: emptyClaims(state),
                                               in: body, buffer: &buffer, context: context) else { break }
            claimsTable(state, claims, context: context).render(in: body, buffer: &buffer)
            let hint = "Tried top first when waivers run; then each shows under Recent results, won or lost and why."
            let top = claims.count + 2
            if body.height > top {
                Paragraph(hint, style: context.style(.dim))
                    .render(in: Rect(x: body.x + 1, y: body.y + top, width: body.width - 2, height: body.height - top), buffer: &buffer)
            }
        case .transactions:
            guard let log = LoadView.render(state.transactions.load, what: "the league's transactions",
                                            empty: "No adds, drops or claims in this league yet.", in: body, buffer: &buffer, context: context) else { break }
            transactionsTable(state, log, width: body.width, context: context).render(in: body, buffer: &buffer)
        }
        if let q = state.confirm { q.confirm.dialog.render(in: area, buffer: &buffer) }
    }

    /// Why there is nothing to list: signed out, no team here, or simply no claims yet.
    static func emptyClaims(_ state: State) -> String {
        guard let d = state.detail.value else { return "No pending claims." }
        if !d.capabilities.signedIn { return "Sign in (i) to see your waiver claims in \(d.league.name)." }
        if d.capabilities.myTeam == nil { return "You don't have a team in \(d.league.name), so no claims — J on its page asks to join." }
        return "No pending claims — a on a player on waivers places one (free agents: f on the league page)."
    }

    static func claimsTable(_ state: State, _ claims: [ClaimView], context: RenderContext) -> DataTable {
        let runs = state.detail.value.map { Format.day(WaiverSchedule.nextRun(after: $0.league.clock)) } ?? "next run"
        let cols = [DataColumn("#", .length(2), .right), DataColumn("Player", .fill(2)), DataColumn("Pos", .length(3)), DataColumn("Drop", .fill(2)),
                    DataColumn("Bid", .length(4), .right), DataColumn("Processes", .length(10))]
        let rows = claims.enumerated().map { i, c in
            ["\(i + 1)", c.player.name, c.player.position.rawValue, c.drop?.name ?? "—", bid(c.claim, state), runs]
        }
        let roles: [[StyleRole?]] = claims.map { _ in [.dim, nil, .dim, .negative, .accent, .dim] }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.tab == .claims ? state.list.selected : nil,
                         offset: state.list.offset, context: context)
    }

    /// A claim's bid: dollars in a FAAB league, a dash under rolling priority. Before the league's settings have come
    /// (claims can arrive first) a bid above zero can only be FAAB's, so it shows rather than flashing a dash.
    static func bid(_ claim: WaiverClaim, _ state: State) -> String { showsBid(claim.bid, state) ? "$\(claim.bid)" : "–" }

    static func showsBid(_ bid: Int, _ state: State) -> Bool {
        state.detail.value.map { $0.league.settings.waiverType == .faab } ?? (bid > 0)
    }

    static func resultsTable(_ results: [ClaimView], state: State, context: RenderContext) -> DataTable {
        let cols = [DataColumn("Run", .length(10)), DataColumn("Player", .fill(2)), DataColumn("Pos", .length(3)),
                    DataColumn("Bid", .length(4), .right), DataColumn("Result", .fill(3))]
        let rows = results.map { c in
            [c.claim.processedAt.map(Format.day) ?? "–", c.player.name, c.player.position.rawValue, bid(c.claim, state),
             outcome(c)]
        }
        let roles: [[StyleRole?]] = results.map { c in [.dim, nil, .dim, .dim, c.claim.status == .won ? .positive : .negative] }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: nil, offset: 0, context: context)
    }

    /// "won (dropped Kareem Hunt)", "lost — outbid", …
    static func outcome(_ c: ClaimView) -> String {
        let won = c.drop.map { "won (dropped \($0.name))" } ?? "won"
        switch c.claim.outcome {
        case .won?: return won
        case nil where c.claim.status == .won: return won
        case .outbid?: return "lost — another team bid more"
        case .lowerPriority?: return "lost — a team with better waiver priority claimed him"
        case .rosterFull?: return "lost — your roster was full"
        case .playerGone?: return "lost — he was taken first"
        case .dropPlayerGone?: return "lost — the player to drop had left your roster"
        case .insufficientBudget?: return "lost — the bid was more than your budget left"
        case .injuredReserveNotInOrder?: return "lost — a player on your IR was no longer eligible; move him off IR"
        case nil: return "lost"
        }
    }

    static func transactionsTable(_ state: State, _ log: [TransactionView], width: Int, context: RenderContext) -> DataTable {
        let mine = state.detail.value?.capabilities.myTeam
        let cols = [DataColumn("Date", .length(10)), DataColumn("Team", .fill(1)), DataColumn("Move", .length(9)), DataColumn("Added", .fill(2)),
                    DataColumn("Dropped", .fill(2))]
        let rows = log.map { t in
            var added = t.added?.name ?? "—"
            if let bid = t.transaction.bid, t.transaction.kind == .waiverClaim, showsBid(bid, state) { added += " ($\(bid))" }
            return [Format.day(t.transaction.at), t.team.name, kind(t.transaction.kind), added, t.dropped?.name ?? "—"]
        }
        let roles: [[StyleRole?]] = log.map { t in
            [.dim, t.team.id == mine ? .accent : nil, t.transaction.kind == .waiverClaim ? .positive : .dim, nil, .dim]
        }
        return DataTable(columns: cols, rows: rows, roles: roles, selected: state.tab == .transactions ? state.list.selected : nil,
                         offset: state.list.offset, context: context)
    }

    static func kind(_ k: Transaction.Kind) -> String {
        switch k {
        case .add: "added"
        case .drop: "dropped"
        case .waiverClaim: "claim won"
        case .draft: "drafted"
        case .commissioner: "commish"
        case .trade: "trade"
        }
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard state.confirm == nil else { return nil }
        let body = body(area)
        let table: DataTable
        switch state.tab {
        case .claims: table = claimsTable(state, state.pending, context: context)
        case .transactions: table = transactionsTable(state, state.transactions.value ?? [], width: body.width, context: context)
        }
        guard let i = table.row(atY: point.y, in: body) else { return nil }
        return clicked(row: i, in: state.list, activate: .rowActivated)
    }
}
