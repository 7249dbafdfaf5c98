import Foundation
import ClubhouseDomain

/// The commissioner page's forms, their checks in words, and the season clock's steps.
enum CommissionerInputs {
    // MARK: - New invite

    static func inviteForm() -> FormFields {
        FormFields(title: "New invite code", fields: [
            FormFields.Field("Uses (1–100)", placeholder: "1", text: "1", maxLength: 3, number: true),
            FormFields.Field("Expires in days", placeholder: "never", text: "7", maxLength: 5, number: true),
        ])
    }

    /// Uses and expiry from the invite form, or the refusal in words with the field it is about.
    static func invite(_ form: FormFields, now: Date) -> Result<(uses: Int, expiresAt: Date?), Refusal> {
        guard let uses = Int(form.text(0)), (1...100).contains(uses) else {
            return .failure(Refusal(message: "Uses must be a whole number from 1 to 100", field: 0))
        }
        let days = form.text(1).lowercased()
        if days.isEmpty || days == "never" { return .success((uses, nil)) }
        guard let n = Int(days), (1...365).contains(n) else {
            return .failure(Refusal(message: "Expiry must be a number of days from 1 to 365, or empty for never", field: 1))
        }
        return .success((uses, now.addingTimeInterval(Double(n) * 86_400)))
    }

    // MARK: - Draft date

    /// The form; its example is a date in the league's own season (`clock`: the league's season clock).
    static func scheduleForm(current: Date?, clock: Date) -> FormFields {
        FormFields(title: "Schedule the draft (UTC)", fields: [
            FormFields.Field("Date and time", placeholder: exampleDate(clock), text: current.map(dateText) ?? "", maxLength: 16),
        ])
    }

    /// An example draft date for a league whose clock is at `clock`: ten days on, at 19:00 UTC (the demo's 2019 replay,
    /// at 2019-08-22 12:00: "2019-09-01 19:00").
    static func exampleDate(_ clock: Date) -> String {
        let day = UTC.calendar.startOfDay(for: clock.addingTimeInterval(10 * 86_400))
        return dateText(day.addingTimeInterval(19 * 3600))
    }

    /// The draft date from the form: nil clears it. Refuses, in words, anything that isn't "YYYY-MM-DD HH:MM" or isn't after `now`
    /// (the league's clock).
    static func draftDate(_ form: FormFields, now: Date) -> Result<Date?, Refusal> {
        let text = form.text(0)
        if text.isEmpty { return .success(nil) }
        guard let date = parseDate(text) else {
            return .failure(Refusal(message: "Write the date and time as \(exampleDate(now)) (UTC), or leave it empty to clear it", field: 0))
        }
        guard date > now else {
            return .failure(Refusal(message: "The draft date must be in the future — it's \(dateText(now)) UTC now", field: 0))
        }
        return .success(date)
    }

    /// "2019-09-01 19:00" (UTC) → a date; nil for anything else (including impossible days like 2019-02-30).
    static func parseDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 else { return nil }
        let d = parts[0].split(separator: "-").map { Int($0) }, t = parts[1].split(separator: ":").map { Int($0) }
        guard d.count == 3, t.count == 2, let y = d[0], let mo = d[1], let day = d[2], let h = t[0], let mi = t[1],
              (1900...2999).contains(y), (1...12).contains(mo), (1...31).contains(day), (0...23).contains(h), (0...59).contains(mi) else { return nil }
        var comps = DateComponents(year: y, month: mo, day: day, hour: h, minute: mi)
        comps.timeZone = UTC.calendar.timeZone
        guard let date = UTC.calendar.date(from: comps) else { return nil }
        // The calendar rolls 2019-02-30 over to March: refuse it instead.
        let back = UTC.calendar.dateComponents([.year, .month, .day], from: date)
        return back.year == y && back.month == mo && back.day == day ? date : nil
    }

    /// "2019-09-01 19:00" in UTC.
    static func dateText(_ date: Date) -> String {
        let c = UTC.calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Format.showable(date))
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }

    /// "Sun Sep 8 19:00" (UTC): the league clock's own words.
    static func moment(_ date: Date) -> String {
        let c = UTC.calendar.dateComponents([.hour, .minute], from: Format.showable(date))
        return Format.day(date) + String(format: " %02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }

    // MARK: - New webhook

    static func webhookForm() -> FormFields {
        var form = FormFields(title: "New webhook (Discord, Slack, or any JSON receiver)", fields: [
            FormFields.Field("URL", placeholder: "https://discord.com/api/webhooks/…", maxLength: WebhookRules.maxURLLength),
            FormFields.Field("Format", placeholder: "discord, slack or json", maxLength: 7),
            FormFields.Field("Kinds", placeholder: "all (or e.g. trades, waivers, results)", maxLength: 200),
        ])
        form.fieldWidth = 90
        return form
    }

    /// The webhook form's field a server refusal names (`DomainError.validation`'s field), else the URL's.
    static func webhookField(_ name: String?) -> Int {
        switch name { case "format": 1; case "kinds": 2; default: 0 }
    }

    /// The webhook form's URL, format and kinds, or the refusal in words with the field it is about. The format may be
    /// left empty when the URL says it (discord.com, hooks.slack.com); empty kinds are all of them. The server checks
    /// the URL again, with the addresses its host resolves to.
    static func webhook(_ form: FormFields) -> Result<(url: String, format: WebhookFormat, kinds: [ActivityKind]), Refusal> {
        let url: String
        do { url = try WebhookRules.target(form.text(0)).url.absoluteString } catch {
            return .failure(Refusal(message: (error as? DomainError)?.message ?? "\(error)", field: 0))
        }
        let typed = form.text(1).lowercased()
        let format: WebhookFormat
        if let f = WebhookFormat(rawValue: typed) {
            format = f
        } else if typed.isEmpty, let f = formatOf(url) {
            format = f
        } else {
            return .failure(Refusal(message: "Format is discord, slack or json" + (typed.isEmpty ? "" : " (not \"\(typed)\")"), field: 1))
        }
        let words = form.text(2).lowercased().split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        if words.isEmpty || words == ["all"] { return .success((url, format, ActivityKind.allCases)) }
        var kinds: [ActivityKind] = []
        for w in words {
            guard let k = ActivityKind(rawValue: w) ?? ActivityKind.allCases.first(where: { $0.rawValue.lowercased() == w }) else {
                return .failure(Refusal(message: "\(w) isn't a kind — kinds are \(ActivityKind.allCases.map(\.rawValue).joined(separator: ", ")), or all",
                                        field: 2))
            }
            if !kinds.contains(k) { kinds.append(k) }
        }
        return .success((url, format, kinds))
    }

    /// The receiver a URL names by its host: Discord's and Slack's incoming webhooks.
    static func formatOf(_ url: String) -> WebhookFormat? {
        guard let host = URL(string: url)?.host?.lowercased() else { return nil }
        if host == "discord.com" || host.hasSuffix(".discord.com") || host == "discordapp.com" { return .discord }
        if host == "hooks.slack.com" { return .slack }
        return nil
    }

    /// Bad input: the sentence and the field (index) it is about.
    struct Refusal: Error, Equatable { var message: String; var field: Int }

    // MARK: - The season clock

    /// The clock's steps from where it is now, each with where it lands. A stored clock outside its season (the league
    /// needs its commissioner) has one step: back to before the season's opener, which processes nothing.
    static func clockSteps(_ d: LeagueDetail) -> [CommissionerFeature.ClockStep] {
        if d.league.needsCommissioner?.part == .clock, let start = seasonStart(d.league) {
            return [CommissionerFeature.ClockStep(label: "Set the clock back to before the season", to: start)]
        }
        let now = d.league.clock
        var steps = [
            CommissionerFeature.ClockStep(label: "Advance 1 hour", to: now.addingTimeInterval(3600)),
            CommissionerFeature.ClockStep(label: "Advance 1 day", to: now.addingTimeInterval(86_400)),
        ]
        guard let o = d.outlook else { return steps }
        steps.append(.init(label: "Advance to the next waiver run", to: o.nextWaiverRun))
        if let k = o.nextKickoff { steps.append(.init(label: "Advance to kickoff of week \(k.week)", to: k.at)) }
        if let f = o.nextWeekFinal { steps.append(.init(label: "Advance to the end of week \(f.week)", to: f.at)) }
        return steps
    }

    /// Before the league's season opens: Aug 22, 12:00 UTC of its season year (where the app's replays start).
    static func seasonStart(_ league: League) -> Date? {
        ISO8601.parse("\(SeasonWindow(season: league.season).season)-08-22T12:00:00Z")
    }

    /// What moving the clock to `to` will do, in words, for the confirmation.
    static func preview(_ d: LeagueDetail, to: Date) -> String {
        var s = "Move the clock from \(moment(d.league.clock)) to \(moment(to))"
        var happens: [String] = []
        let runs = WaiverSchedule.runs(between: d.league.clock, and: to).count
        if runs > 0 { happens.append(runs == 1 ? "waivers run" : "waivers run \(runs) times") }
        if let f = d.outlook?.nextWeekFinal, f.at <= to { happens.append("week \(f.week) becomes final") }
        s += happens.isEmpty ? " (nothing is processed on the way)?" : " — \(happens.joined(separator: ", "))?"
        return s
    }

    /// What moving the clock did, in words: "Clock now Wed Sep 11 08:00 · 1 waiver run (3 claims) · week 1 final".
    static func summary(_ a: ClockAdvance) -> String {
        var parts = ["Clock now \(moment(a.to))"]
        let claims = a.waiverRuns.reduce(0) { $0 + $1.count }
        switch a.waiverRuns.count {
        case 0: parts.append("no waiver run")
        case 1: parts.append("1 waiver run (\(claims) claim\(claims == 1 ? "" : "s"))")
        default: parts.append("\(a.waiverRuns.count) waiver runs (\(claims) claim\(claims == 1 ? "" : "s"))")
        }
        switch a.weeksFinalized.count {
        case 0: parts.append("no week finalised")
        case 1: parts.append("week \(a.weeksFinalized[0]) final")
        default: parts.append("weeks \(a.weeksFinalized.map(String.init).joined(separator: ", ")) final")
        }
        if a.champion != nil { parts.append("the season is complete") }
        return parts.joined(separator: " · ")
    }
}
