import Foundation

// One of each for time: the league clock is UTC, so one UTC calendar and one ISO 8601 path serve every layer
// (the store's TEXT timestamps, the season fixture, logs, the request log, the UI's dates).

/// The Gregorian calendar in UTC.
public enum UTC {
    public static let calendar: Calendar = {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(secondsFromGMT: 0)!
        return cal
    }()
}

/// ISO 8601 timestamps without a shared (non-Sendable) formatter: `2019-09-06T00:20:00Z`,
/// optional fractional seconds, `Z` or `±HH:MM` offsets.
///
/// Foundation's `Date.ISO8601FormatStyle` (and `ISO8601DateFormatter`, the same engine in swift-foundation) was
/// measured against this (Swift 6.3, Linux) and does not meet the need: it reads `2019-02-30` as March 2 instead of
/// refusing it, reads and writes years before 1582 on the Julian calendar (`0000-01-01` is two days off the
/// proleptic Gregorian day the store's dates and `formattable` use), takes `+0200` without its colon, writes a
/// year past 9999 with more digits instead of clamping, and needs separate styles for fractional seconds and for a
/// space between date and time. `ISO8601Tests` pins each of these.
public enum ISO8601 {
    public static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        func num(_ from: Int, _ len: Int) -> Int? {
            guard from + len <= b.count else { return nil }
            var v = 0
            for i in from..<(from + len) {
                let c = b[i]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            return v
        }
        guard b.count >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2), let mi = num(14, 2), let s = num(17, 2),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61 else { return nil }
        var i = 19
        var fraction = 0.0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 { fraction += Double(b[i] - 48) * scale; scale /= 10; i += 1 }
            guard i > start else { return nil }
        }
        var offset = 0
        guard i < b.count else { return nil }
        if b[i] == UInt8(ascii: "Z") {
            i += 1
        } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign = b[i] == UInt8(ascii: "+") ? 1 : -1
            guard let oh = num(i + 1, 2), i + 3 < b.count, b[i + 3] == UInt8(ascii: ":"), let om = num(i + 4, 2) else { return nil }
            offset = sign * (oh * 3600 + om * 60)
            i += 6
        } else { return nil }
        guard i == b.count else { return nil }
        let days = daysFromCivil(y, mo, d)
        guard d <= daysInMonth(y, mo) else { return nil }
        let seconds = Double(days * 86400 + h * 3600 + mi * 60 + s - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// The moments `format` can write: years 0000–9999. A date beyond them (a stored 1e300) is written as the nearest
    /// end, never trapped on; NaN as the epoch.
    public static let formattable: ClosedRange<TimeInterval> = -62_167_219_200...253_402_300_799.999

    /// `2019-09-06T00:20:00Z` (whole seconds, UTC), or with milliseconds `2019-09-06T00:20:00.250Z`.
    public static func format(_ date: Date, milliseconds: Bool = false) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = (seconds.isNaN ? 0 : min(max(seconds, formattable.lowerBound), formattable.upperBound)).rounded(.down)
        let t = Int(whole)
        let days = t >= 0 ? t / 86400 : (t - 86399) / 86400
        let secs = t - days * 86400
        let (y, m, d) = civilFromDays(days)
        func p(_ v: Int, _ w: Int) -> String { let s = String(v); return String(repeating: "0", count: max(0, w - s.count)) + s }
        let fraction = milliseconds ? "." + p(min(999, max(0, Int(((min(max(seconds.isNaN ? 0 : seconds, whole), whole + 1) - whole) * 1000).rounded(.down)))), 3) : ""
        return "\(p(y, 4))-\(p(m, 2))-\(p(d, 2))T\(p(secs / 3600, 2)):\(p(secs % 3600 / 60, 2)):\(p(secs % 60, 2))\(fraction)Z"
    }

    /// `2019-09-06`: the UTC day of `date` (as `format` writes it).
    public static func day(_ date: Date) -> String { String(format(date).prefix(10)) }

    private static func daysInMonth(_ y: Int, _ m: Int) -> Int {
        switch m {
        case 2: (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's civil-date algorithms (`daysFromCivil` is shared with `USEastern`).
    private static func daysFromCivil(_ y: Int, _ m: Int, _ d: Int) -> Int { USEastern.daysFromCivil(y, m, d) }
    private static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}
