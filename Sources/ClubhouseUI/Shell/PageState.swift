import ClubhouseDomain

extension PageState {
    /// A page's initial state (idle; `onAppear` starts its loads).
    public init(_ page: Page) {
        switch page {
        case .home: self = .home(HomeFeature.State())
        case .league(let id): self = .league(LeagueFeature.State(id: id))
        default: self = .home(HomeFeature.State())
        }
    }
}

/// A page on the stack with a stable id, so answers for a popped page are recognised and dropped.
public struct PageEntry: Equatable, Sendable {
    public var id: Int
    public var state: PageState
    public init(id: Int, state: PageState) { self.id = id; self.state = state }
}
