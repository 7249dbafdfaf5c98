// One switch per PageFeature requirement, so the shell drives every page alike. A new page adds one case to each.
import Terminal
import ClubhouseDomain

/// The state of one page on the sheet's stack.
public enum PageState: Equatable, Sendable {
    case home(HomeFeature.State)
    case league(LeagueFeature.State)
    case standings(StandingsFeature.State)
    case scoreboard(ScoreboardFeature.State)
    case matchup(MatchupFeature.State)
    case roster(RosterFeature.State)
    case player(PlayerFeature.State)
    case freeAgents(FreeAgentsFeature.State)
    case claims(ClaimsFeature.State)
    case draftRoom(DraftRoomFeature.State)
    case scoringRules(ScoringRulesFeature.State)
    case draftRecap(DraftRecapFeature.State)
    case leagueSettings(LeagueSettingsFeature.State)
    case leagueForm(LeagueFormFeature.State)
    case commissioner(CommissionerFeature.State)
    case settings(SettingsFeature.State)
    case auth(AuthFeature.State)
}

/// An action addressed to one page.
public enum PageAction: Sendable {
    case home(HomeFeature.Action)
    case league(LeagueFeature.Action)
    case standings(StandingsFeature.Action)
    case scoreboard(ScoreboardFeature.Action)
    case matchup(MatchupFeature.Action)
    case roster(RosterFeature.Action)
    case player(PlayerFeature.Action)
    case freeAgents(FreeAgentsFeature.Action)
    case claims(ClaimsFeature.Action)
    case draftRoom(DraftRoomFeature.Action)
    case scoringRules(ScoringRulesFeature.Action)
    case draftRecap(DraftRecapFeature.Action)
    case leagueSettings(LeagueSettingsFeature.Action)
    case leagueForm(LeagueFormFeature.Action)
    case commissioner(CommissionerFeature.Action)
    case settings(SettingsFeature.Action)
    case auth(AuthFeature.Action)
}

extension PageState {
    public var page: Page {
        switch self {
        case .home(let s): HomeFeature.page(s)
        case .league(let s): LeagueFeature.page(s)
        case .standings(let s): StandingsFeature.page(s)
        case .scoreboard(let s): ScoreboardFeature.page(s)
        case .matchup(let s): MatchupFeature.page(s)
        case .roster(let s): RosterFeature.page(s)
        case .player(let s): PlayerFeature.page(s)
        case .freeAgents(let s): FreeAgentsFeature.page(s)
        case .claims(let s): ClaimsFeature.page(s)
        case .draftRoom(let s): DraftRoomFeature.page(s)
        case .scoringRules(let s): ScoringRulesFeature.page(s)
        case .draftRecap(let s): DraftRecapFeature.page(s)
        case .leagueSettings(let s): LeagueSettingsFeature.page(s)
        case .leagueForm(let s): LeagueFormFeature.page(s)
        case .commissioner(let s): CommissionerFeature.page(s)
        case .settings(let s): SettingsFeature.page(s)
        case .auth(let s): AuthFeature.page(s)
        }
    }
    public var boardContext: BoardContext {
        switch self {
        case .home(let s): HomeFeature.board(s)
        case .league(let s): LeagueFeature.board(s)
        case .standings(let s): StandingsFeature.board(s)
        case .scoreboard(let s): ScoreboardFeature.board(s)
        case .matchup(let s): MatchupFeature.board(s)
        case .roster(let s): RosterFeature.board(s)
        case .player(let s): PlayerFeature.board(s)
        case .freeAgents(let s): FreeAgentsFeature.board(s)
        case .claims(let s): ClaimsFeature.board(s)
        case .draftRoom(let s): DraftRoomFeature.board(s)
        case .scoringRules(let s): ScoringRulesFeature.board(s)
        case .draftRecap(let s): DraftRecapFeature.board(s)
        case .leagueSettings(let s): LeagueSettingsFeature.board(s)
        case .leagueForm(let s): LeagueFormFeature.board(s)
        case .commissioner(let s): CommissionerFeature.board(s)
        case .settings(let s): SettingsFeature.board(s)
        case .auth(let s): AuthFeature.board(s)
        }
    }
    public var title: String {
        switch self {
        case .home(let s): HomeFeature.title(s)
        case .league(let s): LeagueFeature.title(s)
        case .standings(let s): StandingsFeature.title(s)
        case .scoreboard(let s): ScoreboardFeature.title(s)
        case .matchup(let s): MatchupFeature.title(s)
        case .roster(let s): RosterFeature.title(s)
        case .player(let s): PlayerFeature.title(s)
        case .freeAgents(let s): FreeAgentsFeature.title(s)
        case .claims(let s): ClaimsFeature.title(s)
        case .draftRoom(let s): DraftRoomFeature.title(s)
        case .scoringRules(let s): ScoringRulesFeature.title(s)
        case .draftRecap(let s): DraftRecapFeature.title(s)
        case .leagueSettings(let s): LeagueSettingsFeature.title(s)
        case .leagueForm(let s): LeagueFormFeature.title(s)
        case .commissioner(let s): CommissionerFeature.title(s)
        case .settings(let s): SettingsFeature.title(s)
        case .auth(let s): AuthFeature.title(s)
        }
    }
    public func keymap() -> Keymap<PageAction> {
        switch self {
        case .home(let s): HomeFeature.keymap(s).mapActions(PageAction.home)
        case .league(let s): LeagueFeature.keymap(s).mapActions(PageAction.league)
        case .standings(let s): StandingsFeature.keymap(s).mapActions(PageAction.standings)
        case .scoreboard(let s): ScoreboardFeature.keymap(s).mapActions(PageAction.scoreboard)
        case .matchup(let s): MatchupFeature.keymap(s).mapActions(PageAction.matchup)
        case .roster(let s): RosterFeature.keymap(s).mapActions(PageAction.roster)
        case .player(let s): PlayerFeature.keymap(s).mapActions(PageAction.player)
        case .freeAgents(let s): FreeAgentsFeature.keymap(s).mapActions(PageAction.freeAgents)
        case .claims(let s): ClaimsFeature.keymap(s).mapActions(PageAction.claims)
        case .draftRoom(let s): DraftRoomFeature.keymap(s).mapActions(PageAction.draftRoom)
        case .scoringRules(let s): ScoringRulesFeature.keymap(s).mapActions(PageAction.scoringRules)
        case .draftRecap(let s): DraftRecapFeature.keymap(s).mapActions(PageAction.draftRecap)
        case .leagueSettings(let s): LeagueSettingsFeature.keymap(s).mapActions(PageAction.leagueSettings)
        case .leagueForm(let s): LeagueFormFeature.keymap(s).mapActions(PageAction.leagueForm)
        case .commissioner(let s): CommissionerFeature.keymap(s).mapActions(PageAction.commissioner)
        case .settings(let s): SettingsFeature.keymap(s).mapActions(PageAction.settings)
        case .auth(let s): AuthFeature.keymap(s).mapActions(PageAction.auth)
        }
    }
    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        switch self {
        case .home(let s): HomeFeature.render(s, in: area, buffer: &buffer, context: context)
        case .league(let s): LeagueFeature.render(s, in: area, buffer: &buffer, context: context)
        case .standings(let s): StandingsFeature.render(s, in: area, buffer: &buffer, context: context)
        case .scoreboard(let s): ScoreboardFeature.render(s, in: area, buffer: &buffer, context: context)
        case .matchup(let s): MatchupFeature.render(s, in: area, buffer: &buffer, context: context)
        case .roster(let s): RosterFeature.render(s, in: area, buffer: &buffer, context: context)
        case .player(let s): PlayerFeature.render(s, in: area, buffer: &buffer, context: context)
        case .freeAgents(let s): FreeAgentsFeature.render(s, in: area, buffer: &buffer, context: context)
        case .claims(let s): ClaimsFeature.render(s, in: area, buffer: &buffer, context: context)
        case .draftRoom(let s): DraftRoomFeature.render(s, in: area, buffer: &buffer, context: context)
        case .scoringRules(let s): ScoringRulesFeature.render(s, in: area, buffer: &buffer, context: context)
        case .draftRecap(let s): DraftRecapFeature.render(s, in: area, buffer: &buffer, context: context)
        case .leagueSettings(let s): LeagueSettingsFeature.render(s, in: area, buffer: &buffer, context: context)
        case .leagueForm(let s): LeagueFormFeature.render(s, in: area, buffer: &buffer, context: context)
        case .commissioner(let s): CommissionerFeature.render(s, in: area, buffer: &buffer, context: context)
        case .settings(let s): SettingsFeature.render(s, in: area, buffer: &buffer, context: context)
        case .auth(let s): AuthFeature.render(s, in: area, buffer: &buffer, context: context)
        }
    }
    public func click(at point: Point, in area: Rect, context: RenderContext) -> PageAction? {
        switch self {
        case .home(let s): HomeFeature.click(s, at: point, in: area, context: context).map(PageAction.home)
        case .league(let s): LeagueFeature.click(s, at: point, in: area, context: context).map(PageAction.league)
        case .standings(let s): StandingsFeature.click(s, at: point, in: area, context: context).map(PageAction.standings)
        case .scoreboard(let s): ScoreboardFeature.click(s, at: point, in: area, context: context).map(PageAction.scoreboard)
        case .matchup(let s): MatchupFeature.click(s, at: point, in: area, context: context).map(PageAction.matchup)
        case .roster(let s): RosterFeature.click(s, at: point, in: area, context: context).map(PageAction.roster)
        case .player(let s): PlayerFeature.click(s, at: point, in: area, context: context).map(PageAction.player)
        case .freeAgents(let s): FreeAgentsFeature.click(s, at: point, in: area, context: context).map(PageAction.freeAgents)
        case .claims(let s): ClaimsFeature.click(s, at: point, in: area, context: context).map(PageAction.claims)
        case .draftRoom(let s): DraftRoomFeature.click(s, at: point, in: area, context: context).map(PageAction.draftRoom)
        case .scoringRules(let s): ScoringRulesFeature.click(s, at: point, in: area, context: context).map(PageAction.scoringRules)
        case .draftRecap(let s): DraftRecapFeature.click(s, at: point, in: area, context: context).map(PageAction.draftRecap)
        case .leagueSettings(let s): LeagueSettingsFeature.click(s, at: point, in: area, context: context).map(PageAction.leagueSettings)
        case .leagueForm(let s): LeagueFormFeature.click(s, at: point, in: area, context: context).map(PageAction.leagueForm)
        case .commissioner(let s): CommissionerFeature.click(s, at: point, in: area, context: context).map(PageAction.commissioner)
        case .settings(let s): SettingsFeature.click(s, at: point, in: area, context: context).map(PageAction.settings)
        case .auth(let s): AuthFeature.click(s, at: point, in: area, context: context).map(PageAction.auth)
        }
    }
    public var onAppear: PageAction {
        switch self {
        case .home: .home(HomeFeature.onAppear)
        case .league: .league(LeagueFeature.onAppear)
        case .standings: .standings(StandingsFeature.onAppear)
        case .scoreboard: .scoreboard(ScoreboardFeature.onAppear)
        case .matchup: .matchup(MatchupFeature.onAppear)
        case .roster: .roster(RosterFeature.onAppear)
        case .player: .player(PlayerFeature.onAppear)
        case .freeAgents: .freeAgents(FreeAgentsFeature.onAppear)
        case .claims: .claims(ClaimsFeature.onAppear)
        case .draftRoom: .draftRoom(DraftRoomFeature.onAppear)
        case .scoringRules: .scoringRules(ScoringRulesFeature.onAppear)
        case .draftRecap: .draftRecap(DraftRecapFeature.onAppear)
        case .leagueSettings: .leagueSettings(LeagueSettingsFeature.onAppear)
        case .leagueForm: .leagueForm(LeagueFormFeature.onAppear)
        case .commissioner: .commissioner(CommissionerFeature.onAppear)
        case .settings: .settings(SettingsFeature.onAppear)
        case .auth: .auth(AuthFeature.onAppear)
        }
    }
    public func listAction(_ move: ListMove) -> PageAction {
        switch self {
        case .home: .home(HomeFeature.list(move))
        case .league: .league(LeagueFeature.list(move))
        case .standings: .standings(StandingsFeature.list(move))
        case .scoreboard: .scoreboard(ScoreboardFeature.list(move))
        case .matchup: .matchup(MatchupFeature.list(move))
        case .roster: .roster(RosterFeature.list(move))
        case .player: .player(PlayerFeature.list(move))
        case .freeAgents: .freeAgents(FreeAgentsFeature.list(move))
        case .claims: .claims(ClaimsFeature.list(move))
        case .draftRoom: .draftRoom(DraftRoomFeature.list(move))
        case .scoringRules: .scoringRules(ScoringRulesFeature.list(move))
        case .draftRecap: .draftRecap(DraftRecapFeature.list(move))
        case .leagueSettings: .leagueSettings(LeagueSettingsFeature.list(move))
        case .leagueForm: .leagueForm(LeagueFormFeature.list(move))
        case .commissioner: .commissioner(CommissionerFeature.list(move))
        case .settings: .settings(SettingsFeature.list(move))
        case .auth: .auth(AuthFeature.list(move))
        }
    }
    public var isLoading: Bool {
        switch self {
        case .home(let s): HomeFeature.isLoading(s)
        case .league(let s): LeagueFeature.isLoading(s)
        case .standings(let s): StandingsFeature.isLoading(s)
        case .scoreboard(let s): ScoreboardFeature.isLoading(s)
        case .matchup(let s): MatchupFeature.isLoading(s)
        case .roster(let s): RosterFeature.isLoading(s)
        case .player(let s): PlayerFeature.isLoading(s)
        case .freeAgents(let s): FreeAgentsFeature.isLoading(s)
        case .claims(let s): ClaimsFeature.isLoading(s)
        case .draftRoom(let s): DraftRoomFeature.isLoading(s)
        case .scoringRules(let s): ScoringRulesFeature.isLoading(s)
        case .draftRecap(let s): DraftRecapFeature.isLoading(s)
        case .leagueSettings(let s): LeagueSettingsFeature.isLoading(s)
        case .leagueForm(let s): LeagueFormFeature.isLoading(s)
        case .commissioner(let s): CommissionerFeature.isLoading(s)
        case .settings(let s): SettingsFeature.isLoading(s)
        case .auth(let s): AuthFeature.isLoading(s)
        }
    }
    public var isFilterActive: Bool {
        switch self {
        case .home(let s): HomeFeature.isFilterActive(s)
        case .league(let s): LeagueFeature.isFilterActive(s)
        case .standings(let s): StandingsFeature.isFilterActive(s)
        case .scoreboard(let s): ScoreboardFeature.isFilterActive(s)
        case .matchup(let s): MatchupFeature.isFilterActive(s)
        case .roster(let s): RosterFeature.isFilterActive(s)
        case .player(let s): PlayerFeature.isFilterActive(s)
        case .freeAgents(let s): FreeAgentsFeature.isFilterActive(s)
        case .claims(let s): ClaimsFeature.isFilterActive(s)
        case .draftRoom(let s): DraftRoomFeature.isFilterActive(s)
        case .scoringRules(let s): ScoringRulesFeature.isFilterActive(s)
        case .draftRecap(let s): DraftRecapFeature.isFilterActive(s)
        case .leagueSettings(let s): LeagueSettingsFeature.isFilterActive(s)
        case .leagueForm(let s): LeagueFormFeature.isFilterActive(s)
        case .commissioner(let s): CommissionerFeature.isFilterActive(s)
        case .settings(let s): SettingsFeature.isFilterActive(s)
        case .auth(let s): AuthFeature.isFilterActive(s)
        }
    }
    public var isEditingText: Bool {
        switch self {
        case .home(let s): HomeFeature.isEditingText(s)
        case .league(let s): LeagueFeature.isEditingText(s)
        case .standings(let s): StandingsFeature.isEditingText(s)
        case .scoreboard(let s): ScoreboardFeature.isEditingText(s)
        case .matchup(let s): MatchupFeature.isEditingText(s)
        case .roster(let s): RosterFeature.isEditingText(s)
        case .player(let s): PlayerFeature.isEditingText(s)
        case .freeAgents(let s): FreeAgentsFeature.isEditingText(s)
        case .claims(let s): ClaimsFeature.isEditingText(s)
        case .draftRoom(let s): DraftRoomFeature.isEditingText(s)
        case .scoringRules(let s): ScoringRulesFeature.isEditingText(s)
        case .draftRecap(let s): DraftRecapFeature.isEditingText(s)
        case .leagueSettings(let s): LeagueSettingsFeature.isEditingText(s)
        case .leagueForm(let s): LeagueFormFeature.isEditingText(s)
        case .commissioner(let s): CommissionerFeature.isEditingText(s)
        case .settings(let s): SettingsFeature.isEditingText(s)
        case .auth(let s): AuthFeature.isEditingText(s)
        }
    }
    public var liveRefresh: PageAction? {
        switch self {
        case .home: HomeFeature.liveRefresh.map(PageAction.home)
        case .league: LeagueFeature.liveRefresh.map(PageAction.league)
        case .standings: StandingsFeature.liveRefresh.map(PageAction.standings)
        case .scoreboard: ScoreboardFeature.liveRefresh.map(PageAction.scoreboard)
        case .matchup: MatchupFeature.liveRefresh.map(PageAction.matchup)
        case .roster: RosterFeature.liveRefresh.map(PageAction.roster)
        case .player: PlayerFeature.liveRefresh.map(PageAction.player)
        case .freeAgents: FreeAgentsFeature.liveRefresh.map(PageAction.freeAgents)
        case .claims: ClaimsFeature.liveRefresh.map(PageAction.claims)
        case .draftRoom: DraftRoomFeature.liveRefresh.map(PageAction.draftRoom)
        case .scoringRules: ScoringRulesFeature.liveRefresh.map(PageAction.scoringRules)
        case .draftRecap: DraftRecapFeature.liveRefresh.map(PageAction.draftRecap)
        case .leagueSettings: LeagueSettingsFeature.liveRefresh.map(PageAction.leagueSettings)
        case .leagueForm: LeagueFormFeature.liveRefresh.map(PageAction.leagueForm)
        case .commissioner: CommissionerFeature.liveRefresh.map(PageAction.commissioner)
        case .settings: SettingsFeature.liveRefresh.map(PageAction.settings)
        case .auth: AuthFeature.liveRefresh.map(PageAction.auth)
        }
    }
    public var clearFilter: PageAction? {
        switch self {
        case .home: HomeFeature.clearFilter.map(PageAction.home)
        case .league: LeagueFeature.clearFilter.map(PageAction.league)
        case .standings: StandingsFeature.clearFilter.map(PageAction.standings)
        case .scoreboard: ScoreboardFeature.clearFilter.map(PageAction.scoreboard)
        case .matchup: MatchupFeature.clearFilter.map(PageAction.matchup)
        case .roster: RosterFeature.clearFilter.map(PageAction.roster)
        case .player: PlayerFeature.clearFilter.map(PageAction.player)
        case .freeAgents: FreeAgentsFeature.clearFilter.map(PageAction.freeAgents)
        case .claims: ClaimsFeature.clearFilter.map(PageAction.claims)
        case .draftRoom: DraftRoomFeature.clearFilter.map(PageAction.draftRoom)
        case .scoringRules: ScoringRulesFeature.clearFilter.map(PageAction.scoringRules)
        case .draftRecap: DraftRecapFeature.clearFilter.map(PageAction.draftRecap)
        case .leagueSettings: LeagueSettingsFeature.clearFilter.map(PageAction.leagueSettings)
        case .leagueForm: LeagueFormFeature.clearFilter.map(PageAction.leagueForm)
        case .commissioner: CommissionerFeature.clearFilter.map(PageAction.commissioner)
        case .settings: SettingsFeature.clearFilter.map(PageAction.settings)
        case .auth: AuthFeature.clearFilter.map(PageAction.auth)
        }
    }
    /// How a gated write ended, for the pages that want to know (others answer nil).
    public func writeFinished(_ write: GatedWrite, _ outcome: GateOutcome) -> PageAction? {
        switch self {
        case .roster: RosterFeature.writeFinished(write, outcome).map(PageAction.roster)
        case .freeAgents: FreeAgentsFeature.writeFinished(write, outcome).map(PageAction.freeAgents)
        case .claims: ClaimsFeature.writeFinished(write, outcome).map(PageAction.claims)
        default: nil
        }
    }
    /// Text pasted while editing, as one action (nil when the page ignores pastes).
    public func pasted(_ text: String) -> PageAction? {
        switch self {
        case .home: HomeFeature.pasted(text).map(PageAction.home)
        case .league: LeagueFeature.pasted(text).map(PageAction.league)
        case .standings: StandingsFeature.pasted(text).map(PageAction.standings)
        case .scoreboard: ScoreboardFeature.pasted(text).map(PageAction.scoreboard)
        case .matchup: MatchupFeature.pasted(text).map(PageAction.matchup)
        case .roster: RosterFeature.pasted(text).map(PageAction.roster)
        case .player: PlayerFeature.pasted(text).map(PageAction.player)
        case .freeAgents: FreeAgentsFeature.pasted(text).map(PageAction.freeAgents)
        case .claims: ClaimsFeature.pasted(text).map(PageAction.claims)
        case .draftRoom: DraftRoomFeature.pasted(text).map(PageAction.draftRoom)
        case .scoringRules: ScoringRulesFeature.pasted(text).map(PageAction.scoringRules)
        case .leagueSettings: LeagueSettingsFeature.pasted(text).map(PageAction.leagueSettings)
        case .leagueForm: LeagueFormFeature.pasted(text).map(PageAction.leagueForm)
        case .commissioner: CommissionerFeature.pasted(text).map(PageAction.commissioner)
        case .settings: SettingsFeature.pasted(text).map(PageAction.settings)
        case .auth: AuthFeature.pasted(text).map(PageAction.auth)
        case .draftRecap: nil
        }
    }
    public func typed(_ key: Key) -> PageAction? {
        switch self {
        case .home: HomeFeature.typed(key).map(PageAction.home)
        case .league: LeagueFeature.typed(key).map(PageAction.league)
        case .standings: StandingsFeature.typed(key).map(PageAction.standings)
        case .scoreboard: ScoreboardFeature.typed(key).map(PageAction.scoreboard)
        case .matchup: MatchupFeature.typed(key).map(PageAction.matchup)
        case .roster: RosterFeature.typed(key).map(PageAction.roster)
        case .player: PlayerFeature.typed(key).map(PageAction.player)
        case .freeAgents: FreeAgentsFeature.typed(key).map(PageAction.freeAgents)
        case .claims: ClaimsFeature.typed(key).map(PageAction.claims)
        case .draftRoom: DraftRoomFeature.typed(key).map(PageAction.draftRoom)
        case .scoringRules: ScoringRulesFeature.typed(key).map(PageAction.scoringRules)
        case .draftRecap: DraftRecapFeature.typed(key).map(PageAction.draftRecap)
        case .leagueSettings: LeagueSettingsFeature.typed(key).map(PageAction.leagueSettings)
        case .leagueForm: LeagueFormFeature.typed(key).map(PageAction.leagueForm)
        case .commissioner: CommissionerFeature.typed(key).map(PageAction.commissioner)
        case .settings: SettingsFeature.typed(key).map(PageAction.settings)
        case .auth: AuthFeature.typed(key).map(PageAction.auth)
        }
    }

    /// Runs `action` if it is addressed to this kind of page; otherwise does nothing.
    public mutating func reduce(_ action: PageAction, context: PageContext) -> Effect<PageAction> {
        switch (self, action) {
        case (.home(var s), .home(let a)):
            let fx = HomeFeature.reduce(into: &s, action: a, context: context)
            self = .home(s)
            return fx.map(PageAction.home)
        case (.league(var s), .league(let a)):
            let fx = LeagueFeature.reduce(into: &s, action: a, context: context)
            self = .league(s)
            return fx.map(PageAction.league)
        case (.standings(var s), .standings(let a)):
            let fx = StandingsFeature.reduce(into: &s, action: a, context: context)
            self = .standings(s)
            return fx.map(PageAction.standings)
        case (.scoreboard(var s), .scoreboard(let a)):
            let fx = ScoreboardFeature.reduce(into: &s, action: a, context: context)
            self = .scoreboard(s)
            return fx.map(PageAction.scoreboard)
        case (.matchup(var s), .matchup(let a)):
            let fx = MatchupFeature.reduce(into: &s, action: a, context: context)
            self = .matchup(s)
            return fx.map(PageAction.matchup)
        case (.roster(var s), .roster(let a)):
            let fx = RosterFeature.reduce(into: &s, action: a, context: context)
            self = .roster(s)
            return fx.map(PageAction.roster)
        case (.player(var s), .player(let a)):
            let fx = PlayerFeature.reduce(into: &s, action: a, context: context)
            self = .player(s)
            return fx.map(PageAction.player)
        case (.freeAgents(var s), .freeAgents(let a)):
            let fx = FreeAgentsFeature.reduce(into: &s, action: a, context: context)
            self = .freeAgents(s)
            return fx.map(PageAction.freeAgents)
        case (.claims(var s), .claims(let a)):
            let fx = ClaimsFeature.reduce(into: &s, action: a, context: context)
            self = .claims(s)
            return fx.map(PageAction.claims)
        case (.draftRoom(var s), .draftRoom(let a)):
            let fx = DraftRoomFeature.reduce(into: &s, action: a, context: context)
            self = .draftRoom(s)
            return fx.map(PageAction.draftRoom)
        case (.scoringRules(var s), .scoringRules(let a)):
            let fx = ScoringRulesFeature.reduce(into: &s, action: a, context: context)
            self = .scoringRules(s)
            return fx.map(PageAction.scoringRules)
        case (.draftRecap(var s), .draftRecap(let a)):
            let fx = DraftRecapFeature.reduce(into: &s, action: a, context: context)
            self = .draftRecap(s)
            return fx.map(PageAction.draftRecap)
        case (.leagueSettings(var s), .leagueSettings(let a)):
            let fx = LeagueSettingsFeature.reduce(into: &s, action: a, context: context)
            self = .leagueSettings(s)
            return fx.map(PageAction.leagueSettings)
        case (.leagueForm(var s), .leagueForm(let a)):
            let fx = LeagueFormFeature.reduce(into: &s, action: a, context: context)
            self = .leagueForm(s)
            return fx.map(PageAction.leagueForm)
        case (.commissioner(var s), .commissioner(let a)):
            let fx = CommissionerFeature.reduce(into: &s, action: a, context: context)
            self = .commissioner(s)
            return fx.map(PageAction.commissioner)
        case (.settings(var s), .settings(let a)):
            let fx = SettingsFeature.reduce(into: &s, action: a, context: context)
            self = .settings(s)
            return fx.map(PageAction.settings)
        case (.auth(var s), .auth(let a)):
            let fx = AuthFeature.reduce(into: &s, action: a, context: context)
            self = .auth(s)
            return fx.map(PageAction.auth)
        default: return .none
        }
    }
}

extension PageAction {
    /// The request to the shell this action carries, if any.
    public var delegate: PageDelegate? {
        switch self {
        case .home(let a): HomeFeature.delegate(of: a)
        case .league(let a): LeagueFeature.delegate(of: a)
        case .standings(let a): StandingsFeature.delegate(of: a)
        case .scoreboard(let a): ScoreboardFeature.delegate(of: a)
        case .matchup(let a): MatchupFeature.delegate(of: a)
        case .roster(let a): RosterFeature.delegate(of: a)
        case .player(let a): PlayerFeature.delegate(of: a)
        case .freeAgents(let a): FreeAgentsFeature.delegate(of: a)
        case .claims(let a): ClaimsFeature.delegate(of: a)
        case .draftRoom(let a): DraftRoomFeature.delegate(of: a)
        case .scoringRules(let a): ScoringRulesFeature.delegate(of: a)
        case .draftRecap(let a): DraftRecapFeature.delegate(of: a)
        case .leagueSettings(let a): LeagueSettingsFeature.delegate(of: a)
        case .leagueForm(let a): LeagueFormFeature.delegate(of: a)
        case .commissioner(let a): CommissionerFeature.delegate(of: a)
        case .settings(let a): SettingsFeature.delegate(of: a)
        case .auth(let a): AuthFeature.delegate(of: a)
        }
    }
}
