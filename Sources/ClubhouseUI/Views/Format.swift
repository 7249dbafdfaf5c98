import Foundation
import ClubhouseDomain

/// How the app words domain values.
public enum Format {
    public static func state(_ s: LeagueState) -> String {
        switch s {
        case .predraft: "Pre-draft"
        case .drafting: "Drafting"
        case .inSeason: "In season"
        case .playoffs: "Playoffs"
        case .complete: "Complete"
        }
    }

    public static func status(_ s: MatchupStatus) -> String {
        switch s { case .upcoming: "upcoming"; case .live: "● live"; case .final: "final" }
    }

    /// An injury status as its short tag (Q, D, O, IR; "" when healthy): text, so it reads without colour too.
    public static func injury(_ i: InjuryStatus) -> String { i.tag }

    /// A player's name with his status's tag after it ("Christian McCaffrey O"), for lists that have no column for it.
    public static func tagged(_ p: PlayerSummary) -> String { p.injury == .healthy ? p.name : "\(p.name) \(p.injury.tag)" }

    public static func acquisition(_ a: Acquisition) -> String {
        switch a { case .draft: "draft"; case .freeAgent: "free agent"; case .waiver: "waivers"; case .commissioner: "commish"; case .trade: "trade" }
    }

    /// A sort's name; the prior season's by its year when the league's season is known ("2018 pts").
    public static func sort(_ s: PlayerSort, season: Int? = nil) -> String {
        switch s {
        case .seasonPoints: "season pts"
        case .lastWeek: "last week"
        case .priorSeason: season.map { "\($0 - 1) pts" } ?? "last season pts"
        case .name: "name"
        }
    }

    /// "Sun 13:05" in UTC.
    public static func weekdayTime(_ date: Date) -> String {
        let c = UTC.calendar.dateComponents([.weekday, .hour, .minute], from: showable(date))
        return weekday(c.weekday) + String(format: " %02d:%02d", (c.hour ?? 0).clamped(0...23), (c.minute ?? 0).clamped(0...59))
    }

    /// "Sun Sep 8" in UTC (the league clock is UTC).
    public static func day(_ date: Date) -> String {
        let c = UTC.calendar.dateComponents([.weekday, .month, .day], from: showable(date))
        let mo = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(c.month ?? 1).clamped(1...12) - 1]
        return "\(weekday(c.weekday)) \(mo) \((c.day ?? 1).clamped(1...31))"
    }

    private static func weekday(_ n: Int?) -> String { ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][(n ?? 1).clamped(1...7) - 1] }

    /// Any stored date as one the calendar can take: years 0000–9999 (`ISO8601.formattable`), NaN as the epoch. A date
    /// a hand-edited row holds (1e300 s) shows as the year 9999 instead of crashing the page.
    static func showable(_ date: Date) -> Date {
        let t = date.timeIntervalSince1970
        guard !t.isNaN else { return Date(timeIntervalSince1970: 0) }
        return Date(timeIntervalSince1970: min(max(t, ISO8601.formattable.lowerBound), ISO8601.formattable.upperBound))
    }

    /// A moment in a league, relative to that league's season clock (README.md, “Be a demo commissioner”): "in 10 days", "3 h ago", "now".
    /// Every date that belongs to a league — its draft date, waiver runs, kickoffs — is measured this way, never
    /// against the wall clock (a demo league's Sep 1 2019 draft is "in 10 days", not "2647 days ago").
    public static func relative(_ date: Date, leagueClock: Date) -> String { relative(seconds: date.timeIntervalSince(leagueClock)) }

    /// A moment that happens in real time, relative to the wall clock: an invite code's expiry and a join request's
    /// time (people redeem and ask in real time; the domain stamps and checks them with the real clock).
    public static func relative(_ date: Date, realNow: Date) -> String { relative(seconds: date.timeIntervalSince(realNow)) }

    /// `seconds` from now (negative: ago) as people read it, rounded to the nearest whole unit — a 7-day invite made a
    /// moment ago is "in 7 days", not "in 6 days". The unit is chosen after rounding: under 30 s is "now"; then
    /// minutes up to 59; 59 min 30 s is "1 h"; hours up to 23; 23 h 30 min is "1 day"; then days (36 h is "2 days").
    /// Past 100 years (a stored date no league means) it says "over 100 years"; a NaN span is "—".
    public static func relative(seconds s: TimeInterval) -> String {
        guard !s.isNaN else { return "—" }
        let a = abs(s)
        if a > 100 * 365.25 * 86_400 { return s > 0 ? "in over 100 years" : "over 100 years ago" }
        func nearest(_ unit: TimeInterval) -> Int { Int((a / unit).rounded(.toNearestOrAwayFromZero)) }
        let text: String
        if nearest(60) == 0 { return "now" }
        else if nearest(60) < 60 { text = "\(nearest(60)) min" }
        else if nearest(3600) < 24 { text = "\(nearest(3600)) h" }
        else { let d = nearest(86_400); text = "\(d) day\(d == 1 ? "" : "s")" }
        return s > 0 ? "in \(text)" : "\(text) ago"
    }

    /// Manager name or "bot".
    public static func manager(_ t: TeamSummary) -> String { t.managerName ?? "bot" }

    /// Points signed for a difference: "+12.4".
    public static func margin(_ p: Points) -> String { p.hundredths > 0 ? "+" + p.oneDecimal : p.oneDecimal }
}

extension Int {
    fileprivate func clamped(_ range: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
