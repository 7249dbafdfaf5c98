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
    public static let dark = palette(muted: 245, border: 240, focusedBorder: 75, selection: (231, 24), header: 250, accent: 214,
                                     success: 114, warning: 214, error: 203)

    /// For light backgrounds.
    public static let light = palette(muted: 243, border: 248, focusedBorder: 25, selection: (16, 153), header: 238, accent: 130,
                                      success: 28, warning: 130, error: 160)

    /// A coloured theme: each role's 256-colour index (the selection's foreground and background), with the attributes
    /// every coloured theme gives them (bold titles, selection, header, accent and errors).
    private static func palette(muted: UInt8, border: UInt8, focusedBorder: UInt8, selection: (UInt8, UInt8), header: UInt8, accent: UInt8,
                                success: UInt8, warning: UInt8, error: UInt8) -> Theme {
        Theme(
            text: .plain, muted: Style(foreground: .indexed(muted)), title: .bold,
            border: Style(foreground: .indexed(border)), focusedBorder: Style(foreground: .indexed(focusedBorder)),
            selection: Style(foreground: .indexed(selection.0), background: .indexed(selection.1), attributes: .bold),
            header: Style(foreground: .indexed(header), attributes: .bold),
            accent: Style(foreground: .indexed(accent), attributes: .bold),
            success: Style(foreground: .indexed(success)), warning: Style(foreground: .indexed(warning)),
            error: Style(foreground: .indexed(error), attributes: .bold))
    }

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
