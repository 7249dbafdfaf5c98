import Foundation
import ClubhouseDomain
import Terminal

/// What reducers' effects may use: the league API, the settings store and the clock.
public struct AppEnvironment: Sendable {
    public var api: any LeagueAPI
    public var settings: any SettingsStore
    public var now: @Sendable () -> Date
    /// Waits (debouncing live refreshes); tests inject one that returns at once.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// The one pending gated write, kept durably through sign-in (ClubhouseDomain/README.md, “Gated writes”).
    public var pendingActions: any PendingActionStoring
    /// Rings the terminal bell (BEL on the terminal's output); tests inject a recorder.
    public var bell: @Sendable () -> Void
    /// Writes a control sequence (a desktop notification) through the terminal layer (`TerminalOutbox`); tests
    /// inject a recorder. Nothing by default.
    public var terminalOutput: @Sendable (String) -> Void = { _ in }
    /// The SSH key this session connected with (`clubhouse ssh-session`); nil in a local terminal.
    public var sshKey: SSHKeyDevice?
    /// Which league server the app is on and whether it answers ("on club.example:8787", "… offline · as of 14:02");
    /// nil on the embedded database. Read every frame for the top bar.
    public var serverStatus: (@Sendable () -> String?)?
    /// What each page on the sheet started, ended when the page leaves (see `PageLifetimes`).
    public var pages = PageLifetimes()

    public init(api: any LeagueAPI, settings: any SettingsStore, now: @escaping @Sendable () -> Date = { Date() },
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                pendingActions: any PendingActionStoring = InMemoryPendingActionStore(),
                bell: @escaping @Sendable () -> Void = AppEnvironment.terminalBell) {
        self.api = api; self.settings = settings; self.now = now; self.sleep = sleep; self.pendingActions = pendingActions; self.bell = bell
    }

    /// Writes BEL to standard output (the terminal ncurses draws on); a no-op when it isn't a TTY.
    public static let terminalBell: @Sendable () -> Void = {
        guard isatty(STDOUT_FILENO) != 0 else { return }
        var bel: UInt8 = 7
        _ = write(STDOUT_FILENO, &bel, 1)
    }
}

/// What a page reducer gets besides its state and action.
public struct PageContext: Sendable {
    public var env: AppEnvironment
    /// Rows the page's list shows at once (for PgUp/PgDn).
    public var viewport: Int
    public init(env: AppEnvironment, viewport: Int) { self.env = env; self.viewport = viewport }
}

/// What a view gets besides its state: the theme, run-loop time (spinners) and the wall-clock date.
public struct RenderContext: Sendable {
    public var theme: Theme
    /// Run-loop time; spinner frames come from it.
    public var clock: Duration
    /// "Now" for relative dates ("draft in 2 days").
    public var now: Date
    /// True when this pane has the keyboard focus.
    public var focused: Bool
    /// The decimals fantasy scores are shown with: the league the board follows (`LeagueSettings.decimals`; nil: one).
    public var decimals: Int?
    public init(theme: Theme, clock: Duration = .zero, now: Date = Date(timeIntervalSince1970: 0), focused: Bool = true, decimals: Int? = nil) {
        self.theme = theme; self.clock = clock; self.now = now; self.focused = focused; self.decimals = decimals
    }
    public func style(_ role: StyleRole) -> Style { theme.style(role) }
    func with(focused: Bool) -> RenderContext { var c = self; c.focused = focused; return c }
}

/// What a page asks its parent to do: pages never reach into a sibling's screens.
public enum PageDelegate: Hashable, Sendable {
    case open(Page)
    case toast(String)
    /// The Settings page changed the person's settings.
    case applySettings(UserSettings)
    /// The League chat page changed the notification categories muted in its league.
    case mutesChanged(LeagueID, Set<NotificationCategory>)
    /// The Activity page showed a league's feed up to this line: the settings keep it as "seen" (`UserSettings.activitySeen`).
    case activitySeen(LeagueID, Int64)
    /// Do a gated write: at once when signed in, through Sign in first when not (README.md, “Accounts”).
    case perform(GatedWrite)
    /// The Sign in / Create account / Complete profile page finished: the account as it now is.
    case signedIn(User)
    /// Leave this page (Esc from a page that types every key).
    case back
    /// The server said the session ended (`DomainError.unauthenticated`): the gate signs the person out and says so.
    /// Sent by a load's work beside its answer (`Effect.load`), whatever page asked.
    case sessionEnded
}
