/// Light or dark terminal background, or ask the environment.
public enum Appearance: String, Hashable, Sendable, CaseIterable {
    case dark, light, system
}

/// Semantic styles so widgets and pages never hard-code colours; one theme per appearance, and a
/// monochrome one that stays legible with attributes only (reverse video for selection).
public struct Theme: Hashable, Sendable {
    /// Body text.
    public var text: Style
    /// Secondary text: hints, metadata, disabled items.
    public var muted: Style
    /// Titles and headings.
    public var title: Style
    /// Borders of unfocused panes.
    public var border: Style
    /// Borders of the focused pane.
    public var focusedBorder: Style
    /// The selected row.
    public var selection: Style
    /// Table headers.
    public var header: Style
    /// Highlights the board shows for the sheet's context.
    public var accent: Style
    /// Positive outcomes (wins, saved).
    public var success: Style
    /// Cautions.
    public var warning: Style
    /// Failures.
    public var error: Style

    /// For dark backgrounds.
    public static let dark = Theme(
        text: .plain, muted: Style(foreground: .indexed(245)), title: .bold,
        border: Style(foreground: .indexed(240)), focusedBorder: Style(foreground: .indexed(75)),
        selection: Style(foreground: .indexed(231), background: .indexed(24), attributes: .bold),
        header: Style(foreground: .indexed(250), attributes: .bold),
        accent: Style(foreground: .indexed(214), attributes: .bold),
        success: Style(foreground: .indexed(114)), warning: Style(foreground: .indexed(214)),
        error: Style(foreground: .indexed(203), attributes: .bold))

    /// For light backgrounds.
    public static let light = Theme(
        text: .plain, muted: Style(foreground: .indexed(243)), title: .bold,
        border: Style(foreground: .indexed(248)), focusedBorder: Style(foreground: .indexed(25)),
        selection: Style(foreground: .indexed(16), background: .indexed(153), attributes: .bold),
        header: Style(foreground: .indexed(238), attributes: .bold),
        accent: Style(foreground: .indexed(130), attributes: .bold),
        success: Style(foreground: .indexed(28)), warning: Style(foreground: .indexed(130)),
        error: Style(foreground: .indexed(160), attributes: .bold))

    /// Attributes only: `NO_COLOR`, `--no-color`, or a colourless terminal.
    public static let monochrome = Theme(
        text: .plain, muted: .dim, title: .bold, border: .plain, focusedBorder: .bold,
        selection: .reverse, header: .bold.adding(.underline), accent: .bold.adding(.underline),
        success: .plain, warning: .bold, error: .bold.adding(.reverse))

    /// Creates a theme.
    public init(text: Style, muted: Style, title: Style, border: Style, focusedBorder: Style, selection: Style,
                header: Style, accent: Style, success: Style, warning: Style, error: Style) {
        self.text = text; self.muted = muted; self.title = title; self.border = border
        self.focusedBorder = focusedBorder; self.selection = selection; self.header = header
        self.accent = accent; self.success = success; self.warning = warning; self.error = error
    }

    /// The theme for `appearance` under `support`; `.system` reads `COLORFGBG` ("15;0" = light on dark).
    public static func resolve(_ appearance: Appearance, support: ColorSupport, environment: [String: String]) -> Theme {
        guard support != .none else { return .monochrome }
        switch appearance {
        case .dark: return .dark
        case .light: return .light
        case .system: return backgroundIsLight(environment) ? .light : .dark
        }
    }

    /// True when `COLORFGBG` says the background is a light colour (7 or 9–15); dark otherwise.
    public static func backgroundIsLight(_ environment: [String: String]) -> Bool {
        guard let v = environment["COLORFGBG"], let bg = v.split(separator: ";").last.flatMap({ Int($0) }) else { return false }
        return bg == 7 || (9...15).contains(bg)
    }
}
