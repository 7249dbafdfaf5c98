/// Regular-season standings and their tiebreaks (ClubhouseDomain/README.md, “Matchups”).
public struct Standings: Sendable {
    /// The level of the tiebreak that separates two teams.
    public enum Tiebreak: Int, Comparable, Sendable, CaseIterable {
        case winPercentage, pointsFor, pointsAgainst, headToHead, teamID
        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// Rows best first: win % → points for (more) → points against (fewer) → head-to-head → team id (lower).
    public let rows: [StandingsRow]
    /// Each team's head-to-head win fraction against the teams it is tied with on the first three levels.
    private let headToHead: [TeamID: Fraction]
    /// Each team's all-play record over the final regular-season weeks (every week against every team that scored).
    public let allPlay: [TeamID: WeeklyRecap.Record]
    /// Each team's division, 1-based (empty without divisions): teams by id dealt round-robin.
    public let divisionOf: [TeamID: Int]
    /// The playoff order: each division's best team first (in standings order), then the rest in standings order;
    /// without divisions the standings order itself.
    public let seeded: [TeamID]

    /// The standings under a league's formats: `medianGame` and `divisions` from its settings.
    public init(teams: [TeamID], results: [MatchupResult], settings: LeagueSettings) {
        self.init(teams: teams, results: results, medianGame: settings.medianGame, divisions: settings.divisions)
    }

    /// Standings of `teams` from the final, non-playoff `results` (byes and live matchups don't count).
    /// Ties count half a win. Head-to-head is each team's record in games among all teams level on win %, points
    /// for and points against (a mini-league, so three-way ties stay a consistent order); no games among them is 0.500.
    /// With `medianGame` each team's week also counts a game against the week's median score (no points for or
    /// against); `divisions` (2–4) deal the teams into divisions and seed their winners first.
    public init(teams: [TeamID], results: [MatchupResult], medianGame: Bool = false, divisions: Int = 0) {
        let counted = results.filter { $0.isFinal && !$0.isBye && !$0.matchup.isPlayoff }
        var table = Dictionary(uniqueKeysWithValues: Set(teams).map { ($0, StandingsRow(teamID: $0)) })
        for result in counted {
            guard let away = result.matchup.away, let awayPoints = result.awayPoints,
                  table[result.matchup.home] != nil, table[away] != nil else { continue }
            Self.record(&table[result.matchup.home]!, scored: result.homePoints, allowed: awayPoints)
            Self.record(&table[away]!, scored: awayPoints, allowed: result.homePoints)
        }
        let weeks = Self.weekScores(results, teams: Set(teams))
        if medianGame { Self.recordMedianGames(&table, weeks: weeks) }
        allPlay = Self.allPlay(weeks, teams: teams)
        // Head-to-head within each group level on the first three keys.
        let groups = Dictionary(grouping: table.values) { GroupKey(row: $0) }
        var h2h: [TeamID: Fraction] = [:]
        for group in groups.values {
            let members = Set(group.map(\.teamID))
            for team in members {
                var wins = 0, losses = 0, ties = 0
                for result in counted where result.matchup.involves(team) {
                    guard let opponent = result.matchup.opponent(of: team), opponent != team, members.contains(opponent) else { continue }
                    if result.isTie { ties += 1 } else if result.winner == team { wins += 1 } else { losses += 1 }
                }
                h2h[team] = Fraction(wins: wins, losses: losses, ties: ties, whenNoGames: Fraction(numerator: 1, denominator: 2))
            }
        }
        headToHead = h2h
        let unsorted = Array(table.values)
        let sorted = unsorted.sorted { Self.compare($0, $1, h2h) == .ascending }
        rows = sorted
        divisionOf = Self.divisions(teams, count: divisions)
        seeded = Self.seeds(sorted.map(\.teamID), divisionOf: divisionOf)
    }

    /// The team's 1-based place.
    public func rank(of team: TeamID) -> Int? { rows.firstIndex { $0.teamID == team }.map { $0 + 1 } }

    /// Whether `a` ranks above `b` (a strict total order over the teams).
    public func ranksAbove(_ a: TeamID, _ b: TeamID) -> Bool {
        guard let ra = row(a), let rb = row(b) else { return false }
        return Self.compare(ra, rb, headToHead) == .ascending
    }

    /// The first tiebreak level that separates `a` from `b` (nil only for the same team).
    public func decidingTiebreak(_ a: TeamID, _ b: TeamID) -> Tiebreak? {
        guard a != b, let ra = row(a), let rb = row(b) else { return nil }
        for level in Tiebreak.allCases where Self.compare(ra, rb, headToHead, at: level) != .same { return level }
        return nil
    }

    public func row(_ team: TeamID) -> StandingsRow? { rows.first { $0.teamID == team } }

    // MARK: - Ordering

    enum Order { case ascending, same, descending }

    static func compare(_ a: StandingsRow, _ b: StandingsRow, _ h2h: [TeamID: Fraction]) -> Order {
        for level in Tiebreak.allCases {
            let order = compare(a, b, h2h, at: level)
            if order != .same { return order }
        }
        return .same
    }

    /// One level of the tiebreak: `.ascending` means `a` ranks above `b`.
    static func compare(_ a: StandingsRow, _ b: StandingsRow, _ h2h: [TeamID: Fraction], at level: Tiebreak) -> Order {
        func higherFirst<T: Comparable>(_ x: T, _ y: T) -> Order { x > y ? .ascending : x < y ? .descending : .same }
        switch level {
        case .winPercentage: return higherFirst(Fraction(row: a), Fraction(row: b))
        case .pointsFor: return higherFirst(a.pointsFor, b.pointsFor)
        case .pointsAgainst: return higherFirst(b.pointsAgainst, a.pointsAgainst)
        case .headToHead:
            // Only meaningful inside a group level on the first three keys; rows from different groups were already separated.
            return higherFirst(h2h[a.teamID] ?? Fraction(numerator: 1, denominator: 2), h2h[b.teamID] ?? Fraction(numerator: 1, denominator: 2))
        case .teamID: return higherFirst(b.teamID, a.teamID)
        }
    }

    static func record(_ row: inout StandingsRow, scored: Points, allowed: Points) {
        row.pointsFor = row.pointsFor + scored
        row.pointsAgainst = row.pointsAgainst + allowed
        if scored > allowed { row.wins += 1 } else if scored < allowed { row.losses += 1 } else { row.ties += 1 }
    }

    /// Teams level on win %, points for and points against.
    struct GroupKey: Hashable {
        var winFraction: Fraction, pointsFor: Points, pointsAgainst: Points
        init(row: StandingsRow) { winFraction = Fraction(row: row); pointsFor = row.pointsFor; pointsAgainst = row.pointsAgainst }
    }
}

/// An exact win fraction (ties count half), compared without rounding.
struct Fraction: Comparable, Hashable, Sendable {
    let numerator: Int, denominator: Int
    init(numerator: Int, denominator: Int) {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let g = max(gcd(numerator, denominator), 1)
        self.numerator = numerator / g; self.denominator = denominator / g
    }
    init(wins: Int, losses: Int, ties: Int, whenNoGames: Fraction) {
        let games = wins + losses + ties
        self = games == 0 ? whenNoGames : Fraction(numerator: 2 * wins + ties, denominator: 2 * games)
    }
    /// A row's win percentage; a team with no games is at 0.
    init(row: StandingsRow) { self.init(wins: row.wins, losses: row.losses, ties: row.ties, whenNoGames: Fraction(numerator: 0, denominator: 1)) }
    static func < (a: Fraction, b: Fraction) -> Bool { a.numerator * b.denominator < b.numerator * a.denominator }
}
