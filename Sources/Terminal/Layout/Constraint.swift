/// How much space one area of a `Layout` asks for.
public enum Constraint: Hashable, Sendable {
    /// Exactly `n` cells (shrinks only when the total cannot fit).
    case length(Int)
    /// At least `n` cells; grows to take leftover space when no `.fill` is present.
    case min(Int)
    /// `p` percent of the available space (rounded so percentages summing to 100 fill it exactly).
    case percentage(Int)
    /// A share of the leftover space proportional to `weight`.
    case fill(Int)
}

/// The axis a `Layout` splits along.
public enum Direction: Hashable, Sendable {
    /// Areas stacked top to bottom.
    case vertical
    /// Areas side by side, left to right.
    case horizontal
}
