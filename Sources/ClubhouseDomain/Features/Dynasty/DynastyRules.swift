import Foundation

// MARK: - Dynasty leagues (ClubhouseDomain/README.md, “Dynasty”)
//
// A dynasty league's renewal carries every roster over whole; its new season's draft is a rookie draft:
// `rookieDraftRounds` rounds, linear, the reverse of the final standings with the champion last and the runner-up
// second-to-last, its pool the new season's rookies (docs/data.md, “Rookies”). Keeper and dynasty teams may hold young
// players on a taxi squad (`RosterService+Taxi.swift`).

/// The rules of rookie drafts and taxi squads, on values (no store).
public enum DynastyRules {
    /// The rookie draft's order: worst first by the final standings, then the runner-up, then the champion (the
    /// playoffs decide those two; without a champion the standings' order alone).
    public static func rookieOrder(standings: [TeamID], champion: TeamID?, runnerUp: TeamID?) -> [TeamID] {
        let top = [runnerUp, champion].compactMap { $0 }
        return standings.reversed().filter { !top.contains($0) } + top
    }

    /// Whether a player is a rookie of `season`: his first season (`firstSeasons`, `SeasonFactsCache.firstSeasons`: the
    /// players file's rookie season, else his first stored season with regular-season stats) is not before it; a player
    /// with none known is one.
    public static func isRookie(_ player: PlayerID, season: Int, firstSeasons: [PlayerID: Int]) -> Bool {
        (firstSeasons[player] ?? season) >= season
    }

    /// The season of `season` a player is in: 1 in his first season with stats (or with none yet), 2 the next, ….
    public static func seasonsPlayed(_ player: PlayerID, season: Int, firstSeasons: [PlayerID: Int]) -> Int {
        max(1, season - (firstSeasons[player] ?? season) + 1)
    }

    /// The rookie draft's pool: the season's rookies (defenses are no rookies), none of them on a roster.
    public static func rookiePool(_ rankings: DraftRankings, season: Int, firstSeasons: [PlayerID: Int], rostered: Set<PlayerID>) -> DraftRankings {
        DraftRankings(scored: rankings.players.filter { p in
            p.position != .def && !rostered.contains(p.playerID) && isRookie(p.playerID, season: season, firstSeasons: firstSeasons)
        }.map { (id: $0.playerID, position: $0.position, points: $0.priorPoints) })
    }

    /// Why `player` can't join the taxi squad, or nil: a keeper or dynasty league with places, before week 1's first
    /// kickoff, a player on the team's roster and not on it already, in his first `taxiMaxYears` seasons, never promoted
    /// in this season, with a place free.
    public static func taxiRefusal(name: String, slot: Slot?, promoted: Bool, seasonsPlayed: Int, onTaxi: Int, locksAt: Date?, now: Date,
                                   league: League) -> String? {
        let s = league.settings
        guard s.taxiSlots > 0 else { return "\(league.name) has no taxi squad (taxiSlots is 0)" }
        if let locksAt, now >= locksAt { return "The taxi squad locked at week 1's first kickoff (\(ISO8601.format(locksAt))) — it changes no more this season" }
        guard let slot else { return "\(name) isn't on your roster" }
        guard slot != .taxi else { return "\(name) is on the taxi squad already" }
        guard slot != .ir else { return "\(name) is on IR — move him to the bench first" }
        guard !promoted else { return "\(name) was promoted from the taxi squad — promotion is for good" }
        guard seasonsPlayed <= s.taxiMaxYears else {
            return "\(name) is in his season \(seasonsPlayed) — the taxi squad takes players in their first \(s.taxiMaxYears == 1 ? "season" : "\(s.taxiMaxYears) seasons")"
        }
        guard onTaxi < s.taxiSlots else { return "The taxi squad is full (\(s.taxiSlots) place\(s.taxiSlots == 1 ? "" : "s")) — promote a player first" }
        return nil
    }
}

extension League {
    /// Whether this league's draft is a rookie draft: a dynasty league renewed from a season before.
    public var hasRookieDraft: Bool { settings.leagueType == .dynasty && previousLeague != nil }

    /// Week 1's first kickoff, when the taxi squad locks (nil: the season has no games).
    func taxiLock(_ facts: SeasonFacts) -> Date? {
        facts.games.filter { $0.week == 1 }.map(\.kickoff).min() ?? facts.games.map(\.kickoff).min()
    }
}

extension LeagueSettings {
    /// The rounds of the next seasons' drafts, whose picks trade as future picks: a dynasty league's are rookie drafts.
    public var futureDraftRounds: Int { leagueType == .dynasty ? rookieDraftRounds : draftRounds }
}

extension DraftRoom {
    /// A renewed dynasty league's rookie draft, scheduled: `rookieDraftRounds` rounds, linear, in `order`.
    public static func rookieDraft(leagueID: LeagueID, order: [TeamID], settings: LeagueSettings, scheduledAt: Date? = nil) -> Draft {
        Draft(leagueID: leagueID, status: .scheduled, order: order, rounds: settings.rookieDraftRounds, type: .linear,
              pickClockSeconds: settings.pickClockSeconds, scheduledAt: scheduledAt)
    }

    /// The draft a league schedules: a rookie draft for a renewed dynasty league, else the roster's rounds.
    public static func scheduledDraft(for league: League, order: [TeamID], scheduledAt: Date? = nil) -> Draft {
        league.hasRookieDraft ? rookieDraft(leagueID: league.id, order: order, settings: league.settings, scheduledAt: scheduledAt)
            : scheduledDraft(leagueID: league.id, order: order, settings: league.settings, scheduledAt: scheduledAt)
    }
}
