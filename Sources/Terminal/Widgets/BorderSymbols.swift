/// Box-drawing characters for borders.
public struct BorderSymbols: Hashable, Sendable {
    /// Straight pieces.
    public var horizontal: Character, vertical: Character
    /// Corner pieces.
    public var topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character
    /// Tee pieces where a divider meets a vertical border.
    public var teeLeft: Character, teeRight: Character

    /// Single-line borders: ┌─┐ │ └─┘ ├ ┤.
    public static let plain = BorderSymbols(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐",
                                            bottomLeft: "└", bottomRight: "┘", teeLeft: "├", teeRight: "┤")
    /// Rounded corners: ╭─╮ ╰─╯.
    public static let rounded = BorderSymbols(horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮",
                                              bottomLeft: "╰", bottomRight: "╯", teeLeft: "├", teeRight: "┤")
    /// Heavy lines for focused panes: ┏━┓.
    public static let thick = BorderSymbols(horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓",
                                            bottomLeft: "┗", bottomRight: "┛", teeLeft: "┣", teeRight: "┫")
}
