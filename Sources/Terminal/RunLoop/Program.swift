/// What a `Program` is told about.
public enum ProgramEvent<Message: Sendable>: Sendable {
    /// A key, paste, mouse event or resize.
    case input(InputEvent)
    /// A message posted by an effect or by `Mailbox.post(_:)` from any thread.
    case message(Message)
    /// A wake-up the program asked for through `nextWakeUp(context:)` has arrived.
    case tick
}

/// The facts a program sees with every call: time, screen size, colour and motion preferences.
public struct ProgramContext: Hashable, Sendable {
    /// Time since the run loop started (monotonic). Pass this to animations, spinners and toasts.
    public var now: Duration
    /// The screen size.
    public var size: Size
    /// Colours available (pick a `Theme` with it).
    public var colorSupport: ColorSupport
    /// True when animations should be skipped (e.g. `--reduced-motion`).
    public var reducedMotion: Bool

    /// Creates a context.
    public init(now: Duration, size: Size, colorSupport: ColorSupport = .palette256, reducedMotion: Bool = false) {
        self.now = now; self.size = size; self.colorSupport = colorSupport; self.reducedMotion = reducedMotion
    }
}

/// An interactive app in the Elm/Bubble Tea style: it handles events and returns effects as values,
/// and renders its state into a buffer. All calls happen on the run loop's (main) thread.
public protocol Program {
    /// What async work sends back.
    associatedtype Message: Sendable

    /// Work to start before the first event (e.g. load the home page).
    mutating func start(context: ProgramContext) -> Command<Message, Never>

    /// Updates state for `event` and returns the effects to run.
    mutating func update(_ event: ProgramEvent<Message>, context: ProgramContext) -> Command<Message, Never>

    /// Draws the current state; set `buffer.cursor` to show the terminal cursor.
    func render(into buffer: inout Buffer, context: ProgramContext)

    /// When the program next needs `.tick` without input (animation frame, spinner frame, toast
    /// expiry), as a time comparable to `context.now`; nil means "only on input" (idle CPU 0).
    func nextWakeUp(context: ProgramContext) -> Duration?

    /// Whether `message`, once handled, can change what `render` draws. A message that only starts work whose answer
    /// will be drawn when it comes (a background reload after a live event) says false, and the run loop skips the
    /// frame it would otherwise draw for it; a frame is drawn once any message of the batch says true.
    func redraws(after message: Message) -> Bool

    /// True once the screen shows what the program started to load (nothing it waits for is still loading): the
    /// run loop's `whenSettled` work (background jobs the first frame doesn't need) starts after such a frame.
    var isSettled: Bool { get }
}

extension Program {
    /// By default nothing starts.
    public mutating func start(context: ProgramContext) -> Command<Message, Never> { .none }
    /// By default the program only wakes on input.
    public func nextWakeUp(context: ProgramContext) -> Duration? { nil }
    /// By default every message may change the screen.
    public func redraws(after message: Message) -> Bool { true }
    /// By default every frame is settled.
    public var isSettled: Bool { true }
}
