import Foundation

// Read models: what the app shows, assembled by the use cases from storage and rules,
// the same over the embedded and the remote transport (all Codable for JSON).
// Here: The draft room, its board and recap.

/// A made pick with its player, for the board.
public struct DraftPickView: Hashable, Codable, Sendable {
    public var pick: Pick
    public var player: PlayerSummary
    public init(pick: Pick, player: PlayerSummary) { self.pick = pick; self.player = player }
}

/// A draft room as it stands: the board of picks, teams in draft order.
public struct DraftBoard: Hashable, Codable, Sendable {
    public var leagueID: LeagueID
    public var draft: Draft
    /// An auction draft's room: the player on the block, the high bid and bidder, the clock, each team's budget left
    /// and max bid (nil for a draft made in turn). Sales are `picks` with their price.
    public var auction: AuctionBoard?
    /// Teams in draft order (column order of the board).
    public var teams: [TeamSummary]
    public var picks: [DraftPickView]
    public var capabilities: Capabilities
    /// The teams whose autopick flag is on (switched by their manager or the commissioner); bots pick by themselves anyway.
    @SortedOnTheWire public var onAutopick: Set<TeamID>
    /// The league's season clock, which the draft date is measured on ("planned for Sun Sep 1 (in 10 days)").
    public var seasonClock: Date?
    /// Best available by position: the tier of the best undrafted player and how many are left in it.
    public var tiers: [DraftTierLeft]
    /// The starting slots the team on the clock still has to fill (nil when nobody is on the clock).
    public var onClockNeeds: [Slot: Int]?
    /// What the room's rankings are based on (nil: the transport doesn't say).
    public var rankingBasis: RankingBasis?
    /// The picks not made yet that changed hands in trades, with their overall number and who makes them now
    /// (nil: the transport doesn't say; empty: none traded). A made pick's `teamID` is the team that made it.
    public var tradedPicks: [TradedPick]?
    public init(leagueID: LeagueID, draft: Draft, auction: AuctionBoard? = nil, teams: [TeamSummary], picks: [DraftPickView], capabilities: Capabilities,
                onAutopick: Set<TeamID> = [], seasonClock: Date? = nil, tiers: [DraftTierLeft] = [], onClockNeeds: [Slot: Int]? = nil,
                rankingBasis: RankingBasis? = nil, tradedPicks: [TradedPick]? = nil) {
        self.leagueID = leagueID; self.draft = draft; self.auction = auction; self.teams = teams; self.picks = picks; self.capabilities = capabilities
        self.onAutopick = onAutopick; self.seasonClock = seasonClock
        self.tiers = tiers; self.onClockNeeds = onClockNeeds; self.rankingBasis = rankingBasis; self.tradedPicks = tradedPicks
    }
}

extension DraftBoard {
    /// The team that makes overall pick `number`: its owner when it was traded, else its original team by the order.
    public func owner(ofPick number: Int) -> TeamID? {
        guard !draft.order.isEmpty, number >= 1 else { return nil }
        if let traded = tradedPicks?.first(where: { $0.number == number }) { return traded.owner }
        return DraftOrder.team(forPick: number, order: draft.order, type: draft.type)
    }
}

/// A draft pick that changed hands: its overall number, the (round, original team) it is, and its owner now.
public struct TradedPick: Hashable, Codable, Sendable {
    public var number: Int
    public var pick: DraftPickRef
    public var owner: TeamID
    public init(number: Int, pick: DraftPickRef, owner: TeamID) { self.number = number; self.pick = pick; self.owner = owner }
}

/// What a league's pre-draft rankings stand on: the season before its own, scored under its rules — that season's
/// weekly lines summed, its imported totals, or nothing stored (then every player ranks as a rookie would: all level,
/// the draft's order by position needs and player id — and the room says so, with the command that brings the
/// season in).
public struct RankingBasis: Hashable, Codable, Sendable {
    /// The league's season, and the one its rankings come from (the season before).
    public var season: Int
    public var priorSeason: Int { season - 1 }
    public var basis: PriorSeason.Basis
    /// Players with a line in the prior season.
    public var players: Int
    public init(season: Int, basis: PriorSeason.Basis, players: Int) { self.season = season; self.basis = basis; self.players = players }

    /// One line for the draft room.
    public var sentence: String {
        switch basis {
        case .weeklyStats: "Ranked by \(priorSeason)'s weekly stats (\(players) players) under this league's scoring; rookies after the veterans of their position"
        case .totals: "Ranked by \(priorSeason)'s season totals (\(players) players) under this league's scoring; rookies after the veterans of their position"
        case .none: "No \(priorSeason) stats are stored, so nobody is ranked by them: every player is level (by player id) — 'clubhouse season fetch \(priorSeason)' brings them in"
        }
    }
}

/// One position's line of the draft board's tier view.
public struct DraftTierLeft: Hashable, Codable, Sendable {
    public var position: Position
    /// The tier of the best player still available at the position.
    public var tier: Int
    /// Players still available in that tier.
    public var left: Int
    public var best: PlayerSummary
    public init(position: Position, tier: Int, left: Int, best: PlayerSummary) {
        self.position = position; self.tier = tier; self.left = left; self.best = best
    }
}

/// A player available in a draft room with his pre-draft rank.
public struct DraftablePlayer: Hashable, Codable, Sendable {
    public var rank: Int
    public var player: PlayerSummary
    public var priorSeasonPoints: Points
    /// Value over replacement in this league (see `DraftRankings`).
    public var value: Points
    /// Tier within his position (1 = best).
    public var tier: Int
    /// Place among his position ("RB12"); 0 when unknown.
    public var positionRank: Int
    /// In an auction league, his auction value in dollars (`AuctionValues`); nil in a draft made in turn.
    public var auctionValue: Int?
    public init(rank: Int, player: PlayerSummary, priorSeasonPoints: Points, value: Points? = nil, tier: Int = 1, positionRank: Int = 0,
                auctionValue: Int? = nil) {
        self.rank = rank; self.player = player; self.priorSeasonPoints = priorSeasonPoints
        self.value = value ?? priorSeasonPoints; self.tier = tier; self.positionRank = positionRank; self.auctionValue = auctionValue
    }
}

/// After the draft: each team's grade and how every pick scored (see `DraftGrades`).
public struct DraftRecap: Hashable, Codable, Sendable {
    public struct TeamLine: Hashable, Codable, Sendable {
        public var team: TeamSummary
        /// "A" … "F".
        public var grade: String
        /// Drafted value (Σ positive value over replacement) and the room's average.
        public var value: Points
        public var roomAverage: Points
        /// Drafted value at each position minus the room's average there.
        public var byPosition: [Position: Points]
        public init(team: TeamSummary, grade: String, value: Points, roomAverage: Points, byPosition: [Position: Points]) {
            self.team = team; self.grade = grade; self.value = value; self.roomAverage = roomAverage; self.byPosition = byPosition
        }
    }
    public struct PickLine: Hashable, Codable, Sendable {
        public var pick: Pick
        public var teamName: String
        public var player: PlayerSummary
        /// Value over replacement when drafted.
        public var value: Points
        /// Season points (weeks final on the league's clock) and the place among drafted players.
        public var seasonPoints: Points
        public var seasonRank: Int
        /// Pick number − season rank.
        public var surplus: Int
        public init(pick: Pick, teamName: String, player: PlayerSummary, value: Points, seasonPoints: Points, seasonRank: Int, surplus: Int) {
            self.pick = pick; self.teamName = teamName; self.player = player; self.value = value
            self.seasonPoints = seasonPoints; self.seasonRank = seasonRank; self.surplus = surplus
        }
    }
    public var leagueID: LeagueID
    public var leagueName: String
    /// False while the draft is still running (the recap shows what is in so far).
    public var complete: Bool
    /// The last week counted in season points (0 before the season).
    public var throughWeek: Int
    /// Best grade first.
    public var teams: [TeamLine]
    public var best: [PickLine]
    public var worst: [PickLine]
    public init(leagueID: LeagueID, leagueName: String, complete: Bool, throughWeek: Int, teams: [TeamLine], best: [PickLine], worst: [PickLine]) {
        self.leagueID = leagueID; self.leagueName = leagueName; self.complete = complete; self.throughWeek = throughWeek
        self.teams = teams; self.best = best; self.worst = worst
    }
}
