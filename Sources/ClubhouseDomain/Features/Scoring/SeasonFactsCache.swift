import Foundation
import Synchronization

/// The season's values under one scoring rule set.
struct ScoredFacts: Sendable {
    let scoring: ScoringRules
    let rankings: DraftRankings
    /// player → week → points of that week's stat row.
    let points: [PlayerID: [Int: Points]]
    /// player → points of each row of his game log (aligned with `SeasonFacts.logs`).
    let logPoints: [PlayerID: [Points]]
    /// player → prior-season points.
    let prior: [PlayerID: Points]
}

/// Per-scoring values of one `SeasonFacts`, built once per scoring rules on first use.
final class ScoredCache: Sendable {
    // The values are immutable once stored.
    private let byScoring = Mutex<[ScoringRules: ScoredFacts]>([:])
    /// Leagues mostly use the presets; custom rule sets beyond this many start the cache afresh (~200 KB each).
    private static var limit: Int { 32 }

    func get(_ scoring: ScoringRules, build: () -> ScoredFacts) -> ScoredFacts {
        if let hit = byScoring.withLock({ $0[scoring] }) { return hit }
        let fresh = build()
        return byScoring.withLock { byScoring in
            if let raced = byScoring[scoring] { return raced }
            if byScoring.count >= Self.limit { byScoring.removeAll(keepingCapacity: true) }
            byScoring[scoring] = fresh
            return fresh
        }
    }
}

/// League rankings of one `SeasonFacts` per scoring rules and roster shape.
final class ValuedRankingsCache: Sendable {
    struct Key: Hashable { let scoring: ScoringRules; let valuation: DraftValuation }
    // The rankings are immutable once stored.
    private let byKey = Mutex<[Key: DraftRankings]>([:])

    func get(_ key: Key, build: () -> DraftRankings) -> DraftRankings {
        if let hit = byKey.withLock({ $0[key] }) { return hit }
        let fresh = build()
        return byKey.withLock { byKey in
            if let raced = byKey[key] { return raced }
            if byKey.count >= 64 { byKey.removeAll(keepingCapacity: true) }
            byKey[key] = fresh
            return fresh
        }
    }
}

/// Per-week sorted play times (see `SeasonFacts.nextLiveMoment`).
final class MomentCache: Sendable {
    private let weeks = Mutex<[Int: [Date]]>([:])
    func get(_ week: Int, build: () throws -> [Date]) rethrows -> [Date] {
        if let hit = weeks.withLock({ $0[week] }) { return hit }
        let fresh = try build()
        weeks.withLock { $0[week] = fresh }
        return fresh
    }
}

/// Holds each season's `SeasonFacts` once loaded, reloading when the store's season data version changes (an import).
public final class SeasonFactsCache: Sendable {
    // Facts are immutable values, so handing them out is safe.
    private struct State {
        var cached: [Int: SeasonFacts] = [:]
        /// Calendars read on their own, before the facts were needed (see `calendar(_:season:)`).
        var schedules: [Int: (version: Int64, calendar: SeasonCalendar)] = [:]
        /// Each player's first season (the file's rookie season, else his first stored one with stats), up to a season
        /// (see `firstSeasons(_:through:)`).
        var debuts: [Int: (version: Int64, first: [PlayerID: Int])] = [:]
    }
    private let state = Mutex(State())

    public init() {}

    public func facts(_ r: any LeagueStoreReader, season: Int) throws -> SeasonFacts {
        let version = try r.seasonDataVersion()
        if let c = state.withLock({ $0.cached[season] }), c.version == version { return c }
        let fresh = try SeasonFacts.load(from: r, season: season)
        state.withLock { s in
            // A new data version makes every season's facts stale: drop the others too.
            s.cached = s.cached.filter { $0.value.version == version }
            s.cached[season] = fresh
        }
        return fresh
    }

    /// A season's calendar (its games' kickoffs by week) alone: what lists of leagues need for each league's week.
    /// Taken from the facts when they are loaded; otherwise one read of the games, kept per data version, so that
    /// Home's first frame doesn't load every player and stat line of the season (the facts load when a page needs them).
    public func calendar(_ r: any LeagueStoreReader, season: Int) throws -> SeasonCalendar {
        let version = try r.seasonDataVersion()
        let hit: SeasonCalendar? = state.withLock { s in
            if let c = s.cached[season], c.version == version { return c.calendar }
            if let k = s.schedules[season], k.version == version { return k.calendar }
            return nil
        }
        if let hit { return hit }
        let fresh = try SeasonCalendar(games: r.games(season: season))
        state.withLock { $0.schedules[season] = (version, fresh) }
        return fresh
    }

    /// Each player's first season: his rookie season as nflverse's players.csv gave it (`rookie_season`, else
    /// `draft_year`; `LeagueStoreReader.rookieSeasons`) when it is stored, otherwise his first stored season with
    /// regular-season stats among the seasons up to `season` (a weekly line, or a row of a season stored as totals
    /// only). What the rookie draft's pool and the taxi squad's years read (`DynastyRules`; docs/data.md, “Rookies”):
    /// with the file's season a veteran whose earlier seasons aren't stored is no rookie, and a rookie without a line
    /// yet is one. Kept per data version, as it reads every earlier season's lines once.
    public func firstSeasons(_ r: any LeagueStoreReader, through season: Int) throws -> [PlayerID: Int] {
        let version = try r.seasonDataVersion()
        if let hit = state.withLock({ $0.debuts[season] }), hit.version == version { return hit.first }
        var first: [PlayerID: Int] = [:]
        // A season's totals are its weekly lines summed (or its imported totals): one grouped read per season.
        for info in try r.seasons() where info.season <= season {
            for row in try r.priorSeason(before: info.season + 1).rows { first[row.playerID] = min(first[row.playerID] ?? .max, info.season) }
        }
        // The file's rookie season wins over the stats (which miss the seasons not stored, and a season without a line).
        first.merge(try r.rookieSeasons()) { _, file in file }
        state.withLock { s in
            s.debuts = s.debuts.filter { $0.value.version == version }
            s.debuts[season] = (version, first)
        }
        return first
    }
}
