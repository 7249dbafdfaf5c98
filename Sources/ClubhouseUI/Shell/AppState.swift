import Foundation
import ClubhouseDomain
import Terminal

/// The whole app: the sheet's page stack, the board, settings, overlays.
public struct AppState: Equatable, Sendable {
    public var sheet: SheetState<PageEntry>
    public var board = BoardFeature.State()
    public var settings: UserSettings
    /// False under NO_COLOR / --no-color: the theme stays monochrome whatever the settings say.
    public var colorAllowed: Bool
    /// The terminal reports a light background (COLORFGBG); `.system` themes follow it.
    public var systemIsLight: Bool
    public var size: Size
    /// The `?` overlay, when open.
    public var help: HelpOverlayState?
    public var toasts = ToastQueue(limit: 2)
    /// Mentions and chat in the person's leagues: the bell's count, what is muted (`NotificationsFeature`).
    public var notifications: NotificationsFeature.State
    /// The terminal desktop notifications go to, as detected from the environment at start (`DesktopTarget.detect`).
    public var terminal = DesktopTarget(protocol: nil)
    /// Run-loop time (animations, spinner, toasts).
    public var clock: Duration = .zero
    /// Wall-clock "now", from the injected clock: for what happens in real time (the pick countdown, invite expiries, join
    /// requests). A league's own dates are measured on its season clock instead (`Format.relative(_:leagueClock:)`).
    public var now: Date
    /// Detent changes animate (off in tests and under reduced motion).
    public var animationsEnabled = false
    public var nextPageID = 1
    /// Who the app speaks for (README.md, “Accounts”): checked on launch, set by Sign in / Sign out, wiped by a session that ended.
    public var session: SessionState = .unknown
    /// The gated write waiting for sign-in (also kept durably in `AppEnvironment.pendingActions`).
    public var pendingAction: PendingAction?
    /// The launch question for a pending action found on disk ("Finish joining Sunday Funday? y/n").
    public var prompt: PendingPrompt?
    /// Over SSH: the key's linked account and the link offer (nil in a local terminal).
    public var sshKey: SSHKeyState?

    /// The name in the top bar; nil when signed out.
    /// The league server line for the top bar (nil on the embedded database); set at each frame.
    public var serverStatus: String?
    /// False while the league server can't be reached (remote mode; always true on the embedded database).
    public var serverReachable = true
    /// Said in the top bar in warning colours for as long as the app runs: "plain HTTP" when the server is another
    /// machine reached without TLS (`--allow-plain-http`).
    public var serverWarning: String?
    /// What the league server said of itself at start (`GET /v1/meta`): keys whose operation it doesn't serve are
    /// disabled with the reason (`AppReducer.activeKeymap`). nil on the embedded database, or when it wasn't reached.
    public var serverMeta: ServerMeta?

    public var signedInName: String? {
        guard let u = session.user else { return nil }
        return u.displayName.isEmpty ? u.email : u.displayName
    }

    public init(settings: UserSettings = UserSettings(), colorAllowed: Bool = true, systemIsLight: Bool = false,
                size: Size = Size(width: 80, height: 24), now: Date = Date(timeIntervalSince1970: 0)) {
        self.sheet = SheetState(root: PageEntry(id: 0, state: PageState(.home)))
        self.settings = settings; self.colorAllowed = colorAllowed; self.systemIsLight = systemIsLight
        self.size = size; self.now = now
        self.notifications = NotificationsFeature.State(since: now)
    }

    public var theme: Theme {
        let support: ColorSupport = settings.color && colorAllowed ? .palette256 : .none
        return Theme.resolve(settings.theme.appearance, support: support, environment: systemIsLight ? ["COLORFGBG": "0;15"] : [:])
    }
    public var top: PageState { sheet.top.state }
    /// The pages on the stack, root first.
    public var pages: [Page] { sheet.stack.map(\.state.page) }
    public var isTooSmall: Bool { !size.fits(TooSmallScreen.defaultMinimum) }
    /// True while the board or the top page shows a spinner.
    public var isLoading: Bool {
        let b = board
        return top.isLoading || b.featured.isLoading || b.standings.isLoading || b.scoreboard.isLoading || b.draft.isLoading || b.league.isLoading
    }
}
