import Terminal

/// The person's theme choice, saved in settings; `.system` reads the terminal's background (COLORFGBG).
public enum ThemeMode: String, Codable, CaseIterable, Hashable, Sendable {
    case system, dark, light
    public var next: ThemeMode { let all = Self.allCases; return all[(all.firstIndex(of: self)! + 1) % all.count] }
    /// The toolkit's appearance for this choice.
    public var appearance: Appearance {
        switch self { case .system: .system; case .dark: .dark; case .light: .light }
    }
}

/// What a style is for; views ask the theme for a role, never for a colour.
public enum StyleRole: Hashable, Sendable {
    case text, accent, dim, title, header, border, focusedBorder
    case positive, negative
    /// The selected row of the focused list.
    case selection
    /// The item the board highlights for the page on top.
    case highlight
    case warning, error, key
}

extension Theme {
    /// The app's roles on the toolkit's theme. Monochrome stays legible: selection is reverse video,
    /// highlight bold underline, negative points plain (the minus sign carries it).
    public func style(_ role: StyleRole) -> Style {
        switch role {
        case .text: return text
        case .accent, .highlight: return accent
        case .dim: return muted
        case .title: return title
        case .header: return header
        case .border: return border
        case .focusedBorder: return focusedBorder
        case .positive: return success
        case .negative: return Style(foreground: error.foreground)
        case .selection: return selection
        case .warning: return warning
        case .error: return error
        case .key: return Style(foreground: focusedBorder.foreground, attributes: .bold)
        }
    }
}
