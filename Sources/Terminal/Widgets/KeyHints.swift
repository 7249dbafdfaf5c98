/// One footer hint: keys and what they do ("j/k" "move").
public struct KeyHint: Hashable, Sendable {
    /// Keys as shown ("j/k").
    public var keys: String
    /// What they do ("move").
    public var label: String
    /// Disabled hints are shown dimmed.
    public var enabled: Bool

    /// Creates a hint.
    public init(keys: String, label: String, enabled: Bool = true) {
        self.keys = keys; self.label = label; self.enabled = enabled
    }

    /// "keys label".
    public var text: String { "\(keys) \(label)" }
}

/// The footer line of key hints: "j/k move · enter open · esc back". Hints that do not fit are
/// dropped from the end rather than cut mid-word.
public struct KeyHintsBar: Widget, Sendable {
    /// In priority order (later ones drop first).
    public var hints: [KeyHint]
    /// Style of the keys.
    public var keyStyle: Style
    /// Style of the labels.
    public var labelStyle: Style
    /// Between hints.
    public var separator: String

    /// Creates a footer.
    public init(_ hints: [KeyHint], keyStyle: Style = .bold, labelStyle: Style = .plain, separator: String = " · ") {
        self.hints = hints; self.keyStyle = keyStyle; self.labelStyle = labelStyle; self.separator = separator
    }

    /// The hints that fit in `width` cells.
    public func fitting(width: Int) -> [KeyHint] {
        var used = 0, out: [KeyHint] = []
        for h in hints {
            let w = h.text.displayWidth + (out.isEmpty ? 0 : separator.displayWidth)
            if used + w > width { break }
            out.append(h); used += w
        }
        return out
    }

    /// The footer as plain text for `width`.
    public func text(width: Int) -> String { fitting(width: width).map(\.text).joined(separator: separator) }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        var x = area.x
        for (i, h) in fitting(width: area.width).enumerated() {
            if i > 0 { x += buffer.set(string: separator, at: Point(x: x, y: area.y), style: .dim, maxWidth: area.right - x) }
            let dim: TextAttributes = h.enabled ? [] : .dim
            x += buffer.set(string: h.keys, at: Point(x: x, y: area.y), style: keyStyle.adding(dim), maxWidth: area.right - x)
            x += buffer.set(string: " " + h.label, at: Point(x: x, y: area.y), style: labelStyle.adding(dim), maxWidth: area.right - x)
        }
    }
}
