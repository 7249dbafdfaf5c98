import Foundation
import ClubhouseDomain
import Terminal

// The Webhooks tab (5): the league's outgoing webhooks, the secret of one just added (shown this once), and the
// selected hook's delivery log, newest first — what the receiver answered, or why there was no answer.
extension CommissionerFeature {
    static func renderWebhooks(_ state: State, in area: Rect, context: RenderContext, buffer: inout Buffer) {
        var b = area
        if let new = state.newHook {
            var row = TextRow.put("Webhook #\(new.id) added — its secret:  \(new.secret)", in: b, row: 0,
                                  style: context.style(.accent).adding(.bold), buffer: &buffer)
            row = TextRow.put("Copy it now: it isn't shown again. Each post is signed with it (X-Clubhouse-Signature: sha256=HMAC of the body).",
                              in: b, row: row, style: context.style(.dim), buffer: &buffer)
            b = Rect(x: b.x, y: b.y + row + 1, width: b.width, height: max(0, b.height - row - 1))
        }
        guard let hooks = LoadView.render(state.hooks.load, what: "the league's webhooks", empty: "", in: b, buffer: &buffer, context: context) else { return }
        guard !hooks.isEmpty else {
            let lines = ("No webhooks yet — n adds one: a Discord or Slack incoming-webhook URL, or any https receiver of JSON, "
                + "with the kinds of activity it posts (at most \(WebhookRules.perLeague)).").wrapped(toWidth: max(1, b.width - 2))
            for (i, line) in lines.enumerated() { TextRow.put(line, in: b, row: i, style: context.style(.dim), buffer: &buffer) }
            return
        }
        // The hooks, then the selected one's delivery log under a rule, sharing the height.
        let listHeight = min(hooks.count + 1, max(2, b.height / 2))
        webhooksTable(state, hooks, context: context)
            .render(in: Rect(x: b.x + 1, y: b.y, width: max(0, b.width - 2), height: listHeight), buffer: &buffer)
        guard let hook = hooks[safe: state.selected], b.height > listHeight + 2 else { return }
        let log = Rect(x: b.x, y: b.y + listHeight + 1, width: b.width, height: b.height - listHeight - 1)
        TextRow.put(logHeading(hook), in: log, row: 0, style: context.style(.header), buffer: &buffer)
        let body = Rect(x: log.x + 1, y: log.y + 1, width: max(0, log.width - 2), height: max(0, log.height - 1))
        guard !hook.deliveries.isEmpty else {
            TextRow.put(hook.state == .paused ? "Nothing delivered before it was paused." : "Nothing posted yet: it posts the league's next activity of its kinds.",
                        in: body, row: 0, style: context.style(.dim), buffer: &buffer)
            return
        }
        deliveriesTable(hook.deliveries, context: context).render(in: body, buffer: &buffer)
    }

    static func webhooksTable(_ state: State, _ hooks: [WebhookView], context: RenderContext) -> DataTable {
        let rows = hooks.map { h in
            ["#\(h.id)", shortURL(h.url), h.format.rawValue, kindsText(h.kinds), stateText(h), h.deliveries.first.map(resultText) ?? "—"]
        }
        let roles: [[StyleRole?]] = hooks.map { h in
            [.dim, nil, .dim, .dim, h.state == .paused ? .negative : .positive, h.deliveries.first.map { $0.succeeded ? .dim : .negative } ?? .dim]
        }
        return DataTable(columns: [DataColumn("", .length(3)), DataColumn("Posts to", .fill(5)), DataColumn("Format", .length(7)),
                                   DataColumn("Kinds", .fill(2)), DataColumn("State", .length(6)), DataColumn("Last post", .fill(2))],
                         rows: rows, roles: roles, selected: state.list.selected, offset: state.list.offset, context: context)
    }

    static func deliveriesTable(_ deliveries: [WebhookDelivery], context: RenderContext) -> DataTable {
        let rows = deliveries.map { d in [CommissionerInputs.moment(d.at), "#\(d.event)", d.attempt == 1 ? "first" : "retry \(d.attempt - 1)", resultText(d)] }
        let roles: [[StyleRole?]] = deliveries.map { d in [.dim, .dim, .dim, d.succeeded ? .positive : .negative] }
        return DataTable(columns: [DataColumn("When (UTC)", .length(16)), DataColumn("Event", .length(7)), DataColumn("Try", .length(8)),
                                   DataColumn("Answer", .fill(1))],
                         rows: rows, roles: roles, selected: nil, offset: 0, context: context)
    }

    /// "discord.com/api/webhooks/…": the host and path, without the scheme (every hook is https).
    static func shortURL(_ url: String) -> String {
        url.hasPrefix("https://") ? String(url.dropFirst("https://".count)) : url
    }

    /// "all", or the kinds it posts.
    static func kindsText(_ kinds: [ActivityKind]) -> String {
        Set(kinds) == Set(ActivityKind.allCases) ? "all" : kinds.map(\.rawValue).joined(separator: ", ")
    }

    static func stateText(_ h: WebhookView) -> String { h.state.rawValue }

    /// The delivery log's heading: which hook, and when and why it was paused.
    static func logHeading(_ h: WebhookView) -> String {
        guard h.state == .paused else { return "── Delivery log of #\(h.id), newest first ──" }
        let when = h.pausedAt.map { " \(CommissionerInputs.moment($0))" } ?? ""
        return "── Delivery log of #\(h.id), newest first · paused\(when) after a day of failed posts ──"
    }

    /// "200 OK", "503", "no answer: connection refused".
    static func resultText(_ d: WebhookDelivery) -> String {
        if let status = d.status { return d.succeeded ? "\(status) OK" : "\(status) refused" }
        return "no answer: \(d.error ?? "unknown")"
    }
}
