/// Where a rendered `Buffer` ends up: the real terminal (`NcursesBackend`) or memory (`HeadlessBackend`).
/// Backends keep the previously drawn buffer and send only the cells that changed.
public protocol Backend: AnyObject {
    /// The current screen size in cells.
    var size: Size { get }
    /// How many colours this backend shows; styles are degraded to it before drawing.
    var colorSupport: ColorSupport { get }
    /// Draws `buffer`, sending only the cells that differ from the previous draw.
    func draw(_ buffer: Buffer)
    /// Shows the cursor at `position`, or hides it when nil.
    func setCursor(_ position: Point?)
    /// Pushes everything drawn so far to the screen.
    func flush()
    /// Writes control sequences that are not cells (the bell, a desktop notification: `TerminalOutbox`) after what
    /// was drawn so far.
    func writeControl(_ sequence: String)
}

extension Backend {
    /// By default control sequences go nowhere (a backend without a terminal).
    public func writeControl(_ sequence: String) {}
}
