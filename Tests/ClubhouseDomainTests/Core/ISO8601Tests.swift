import ClubhouseDomain
import Foundation
import Testing

/// The app's one ISO 8601 path (`ISO8601` in Core/Time.swift), on the cases where Foundation's
/// `Date.ISO8601FormatStyle` reads or writes differently (the reason the app keeps its own).
@Suite struct ISO8601Tests {
    @Test func impossibleDaysAreRefusedNotRolledOver() {
        #expect(ISO8601.parse("2019-02-30T00:00:00Z") == nil)
        #expect(ISO8601.parse("2019-04-31T00:00:00Z") == nil)
        #expect(ISO8601.parse("2019-02-29T00:00:00Z") == nil, "2019 is no leap year")
        #expect(ISO8601.parse("2020-02-29T00:00:00Z") != nil)
    }

    @Test func earlyYearsAreProlepticGregorian() {
        let yearZero = Date(timeIntervalSince1970: -62_167_219_200)
        #expect(ISO8601.parse("0000-01-01T00:00:00Z") == yearZero)
        #expect(ISO8601.format(yearZero) == "0000-01-01T00:00:00Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z", "clamped to four-digit years")
        #expect(ISO8601.format(Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
    }

    @Test func offsetsNeedTheirColonAndBothSeparatorsAndFractionsAreRead() {
        #expect(ISO8601.parse("2019-09-06T02:20:00+0200") == nil)
        #expect(ISO8601.parse("2019-09-06T02:20:00+02:00") == ISO8601.parse("2019-09-06T00:20:00Z"))
        #expect(ISO8601.parse("2019-09-06 00:20:00Z") == ISO8601.parse("2019-09-06T00:20:00Z"), "SQLite's space separator")
        #expect(ISO8601.parse("2019-09-06T00:20:00.25Z")?.timeIntervalSince1970 == 1_567_729_200.25)
        #expect(ISO8601.parse("2019-09-06T00:20:00.Z") == nil, "a point needs a digit")
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1_567_729_200.2509), milliseconds: true) == "2019-09-06T00:20:00.250Z",
                "milliseconds are truncated, not rounded")
    }
}
