/// A busy indicator whose frame is derived from the time passed in (no clock reads).
public struct Spinner: Widget, Sendable {
    /// Braille dots, one step per `interval`.
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Time per frame.
    public static let interval: Duration = .milliseconds(80)

    /// Text after the spinner ("Loading standings…").
    public var label: String
    /// The current time (since the run loop started).
    public var now: Duration
    /// Style of frame and label.
    public var style: Style

    /// Creates a spinner for time `now`.
    public init(_ label: String = "", now: Duration, style: Style = .plain) {
        self.label = label; self.now = now; self.style = style
    }

    /// The frame index shown at `now`.
    public static func frameIndex(at now: Duration) -> Int {
        let ms = now / .milliseconds(1)
        let step = Int(ms / 80)
        return ((step % frames.count) + frames.count) % frames.count
    }

    /// How long until the frame changes after `now` (the run loop's wake-up for spinners).
    public static func nextFrame(after now: Duration) -> Duration {
        let ms = Int(now / .milliseconds(1))
        return .milliseconds(80 - ((ms % 80) + 80) % 80)
    }

    /// The time the frame after `now` is due — return it from `Program.nextWakeUp` while loading.
    public static func nextWakeUp(after now: Duration) -> Duration { now + nextFrame(after: now) }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let text = label.isEmpty ? String(Spinner.frames[Spinner.frameIndex(at: now)])
                                 : "\(Spinner.frames[Spinner.frameIndex(at: now)]) \(label)"
        buffer.set(string: text, at: Point(x: area.x, y: area.y), style: style, maxWidth: area.width)
    }
}
