import Foundation
import ClubhouseDomain
import Terminal

/// A short message shown on the sheet's bottom edge until `expiresAt`.
public struct Toast: Hashable, Sendable {
    public var message: String
    public var isError: Bool
    public var expiresAt: Date
    public init(message: String, isError: Bool, expiresAt: Date) { self.message = message; self.isError = isError; self.expiresAt = expiresAt }
}

/// The searchable `?` overlay.
public struct HelpState: Hashable, Sendable {
    public var query = ""
    public init(query: String = "") { self.query = query }
}

/// The whole app: the sheet's page stack, the board, settings, overlays.
public struct AppState: Equatable, Sendable {
    public var sheet: SheetState<PageEntry>
    public var board = BoardFeature.State()
    public var settings: UserSettings
    /// False under NO_COLOR / --no-color: the theme stays monochrome whatever the settings say.
    public var colorAllowed: Bool
    public var size: Size
    public var help: HelpState?
    public var toast: Toast?
    public var spinnerFrame = 0
    public var now: Date
    public var nextPageID = 1
    public var shouldQuit = false
    /// The sheet's top edge is being dragged (mouse).
    public var isDraggingSheet = false
    /// Signed out for now; the account feature will set it.
    public var signedInName: String?

    public init(settings: UserSettings = UserSettings(), colorAllowed: Bool = true, size: Size = Size(width: 80, height: 24),
                now: Date = Date(timeIntervalSince1970: 0)) {
        self.sheet = SheetState(root: PageEntry(id: 0, state: PageState(.home)))
        self.settings = settings; self.colorAllowed = colorAllowed; self.size = size; self.now = now
    }

    public var theme: Theme { Theme(mode: settings.theme, colorEnabled: settings.color && colorAllowed) }
    public var top: PageState { sheet.top.state }
    /// The pages on the stack, root first.
    public var pages: [Page] { sheet.stack.map(\.state.page) }
    public var isTooSmall: Bool { !size.fits(TooSmallScreen.defaultMinimum) }
}

extension AppState {
    /// True while the top page shows its spinner (drives fast ticks).
    public var topIsLoading: Bool {
        var b = Buffer(size: Size(width: 40, height: 2))
        top.render(in: b.area, buffer: &b, context: RenderContext(theme: .monochrome))
        return b.lines().joined().contains("Loading")
    }
}
