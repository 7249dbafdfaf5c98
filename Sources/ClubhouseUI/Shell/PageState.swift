import ClubhouseDomain

extension PageState {
    /// A page's initial state (idle; `onAppear` starts its loads).
    public init(_ page: Page, settings: UserSettings = UserSettings(), colorAllowed: Bool = true) {
        switch page {
        case .home: self = .home(HomeFeature.State())
        case .league(let id): self = .league(LeagueFeature.State(id: id))
        case .standings(let id): self = .standings(StandingsFeature.State(id: id))
        case .scoreboard(let id, let week): self = .scoreboard(ScoreboardFeature.State(id: id, week: week))
        case .matchup(let id, let week, let team): self = .matchup(MatchupFeature.State(id: id, week: week, team: team))
        case .roster(let id, let team): self = .roster(RosterFeature.State(id: id, team: team))
        case .player(let id, let league): self = .player(PlayerFeature.State(id: id, league: league))
        case .freeAgents(let id): self = .freeAgents(FreeAgentsFeature.State(id: id))
        case .claims(let id): self = .claims(ClaimsFeature.State(id: id))
        case .draftRoom(let id): self = .draftRoom(DraftRoomFeature.State(id: id, bell: settings.draftBell))
        case .scoringRules(let id): self = .scoringRules(ScoringRulesFeature.State(id: id))
        case .draftRecap(let id): self = .draftRecap(DraftRecapFeature.State(id: id))
        case .leagueSettings(let id): self = .leagueSettings(LeagueSettingsFeature.State(id: id))
        case .leagueForm(let mode): self = .leagueForm(LeagueFormFeature.State(mode: mode))
        case .commissioner(let id): self = .commissioner(CommissionerFeature.State(id: id))
        case .settings: self = .settings(SettingsFeature.State(settings: settings, colorAllowed: colorAllowed))
        case .account(let mode): self = .auth(AuthFeature.State(mode: mode))
        }
    }
}

/// A page on the stack with a stable id, so answers for a popped page are recognised and dropped.
public struct PageEntry: Equatable, Sendable {
    public var id: Int
    public var state: PageState
    public init(id: Int, state: PageState) { self.id = id; self.state = state }
}
