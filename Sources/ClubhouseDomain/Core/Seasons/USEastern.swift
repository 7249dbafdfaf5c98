import Foundation

/// US Eastern time → UTC, for nflverse's schedule (`gameday` `2019-09-05` + `gametime` `20:20` are Eastern). The US
/// rules are written out rather than asked of the system's time-zone database, so a kickoff converts the same on every
/// machine: daylight time (UTC−4) from 02:00 on the second Sunday of March to 02:00 on the first Sunday of November
/// since 2007; from the first Sunday of April to the last Sunday of October before (1987–2006); standard time (UTC−5)
/// otherwise. NFL kickoffs never fall in the repeated hour of the change.
public enum USEastern {
    /// The UTC instant of a wall-clock time in US Eastern; nil for text that isn't a valid `YYYY-MM-DD` / `HH:MM`
    /// (`HH:MM:SS` is accepted too).
    public static func utc(date: String, time: String) -> Date? {
        guard let (y, m, d) = parseDate(date), let (hh, mm, ss) = parseTime(time) else { return nil }
        let minutes = hh * 60 + mm
        let offsetHours = isDaylightTime(year: y, month: m, day: d, minutes: minutes) ? 4 : 5
        let days = daysFromCivil(y, m, d)
        let seconds = days * 86_400 + (hh + offsetHours) * 3600 + mm * 60 + ss
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Whether Eastern daylight time is in force at a local wall-clock time (minutes after local midnight).
    static func isDaylightTime(year: Int, month: Int, day: Int, minutes: Int) -> Bool {
        let (startMonth, startDay, endMonth, endDay): (Int, Int, Int, Int)
        if year >= 2007 {
            (startMonth, startDay) = (3, nthSunday(2, year: year, month: 3))
            (endMonth, endDay) = (11, nthSunday(1, year: year, month: 11))
        } else {
            (startMonth, startDay) = (4, nthSunday(1, year: year, month: 4))
            (endMonth, endDay) = (10, lastSunday(year: year, month: 10))
        }
        let today = month * 100 + day, start = startMonth * 100 + startDay, end = endMonth * 100 + endDay
        if today < start || today > end { return false }
        if today == start { return minutes >= 120 }
        if today == end { return minutes < 120 }
        return true
    }

    /// Day of the month of the `n`th Sunday.
    static func nthSunday(_ n: Int, year: Int, month: Int) -> Int {
        let first = weekday(daysFromCivil(year, month, 1))   // 0 = Sunday
        return 1 + (7 - first) % 7 + (n - 1) * 7
    }

    static func lastSunday(year: Int, month: Int) -> Int {
        let length = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] + (month == 2 && isLeap(year) ? 1 : 0)
        let last = weekday(daysFromCivil(year, month, length))
        return length - last
    }

    static func isLeap(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }

    /// 0 = Sunday … 6 = Saturday, for days since 1970-01-01 (a Thursday).
    static func weekday(_ days: Int) -> Int { ((days % 7) + 11) % 7 }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func isDigits(_ s: Substring) -> Bool { s.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }

    static func parseDate(_ s: String) -> (Int, Int, Int)? {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2, parts.allSatisfy(isDigits),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), d >= 1 else { return nil }
        let length = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] + (m == 2 && isLeap(y) ? 1 : 0)
        return d <= length ? (y, m, d) : nil
    }

    static func parseTime(_ s: String) -> (Int, Int, Int)? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 && isDigits($0) }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
        let sec = parts.count == 3 ? Int(parts[2]) : 0
        guard let sec, (0...59).contains(sec) else { return nil }
        return (h, m, sec)
    }
}
