/// Sheet heights per detent for a given body area, and the board/sheet split.
public struct SheetMetrics: Hashable, Sendable {
    /// Content rows visible at peek (besides the header).
    public var peekContentRows: Int
    /// Rows of sheet chrome: the header line and the bottom border.
    public var chromeRows: Int

    /// The default: header + one row + bottom border.
    public init(peekContentRows: Int = 1, chromeRows: Int = 2) {
        self.peekContentRows = peekContentRows; self.chromeRows = chromeRows
    }

    /// The sheet's height (including chrome) at `detent` in a body of `height` rows.
    public func height(for detent: SheetDetent, in height: Int) -> Int {
        let peek = min(height, peekContentRows + chromeRows)
        switch detent {
        case .peek: return peek
        case .half: return max(peek, (height + 1) / 2)
        case .full: return height
        }
    }

    /// The sheet's height at a continuous `position` (0 = peek, 1 = half, 2 = full), for animation.
    public func height(at position: Double, in height: Int) -> Int {
        let p = max(0, min(2, position))
        let lower = SheetDetent(rawValue: min(1, Int(p)))!
        let upper = lower.larger
        let t = p - Double(lower.rawValue)
        let a = Double(self.height(for: lower, in: height)), b = Double(self.height(for: upper, in: height))
        return Int((a + (b - a) * t).rounded())
    }

    /// Splits `area` into the board (top) and the sheet (bottom) for a sheet of `sheetHeight` rows.
    public func split(_ area: Rect, sheetHeight: Int) -> SheetLayout {
        let h = max(0, min(area.height, sheetHeight))
        return SheetLayout(board: Rect(x: area.x, y: area.y, width: area.width, height: area.height - h),
                           sheet: Rect(x: area.x, y: area.bottom - h, width: area.width, height: h))
    }

    /// The detent whose height is closest to `sheetHeight` (where a drag snaps to).
    public func nearestDetent(toHeight sheetHeight: Int, in height: Int) -> SheetDetent {
        SheetDetent.allCases.min { abs(self.height(for: $0, in: height) - sheetHeight) < abs(self.height(for: $1, in: height) - sheetHeight) }!
    }
}

/// Where the board and the sheet go on screen.
public struct SheetLayout: Hashable, Sendable {
    /// The persistent board area above the sheet (empty at full).
    public var board: Rect
    /// The sheet, starting with its header line.
    public var sheet: Rect
}
