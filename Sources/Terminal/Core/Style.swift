/// Text attributes a cell can carry.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The attribute bits.
    public let rawValue: UInt8
    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold (bright) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Faint text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Swapped foreground and background.
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 3)
}

/// How a cell looks: foreground, background and attributes.
public struct Style: Hashable, Sendable {
    /// Text colour.
    public var foreground: Color
    /// Cell background colour.
    public var background: Color
    /// Bold, dim, reverse, underline.
    public var attributes: TextAttributes

    /// Creates a style; everything defaults to the terminal's own look.
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground; self.background = background; self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()
    /// Bold text.
    public static let bold = Style(attributes: .bold)
    /// Dim text (hints, disabled items).
    public static let dim = Style(attributes: .dim)
    /// Reverse video: the selection style that survives monochrome.
    public static let reverse = Style(attributes: .reverse)
    /// Underlined text.
    public static let underline = Style(attributes: .underline)

    /// A copy with a different foreground.
    public func fg(_ color: Color) -> Style { var s = self; s.foreground = color; return s }
    /// A copy with a different background.
    public func bg(_ color: Color) -> Style { var s = self; s.background = color; return s }
    /// A copy with `attributes` added.
    public func adding(_ attributes: TextAttributes) -> Style { var s = self; s.attributes.formUnion(attributes); return s }

    /// This style as representable under `support`.
    /// In monochrome, a style that relied on a background colour (a highlight) becomes reverse video
    /// so the selection stays visible.
    public func degraded(to support: ColorSupport) -> Style {
        guard support != .none else {
            var s = Style(attributes: attributes)
            if background != .default { s.attributes.insert(.reverse) }
            return s
        }
        return Style(foreground: foreground.degraded(to: support),
                     background: background.degraded(to: support),
                     attributes: attributes)
    }
}
