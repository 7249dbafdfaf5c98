import Foundation
import ClubhouseDomain
import Terminal

/// The browsing app as the executable runs it. Pure surface: feed it terminal events and ticks, run the
/// effects it returns with an `EffectRunner`, feed the runner's actions back with `send`, and draw
/// `render(into:)` on the backend after each change.
///
///     let app = ClubhouseApp(api: api, settingsStore: FileSettingsStore(), size: backend.size)
///     let runner = EffectRunner<AppAction> { action in wakeMainLoop(action) }
///     runner.run(app.start())
///     // main loop: runner.run(app.handle(event)); runner.run(app.send(actionFromRunner)); runner.run(app.tick())
public final class ClubhouseApp {
    public private(set) var state: AppState
    public let environment: AppEnvironment
    private let clock: @Sendable () -> Date

    /// Creates the app. `monochrome` is NO_COLOR / --no-color (it overrides the saved colour setting).
    public init(api: any LeagueAPI, settingsStore: any SettingsStore, size: Size, monochrome: Bool = false,
                now: @escaping @Sendable () -> Date = { Date() }) {
        let saved = (try? settingsStore.load()) ?? nil
        self.clock = now
        self.environment = AppEnvironment(api: api, settings: settingsStore, now: now)
        self.state = AppState(settings: saved ?? UserSettings(), colorAllowed: !monochrome, size: size, now: now())
    }

    /// Monochrome when `NO_COLOR` is set (https://no-color.org) or `--no-color` was passed.
    public static func monochromeRequested(environment: [String: String], arguments: [String]) -> Bool {
        ColorSupport.noColorRequested(environment) || arguments.contains("--no-color")
    }

    /// Loads Home and the board.
    public func start() -> Effect<AppAction> { send(.started) }
    /// A terminal event (key, mouse, paste, resize).
    public func handle(_ event: InputEvent) -> Effect<AppAction> { send(.event(event)) }
    /// Time passed: advance the spinner and expire toasts (call every ~80 ms while `isAnimating`, else ~1 s).
    public func tick() -> Effect<AppAction> { send(.tick(clock())) }
    /// An action (typically one an effect answered with).
    public func send(_ action: AppAction) -> Effect<AppAction> { AppReducer.send(action, into: &state, env: environment) }

    /// Draws the screen into `buffer` (sized to the terminal).
    public func render(into buffer: inout Buffer) { AppView.render(state, into: &buffer) }
    /// True once the person asked to quit.
    public var shouldQuit: Bool { state.shouldQuit }
    /// True while something shows a spinner or a toast: tick often.
    public var isAnimating: Bool { AppView.hasSpinner(state) || state.toast != nil }
    /// Whether the terminal should report mouse events.
    public var wantsMouse: Bool { state.settings.mouse }
}

/// Executes effects: runs async work in Tasks, cancels superseded work by id, and hands every answer
/// to `deliver` (which should wake the main loop and call `ClubhouseApp.send` there).
public final class EffectRunner<Action: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [String: Task<Void, Never>] = [:]
    private let deliver: @Sendable (Action) -> Void

    public init(deliver: @escaping @Sendable (Action) -> Void) { self.deliver = deliver }

    public func run(_ effect: Effect<Action>) {
        for op in effect.operations {
            switch op {
            case .send(let a):
                deliver(a)
            case .cancel(let id):
                lock.withLock { tasks.removeValue(forKey: id) }?.cancel()
            case .run(let id, let work):
                let deliver = self.deliver
                let task = Task {
                    if let a = await work(), !Task.isCancelled { deliver(a) }
                }
                if let id { lock.withLock { let old = tasks.updateValue(task, forKey: id); return old }?.cancel() }
            }
        }
    }

    /// Cancels everything in flight (quitting).
    public func cancelAll() {
        let all = lock.withLock { let t = tasks; tasks = [:]; return t }
        for t in all.values { t.cancel() }
    }
}
