import Foundation

/// How fast a league's season clock runs on its own (README.md, “Live Sundays”): off, or 1×, 10×, 60× real time.
/// At 10× a Sunday's 13 hours of games play out in about 80 minutes; at 60× in 13.
public enum ClockSpeed: Int, CaseIterable, Codable, Sendable, Comparable {
    case off = 0, x1 = 1, x10 = 10, x60 = 60
    public var label: String { self == .off ? "off" : "\(rawValue)×" }
    /// The next speed `v` steps to on the commissioner's Season clock tab.
    public var next: ClockSpeed { let all = Self.allCases; return all[(all.firstIndex(of: self)! + 1) % all.count] }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A league's running clock: its speed and the real time it was last brought up to date.
public struct ClockRun: Hashable, Codable, Sendable {
    public var leagueID: LeagueID
    public var speed: ClockSpeed
    /// Real time of the last step; the next step moves the clock by (now − tickedAt) × speed.
    public var tickedAt: Date
    public init(leagueID: LeagueID, speed: ClockSpeed, tickedAt: Date) { self.leagueID = leagueID; self.speed = speed; self.tickedAt = tickedAt }
}
