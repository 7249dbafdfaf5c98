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

    public static func injury(_ i: InjuryStatus) -> String { i == .healthy ? "" : i.rawValue }

    public static func acquisition(_ a: Acquisition) -> String {
        switch a { case .draft: "draft"; case .freeAgent: "free agent"; case .waiver: "waivers"; case .commissioner: "commish" }
    }

    public static func sort(_ s: PlayerSort) -> String {
        switch s { case .seasonPoints: "season pts"; case .lastWeek: "last week"; case .priorSeason: "2018 pts"; case .name: "name" }
    }

    /// "Sun Sep 8" in UTC (the league clock is UTC).
    public static func day(_ date: Date) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        let c = cal.dateComponents([.weekday, .month, .day], from: date)
        let wd = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][(c.weekday ?? 1) - 1]
        let mo = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(c.month ?? 1) - 1]
        return "\(wd) \(mo) \(c.day ?? 1)"
    }

    /// "in 3 days", "in 5 h", "now", "2 days ago".
    public static func relative(_ date: Date, now: Date) -> String {
        let s = date.timeIntervalSince(now)
        let a = abs(s)
        let text: String
        if a < 60 { return "now" }
        else if a < 3600 { text = "\(Int(a / 60)) min" }
        else if a < 86_400 { text = "\(Int(a / 3600)) h" }
        else { let d = Int(a / 86_400); text = "\(d) day\(d == 1 ? "" : "s")" }
        return s > 0 ? "in \(text)" : "\(text) ago"
    }

    /// "C. McCaffrey" — short names for the draft grid.
    public static func shortName(_ name: String) -> String {
        let parts = name.split(separator: " ")
        guard parts.count >= 2, let first = parts.first?.first else { return name }
        return "\(first). " + parts.dropFirst().joined(separator: " ")
    }

    /// Manager name or "bot".
    public static func manager(_ t: TeamSummary) -> String { t.managerName ?? "bot" }

    /// Points signed for a difference: "+12.4".
    public static func margin(_ p: Points) -> String { p.hundredths > 0 ? "+" + p.oneDecimal : p.oneDecimal }
}
