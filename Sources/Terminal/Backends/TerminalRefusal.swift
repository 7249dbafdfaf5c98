/// Why the app will not start on this terminal: a one-line explanation the caller prints before exiting 2.
public struct TerminalRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The one-line reason, e.g. "TERM is 'dumb': this terminal cannot move the cursor".
    public var reason: String
    /// Creates a refusal.
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
