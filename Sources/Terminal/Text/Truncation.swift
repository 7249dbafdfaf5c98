/// The ellipsis used to mark truncated text.
public let ellipsis: Character = "…"

extension String {
    /// This text cut to at most `width` cells, ending in "…" when something was cut.
    public func truncated(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        var out = "", used = 0
        for ch in self {
            let w = DisplayWidth.of(ch)
            if used + w > width - 1 { break }
            out.append(ch); used += w
        }
        // "Dalvin Cook…", not "Dalvin Cook …": the cut never leaves a space before the ellipsis.
        while out.last?.isWhitespace == true { out.removeLast() }
        out.append(ellipsis)
        return out
    }

    /// This text cut from the left to at most `width` cells, starting with "…" when something was cut.
    public func truncatedLeading(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        var out: [Character] = [], used = 0
        for ch in reversed() {
            let w = DisplayWidth.of(ch)
            if used + w > width - 1 { break }
            out.append(ch); used += w
        }
        return String(ellipsis) + String(out.reversed())
    }

    /// This text padded with spaces (or truncated) to exactly `width` cells.
    public func padded(toWidth width: Int) -> String {
        let t = truncated(toWidth: width)
        let w = t.displayWidth
        return w < width ? t + String(repeating: " ", count: width - w) : t
    }
}
