/// What Esc did, in the order README.md's “Using it” gives.
public enum EscapeOutcome: Hashable, Sendable {
    /// The page has an active filter: the caller clears it (the sheet is unchanged).
    case clearFilter
    /// The top page was popped.
    case poppedPage
    /// The sheet was collapsed to peek.
    case collapsedToPeek
    /// Focus moved from the sheet to the board.
    case focusedBoard
    /// Nothing left to undo (the board already has focus).
    case none
}

/// The sheet's navigation and size: a back-stack of pages (never empty), a detent with an animated
/// transition, focus between board and sheet, and a drag of its top edge. Time is passed in.
public struct SheetState<Page> {
    /// Pages from root to top; never empty.
    public private(set) var stack: [Page]
    /// The detent the sheet is at or moving to.
    public private(set) var detent: SheetDetent
    /// Which pane receives keys.
    public var focus: PaneFocus
    /// Heights per detent.
    public var metrics: SheetMetrics
    /// How long a detent change animates.
    public static var animationDuration: Duration { .milliseconds(120) }

    /// A detent change in progress: where it started (a detent position) and when.
    private struct Transition: Equatable { var from: Double; var start: Duration }
    private var transition: Transition?
    /// The sheet's top row while its edge is being dragged (absolute screen row).
    public private(set) var dragTop: Int?

    /// Creates a sheet showing `root`.
    public init(root: Page, detent: SheetDetent = .half, focus: PaneFocus = .sheet, metrics: SheetMetrics = SheetMetrics()) {
        self.stack = [root]; self.detent = detent; self.focus = focus; self.metrics = metrics
    }

    // MARK: - Pages

    /// The page on top of the stack.
    public var top: Page {
        get { stack[stack.count - 1] }
        set { stack[stack.count - 1] = newValue }
    }

    /// True when there is a page below the top one.
    public var canPop: Bool { stack.count > 1 }

    /// Pushes `page` and gives the sheet focus.
    public mutating func push(_ page: Page) { stack.append(page); focus = .sheet }

    /// Pops the top page (never the root); returns it.
    @discardableResult
    public mutating func pop() -> Page? { canPop ? stack.removeLast() : nil }

    /// Pops back to the root page.
    public mutating func popToRoot() { stack.removeSubrange(1...) }

    /// Replaces the whole stack (e.g. deep links); ignored when `pages` is empty.
    public mutating func setStack(_ pages: [Page]) { if !pages.isEmpty { stack = pages } }

    /// Tab: moves focus between the board and the sheet.
    public mutating func toggleFocus() { focus = focus == .board ? .sheet : .board }

    // MARK: - Detent and animation

    /// Changes the detent; animates from the current position unless `animated` is false (reduced motion).
    public mutating func setDetent(_ newDetent: SheetDetent, now: Duration, animated: Bool = true) {
        let from = position(at: now)
        detent = newDetent
        dragTop = nil
        transition = animated && from != Double(newDetent.rawValue) ? Transition(from: from, start: now) : nil
    }

    /// `+`: one detent bigger.
    public mutating func grow(now: Duration, animated: Bool = true) { setDetent(detent.larger, now: now, animated: animated) }
    /// `-`: one detent smaller.
    public mutating func shrink(now: Duration, animated: Bool = true) { setDetent(detent.smaller, now: now, animated: animated) }

    /// The animated position at `now`: 0 = peek, 1 = half, 2 = full, fractional while moving.
    public func position(at now: Duration) -> Double {
        let target = Double(detent.rawValue)
        guard let t = transition else { return target }
        let progress = max(0, min(1, (now - t.start) / SheetState.animationDuration))
        let eased = 1 - (1 - progress) * (1 - progress) * (1 - progress) // ease-out cubic
        return t.from + (target - t.from) * eased
    }

    /// True while the detent change is still moving at `now`.
    public func isAnimating(at now: Duration) -> Bool {
        guard let t = transition else { return false }
        return now - t.start < SheetState.animationDuration
    }

    /// When the next animation frame is due (≈60 fps), or nil when at rest — the run loop's wake-up.
    public func nextFrameDelay(at now: Duration) -> Duration? {
        isAnimating(at: now) ? .milliseconds(16) : nil
    }

    /// The time of the next animation frame, or nil when at rest — return it from `Program.nextWakeUp`.
    public func nextWakeUp(at now: Duration) -> Duration? { nextFrameDelay(at: now).map { now + $0 } }

    /// The board and sheet rectangles for body `area` at `now` (follows a drag in progress).
    public func layout(in area: Rect, now: Duration) -> SheetLayout {
        if let dragTop {
            let minH = metrics.height(for: .peek, in: area.height)
            return metrics.split(area, sheetHeight: max(minH, min(area.height, area.bottom - dragTop)))
        }
        return metrics.split(area, sheetHeight: metrics.height(at: position(at: now), in: area.height))
    }

    // MARK: - Esc

    /// Esc, in the order README.md's “Using it” gives: clear an active filter → pop the page → collapse to peek → focus the board.
    public mutating func handleEscape(hasActiveFilter: Bool, now: Duration, animated: Bool = true) -> EscapeOutcome {
        guard focus == .sheet else { return .none }
        if hasActiveFilter { return .clearFilter }
        if canPop { pop(); return .poppedPage }
        if detent != .peek { setDetent(.peek, now: now, animated: animated); return .collapsedToPeek }
        focus = .board
        return .focusedBoard
    }

    // MARK: - Mouse drag on the top edge

    /// Handles a mouse event for the sheet's top edge in body `area`: a press on the header row starts a
    /// drag, drags move the edge, the release snaps to the nearest detent. Returns true when consumed.
    public mutating func handleMouse(_ event: MouseEvent, in area: Rect, now: Duration, animated: Bool = true) -> Bool {
        switch event.kind {
        case .press(.left):
            let sheet = layout(in: area, now: now).sheet
            guard event.y == sheet.y, event.x >= sheet.x, event.x < sheet.right else { return false }
            dragTop = sheet.y
            transition = nil
            focus = .sheet
            return true
        case .drag(.left):
            guard dragTop != nil else { return false }
            dragTop = max(area.y, min(area.bottom - 1, event.y))
            return true
        case .release:
            guard let top = dragTop else { return false }
            let height = area.bottom - top
            let snapped = metrics.nearestDetent(toHeight: height, in: area.height)
            let fromPosition = position(forHeight: height, in: area.height)
            dragTop = nil
            detent = snapped
            transition = animated ? Transition(from: fromPosition, start: now) : nil
            return true
        default:
            return false
        }
    }

    /// The continuous position matching a sheet height (inverse of `SheetMetrics.height(at:in:)`).
    private func position(forHeight h: Int, in height: Int) -> Double {
        let hs = SheetDetent.allCases.map { Double(metrics.height(for: $0, in: height)) }
        let x = Double(h)
        if x <= hs[0] { return 0 }
        if x <= hs[1] { return hs[1] == hs[0] ? 1 : (x - hs[0]) / (hs[1] - hs[0]) }
        if x <= hs[2] { return hs[2] == hs[1] ? 2 : 1 + (x - hs[1]) / (hs[2] - hs[1]) }
        return 2
    }
}

extension SheetState: Sendable where Page: Sendable {}
extension SheetState: Equatable where Page: Equatable {}
