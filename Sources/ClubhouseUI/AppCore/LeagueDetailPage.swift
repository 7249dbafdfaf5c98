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
