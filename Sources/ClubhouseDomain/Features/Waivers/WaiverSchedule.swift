import Foundation

/// When claims are processed: every Wednesday at 08:00 UTC on the league's season clock.
public enum WaiverSchedule {
    /// A known run: Wednesday 1970-01-07 08:00 UTC (Unix time has no leap seconds, so weeks are exact).
    private static let anchor: TimeInterval = 6 * 86_400 + 8 * 3_600
    private static let week: TimeInterval = 7 * 86_400

    /// The first run strictly after `date`.
    public static func nextRun(after date: Date) -> Date {
        let t = date.timeIntervalSince1970
        let weeks = ((t - anchor) / week).rounded(.down) + 1
        return Date(timeIntervalSince1970: anchor + weeks * week)
    }

    /// Most runs one move of the clock can pass: a league's whole window (21 years, `SeasonWindow`) has fewer.
    public static let maxRuns = 1_100

    /// Runs in `(start, end]`: the ones due when the season clock moves from `start` to `end`, earliest first — at
    /// most `maxRuns`, and none for a moment that isn't finite (past 1e16 s adding a week no longer moves a date, so
    /// the loop is bounded by its count, not by reaching `end`).
    public static func runs(between start: Date, and end: Date) -> [Date] {
        guard start.timeIntervalSince1970.isFinite, end.timeIntervalSince1970.isFinite else { return [] }
        var result: [Date] = []
        var next = nextRun(after: start)
        while next <= end, result.count < maxRuns {
            result.append(next)
            next = next.addingTimeInterval(week)
        }
        return result
    }
}
