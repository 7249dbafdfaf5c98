import Foundation
import ClubhouseDomain
import Terminal

/// Both sides' score over a live week as braille lines (2×4 dots a cell): solid up to the clock, dashed from there
/// to each side's projected finish at the week's end. A legend row on top, the time axis below.
public struct ScoreChart {
    public var timeline: ScoreTimeline
    public var homeName: String
    public var awayName: String?
    public var context: RenderContext

    public init(timeline: ScoreTimeline, homeName: String, awayName: String?, context: RenderContext) {
        self.timeline = timeline; self.homeName = homeName; self.awayName = awayName; self.context = context
    }

    /// Dots of one series in a `w × h` dot grid.
    struct Dots {
        let w: Int, h: Int
        var on: [Bool]
        init(w: Int, h: Int) { self.w = w; self.h = h; on = Array(repeating: false, count: max(0, w * h)) }
        mutating func set(_ x: Int, _ y: Int) { if x >= 0, y >= 0, x < w, y < h { on[y * w + x] = true } }
        /// A straight line; `dashed` leaves gaps (3 dots on, 2 off).
        mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, dashed: Bool = false) {
            let steps = max(abs(x1 - x0), abs(y1 - y0), 1)
            for i in 0...steps where !dashed || i % 5 < 3 {
                set(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
            }
        }
    }

    static let bits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width >= 12, area.height >= 4 else { return }
        let t = timeline
        let homeNow = t.home.last ?? .zero, awayNow = t.away?.last
        // Legend: who is which line, points now → projected.
        var legend = "● \(homeName) \(homeNow.oneDecimal) → \(t.homeProjected.oneDecimal)"
        if let awayName, let awayNow { legend += "   ○ \(awayName) \(awayNow.oneDecimal) → \((t.awayProjected ?? awayNow).oneDecimal)" }
        _ = TextRow.put(legend, in: area, row: 0, style: context.style(.dim), indent: 0, buffer: &buffer)

        let top = [t.homeProjected, t.awayProjected ?? .zero, (t.home.max() ?? .zero), (t.away?.max() ?? .zero)].max()!
        let maxY = max(10, ((top.hundredths + 999) / 1000) * 10)   // round up to the next 10 points
        let axis = "\(maxY)".count + 1
        let plot = Rect(x: area.x + axis, y: area.y + 1, width: area.width - axis, height: area.height - 2)
        let w = plot.width * 2, h = plot.height * 4
        let span = t.end.timeIntervalSince(t.start)
        func x(_ d: Date) -> Int { Int((d.timeIntervalSince(t.start) / span * Double(w - 1)).rounded()) }
        /// Sample i's column: by game time when the timeline has it, else by clock time.
        func xAt(_ i: Int, last: Bool) -> Int {
            if let n = t.samples, let played = t.played {
                return Int(((last ? played : Double(i)) / Double(n) * Double(w - 1)).rounded())
            }
            return x(last ? min(t.now, t.end) : t.start.addingTimeInterval(Double(i) * t.step))
        }
        func y(_ p: Points) -> Int { h - 1 - Int((Double(max(0, p.hundredths)) / Double(maxY * 100) * Double(h - 1)).rounded()) }
        func series(_ values: [Points], projected: Points) -> Dots {
            var d = Dots(w: w, h: h)
            var prev: (Int, Int)?
            for (i, v) in values.enumerated() {
                let p = (xAt(i, last: i == values.count - 1), y(v))
                if let q = prev { d.line(q.0, q.1, p.0, p.1) } else { d.set(p.0, p.1) }
                prev = p
            }
            if let q = prev, t.now < t.end { d.line(q.0, q.1, w - 1, y(projected), dashed: true) }
            return d
        }
        let home = series(t.home, projected: t.homeProjected)
        let away = t.away.map { series($0, projected: t.awayProjected ?? .zero) }
        for cy in 0..<plot.height {
            for cx in 0..<plot.width {
                var hb: UInt32 = 0, ab: UInt32 = 0
                for dx in 0..<2 { for dy in 0..<4 {
                    let i = (cy * 4 + dy) * w + cx * 2 + dx
                    if home.on[i] { hb |= Self.bits[dx][dy] }
                    if let away, away.on[i] { ab |= Self.bits[dx][dy] }
                } }
                guard hb | ab != 0 else { continue }
                let style = context.style(hb != 0 ? .accent : .warning)
                buffer.put(Cell(Character(UnicodeScalar(0x2800 + (hb | ab))!), style: style), x: plot.x + cx, y: plot.y + cy)
            }
        }
        // The y axis: the scale's top and zero.
        _ = buffer.set(string: "\(maxY)", at: Point(x: area.x, y: plot.y), style: context.style(.dim))
        _ = buffer.set(string: "0", at: Point(x: area.x + axis - 2, y: plot.bottom - 1), style: context.style(.dim))
        for cy in plot.y..<plot.bottom { buffer.put(Cell("│", style: context.style(.border)), x: area.x + axis - 1, y: cy) }
        // The time axis: the week's first kickoff, the clock (▲), the last final.
        let bottom = area.y + area.height - 1
        _ = buffer.set(string: Format.weekdayTime(t.start), at: Point(x: plot.x, y: bottom), style: context.style(.dim))
        let endLabel = Format.weekdayTime(t.end)
        _ = buffer.set(string: endLabel, at: Point(x: plot.right - endLabel.count, y: bottom), style: context.style(.dim))
        let nowX = plot.x + min(plot.width - 1, xAt(0, last: true) / 2)
        let nowLabel = "▲ " + Format.weekdayTime(t.now)
        let nx = min(max(plot.x + 10, nowX), plot.right - endLabel.count - nowLabel.count - 1)
        if nx > plot.x + 9 { _ = buffer.set(string: nowLabel, at: Point(x: nx, y: bottom), style: context.style(.text)) }
    }
}
