/// An in-memory backend for tests: keeps what the screen would show and how much each draw changed.
public final class HeadlessBackend: Backend {
    /// The simulated screen size.
    public private(set) var size: Size
    /// The simulated colour capability.
    public let colorSupport: ColorSupport
    /// What the screen shows now (styles already degraded to `colorSupport`).
    public private(set) var screen: Buffer
    /// The cursor position, or nil when hidden.
    public private(set) var cursor: Point?
    /// Number of cells sent by the last `draw` (tests check the diffing with it).
    public private(set) var lastChangeCount = 0
    /// Number of `flush()` calls.
    public private(set) var flushCount = 0
    private var previous: Buffer?

    /// Creates a backend with a screen of `size`.
    public init(size: Size, colorSupport: ColorSupport = .palette256) {
        self.size = size
        self.colorSupport = colorSupport
        self.screen = Buffer(size: size)
    }

    /// Simulates a terminal resize: the next draw repaints everything.
    public func resize(to size: Size) {
        self.size = size
        screen = Buffer(size: size)
        previous = nil
    }

    public func draw(_ buffer: Buffer) {
        let b = buffer.degraded(to: colorSupport)
        let changes = b.changes(from: previous)
        lastChangeCount = changes.count
        if screen.area != b.area { screen = Buffer(area: b.area) }
        for c in changes { screen.put(c.cell, x: c.x, y: c.y) }
        previous = b
    }

    public func setCursor(_ position: Point?) { cursor = position }

    public func flush() { flushCount += 1 }

    /// The control sequences written after frames (`writeControl`), in order.
    public private(set) var controls: [String] = []
    public func writeControl(_ sequence: String) { controls.append(sequence) }

    /// The screen's rows as plain text.
    public func lines() -> [String] { screen.lines() }
}
