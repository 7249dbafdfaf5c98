import Foundation
import ClubhouseDomain
import Terminal

/// The browsing app as a toolkit `Program`: the executable runs it on the terminal's run loop.
///
///     let program = ClubhouseProgram(api: api, settingsStore: FileSettingsStore(),
///                                    monochrome: ClubhouseProgram.monochromeRequested(environment: env, arguments: args),
///                                    environment: env)
///     let outcome = try TerminalRunner(options: .init(backend: …)).run(program)
///
/// Every event goes through the pure `AppReducer`; its `Effect` is the run loop's `Command` once the shell has answered
/// its pages' requests (tasks with ids, so superseded loads are cancelled; `.quit` ends the run loop).
public struct ClubhouseProgram: Program {
    public typealias Message = AppAction

    public private(set) var state: AppState
    public let environment: AppEnvironment
    private let monochrome: Bool
    /// The bell and desktop notifications, written by the run loop after its frames (`TerminalOutbox`): hand it to
    /// `TerminalRunner.run(_:outbox:)`.
    public let outbox = TerminalOutbox()

    /// Creates the app. `monochrome` is NO_COLOR / --no-color (it overrides the saved colour setting);
    /// `environment` supplies COLORFGBG for the system theme; `now` is the wall clock (injected in tests);
    /// `pendingActions` keeps the sign-in gate's pending write (the executable passes the file-backed store).
    public init(api: any LeagueAPI, settingsStore: any SettingsStore, monochrome: Bool = false,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                size: Size = Size(width: 80, height: 24), now: @escaping @Sendable () -> Date = { Date() },
                pendingActions: any PendingActionStoring = InMemoryPendingActionStore(), sshKey: SSHKeyDevice? = nil,
                notices: [String] = [], serverStatus: (@Sendable () -> String?)? = nil, serverWarning: String? = nil,
                serverMeta: ServerMeta? = nil) {
        let saved = (try? settingsStore.load()) ?? nil
        self.monochrome = monochrome
        var env = AppEnvironment(api: api, settings: settingsStore, now: now, pendingActions: pendingActions)
        let outbox = self.outbox
        env.bell = { outbox.bell() }
        env.terminalOutput = { outbox.send($0) }
        env.sshKey = sshKey
        env.serverStatus = serverStatus
        self.environment = env
        self.state = AppState(settings: saved ?? UserSettings(), colorAllowed: !monochrome,
                              systemIsLight: Theme.backgroundIsLight(environment), size: size, now: now())
        self.state.sshKey = sshKey.map(SSHKeyState.init)
        self.state.terminal = DesktopTarget.detect(environment)
        self.state.serverWarning = serverWarning
        self.state.serverMeta = serverMeta
        self.notices = notices
    }

    /// What the person should hear about as the app starts (a damaged local file moved aside…): shown as
    /// warnings on the first screen, long enough to read.
    private let notices: [String]
    /// How long a start-up notice stays.
    public static let noticeDuration: Duration = .seconds(20)

    /// Monochrome when `NO_COLOR` is set (https://no-color.org) or `--no-color` was passed.
    public static func monochromeRequested(environment: [String: String], arguments: [String]) -> Bool {
        ColorSupport.noColorRequested(environment) || arguments.contains("--no-color")
    }

    public mutating func start(context: ProgramContext) -> Command<AppAction, Never> {
        apply(context)
        for notice in notices { state.toasts.post(notice, level: .warning, now: context.now, duration: Self.noticeDuration) }
        return command(for: .started)
    }

    public mutating func update(_ event: ProgramEvent<AppAction>, context: ProgramContext) -> Command<AppAction, Never> {
        apply(context)
        switch event {
        case .input(let input): return command(for: .event(input))
        case .message(let action): return command(for: action)
        case .tick: return command(for: .tick(clock: context.now, date: environment.now()))
        }
    }

    public func render(into buffer: inout Buffer, context: ProgramContext) {
        var s = state
        s.clock = context.now
        // Wall-clock time as of this frame: a room refreshed by a pick between ticks counts down from the right second.
        s.now = environment.now()
        s.size = buffer.size
        s.serverStatus = environment.serverStatus?()
        AppView.render(s, into: &buffer)
    }

    /// A league's live event draws nothing by itself: the board notes it and reloads what it shows in the background,
    /// and so does the page on top (`AppReducer`, `.board(.refreshDue)`); the shown values stay until the answers come,
    /// and those are drawn. Each SSH session draws one frame fewer per pick for it: it drew the unchanged screen
    /// again for the event before.
    public func redraws(after message: AppAction) -> Bool {
        switch message {
        case .board(.eventReceived), .board(.refreshDue), .notifications(.eventReceived): false
        default: true
        }
    }

    /// Wakes for sheet animation frames, spinner frames and toast expiry; idle otherwise.
    public func nextWakeUp(context: ProgramContext) -> Duration? {
        let now = context.now
        let candidates: [Duration?] = [
            state.sheet.nextWakeUp(at: now),
            state.isLoading ? Spinner.nextWakeUp(after: now) : nil,
            state.toasts.nextDeadline,
            countdownWakeUp(after: now),
        ]
        return candidates.compactMap { $0 }.min()
    }

    /// A countdown on the page on top (the draft room's pick clock, once a second while a live room shows).
    func countdownWakeUp(after now: Duration) -> Duration? {
        state.top.live.nextTick(environment.now()).map { now + $0 }
    }

    /// Settled once nothing on screen is still loading (Home's leagues and the board are in): background clocks
    /// start after that (see `TerminalRunner.run(_:environment:onStart:whenSettled:)`).
    public var isSettled: Bool { !state.isLoading }

    /// Whether the terminal should report mouse events.
    public var wantsMouse: Bool { state.settings.mouse }

    // MARK: - Plumbing

    private mutating func apply(_ context: ProgramContext) {
        state.colorAllowed = !monochrome && context.colorSupport != .none
        state.clock = context.now
        state.size = context.size
        state.animationsEnabled = !context.reducedMotion
    }

    /// The shell's effect as the run loop takes it: the shell answers its pages' requests where it runs them, so none
    /// is left here (any that were would be answered the same way).
    private mutating func command(for action: AppAction) -> Command<AppAction, Never> {
        AppReducer.send(action, into: &state, env: environment).answeringRequests(AppReducer.handle)
    }
}

