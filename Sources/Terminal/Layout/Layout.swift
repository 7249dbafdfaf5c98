/// Splits a rectangle into areas along one axis according to constraints (ratatui-style).
public struct Layout: Hashable, Sendable {
    /// The axis split along.
    public var direction: Direction
    /// One per resulting area.
    public var constraints: [Constraint]
    /// Cells left empty between adjacent areas.
    public var spacing: Int

    /// Creates a layout.
    public init(_ direction: Direction, _ constraints: [Constraint], spacing: Int = 0) {
        self.direction = direction; self.constraints = constraints; self.spacing = max(0, spacing)
    }

    /// A top-to-bottom layout.
    public static func vertical(_ constraints: [Constraint], spacing: Int = 0) -> Layout { Layout(.vertical, constraints, spacing: spacing) }
    /// A left-to-right layout.
    public static func horizontal(_ constraints: [Constraint], spacing: Int = 0) -> Layout { Layout(.horizontal, constraints, spacing: spacing) }

    /// The areas of `rect`, one per constraint, in order.
    public func split(_ rect: Rect) -> [Rect] {
        let total = direction == .vertical ? rect.height : rect.width
        let gaps = spacing * max(0, constraints.count - 1)
        let sizes = Layout.sizes(for: constraints, total: max(0, total - gaps))
        var out: [Rect] = [], pos = 0
        for s in sizes {
            let clampedStart = min(pos, total), clampedSize = max(0, min(s, total - clampedStart))
            switch direction {
            case .vertical: out.append(Rect(x: rect.x, y: rect.y + clampedStart, width: rect.width, height: clampedSize))
            case .horizontal: out.append(Rect(x: rect.x + clampedStart, y: rect.y, width: clampedSize, height: rect.height))
            }
            pos += s + spacing
        }
        return out
    }

    /// Sizes for `constraints` sharing `total` cells; never sums to more than `total`.
    public static func sizes(for constraints: [Constraint], total: Int) -> [Int] {
        var sizes = [Int](repeating: 0, count: constraints.count)
        // Percentages: largest-remainder rounding so they sum to the rounded total share.
        let pcts = constraints.enumerated().compactMap { i, c -> (Int, Int)? in
            if case .percentage(let p) = c { return (i, max(0, p)) } else { return nil }
        }
        if !pcts.isEmpty {
            let exact = pcts.map { Double($0.1) * Double(total) / 100 }
            for (k, (i, _)) in pcts.enumerated() { sizes[i] = Int(exact[k]) }
            let target = min(total, Int((exact.reduce(0, +)).rounded()))
            var missing = target - pcts.reduce(0) { $0 + sizes[$1.0] }
            let order = exact.indices.sorted { (exact[$0] - exact[$0].rounded(.down)) > (exact[$1] - exact[$1].rounded(.down)) }
            for k in order where missing > 0 { sizes[pcts[k].0] += 1; missing -= 1 }
        }
        for (i, c) in constraints.enumerated() {
            switch c {
            case .length(let n), .min(let n): sizes[i] = max(0, n)
            default: break
            }
        }
        // Over-constrained: shrink percentages, then minimums, then lengths, each from the last.
        var excess = sizes.reduce(0, +) - total
        if excess > 0 {
            for kind in 0..<3 {
                for i in constraints.indices.reversed() where excess > 0 {
                    let matches: Bool
                    switch (kind, constraints[i]) {
                    case (0, .percentage), (1, .min), (2, .length): matches = true
                    default: matches = false
                    }
                    guard matches else { continue }
                    let cut = Swift.min(sizes[i], excess)
                    sizes[i] -= cut; excess -= cut
                }
            }
            return sizes
        }
        // Leftover: to fills by weight, else to minimums equally.
        var leftover = total - sizes.reduce(0, +)
        guard leftover > 0 else { return sizes }
        var weights = constraints.map { c -> Int in if case .fill(let w) = c { return max(0, w) } else { return 0 } }
        if weights.allSatisfy({ $0 == 0 }) {
            weights = constraints.map { c -> Int in if case .min = c { return 1 } else { return 0 } }
        }
        let weightSum = weights.reduce(0, +)
        guard weightSum > 0 else { return sizes }
        let exact = weights.map { Double($0) * Double(leftover) / Double(weightSum) }
        var given = 0
        for i in sizes.indices { let f = Int(exact[i]); sizes[i] += f; given += f }
        leftover -= given
        let order = exact.indices.filter { weights[$0] > 0 }
            .sorted { (exact[$0] - exact[$0].rounded(.down)) > (exact[$1] - exact[$1].rounded(.down)) }
        for i in order where leftover > 0 { sizes[i] += 1; leftover -= 1 }
        return sizes
    }
}

extension Rect {
    /// This rectangle split top-to-bottom by `constraints`.
    public func rows(_ constraints: [Constraint], spacing: Int = 0) -> [Rect] { Layout.vertical(constraints, spacing: spacing).split(self) }
    /// This rectangle split left-to-right by `constraints`.
    public func columns(_ constraints: [Constraint], spacing: Int = 0) -> [Rect] { Layout.horizontal(constraints, spacing: spacing).split(self) }
}
