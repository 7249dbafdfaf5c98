import Foundation

/// Maps a league's season clock onto NFL weeks, from the schedule's kickoffs.
/// A week runs from the Wednesday 08:00 UTC before its first kickoff (waivers clear) until the next one.
public struct SeasonCalendar: Hashable, Sendable {
    private let firstKickoff: [Int: Date]
    private let lastKickoff: [Int: Date]
    /// Each week with the moment it opens, ascending; computed once (each opening takes several calendar steps).
    private let openings: [(week: Int, opens: Date)]
    public let weekNumbers: [Int]

    public init(games: [Game]) {
        var first: [Int: Date] = [:], last: [Int: Date] = [:]
        for g in games {
            first[g.week] = min(first[g.week] ?? g.kickoff, g.kickoff)
            last[g.week] = max(last[g.week] ?? g.kickoff, g.kickoff)
        }
        firstKickoff = first; lastKickoff = last
        weekNumbers = first.keys.sorted()
        openings = weekNumbers.map { ($0, Self.opening(before: first[$0]!)) }
    }

    public static func == (a: Self, b: Self) -> Bool { a.firstKickoff == b.firstKickoff && a.lastKickoff == b.lastKickoff }
    public func hash(into h: inout Hasher) { h.combine(weekNumbers) }

    /// The first kickoff of a week.
    public func kickoff(ofWeek week: Int) -> Date? { firstKickoff[week] }

    /// When a week's last game is final (kickoff + 3h30).
    public func weekFinal(_ week: Int) -> Date? { lastKickoff[week].map { $0.addingTimeInterval(Game.finalAfter) } }

    /// The week a clock is in: the latest week whose window has opened. Before week 1 → the first week;
    /// a week opens at the Wednesday 08:00 UTC on or before its first kickoff.
    public func week(at now: Date) -> Int {
        var current = weekNumbers.first ?? 1
        for (w, opens) in openings where now >= opens { current = w }
        return current
    }

    /// The first moment whose week is later than `week` (the next week's opening); nil when no later week is scheduled.
    public func end(ofWeek week: Int) -> Date? { openings.first { $0.week > week }?.opens }

    /// Whether every game of the week is final at `now`.
    public func isWeekFinal(_ week: Int, at now: Date) -> Bool { weekFinal(week).map { now >= $0 } ?? false }

    /// Wednesday 08:00 UTC on or before `kickoff`.
    public static func opening(before kickoff: Date) -> Date {
        let cal = UTC.calendar
        var d = cal.date(bySettingHour: 8, minute: 0, second: 0, of: kickoff)!
        if d > kickoff { d = cal.date(byAdding: .day, value: -1, to: d)! }
        while cal.component(.weekday, from: d) != 4 { d = cal.date(byAdding: .day, value: -1, to: d)! }
        return d
    }
}
