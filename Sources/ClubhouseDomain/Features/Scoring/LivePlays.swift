import Foundation
import Synchronization

/// One stat a play changed for one player or team defense, derived from nflverse's play-by-play (`PlayByPlay`).
public struct PlayStat: Hashable, Codable, Sendable {
    public var gameID: String
    public var week: Int
    /// 1–4, 5 = overtime; nil = the residual row that reconciles the play feed with the box score at the end.
    public var quarter: Int?
    /// Game-clock seconds since kickoff at the snap (quarters of 900 s, overtime of 600 s).
    public var elapsed: Int
    /// nflverse's `play_id` (increasing through the game); every row of one play shares it.
    public var sequence: Int
    public var playerID: PlayerID
    /// A `StatLine` column name.
    public var stat: String
    public var value: Int
    public init(gameID: String, week: Int, quarter: Int?, elapsed: Int, sequence: Int, playerID: PlayerID, stat: String, value: Int) {
        self.gameID = gameID; self.week = week; self.quarter = quarter; self.elapsed = elapsed; self.sequence = sequence
        self.playerID = playerID; self.stat = stat; self.value = value
    }
}

/// How a game's clock maps onto the season clock: a regulation game spans 3 h 10 min of wall time from kickoff —
/// each 15-minute quarter takes 45 minutes (3 s of wall time per game second), with a 10-minute halftime after
/// the second quarter — and overtime runs at 2 s per game second, so the longest overtime (600 s) ends at 3 h 30,
/// exactly when the game is final (`Game.finalAfter`). A play counts once its snap's wall time has come.
public enum GameClock {
    public static let quarter = 900
    public static let regulation = 3600
    public static let halftime: TimeInterval = 600
    /// Wall-clock seconds after kickoff when the snap at `elapsed` game seconds happens.
    public static func wallOffset(elapsed e: Int) -> TimeInterval {
        if e <= 1800 { return TimeInterval(e) * 3 }
        if e <= regulation { return TimeInterval(e) * 3 + halftime }
        return TimeInterval(regulation) * 3 + halftime + TimeInterval(e - regulation) * 2
    }
    /// Game seconds elapsed at `offset` wall seconds after kickoff (the inverse; halftime holds at 1800).
    public static func elapsed(atOffset w: TimeInterval) -> Int {
        if w < 0 { return -1 }
        if w <= 5400 { return Int(w / 3) }
        if w < 5400 + halftime { return 1800 }
        let endOfRegulation = 3 * TimeInterval(regulation) + halftime
        if w <= endOfRegulation { return Int((w - halftime) / 3) }
        return regulation + Int((w - endOfRegulation) / 2)
    }
    /// "Q3 4:12", "OT 7:55" for a moment of a game (`elapsed` game seconds).
    public static func label(elapsed e: Int) -> String {
        if e > regulation {
            return "OT " + minutesSeconds(max(0, regulation + 600 - e))
        }
        let q = min(4, e / quarter + 1)
        return "Q\(q) " + minutesSeconds(q * quarter - e)
    }
    static func minutesSeconds(_ s: Int) -> String { "\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60)" }
}

/// One game's plays as running stat lines per player: for each player the elapsed time of every play that changed
/// him and his cumulative line after it. A stat line at any moment is one binary search, so moving the clock costs
/// nothing until something reads it, and a read costs only log(plays).
public struct LiveGame: Sendable {
    public let gameID: String
    /// Game seconds played (3600, or 3600 plus the overtime played).
    public let length: Int
    /// player → ascending elapsed times (residual rows: `Int.max`, counted only once the game is final).
    private let times: [PlayerID: [Int]]
    /// player → cumulative stat line after each entry of `times`.
    private let lines: [PlayerID: [StatLine]]
    /// Every play's rows per player in game order, for the scoring feed.
    public let plays: [LivePlay]

    /// One play as it changed one player.
    public struct LivePlay: Hashable, Sendable {
        public var elapsed: Int
        public var sequence: Int
        public var playerID: PlayerID
        /// Only the stats this play changed.
        public var delta: StatLine
        public var isResidual: Bool
    }

    public init(gameID: String, rows: [PlayStat]) {
        self.gameID = gameID
        // Game order: by the snap's game clock, then play id (a play's rows stay together); residual rows last.
        let ordered = rows.sorted {
            ($0.quarter == nil ? 1 : 0, $0.elapsed, $0.sequence, $0.playerID) < ($1.quarter == nil ? 1 : 0, $1.elapsed, $1.sequence, $1.playerID)
        }
        var times: [PlayerID: [Int]] = [:], lines: [PlayerID: [StatLine]] = [:]
        var plays: [LivePlay] = []
        var length = GameClock.regulation
        var i = 0
        while i < ordered.count {
            let head = ordered[i]
            var delta = StatLine()
            var j = i
            while j < ordered.count, ordered[j].sequence == head.sequence, ordered[j].playerID == head.playerID {
                delta.add(ordered[j].value, toColumn: ordered[j].stat)
                j += 1
            }
            let residual = head.quarter == nil
            length = max(length, head.elapsed)
            let t = residual ? Int.max : head.elapsed
            let before = lines[head.playerID]?.last ?? StatLine()
            times[head.playerID, default: []].append(t)
            lines[head.playerID, default: []].append(before + delta)
            plays.append(LivePlay(elapsed: head.elapsed, sequence: head.sequence, playerID: head.playerID, delta: delta, isResidual: residual))
            i = j
        }
        self.times = times; self.lines = lines; self.plays = plays; self.length = length
    }

    /// Players with at least one row in this game.
    public var playerIDs: Dictionary<PlayerID, [Int]>.Keys { times.keys }

    /// A player's stat line after every play snapped at or before `elapsed` game seconds (nil: no row yet).
    public func stats(_ player: PlayerID, upTo elapsed: Int) -> StatLine? {
        guard let t = times[player], let l = lines[player] else { return nil }
        let upTo = t.firstIndex(after: elapsed)   // the number of entries with time ≤ elapsed
        return upTo == 0 ? nil : l[upTo - 1]
    }

    /// Every entry of a player's running line: the play's elapsed time (`Int.max`: residual) and his line after it.
    public func history(_ player: PlayerID) -> (times: [Int], lines: [StatLine]) { (times[player] ?? [], lines[player] ?? []) }

    /// The whole game's line for a player (every row, residuals included): equals the box score.
    public func finalStats(_ player: PlayerID) -> StatLine? { lines[player]?.last }
}

/// One week's games as `LiveGame`s, plus which game each player's rows are in.
public struct LiveWeek: Sendable {
    public let week: Int
    public let games: [String: LiveGame]
    private let gameOfPlayer: [PlayerID: String]
    /// Rows the week was built from (for the bench's memory figure).
    public let rowCount: Int

    public init(week: Int, rows: [PlayStat]) {
        self.week = week
        rowCount = rows.count
        let byGame = Dictionary(grouping: rows, by: \.gameID)
        var games: [String: LiveGame] = [:]
        var gameOf: [PlayerID: String] = [:]
        for (id, rows) in byGame {
            let g = LiveGame(gameID: id, rows: rows)
            games[id] = g
            for p in g.playerIDs { gameOf[p] = id }
        }
        self.games = games; gameOfPlayer = gameOf
    }

    /// Running-line entries held (one per play and player).
    public var entryCount: Int { games.values.reduce(0) { $0 + $1.plays.count } }
    /// Bytes the running lines take, roughly (a stat line and a time per entry).
    public var memoryEstimate: Int { entryCount * (MemoryLayout<StatLine>.stride + 8) }

    /// The game a player has rows in this week.
    public func gameID(of player: PlayerID) -> String? { gameOfPlayer[player] }
}

/// Weeks of plays loaded on first use and kept for the life of one season data version (a week is ~6,000 rows;
/// only weeks someone views while a game is in progress are ever loaded).
final class LiveWeekCache: Sendable {
    // The weeks are immutable once stored.
    private let weeks = Mutex<[Int: LiveWeek]>([:])

    func get(_ week: Int, load: () throws -> LiveWeek) rethrows -> LiveWeek {
        if let hit = weeks.withLock({ $0[week] }) { return hit }
        let fresh = try load()
        return weeks.withLock { weeks in
            if let raced = weeks[week] { return raced }
            weeks[week] = fresh
            return fresh
        }
    }

    var loadedWeeks: [Int] { weeks.withLock { $0.keys.sorted() } }
}
