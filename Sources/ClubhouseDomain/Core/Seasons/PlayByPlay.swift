import Foundation

/// One row of nflverse's `play_by_play_SEASON.csv`: the columns a fantasy scorer needs, already typed (empty numbers
/// are 0, empty ids ""). Team columns are as nflverse writes them: the franchise's current abbreviation.
public struct PlayByPlayRow: Hashable, Sendable {
    /// The 0/1 columns, as bits.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let passAttempt = Flags(rawValue: 1 << 0)
        public static let completePass = Flags(rawValue: 1 << 1)
        public static let sack = Flags(rawValue: 1 << 2)
        public static let twoPointAttempt = Flags(rawValue: 1 << 3)
        public static let rushAttempt = Flags(rawValue: 1 << 4)
        public static let interception = Flags(rawValue: 1 << 5)
        public static let passTouchdown = Flags(rawValue: 1 << 6)
        public static let rushTouchdown = Flags(rawValue: 1 << 7)
        public static let returnTouchdown = Flags(rawValue: 1 << 8)
        public static let fieldGoalAttempt = Flags(rawValue: 1 << 9)
        public static let extraPointAttempt = Flags(rawValue: 1 << 10)
        public static let puntBlocked = Flags(rawValue: 1 << 11)
        public static let safety = Flags(rawValue: 1 << 12)

        /// Each flag with its nflverse column, in one place for the reader.
        public static let columns: [(String, Flags)] = [
            ("pass_attempt", .passAttempt), ("complete_pass", .completePass), ("sack", .sack),
            ("two_point_attempt", .twoPointAttempt), ("rush_attempt", .rushAttempt), ("interception", .interception),
            ("pass_touchdown", .passTouchdown), ("rush_touchdown", .rushTouchdown), ("return_touchdown", .returnTouchdown),
            ("field_goal_attempt", .fieldGoalAttempt), ("extra_point_attempt", .extraPointAttempt),
            ("punt_blocked", .puntBlocked), ("safety", .safety),
        ]
    }

    public var playID = 0
    public var gameID = ""
    public var week = 0
    public var homeTeam = "", awayTeam = ""
    public var posteam = "", defteam = ""
    public var quarter = 0
    public var quarterSecondsRemaining = 0
    public var playType = ""
    public var flags: Flags = []
    public var fieldGoalResult = "", extraPointResult = "", twoPointResult = ""
    public var kickDistance = 0
    public var tdTeam = "", tdPlayer = ""
    public var passer = "", receiver = "", rusher = "", lateralReceiver = "", lateralRusher = ""
    public var passingYards = 0, receivingYards = 0, rushingYards = 0, lateralReceivingYards = 0, lateralRushingYards = 0
    public var kicker = "", kickoffReturner = "", puntReturner = ""
    public var fumbled1Player = "", fumbled1Team = "", fumbled2Player = "", fumbled2Team = ""
    public var recovery1Team = "", recovery2Team = ""
    public var sackPlayer = "", halfSack1Player = ""
    public var totalHomeScore = 0, totalAwayScore = 0

    public init() {}
}

/// Play-by-play → the stat changes each play made, per player and team defense, for live scoring (the Live rules in
/// the Domain README). A game's rows, summed, give each player's box score, the way nflverse computes its weekly stats
/// from the same rows (`FORMATS.md`, "Weekly stats from pbp"): passer attempts are pass attempts that weren't sacks or
/// two-point tries; yards include the last lateral's; touchdowns go to `td_player_id`; a lost fumble is a fumble whose
/// recovering team is not the fumbling one; kicks go by `field_goal_result` / `extra_point_result` (blocked = missed);
/// team defenses get sacks (a credited sack, or two half sacks, is one), interceptions, opponent fumbles recovered,
/// blocked kicks, return touchdowns (`return_touchdown`, kick and punt returns included — and a player's
/// `special_teams_tds` only when he was the returner), safeties by the score change, and points allowed as the
/// opponent's score moves.
public enum PlayByPlay {
    /// Every column `PlayByPlayRow` is read from (the reader checks the header has them).
    public static let columns: [String] = [
        "play_id", "game_id", "week", "home_team", "away_team", "posteam", "defteam", "qtr", "quarter_seconds_remaining",
        "play_type", "field_goal_result", "kick_distance", "extra_point_result", "two_point_conv_result", "td_team", "td_player_id",
        "total_home_score", "total_away_score", "passer_player_id", "passing_yards", "receiver_player_id", "receiving_yards",
        "rusher_player_id", "rushing_yards", "lateral_receiver_player_id", "lateral_receiving_yards", "lateral_rusher_player_id",
        "lateral_rushing_yards", "kicker_player_id", "kickoff_returner_player_id", "punt_returner_player_id",
        "fumbled_1_team", "fumbled_1_player_id", "fumbled_2_team", "fumbled_2_player_id", "fumble_recovery_1_team",
        "fumble_recovery_2_team", "sack_player_id", "half_sack_1_player_id",
    ] + Flags.columns.map(\.0)
    public typealias Flags = PlayByPlayRow.Flags

    /// Game seconds since kickoff at the snap, from `qtr` and `quarter_seconds_remaining` (15-minute quarters). Overtime
    /// is 10 minutes in the regular season since 2017 (15 before): its seconds are scaled onto 600 so that every game
    /// fits the season clock's mapping (`GameClock`: the longest overtime ends as the game goes final).
    public static func elapsed(quarter: Int, quarterSecondsRemaining left: Int, season: Int) -> Int {
        let q = max(1, quarter)
        if q <= 4 { return (q - 1) * GameClock.quarter + GameClock.quarter - min(max(0, left), GameClock.quarter) }
        let length = season >= 2017 ? 600 : 900
        let played = length - min(max(0, left), length)
        return GameClock.regulation + played * 600 / length
    }

    /// One game's rows as stat changes. `home` / `away` are the game's teams as the app keys them (the season's
    /// abbreviations, from `games.csv`); the rows' own team columns are matched to them by franchise. Rows of other
    /// games are ignored. Returns the changes in play order (`sequence` = nflverse's `play_id`) and, for each player,
    /// the team (home or away) he played for.
    public static func changes(game: Game, rows: [PlayByPlayRow]) -> (plays: [PlayStat], teamOf: [PlayerID: String]) {
        var out: [PlayStat] = []
        out.reserveCapacity(rows.count * 3)
        var teamOf: [PlayerID: String] = [:]
        var home = 0, away = 0
        // One play's changes: a few entries, merged by player and stat (a list is cheaper than dictionaries here).
        var delta: [(player: String, stat: String, value: Int)] = []
        for row in rows where row.gameID == game.id {
            delta.removeAll(keepingCapacity: true)
            func add(_ player: String, _ stat: String, _ value: Int, team: String) {
                guard !player.isEmpty, value != 0 else { return }
                if let i = delta.firstIndex(where: { $0.player == player && $0.stat == stat }) {
                    delta[i].value += value
                } else {
                    if !delta.contains(where: { $0.player == player }), teamOf[PlayerID(player)] == nil,
                       let t = seasonTeam(team, row: row, game: game) {
                        teamOf[PlayerID(player)] = t
                    }
                    delta.append((player, stat, value))
                }
            }
            func defense(_ team: String, _ stat: String, _ value: Int) {
                guard let t = seasonTeam(team, row: row, game: game) else { return }
                add(NFLVerseStats.defenseID(team: t).rawValue, stat, value, team: team)
            }
            let f = row.flags
            let two = f.contains(.twoPointAttempt)
            let offense = row.posteam, defenseTeam = row.defteam
            if !two {
                if f.contains(.passAttempt) && !f.contains(.sack) { add(row.passer, "attempts", 1, team: offense) }
                if f.contains(.completePass) {
                    add(row.passer, "completions", 1, team: offense)
                    add(row.receiver, "receptions", 1, team: offense)
                }
                add(row.passer, "passing_yards", row.passingYards, team: offense)
                add(row.receiver, "receiving_yards", row.receivingYards, team: offense)
                add(row.lateralReceiver, "receiving_yards", row.lateralReceivingYards, team: offense)
                add(row.rusher, "rushing_yards", row.rushingYards, team: offense)
                add(row.lateralRusher, "rushing_yards", row.lateralRushingYards, team: offense)
                if f.contains(.rushAttempt) { add(row.rusher, "carries", 1, team: offense) }
                if f.contains(.interception) {
                    add(row.passer, "interceptions", 1, team: offense)
                    defense(defenseTeam, "def_interceptions", 1)
                }
            } else if row.twoPointResult == "success" {
                if f.contains(.passAttempt) && !row.passer.isEmpty {
                    add(row.passer, "passing_2pt_conversions", 1, team: offense)
                    add(row.receiver, "receiving_2pt_conversions", 1, team: offense)
                } else {
                    add(row.rusher, "rushing_2pt_conversions", 1, team: offense)
                }
            }
            if f.contains(.passTouchdown) {
                add(row.passer, "passing_tds", 1, team: offense)
                add(row.tdPlayer, "receiving_tds", 1, team: row.tdTeam)
            }
            if f.contains(.rushTouchdown) { add(row.tdPlayer, "rushing_tds", 1, team: row.tdTeam) }
            for (player, team, recovered) in [(row.fumbled1Player, row.fumbled1Team, row.recovery1Team),
                                              (row.fumbled2Player, row.fumbled2Team, row.recovery2Team)]
            where !player.isEmpty && !team.isEmpty && !recovered.isEmpty && !NFLFranchises.sameFranchise(team, recovered) {
                add(player, "fumbles_lost", 1, team: team)
                defense(recovered, "def_fumble_recovery", 1)
            }
            if f.contains(.fieldGoalAttempt) {
                add(row.kicker, "fg_att", 1, team: offense)
                if row.fieldGoalResult == "made" {
                    add(row.kicker, "fg_made", 1, team: offense)
                    add(row.kicker, fieldGoalBucket(row.kickDistance), 1, team: offense)
                } else {
                    add(row.kicker, "fg_missed", 1, team: offense)
                }
            }
            if f.contains(.extraPointAttempt) {
                add(row.kicker, "pat_att", 1, team: offense)
                add(row.kicker, row.extraPointResult == "good" ? "pat_made" : "pat_missed", 1, team: offense)
            }
            if !row.sackPlayer.isEmpty || !row.halfSack1Player.isEmpty { defense(defenseTeam, "def_sacks", 1) }
            if f.contains(.puntBlocked) || row.fieldGoalResult == "blocked" || row.extraPointResult == "blocked" {
                defense(defenseTeam, "def_blocked_kicks", 1)
            }
            if f.contains(.returnTouchdown) && !row.tdTeam.isEmpty {
                defense(row.tdTeam, "def_tds", 1)
                if !row.tdPlayer.isEmpty && (row.tdPlayer == row.kickoffReturner || row.tdPlayer == row.puntReturner) {
                    add(row.tdPlayer, "special_teams_tds", 1, team: row.tdTeam)
                }
            }
            // The score after the play against the one before it: points allowed, and who scored a safety.
            let homeGain = row.totalHomeScore - home, awayGain = row.totalAwayScore - away
            if homeGain > 0 { add(NFLVerseStats.defenseID(team: game.awayTeam).rawValue, "points_allowed", homeGain, team: row.awayTeam) }
            if awayGain > 0 { add(NFLVerseStats.defenseID(team: game.homeTeam).rawValue, "points_allowed", awayGain, team: row.homeTeam) }
            if f.contains(.safety) {
                if homeGain == 2 { add(NFLVerseStats.defenseID(team: game.homeTeam).rawValue, "def_safeties", 1, team: row.homeTeam) }
                else if awayGain == 2 { add(NFLVerseStats.defenseID(team: game.awayTeam).rawValue, "def_safeties", 1, team: row.awayTeam) }
            }
            home = max(home, row.totalHomeScore); away = max(away, row.totalAwayScore)

            let elapsed = elapsed(quarter: row.quarter, quarterSecondsRemaining: row.quarterSecondsRemaining, season: game.season)
            // Players in the order the play first names them; each player's stats by name.
            var order: [String] = []
            for d in delta where !order.contains(d.player) { order.append(d.player) }
            for player in order {
                for d in delta.filter({ $0.player == player && $0.value != 0 }).sorted(by: { $0.stat < $1.stat }) {
                    out.append(PlayStat(gameID: game.id, week: game.week, quarter: min(5, row.quarter), elapsed: elapsed,
                                        sequence: row.playID, playerID: PlayerID(player), stat: d.stat, value: d.value))
                }
            }
        }
        return (out, teamOf)
    }

    /// The distance bucket of a made field goal (`fg_made_0_19` … `fg_made_60_`).
    public static func fieldGoalBucket(_ yards: Int) -> String {
        switch yards {
        case ..<20: "fg_made_0_19"
        case 20..<30: "fg_made_20_29"
        case 30..<40: "fg_made_30_39"
        case 40..<50: "fg_made_40_49"
        case 50..<60: "fg_made_50_59"
        default: "fg_made_60_"
        }
    }

    /// A row's team (nflverse's current abbreviation) as the game's team (the season's); nil when it is neither.
    static func seasonTeam(_ team: String, row: PlayByPlayRow, game: Game) -> String? {
        guard !team.isEmpty else { return nil }
        if team == game.homeTeam || team == row.homeTeam || NFLFranchises.sameFranchise(team, game.homeTeam) { return game.homeTeam }
        if team == game.awayTeam || team == row.awayTeam || NFLFranchises.sameFranchise(team, game.awayTeam) { return game.awayTeam }
        return nil
    }

    /// Rows that make a game's plays add up to its box scores: for every player and stat where `box` (the stats
    /// files' lines for the game) and the sum of `plays` differ, one row with the difference at the end of the game
    /// (`quarter` nil — counted only once the game is final; `elapsed` the game's length; `sequence` after the last
    /// play). The play feed and the box score disagree rarely (2019: three two-point conversions the box score lacks).
    public static func residuals(game: Game, plays: [PlayStat], box: [PlayerID: StatLine]) -> [PlayStat] {
        var sums: [PlayerID: StatLine] = [:]
        var length = GameClock.regulation, last = 0
        for p in plays {
            sums[p.playerID, default: StatLine()].add(p.value, toColumn: p.stat)
            length = max(length, p.elapsed); last = max(last, p.sequence)
        }
        var out: [PlayStat] = []
        for id in Set(sums.keys).union(box.keys).sorted() {
            let want = box[id] ?? StatLine(), have = sums[id] ?? StatLine()
            guard want != have else { continue }
            for (i, c) in StatLine.columns.enumerated() {
                let d = want[index: i] - have[index: i]
                if d != 0 {
                    out.append(PlayStat(gameID: game.id, week: game.week, quarter: nil, elapsed: length, sequence: last + 1,
                                        playerID: id, stat: c.name, value: d))
                }
            }
        }
        return out
    }
}
