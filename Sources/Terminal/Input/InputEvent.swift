/// Something the user did at the terminal.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// Text pasted with bracketed paste (one event for the whole paste; newlines normalised to "\n").
    case paste(String)
    /// A mouse click, release, drag or wheel step.
    case mouse(MouseEvent)
    /// The terminal was resized to a new size.
    case resize(Size)
}
