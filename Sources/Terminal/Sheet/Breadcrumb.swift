/// The sheet's "Home › Gridiron Greats › Week 9" trail, shortened from the left when too long.
public enum Breadcrumb {
    /// Separator between titles.
    public static let separator = " › "

    /// The trail for `titles` in at most `width` cells: leading titles give way to "…" first, then the
    /// remaining text is cut from the left.
    public static func text(_ titles: [String], width: Int) -> String {
        guard width > 0, !titles.isEmpty else { return "" }
        let full = titles.joined(separator: separator)
        if full.displayWidth <= width { return full }
        for drop in 1..<titles.count {
            let t = "…" + separator + titles[drop...].joined(separator: separator)
            if t.displayWidth <= width { return t }
        }
        return titles.last!.truncatedLeading(toWidth: width)
    }
}
