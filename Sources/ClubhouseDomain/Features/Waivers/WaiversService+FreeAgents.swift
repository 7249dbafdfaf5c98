import Foundation

// MARK: - Free agents and waivers (reading)

extension WaiversService {
    /// Everyone no team in the league rosters: on waivers until their hold ends on the league clock,
    /// free agents otherwise. Sorted as asked; filtered by position when given.
    public func availablePlayers(_ id: LeagueID, position: Position?, sort: PlayerSort, caller: Caller) throws -> [AvailablePlayer] {
        try store.read { r in
            let s = try LeagueSnapshot(r, league: id, cache: factsCache)
            try requireVisible(s.league, caller: caller, reader: r)
            let rostered = Set(s.rosters.values.flatMap(\.playerIDs))
            let holds = Dictionary(try r.waiverHolds(in: id).map { ($0.playerID, $0.until) }, uniquingKeysWith: max)
            let lastWeek = s.currentWeek - 1
            let rows = s.facts.players.values
                .filter { !rostered.contains($0.id) && (position == nil || $0.position == position) }
                .map { p -> AvailablePlayer in
                    let availability: Availability = holds[p.id].flatMap { $0 > s.now ? .onWaivers(until: $0) : nil } ?? .freeAgent
                    let season = s.scored.seasonPoints(p.id, finalAt: s.now)
                    let prior = s.scored.priorSeasonPoints(p.id) ?? .zero
                    return AvailablePlayer(player: s.facts.summary(p.id, week: s.currentWeek), availability: availability, seasonPoints: season,
                                           lastWeekPoints: lastWeek >= 1 ? s.points(p.id, week: lastWeek) : .zero, priorSeasonPoints: prior)
                }
            return rows.sorted { a, b in
                switch sort {
                // Ties (everyone at 0.0 before week 1 is final) go to last season's points, then the name.
                case .seasonPoints: (b.seasonPoints, b.priorSeasonPoints, a.player.name) < (a.seasonPoints, a.priorSeasonPoints, b.player.name)
                case .lastWeek: (b.lastWeekPoints, b.priorSeasonPoints, a.player.name) < (a.lastWeekPoints, a.priorSeasonPoints, b.player.name)
                case .priorSeason: (b.priorSeasonPoints, a.player.name) < (a.priorSeasonPoints, b.player.name)
                case .name: (a.player.name, a.player.id) < (b.player.name, b.player.id)
                }
            }
        }
    }
}
