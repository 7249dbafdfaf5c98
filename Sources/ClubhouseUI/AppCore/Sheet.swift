/// How far the sheet is pulled up over the board.
public enum Detent: Int, CaseIterable, Comparable, Hashable, Sendable {
    /// The sheet's header and one row.
    case peek = 0
    case half = 1
    /// The whole body; the board is hidden.
    case full = 2

    public static func < (a: Detent, b: Detent) -> Bool { a.rawValue < b.rawValue }
    public var larger: Detent { Detent(rawValue: min(2, rawValue + 1))! }
    public var smaller: Detent { Detent(rawValue: max(0, rawValue - 1))! }
    public var name: String { switch self { case .peek: "peek"; case .half: "half"; case .full: "full" } }
}

/// Which pane receives keys.
public enum Focus: Hashable, Sendable { case board, sheet }

/// What Esc did, in SPEC 4.1's order.
public enum EscapeStep: Hashable, Sendable {
    case clearFilter, poppedPage, collapsedToPeek, focusedBoard
    /// Esc on the board does nothing (q quits there).
    case nothing
}

/// The sheet: a back-stack of pages (never empty; the root stays), a detent and the focus.
public struct SheetState<Entry: Sendable>: Sendable {
    public private(set) var stack: [Entry]
    public var detent: Detent
    public var focus: Focus

    public init(root: Entry, detent: Detent = .half, focus: Focus = .sheet) {
        stack = [root]; self.detent = detent; self.focus = focus
    }

    public var top: Entry { stack[stack.count - 1] }
    public var canPop: Bool { stack.count > 1 }

    /// Mutates the top page.
    public mutating func updateTop(_ body: (inout Entry) -> Void) { body(&stack[stack.count - 1]) }
    /// Mutates the page at `index` (no-op when out of range).
    public mutating func update(at index: Int, _ body: (inout Entry) -> Void) {
        guard stack.indices.contains(index) else { return }
        body(&stack[index])
    }

    /// Opens a page on top; a peeking sheet opens to half so the page is readable.
    public mutating func push(_ entry: Entry) {
        stack.append(entry)
        if detent == .peek { detent = .half }
        focus = .sheet
    }

    /// Goes back one page (the root stays). Returns the page removed.
    @discardableResult
    public mutating func pop() -> Entry? { canPop ? stack.removeLast() : nil }

    /// Replaces the whole stack (deep links); `entries` must not be empty.
    public mutating func replace(with entries: [Entry]) {
        precondition(!entries.isEmpty)
        stack = entries; focus = .sheet
        if detent == .peek { detent = .half }
    }

    /// Esc: clear an active filter → pop the page → collapse to peek → focus the board.
    public mutating func escape(filterActive: Bool) -> EscapeStep {
        guard focus == .sheet else { return .nothing }
        if filterActive { return .clearFilter }
        if canPop { pop(); return .poppedPage }
        if detent != .peek { detent = .peek; return .collapsedToPeek }
        focus = .board
        return .focusedBoard
    }
}

extension SheetState: Equatable where Entry: Equatable {}
