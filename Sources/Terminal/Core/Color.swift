/// A terminal colour: the terminal's default, one of the 8 basic colours, or a 256-palette index.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground/background (ncurses `-1` with `use_default_colors`).
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    /// An xterm 256-colour palette index.
    case indexed(UInt8)

    /// The 8 basic colours in ANSI order (index 0–7).
    public static let basic: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

    /// The ANSI/palette index, or nil for `.default`.
    public var paletteIndex: Int? {
        switch self {
        case .default: return nil
        case .indexed(let i): return Int(i)
        default: return Color.basic.firstIndex(of: self)
        }
    }

    /// This colour as representable under `support` (256 → nearest basic colour; none → default).
    public func degraded(to support: ColorSupport) -> Color {
        switch support {
        case .palette256: return self
        case .none: return .default
        case .basic8:
            guard case .indexed(let i) = self else { return self }
            return Color.nearestBasic(toPaletteIndex: Int(i))
        }
    }

    /// Maps a 256-palette index onto the closest of the 8 basic colours.
    static func nearestBasic(toPaletteIndex i: Int) -> Color {
        switch i {
        case 0..<8: return basic[i]
        case 8..<16: return basic[i - 8]
        case 16..<232:
            // Cube levels as RGB; keep the channels that are close to the strongest one.
            let levels = [0, 95, 135, 175, 215, 255]
            let v = i - 16
            let rgb = [levels[v / 36], levels[(v / 6) % 6], levels[v % 6]]
            let top = rgb.max()!, bottom = rgb.min()!
            if top - bottom < 24 { return top >= 128 ? .white : .black }
            let threshold = max(60, top * 2 / 3)
            let bits = (rgb[0] >= threshold ? 1 : 0) | (rgb[1] >= threshold ? 2 : 0) | (rgb[2] >= threshold ? 4 : 0)
            return basic[bits]
        default:
            return i < 244 ? .black : .white
        }
    }
}

/// How many colours the terminal can show.
public enum ColorSupport: Int, Comparable, Sendable {
    /// Monochrome: `NO_COLOR`, `--no-color`, or a terminal without colour.
    case none = 0
    /// The 8 ANSI colours.
    case basic8 = 8
    /// The xterm 256-colour palette.
    case palette256 = 256

    /// Orders by richness: none < basic8 < palette256.
    public static func < (a: ColorSupport, b: ColorSupport) -> Bool { a.rawValue < b.rawValue }

    /// The support for a terminal reporting `colors` colours, forced to none when monochrome is requested.
    public static func detect(colors: Int, monochrome: Bool) -> ColorSupport {
        if monochrome { return .none }
        if colors >= 256 { return .palette256 }
        if colors >= 8 { return .basic8 }
        return .none
    }

    /// True when `NO_COLOR` is present and non-empty in `environment` (https://no-color.org).
    public static func noColorRequested(_ environment: [String: String]) -> Bool {
        if let v = environment["NO_COLOR"], !v.isEmpty { return true }
        return false
    }
}
