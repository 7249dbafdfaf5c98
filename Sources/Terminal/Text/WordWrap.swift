extension String {
    /// This text broken into lines of at most `width` cells: at spaces where possible, inside a word
    /// only when the word alone is too wide. Newlines start new lines; wide characters never split.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in self.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0
            func flush() { lines.append(line); line = ""; lineWidth = 0 }
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let ww = word.displayWidth
                if lineWidth > 0 && lineWidth + 1 + ww <= width {
                    line += " " + word; lineWidth += 1 + ww
                    continue
                }
                if lineWidth > 0 { flush() }
                if ww <= width { line = String(word); lineWidth = ww; continue }
                // Hard-break an over-long word.
                for ch in word {
                    let cw = DisplayWidth.of(ch)
                    if lineWidth + cw > width { flush() }
                    line.append(ch); lineWidth += cw
                }
            }
            flush()
        }
        return lines
    }
}
