import Foundation

// Read models: a league's history across the seasons it was renewed through (`GET /v1/leagues/{l}/history`).

/// Every season of a league's renewal chain (`League.previousLeague` / `nextLeague`), oldest first, with its champion,
/// final standings and draft, and the all-time records across them. Managers are the identity that lasts from season to
/// season (team names may change); a team without a manager (a bot) is known by its team name.
public struct LeagueHistory: Hashable, Codable, Sendable {
    /// The league asked about, and its name.
    public var league: LeagueID
    public var name: String
    /// The seasons the caller may read, oldest first.
    public var seasons: [Season]
    /// Years of the chain the caller may not read (a private season they weren't a member of): left out of everything.
    public var privateSeasons: [Int]
    /// Each manager's all-time line: titles first, then wins, then points for.
    public var allTime: [ManagerRecord]
    /// Every pair of managers who met in a final game, in any season of the chain (regular season and playoffs).
    public var headToHead: [HeadToHead]

    public init(league: LeagueID, name: String, seasons: [Season], privateSeasons: [Int], allTime: [ManagerRecord], headToHead: [HeadToHead]) {
        self.league = league; self.name = name; self.seasons = seasons; self.privateSeasons = privateSeasons
        self.allTime = allTime; self.headToHead = headToHead
    }

    /// A team in one season and who managed it.
    public struct Member: Hashable, Codable, Sendable {
        public var team: TeamID
        public var teamName: String
        /// The lasting identity: `user:ID` for a manager, `bot:TEAM NAME` for a team without one.
        public var manager: String
        /// The manager's display name (nil: a bot).
        public var managerName: String?
        public init(team: TeamID, teamName: String, manager: String, managerName: String?) {
            self.team = team; self.teamName = teamName; self.manager = manager; self.managerName = managerName
        }
    }

    /// One season of the chain.
    public struct Season: Hashable, Codable, Sendable {
        public var season: Int
        public var league: LeagueID
        public var state: LeagueState
        /// The season is over (its last week final): only then has it a champion.
        public var isFinal: Bool
        /// The playoff winner once the season is final (nil while it runs).
        public var champion: Member?
        /// The loser of the final, once the season is final.
        public var runnerUp: Member?
        /// The regular season's standings as they stand (final once the season is), best first.
        public var standings: [Standing]
        /// The draft's picks in order (an auction's sales with their prices).
        public var draft: [DraftLine]
        public init(season: Int, league: LeagueID, state: LeagueState, isFinal: Bool, champion: Member?, runnerUp: Member?,
                    standings: [Standing], draft: [DraftLine]) {
            self.season = season; self.league = league; self.state = state; self.isFinal = isFinal; self.champion = champion
            self.runnerUp = runnerUp; self.standings = standings; self.draft = draft
        }
    }

    /// A line of a season's standings.
    public struct Standing: Hashable, Codable, Sendable {
        public var rank: Int
        public var member: Member
        public var wins: Int, losses: Int, ties: Int
        public var pointsFor: Points, pointsAgainst: Points
        public init(rank: Int, member: Member, wins: Int, losses: Int, ties: Int, pointsFor: Points, pointsAgainst: Points) {
            self.rank = rank; self.member = member; self.wins = wins; self.losses = losses; self.ties = ties
            self.pointsFor = pointsFor; self.pointsAgainst = pointsAgainst
        }
        public var record: String { "\(wins)-\(losses)-\(ties)" }
    }

    /// A pick of a season's draft.
    public struct DraftLine: Hashable, Codable, Sendable {
        public var round: Int
        /// The overall pick number.
        public var pick: Int
        public var member: Member
        public var player: PlayerSummary
        /// An auction sale's price (nil: a pick in turn).
        public var price: Int?
        public init(round: Int, pick: Int, member: Member, player: PlayerSummary, price: Int?) {
            self.round = round; self.pick = pick; self.member = member; self.player = player; self.price = price
        }
    }

    /// A manager's line across every season of the chain: titles from final seasons, the regular season's record and
    /// points from every game final so far.
    public struct ManagerRecord: Hashable, Codable, Sendable {
        public var manager: String
        public var managerName: String?
        /// The team name of their latest season.
        public var teamName: String
        public var seasons: Int
        /// The years they won the title, oldest first.
        public var titles: [Int]
        public var wins: Int, losses: Int, ties: Int
        public var pointsFor: Points, pointsAgainst: Points
        public init(manager: String, managerName: String?, teamName: String, seasons: Int, titles: [Int], wins: Int, losses: Int, ties: Int,
                    pointsFor: Points, pointsAgainst: Points) {
            self.manager = manager; self.managerName = managerName; self.teamName = teamName; self.seasons = seasons; self.titles = titles
            self.wins = wins; self.losses = losses; self.ties = ties; self.pointsFor = pointsFor; self.pointsAgainst = pointsAgainst
        }
        public var record: String { "\(wins)-\(losses)-\(ties)" }
        /// "ann", or a bot's team name.
        public var label: String { managerName ?? teamName }
    }

    /// Two managers' games against each other (`a` < `b` by their identity), each counted from `a`'s side.
    public struct HeadToHead: Hashable, Codable, Sendable {
        public var a: String, b: String
        public var aWins: Int, bWins: Int, ties: Int
        public var aPoints: Points, bPoints: Points
        public var games: [Meeting]
        public init(a: String, b: String, aWins: Int, bWins: Int, ties: Int, aPoints: Points, bPoints: Points, games: [Meeting]) {
            self.a = a; self.b = b; self.aWins = aWins; self.bWins = bWins; self.ties = ties; self.aPoints = aPoints; self.bPoints = bPoints
            self.games = games
        }
    }

    /// One game between two managers.
    public struct Meeting: Hashable, Codable, Sendable {
        public var season: Int, week: Int
        public var isPlayoff: Bool
        public var aPoints: Points, bPoints: Points
        public init(season: Int, week: Int, isPlayoff: Bool, aPoints: Points, bPoints: Points) {
            self.season = season; self.week = week; self.isPlayoff = isPlayoff; self.aPoints = aPoints; self.bPoints = bPoints
        }
    }

    /// The final seasons' champions, oldest first: the board's "Champions: 2019 Bytes (ann)".
    public var champions: [(season: Int, member: Member)] {
        seasons.compactMap { s in s.champion.map { (s.season, $0) } }
    }

    /// The two managers' head-to-head, from `a`'s side (nil: they never met).
    public func headToHead(_ a: String, _ b: String) -> HeadToHead? {
        if let h = headToHead.first(where: { $0.a == a && $0.b == b }) { return h }
        guard var h = headToHead.first(where: { $0.a == b && $0.b == a }) else { return nil }
        swap(&h.a, &h.b); swap(&h.aWins, &h.bWins); swap(&h.aPoints, &h.bPoints)
        h.games = h.games.map { var g = $0; swap(&g.aPoints, &g.bPoints); return g }
        return h
    }
}
