// The shell holds every page through one box: `PageState` wraps any `PageFeature`'s state and `PageAction`
// any feature's action, and `HostedPage<F>` forwards each `PageFeature` requirement to `F` (a capability group as
// one value, through its `map`, so a new member of a group changes nothing here). A new page is a feature type
// plus one line in `PageState.init(_:)` (which feature shows which `Page`); nothing else here names a page.
import Foundation
import Terminal
import ClubhouseDomain

/// The state of one page on the sheet's stack: some `PageFeature`'s state.
public struct PageState: Equatable, Sendable {
    private var box: any PageBox

    /// Hosts `state` as a page of `feature`.
    public init<F: PageFeature>(_ feature: F.Type, _ state: F.State) { box = HostedPage<F>(state: state) }

    /// A page's initial state (idle; `onAppear` starts its loads): which feature shows which page.
    public init(_ page: Page, settings: UserSettings = UserSettings(), colorAllowed: Bool = true, terminal: DesktopTarget = DesktopTarget(protocol: nil)) {
        switch page {
        case .home: self.init(HomeFeature.self, .init())
        case .league(let id): self.init(LeagueFeature.self, .init(id: id))
        case .standings(let id): self.init(StandingsFeature.self, .init(id: id))
        case .scoreboard(let id, let week): self.init(ScoreboardFeature.self, .init(id: id, week: week))
        case .matchup(let id, let week, let team): self.init(MatchupFeature.self, .init(id: id, week: week, team: team))
        case .roster(let id, let team): self.init(RosterFeature.self, .init(id: id, team: team))
        case .player(let id, let league): self.init(PlayerFeature.self, .init(id: id, league: league))
        case .freeAgents(let id): self.init(FreeAgentsFeature.self, .init(id: id))
        case .claims(let id): self.init(ClaimsFeature.self, .init(id: id))
        case .trades(let id): self.init(TradesFeature.self, .init(id: id))
        case .tradeBuilder(let id, let counter): self.init(TradeBuilderFeature.self, .init(id: id, counter: counter))
        case .draftRoom(let id): self.init(DraftRoomFeature.self, .init(id: id, bell: settings.draftBell))
        case .scoringRules(let id): self.init(ScoringRulesFeature.self, .init(id: id))
        case .draftRecap(let id): self.init(DraftRecapFeature.self, .init(id: id))
        case .recap(let id, let week): self.init(RecapFeature.self, .init(id: id, week: week))
        case .history(let id): self.init(HistoryFeature.self, .init(id: id))
        case .chat(let id): self.init(ChatFeature.self, .init(id: id, mutes: settings.mutes(of: id)))
        case .activity(let id): self.init(ActivityFeature.self, .init(id: id, seen: settings.activitySeen[String(id.rawValue)]))
        case .leagueSettings(let id): self.init(LeagueSettingsFeature.self, .init(id: id))
        case .leagueForm(let mode): self.init(LeagueFormFeature.self, .init(mode: mode))
        case .commissioner(let id): self.init(CommissionerFeature.self, .init(id: id))
        case .settings: self.init(SettingsFeature.self, .init(settings: settings, colorAllowed: colorAllowed, terminal: terminal))
        case .account(let mode): self.init(AuthFeature.self, .init(mode: mode))
        }
    }

    /// The page's own state when it is an `F` page (nil for any other page). Setting it replaces an `F`
    /// page's state; setting it on another kind of page, or to nil, does nothing.
    public subscript<F: PageFeature>(_ feature: F.Type) -> F.State? {
        get { (box as? HostedPage<F>)?.state }
        set {
            guard let newValue, box is HostedPage<F> else { return }
            box = HostedPage<F>(state: newValue)
        }
    }
    /// True when this is an `F` page.
    public func `is`<F: PageFeature>(_ feature: F.Type) -> Bool { box is HostedPage<F> }

    public static func == (lhs: PageState, rhs: PageState) -> Bool { lhs.box.isEqual(to: rhs.box) }

    public var page: Page { box.page }
    public var boardContext: BoardContext { box.boardContext }
    public var title: String { box.title }
    public func keymap() -> Keymap<PageAction> { box.keymap() }
    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        box.render(in: area, buffer: &buffer, context: context)
    }
    public func click(at point: Point, in area: Rect, context: RenderContext) -> PageAction? {
        box.click(at: point, in: area, context: context)
    }
    public var onAppear: PageAction { box.onAppear }
    public func listAction(_ move: ListMove) -> PageAction { box.listAction(move) }
    /// True while any of the page's loads is in flight (its spinner shows).
    public var isLoading: Bool { box.isLoading }
    /// The page's capabilities, its actions as `PageAction`s (neutral when the page has none): text entry, how it
    /// hears about its writes, how it follows the league and the clock.
    public var textEntry: TextEntry<PageAction> { box.textEntry }
    public var writes: Writes<PageAction> { box.writes }
    public var live: Live<PageAction> { box.live }
    /// Runs `action` if it is addressed to this kind of page; otherwise does nothing.
    public mutating func reduce(_ action: PageAction, context: PageContext) -> Effect<PageAction> {
        box.reduce(action, context: context)
    }
}

/// An action addressed to one kind of page: some `PageFeature`'s action.
public struct PageAction: Sendable {
    private let feature: ObjectIdentifier
    private let action: any Sendable

    /// `action`, addressed to an `F` page.
    public init<F: PageFeature>(_ feature: F.Type, _ action: F.Action) {
        self.feature = ObjectIdentifier(F.self)
        self.action = action
    }
    /// The action when it is addressed to an `F` page (nil otherwise).
    public subscript<F: PageFeature>(_ feature: F.Type) -> F.Action? {
        self.feature == ObjectIdentifier(F.self) ? action as? F.Action : nil
    }
}

extension PageFeature {
    /// `action` addressed to a page of this feature.
    public static func pageAction(_ action: Action) -> PageAction { PageAction(Self.self, action) }
}

/// What the shell asks of a hosted page; `HostedPage` is the only conformer.
private protocol PageBox: Sendable {
    func isEqual(to other: any PageBox) -> Bool
    var page: Page { get }
    var boardContext: BoardContext { get }
    var title: String { get }
    func keymap() -> Keymap<PageAction>
    func render(in area: Rect, buffer: inout Buffer, context: RenderContext)
    func click(at point: Point, in area: Rect, context: RenderContext) -> PageAction?
    var onAppear: PageAction { get }
    func listAction(_ move: ListMove) -> PageAction
    var isLoading: Bool { get }
    var textEntry: TextEntry<PageAction> { get }
    var writes: Writes<PageAction> { get }
    var live: Live<PageAction> { get }
    mutating func reduce(_ action: PageAction, context: PageContext) -> Effect<PageAction>
}

/// A page of feature `F`: each requirement forwards to `F`, its actions wrapped as `PageAction`s.
private struct HostedPage<F: PageFeature>: PageBox {
    var state: F.State

    private static func wrap(_ action: F.Action) -> PageAction { PageAction(F.self, action) }

    func isEqual(to other: any PageBox) -> Bool { (other as? HostedPage<F>)?.state == state }
    var page: Page { F.page(state) }
    var boardContext: BoardContext { F.board(state) }
    var title: String { F.title(state) }
    func keymap() -> Keymap<PageAction> { F.keymap(state).mapActions(Self.wrap) }
    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        F.render(state, in: area, buffer: &buffer, context: context)
    }
    func click(at point: Point, in area: Rect, context: RenderContext) -> PageAction? {
        F.click(state, at: point, in: area, context: context).map(Self.wrap)
    }
    var onAppear: PageAction { Self.wrap(F.onAppear) }
    func listAction(_ move: ListMove) -> PageAction { Self.wrap(F.list(move)) }
    var isLoading: Bool { F.isLoading(state) }
    var textEntry: TextEntry<PageAction> { F.textEntry(state).map(Self.wrap) }
    var writes: Writes<PageAction> { F.writes(state).map(Self.wrap) }
    var live: Live<PageAction> { F.live(state).map(Self.wrap) }
    mutating func reduce(_ action: PageAction, context: PageContext) -> Effect<PageAction> {
        guard let own = action[F.self] else { return .none }
        return F.reduce(into: &state, action: own, context: context).map(Self.wrap)
    }
}

/// A page on the stack with a stable id, so answers for a popped page are recognised and dropped.
public struct PageEntry: Equatable, Sendable {
    public var id: Int
    public var state: PageState
    public init(id: Int, state: PageState) { self.id = id; self.state = state }
}
