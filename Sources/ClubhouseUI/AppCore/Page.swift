import ClubhouseDomain

/// Every page the sheet can show, with what it needs to load. Navigation is data: a stack of these.
public enum Page: Hashable, Sendable {
    case home
    case league(LeagueID)
    case standings(LeagueID)
    /// A week's scoreboard; nil week means the league's current week.
    case scoreboard(LeagueID, week: Int?)
    case matchup(LeagueID, week: Int, team: TeamID)
    case roster(LeagueID, team: TeamID)
    case player(PlayerID, league: LeagueID?)
    case freeAgents(LeagueID)
    /// My pending waiver claims and the league's transactions.
    case claims(LeagueID)
    case draftRoom(LeagueID)
    /// A league's trades: offers to me, mine, in review, history.
    case trades(LeagueID)
    /// Build a trade offer, or a counter to `counter`.
    case tradeBuilder(LeagueID, counter: TradeID?)
    /// After the draft: grades against the room, best and worst picks by season points.
    case draftRecap(LeagueID)
    /// A final week's recap: high and low scores, blowout, closest game, bench points, power rankings.
    case recap(LeagueID, week: Int)
    /// Every season the league was renewed through: champions, standings, drafts, all-time records, head-to-head.
    case history(LeagueID)
    /// The league chat (the draft room's chat is the same channel).
    case chat(LeagueID)
    /// The league's activity feed: every transaction and league event, newest first.
    case activity(LeagueID)
    case scoringRules(LeagueID)
    case leagueSettings(LeagueID)
    /// Create a league, or change one's settings before the draft.
    case leagueForm(LeagueFormMode)
    /// The commissioner's tools: join requests, invites, draft order and date, the season clock.
    case commissioner(LeagueID)
    case settings
    /// Sign in, Create account or Complete profile (the soft gate's pages).
    case account(AccountPage)

    /// The league this page belongs to, if any.
    public var leagueID: LeagueID? {
        switch self {
        case .home, .settings, .account, .leagueForm(.create): nil
        case .leagueForm(.edit(let id)): id
        case .league(let id), .standings(let id), .scoreboard(let id, _), .matchup(let id, _, _), .roster(let id, _),
             .freeAgents(let id), .claims(let id), .draftRoom(let id), .draftRecap(let id), .recap(let id, _), .history(let id), .chat(let id), .activity(let id),
             .scoringRules(let id), .leagueSettings(let id),
             .commissioner(let id), .trades(let id), .tradeBuilder(let id, _): id
        case .player(_, let league): league
        }
    }

    /// The natural path from Home to this page, for deep links ("straight to a matchup").
    public var path: [Page] {
        switch self {
        case .home: [.home]
        case .settings: [.home, .settings]
        case .account, .leagueForm(.create): [.home, self]
        case .leagueForm(.edit(let id)): [.home, .league(id), .leagueSettings(id), self]
        case .league(let id): [.home, .league(id)]
        case .matchup(let id, let week, _), .recap(let id, let week): [.home, .league(id), .scoreboard(id, week: week), self]
        case .player(_, let league?): [.home, .league(league), self]
        case .player(_, nil): [.home, self]
        case .tradeBuilder(let id, _): [.home, .league(id), .trades(id), self]
        default: [.home, .league(leagueID!), self]
        }
    }
}

/// The account pages on the sheet.
public enum AccountPage: Hashable, Sendable {
    case signIn
    case createAccount
    /// Asks only for what the account lacks.
    case completeProfile(needsName: Bool, needsEmail: Bool)
}
