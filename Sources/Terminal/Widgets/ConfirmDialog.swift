/// How a confirmation ended.
public enum ConfirmOutcome: Hashable, Sendable {
    case confirmed, cancelled
}

/// A modal yes/no question. Defaults to the safe answer; y/n answer directly, ←/→/Tab move, Enter picks, Esc cancels.
public struct ConfirmDialog: Widget, Hashable, Sendable {
    /// The question, in the box edge.
    public var title: String
    /// What will happen.
    public var message: String
    /// The yes button.
    public var confirmLabel: String
    /// The no button.
    public var cancelLabel: String
    /// True when the confirm button has focus.
    public var confirmFocused: Bool

    /// Creates a dialog with the cancel button focused.
    public init(title: String, message: String, confirmLabel: String = "Yes", cancelLabel: String = "No",
                confirmFocused: Bool = false) {
        self.title = title; self.message = message; self.confirmLabel = confirmLabel
        self.cancelLabel = cancelLabel; self.confirmFocused = confirmFocused
    }

    /// Applies a key; returns the outcome once the person has answered.
    public mutating func handle(_ key: Key) -> ConfirmOutcome? {
        switch key {
        case .char("y"), .char("Y"): return .confirmed
        case .char("n"), .char("N"), .escape, .ctrl("c"): return .cancelled
        case .left, .right, .tab, .backTab, .char("h"), .char("l"): confirmFocused.toggle(); return nil
        case .enter: return confirmFocused ? .confirmed : .cancelled
        default: return nil
        }
    }

    /// The box this dialog occupies when centred in `area`.
    public func frame(in area: Rect) -> Rect {
        let width = min(area.width, max(30, min(60, max(message.displayWidth, title.displayWidth) + 4)))
        let lines = message.wrapped(toWidth: max(1, width - 4)).count
        return area.centered(Size(width: width, height: lines + 4))
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let box = frame(in: area)
        buffer.fill(box)
        let block = Block(title: title)
        block.render(in: box, buffer: &buffer)
        let inner = block.inner(box).inset(horizontal: 1)
        Paragraph(message).render(in: Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 1), buffer: &buffer)
        let yes = " \(confirmLabel) ", no = " \(cancelLabel) "
        let total = yes.displayWidth + 2 + no.displayWidth
        var x = inner.x + max(0, (inner.width - total) / 2)
        let y = inner.bottom - 1
        x += buffer.set(string: yes, at: Point(x: x, y: y), style: confirmFocused ? .reverse.adding(.bold) : .plain)
        x += 2
        buffer.set(string: no, at: Point(x: x, y: y), style: confirmFocused ? .plain : .reverse.adding(.bold))
    }
}
