/// One player's box-score numbers for a week (or a season total). Column names follow nflverse
/// `player_stats`; `StatLine.columns` maps them one to one, so CSV import and storage stay in step.
public struct StatLine: Hashable, Codable, Sendable {
    public var completions: Int = 0
    public var attempts: Int = 0
    public var passingYards: Int = 0
    public var passingTds: Int = 0
    public var interceptions: Int = 0
    public var passing2ptConversions: Int = 0
    public var carries: Int = 0
    public var rushingYards: Int = 0
    public var rushingTds: Int = 0
    public var rushing2ptConversions: Int = 0
    public var receptions: Int = 0
    public var receivingYards: Int = 0
    public var receivingTds: Int = 0
    public var receiving2ptConversions: Int = 0
    public var fumblesLost: Int = 0
    public var specialTeamsTds: Int = 0
    public var fgMade: Int = 0
    public var fgAtt: Int = 0
    public var fgMissed: Int = 0
    public var fgMade019: Int = 0
    public var fgMade2029: Int = 0
    public var fgMade3039: Int = 0
    public var fgMade4049: Int = 0
    public var fgMade5059: Int = 0
    public var fgMade60Plus: Int = 0
    public var patMade: Int = 0
    public var patAtt: Int = 0
    public var patMissed: Int = 0
    public var defSacks: Int = 0
    public var defInterceptions: Int = 0
    public var defFumbleRecovery: Int = 0
    public var defTds: Int = 0
    public var defSafeties: Int = 0
    public var defBlockedKicks: Int = 0
    public var pointsAllowed: Int = 0

    public init() {}

    /// Every stat column, in fixture order, with its key path.
    public static let columns: [(name: String, keyPath: WritableKeyPath<StatLine, Int> & Sendable)] = [
        ("completions", \.completions),
        ("attempts", \.attempts),
        ("passing_yards", \.passingYards),
        ("passing_tds", \.passingTds),
        ("interceptions", \.interceptions),
        ("passing_2pt_conversions", \.passing2ptConversions),
        ("carries", \.carries),
        ("rushing_yards", \.rushingYards),
        ("rushing_tds", \.rushingTds),
        ("rushing_2pt_conversions", \.rushing2ptConversions),
        ("receptions", \.receptions),
        ("receiving_yards", \.receivingYards),
        ("receiving_tds", \.receivingTds),
        ("receiving_2pt_conversions", \.receiving2ptConversions),
        ("fumbles_lost", \.fumblesLost),
        ("special_teams_tds", \.specialTeamsTds),
        ("fg_made", \.fgMade),
        ("fg_att", \.fgAtt),
        ("fg_missed", \.fgMissed),
        ("fg_made_0_19", \.fgMade019),
        ("fg_made_20_29", \.fgMade2029),
        ("fg_made_30_39", \.fgMade3039),
        ("fg_made_40_49", \.fgMade4049),
        ("fg_made_50_59", \.fgMade5059),
        ("fg_made_60_", \.fgMade60Plus),
        ("pat_made", \.patMade),
        ("pat_att", \.patAtt),
        ("pat_missed", \.patMissed),
        ("def_sacks", \.defSacks),
        ("def_interceptions", \.defInterceptions),
        ("def_fumble_recovery", \.defFumbleRecovery),
        ("def_tds", \.defTds),
        ("def_safeties", \.defSafeties),
        ("def_blocked_kicks", \.defBlockedKicks),
        ("points_allowed", \.pointsAllowed),
    ]

    /// The value of a column by its nflverse name, or nil for an unknown column.
    public subscript(column name: String) -> Int? {
        get { Self.columnIndex[name].map { self[keyPath: Self.columns[$0].keyPath] } }
        set { if let i = Self.columnIndex[name], let v = newValue { self[keyPath: Self.columns[i].keyPath] = v } }
    }

    private static let columnIndex: [String: Int] = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1.name, $0) })

    /// The position of a column in `columns` (nil: unknown).
    public static func index(ofColumn name: String) -> Int? { columnIndex[name] }

    /// A column by its position in `columns`, without key paths (the importer and the live week add up ~100,000 play
    /// rows: key-path access costs more than the addition).
    public subscript(index i: Int) -> Int {
        get {
            switch i {
            case 0: completions; case 1: attempts; case 2: passingYards; case 3: passingTds; case 4: interceptions
            case 5: passing2ptConversions; case 6: carries; case 7: rushingYards; case 8: rushingTds; case 9: rushing2ptConversions
            case 10: receptions; case 11: receivingYards; case 12: receivingTds; case 13: receiving2ptConversions; case 14: fumblesLost
            case 15: specialTeamsTds; case 16: fgMade; case 17: fgAtt; case 18: fgMissed; case 19: fgMade019; case 20: fgMade2029
            case 21: fgMade3039; case 22: fgMade4049; case 23: fgMade5059; case 24: fgMade60Plus; case 25: patMade; case 26: patAtt
            case 27: patMissed; case 28: defSacks; case 29: defInterceptions; case 30: defFumbleRecovery; case 31: defTds
            case 32: defSafeties; case 33: defBlockedKicks; case 34: pointsAllowed
            default: 0
            }
        }
        set {
            switch i {
            case 0: completions = newValue; case 1: attempts = newValue; case 2: passingYards = newValue; case 3: passingTds = newValue
            case 4: interceptions = newValue; case 5: passing2ptConversions = newValue; case 6: carries = newValue
            case 7: rushingYards = newValue; case 8: rushingTds = newValue; case 9: rushing2ptConversions = newValue
            case 10: receptions = newValue; case 11: receivingYards = newValue; case 12: receivingTds = newValue
            case 13: receiving2ptConversions = newValue; case 14: fumblesLost = newValue; case 15: specialTeamsTds = newValue
            case 16: fgMade = newValue; case 17: fgAtt = newValue; case 18: fgMissed = newValue; case 19: fgMade019 = newValue
            case 20: fgMade2029 = newValue; case 21: fgMade3039 = newValue; case 22: fgMade4049 = newValue; case 23: fgMade5059 = newValue
            case 24: fgMade60Plus = newValue; case 25: patMade = newValue; case 26: patAtt = newValue; case 27: patMissed = newValue
            case 28: defSacks = newValue; case 29: defInterceptions = newValue; case 30: defFumbleRecovery = newValue
            case 31: defTds = newValue; case 32: defSafeties = newValue; case 33: defBlockedKicks = newValue; case 34: pointsAllowed = newValue
            default: break
            }
        }
    }

    /// Adds `value` to a column by name (unknown names change nothing).
    public mutating func add(_ value: Int, toColumn name: String) {
        if let i = Self.columnIndex[name] { self[index: i] = self[index: i] &+ value }
    }

    /// Column-wise sum, for season totals. Saturates at `Int.max`/`Int.min` rather than trapping, so no stored
    /// row can crash a total.
    public static func + (a: StatLine, b: StatLine) -> StatLine {
        var r = a
        for c in columns {
            let (sum, overflow) = r[keyPath: c.keyPath].addingReportingOverflow(b[keyPath: c.keyPath])
            r[keyPath: c.keyPath] = overflow ? (b[keyPath: c.keyPath] < 0 ? Int.min : Int.max) : sum
        }
        return r
    }

    // MARK: Plausible values

    /// Yardage columns: a loss on a play is a fact, so these may be negative.
    public static let yardageColumns: Set<String> = ["passing_yards", "rushing_yards", "receiving_yards"]
    /// Volume columns: how many times something was tried or caught.
    public static let volumeColumns: Set<String> = ["completions", "attempts", "carries", "receptions"]

    public static let plausibleYardage = -200...2_000
    public static let plausibleVolume = 0...200
    public static let plausiblePointsAllowed = 0...300
    /// Touchdowns, interceptions, fumbles, two-point conversions, field goals, PATs, sacks, safeties…
    public static let plausibleEvents = 0...50

    /// The values one player's (or one defense's) line for ONE week may hold, per column: yardage −200…2,000,
    /// completions / attempts / carries / receptions 0…200, points allowed 0…300, every other stat 0…50. Each is far
    /// beyond any NFL record (554 passing yards, 45 carries, 7 touchdowns, 73 points allowed) but small enough that
    /// no sum of a season's lines can come near overflowing `Points`. `import-stats` refuses anything outside.
    public static func plausibleWeeklyRange(_ column: String) -> ClosedRange<Int> {
        if yardageColumns.contains(column) { return plausibleYardage }
        if volumeColumns.contains(column) { return plausibleVolume }
        if column == "points_allowed" { return plausiblePointsAllowed }
        return plausibleEvents
    }
}

/// A player's stat line for one week of one season.
public struct WeeklyStat: Hashable, Codable, Sendable {
    public var playerID: PlayerID
    public var season: Int
    public var week: Int
    public var nflTeam: String
    public var opponent: String
    public var stats: StatLine
    public init(playerID: PlayerID, season: Int, week: Int, nflTeam: String, opponent: String, stats: StatLine) {
        self.playerID = playerID; self.season = season; self.week = week; self.nflTeam = nflTeam; self.opponent = opponent; self.stats = stats
    }
}

/// A player's totals for the prior season: the honest basis for pre-draft rankings.
public struct PriorSeasonStat: Hashable, Codable, Sendable {
    public var playerID: PlayerID
    public var season: Int
    public var games: Int
    public var stats: StatLine
    public init(playerID: PlayerID, season: Int, games: Int, stats: StatLine) {
        self.playerID = playerID; self.season = season; self.games = games; self.stats = stats
    }
}
