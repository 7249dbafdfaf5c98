import Terminal

/// Dark, light, or follow the terminal.
public enum ThemeMode: String, Codable, CaseIterable, Hashable, Sendable {
    case system, dark, light
    public var next: ThemeMode { let all = Self.allCases; return all[(all.firstIndex(of: self)! + 1) % all.count] }
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

/// Maps style roles to Terminal styles. Without colour every role stays legible: selection is
/// reverse video, highlight is bold underline, positive/negative rely on bold and the sign.
public struct Theme: Hashable, Sendable {
    public var mode: ThemeMode
    public var colorEnabled: Bool

    public init(mode: ThemeMode = .system, colorEnabled: Bool = true) { self.mode = mode; self.colorEnabled = colorEnabled }

    /// The monochrome theme (NO_COLOR, `--no-color`, or colour switched off).
    public static let monochrome = Theme(colorEnabled: false)

    public func style(_ role: StyleRole) -> Style {
        guard colorEnabled else { return Self.mono(role) }
        let light = mode == .light
        switch role {
        case .text: return .plain
        case .accent: return Style(foreground: light ? .indexed(25) : .indexed(81))
        case .dim: return .dim
        case .title: return Style(foreground: light ? .indexed(25) : .indexed(81), attributes: .bold)
        case .header: return Style(foreground: light ? .indexed(240) : .indexed(250), attributes: .bold)
        case .border: return Style(foreground: light ? .indexed(248) : .indexed(240))
        case .focusedBorder: return Style(foreground: light ? .indexed(25) : .indexed(81))
        case .positive: return Style(foreground: light ? .indexed(28) : .indexed(114))
        case .negative: return Style(foreground: light ? .indexed(160) : .indexed(203))
        case .selection: return Style(foreground: light ? .indexed(255) : .indexed(16), background: light ? .indexed(25) : .indexed(81), attributes: .bold)
        case .highlight: return Style(foreground: light ? .indexed(16) : .indexed(16), background: light ? .indexed(222) : .indexed(179))
        case .warning: return Style(foreground: light ? .indexed(130) : .indexed(221))
        case .error: return Style(foreground: light ? .indexed(160) : .indexed(203), attributes: .bold)
        case .key: return Style(foreground: light ? .indexed(25) : .indexed(81), attributes: .bold)
        }
    }

    static func mono(_ role: StyleRole) -> Style {
        switch role {
        case .text, .border, .negative: return .plain
        case .accent, .title, .header, .focusedBorder, .positive, .warning, .error, .key: return .bold
        case .dim: return .dim
        case .selection: return .reverse
        case .highlight: return Style(attributes: [.bold, .underline])
        }
    }
}
