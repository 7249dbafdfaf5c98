import ClubhouseDomain
import Foundation

/// The wall clock a command runs its leagues on: the machine's, unless `CLUBHOUSE_TEST_NOW` (an ISO 8601 time) says
/// otherwise — then real time runs on from that moment (tests put a league "now" inside a real season's week), or,
/// with `CLUBHOUSE_TEST_CLOCK=frozen` too, stays at that moment (`make screenshots`: the same screens every run). Only
/// the league service's clock moves: sessions, logs and files keep the machine's time.
public enum WallClock {
    public static let variable = "CLUBHOUSE_TEST_NOW"
    public static let frozenVariable = "CLUBHOUSE_TEST_CLOCK"

    /// The clock for this process.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> any Clock {
        guard let text = environment[variable], let start = ISO8601.parse(text) else { return SystemClock() }
        if environment[frozenVariable] == "frozen" { return ManualClock(start) }
        return OffsetClock(offset: start.timeIntervalSinceNow)
    }
}

/// The machine's clock moved by a fixed offset.
public struct OffsetClock: Clock {
    public let offset: TimeInterval
    public init(offset: TimeInterval) { self.offset = offset }
    public func now() -> Date { Date().addingTimeInterval(offset) }
}
