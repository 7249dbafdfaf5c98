/// Fantasy points, exact to two decimals: stored as hundredths, so totals never drift the way
/// binary floating point does (0.04 × 4,355 yards is exactly 174.20).
public struct Points: Hashable, Comparable, Codable, Sendable, AdditiveArithmetic, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public var hundredths: Int

    public init(hundredths: Int) { self.hundredths = hundredths == Int.min ? -Int.max : hundredths }
    public init(integerLiteral value: Int) { self = Points(hundredths: 100) * value }
    /// Parses "4", "-2", "0.5", "0.04". Returns nil for more than two decimals or junk.
    public init?(_ text: String) {
        var s = Substring(text.trimmingCharactersInSet())
        var sign = 1
        if s.hasPrefix("-") { sign = -1; s = s.dropFirst() }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0].isEmpty ? "0" : parts[0]), whole >= 0 else { return nil }
        var frac = 0
        if parts.count == 2 {
            let f = parts[1]
            guard (1...2).contains(f.count), f.allSatisfy(\.isNumber), let v = Int(f) else { return nil }
            frac = f.count == 1 ? v * 10 : v
        }
        guard whole <= Self.limit / 100 - 1 else { return nil }
        hundredths = sign * (whole * 100 + frac)
    }

    /// `hundredths` rounded to the nearest whole hundredth, saturating at ±`limit` (NaN is zero): a share of a
    /// saturated projection can't trap where `Int(Double)` would (`Double(Int.max)` is already past `Int.max`).
    public init(approximately hundredths: Double) {
        let v = hundredths.rounded()
        if v.isNaN { self.init(hundredths: 0) }
        else if v >= 9.223_372_036_854_775e18 { self.init(hundredths: Self.limit) }
        else if v <= -9.223_372_036_854_775e18 { self.init(hundredths: -Self.limit) }
        else { self.init(hundredths: Int(v)) }
    }

    public static let zero = Points(hundredths: 0)
    /// The largest magnitude arithmetic produces: sums, differences and products saturate at ±`limit` instead of
    /// trapping, so no stored stat (however absurd) can crash scoring. (`Int.min` is never produced, so `abs` and
    /// negation are always safe.)
    public static let limit = Int.max
    public static func + (a: Points, b: Points) -> Points { saturating(a.hundredths.addingReportingOverflow(b.hundredths), sign: b.hundredths) }
    public static func - (a: Points, b: Points) -> Points { a + (-b) }
    public static func * (a: Points, n: Int) -> Points {
        let r = a.hundredths.multipliedReportingOverflow(by: n)
        guard r.overflow else { return Points(hundredths: clamp(r.partialValue)) }
        return Points(hundredths: (a.hundredths < 0) != (n < 0) ? -limit : limit)
    }
    public static func < (a: Points, b: Points) -> Bool { a.hundredths < b.hundredths }
    public static prefix func - (a: Points) -> Points { Points(hundredths: -clamp(a.hundredths)) }

    private static func clamp(_ v: Int) -> Int { v == Int.min ? -limit : v }
    private static func saturating(_ r: (partialValue: Int, overflow: Bool), sign: Int) -> Points {
        guard r.overflow else { return Points(hundredths: clamp(r.partialValue)) }
        return Points(hundredths: sign < 0 ? -limit : limit)
    }

    /// "469.20", "-2.00", "0.04".
    public var description: String {
        let sign = hundredths < 0 ? "-" : ""
        let v = hundredths.magnitude
        let frac = v % 100
        return "\(sign)\(v / 100).\(frac < 10 ? "0" : "")\(frac)"
    }

    /// With a league's `decimals` (0: "469", 1: "469.2", 2: "469.20"); nil, a league that didn't choose: one decimal, as
    /// before the setting existed. Rounds half away from zero.
    public func shown(_ decimals: Int?) -> String {
        switch decimals {
        case 0:
            let v = hundredths.magnitude
            let whole = v / 100 + (v % 100 >= 50 ? 1 : 0)
            return (hundredths < 0 && whole > 0 ? "-" : "") + "\(whole)"
        case 2: return description
        default: return oneDecimal
        }
    }

    /// One decimal as fantasy apps show totals ("469.2"); rounds half away from zero.
    public var oneDecimal: String {
        let sign = hundredths < 0 ? "-" : ""
        let v = hundredths.magnitude
        let tenths = v / 10 + (v % 10 >= 5 ? 1 : 0)
        return "\(sign)\(tenths / 10).\(tenths % 10)"
    }
}

extension String {
    fileprivate func trimmingCharactersInSet() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " { s = s.dropFirst() }
        while let c = s.last, c == " " { s = s.dropLast() }
        return String(s)
    }
}
