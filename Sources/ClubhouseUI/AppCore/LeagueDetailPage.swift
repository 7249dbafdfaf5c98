import ClubhouseDomain
import Terminal

/// The state of a page that reads one league's detail and lists part of it (League settings, Scoring rules):
/// the league, its load, and the list's selection.
public struct LeagueDetailPageState: Equatable, Sendable {
    public var id: LeagueID
    public var detail = Loadable<LeagueDetail>()
    public var list = ListState()
    public init(id: LeagueID) { self.id = id }

    /// (Re)loads the league as cancellable effect `id` (the page's own); a newer load supersedes an older one.
    mutating func load<Action: Sendable>(_ context: PageContext, id effect: some EffectIdentifier,
                                         answer: @escaping @Sendable (RequestToken, Result<LeagueDetail, PresentableError>) -> Action) -> Effect<Action> {
        let token = detail.begin(), api = context.env.api, id = id
        return .load(token, id: effect, { try await api.league(id) }, answer: answer)
    }
}

extension LeagueDetailPageState: LoadingReporting {
    public var isLoading: Bool { detail.isLoading }
}

/// What a league-detail page is asked: its load (pushed, retried), the answer, the list's moves, and a key that opens
/// another page. One action type for every such page; their reducer is `LeagueDetailPage.reduce`.
public enum LeagueDetailAction: PageActionCases {
    case onAppear, retry
    case leagueLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
    case list(ListMove)
    /// A key that opened another page (the scoring rules, the league settings, the settings form).
    case opened(Page)
}

/// A page that reads one league's detail and lists part of it (League settings, Scoring rules): its reducer and its
/// board are written once, here; a page writes its title, its rows, its keys and its view.
public protocol LeagueDetailPage: PageFeature where State == LeagueDetailPageState, Action == LeagueDetailAction {
    /// How many rows the page lists from the league.
    static func rowCount(_ detail: LeagueDetail) -> Int
    /// The page's read of the league, as its own cancellable effect (two pages' reads never meet).
    static func detailEffect(_ id: LeagueID) -> TaskID
}

extension LeagueDetailPage {
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: nil) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            return state.load(context, id: detailEffect(state.id), answer: Action.leagueLoaded)
        case .leagueLoaded(let t, let r):
            state.detail.finish(t, r); return .none
        case .list(let m):
            state.list.apply(m, count: state.detail.value.map(rowCount) ?? 0, viewport: context.viewport); return .none
        case .opened(let page):
            return .delegate(.open(page))
        }
    }
}
