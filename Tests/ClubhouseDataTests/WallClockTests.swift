import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// The clock a command's leagues run on: the machine's; from `CLUBHOUSE_TEST_NOW` on, running; or frozen there
/// (`make screenshots`).
@Suite struct WallClockTests {
    static let start = "2026-09-13T17:00:00Z"

    @Test func theMachinesClockUnlessTold() {
        #expect(WallClock.current(environment: [:]) is SystemClock)
        #expect(WallClock.current(environment: ["CLUBHOUSE_TEST_CLOCK": "frozen"]) is SystemClock, "frozen needs a moment to freeze at")
    }

    @Test func aTestNowRunsOnFromThatMoment() throws {
        let clock = WallClock.current(environment: ["CLUBHOUSE_TEST_NOW": Self.start])
        let offset = try #require(clock as? OffsetClock)
        let start = try #require(ISO8601.parse(Self.start))
        #expect(abs(Date().addingTimeInterval(offset.offset).timeIntervalSince(start)) < 5)
    }

    @Test func aFrozenTestNowStaysAtThatMoment() throws {
        let clock = WallClock.current(environment: ["CLUBHOUSE_TEST_NOW": Self.start, "CLUBHOUSE_TEST_CLOCK": "frozen"])
        let start = try #require(ISO8601.parse(Self.start))
        #expect(clock.now() == start)
        #expect(clock is ManualClock)
        #expect(clock.now() == start, "still that moment")
    }
}
