import Foundation

// MARK: - The taxi squad (ClubhouseDomain/README.md, “Dynasty”)
//
// A keeper or dynasty team with `taxiSlots` places keeps young players (in their first `taxiMaxYears` seasons,
// `DynastyRules.seasonsPlayed`) on a taxi squad: roster entries in slot TX, outside the roster's size, never started
// (`LineupRules` refuses them). A player goes to it before week 1's first kickoff, when the squad locks; promotion to
// the roster (the bench) is one-way: a player promoted in this season doesn't go back. Both moves are the team's
// manager's, from the renewed season's start (before its draft too) to the season's end.

extension RosterService {
    /// The team's manager puts one of its players on the taxi squad; returns the roster as it now stands.
    /// Refused (in this order) signed out, for anyone but the team's manager, after the season, and per
    /// `DynastyRules.taxiRefusal`.
    @discardableResult
    public func moveToTaxi(_ id: LeagueID, team teamID: TeamID, player: PlayerID, caller: Caller) throws -> Roster {
        try taxiWrite(id, team: teamID, caller: caller, doing: "move a player to its taxi squad") { w, facts, league, team, roster in
            let name = facts.players[player]?.fullName ?? facts.formerPlayers[player]?.fullName ?? player.rawValue
            let promoted = try w.events(in: id, kinds: [.taxiMoved], before: nil, limit: Self.taxiMovesRead).contains { e in
                (try? e.decodedBody(as: LeagueEvent.TaxiMoved.self)).map { $0.player == player && $0.promoted } ?? false
            }
            let seasons = DynastyRules.seasonsPlayed(player, season: league.season, firstSeasons: try factsCache.firstSeasons(w, through: league.season))
            if let refusal = DynastyRules.taxiRefusal(name: name, slot: roster.entry(for: player)?.slot, promoted: promoted, seasonsPlayed: seasons,
                                                      onTaxi: roster.entries.filter { $0.slot == .taxi }.count, locksAt: league.taxiLock(facts),
                                                      now: league.clock, league: league) {
                throw DomainError.conflict(refusal)
            }
            return (player, .taxi)
        }
    }

    /// The team's manager promotes a taxi player to the roster's bench, for good; returns the roster as it now stands.
    /// Refused signed out, for anyone but the team's manager, after the season, and for a player not on the taxi squad.
    @discardableResult
    public func promoteFromTaxi(_ id: LeagueID, team teamID: TeamID, player: PlayerID, caller: Caller) throws -> Roster {
        try taxiWrite(id, team: teamID, caller: caller, doing: "promote a taxi player") { w, facts, league, team, roster in
            guard roster.entry(for: player)?.slot == .taxi else {
                let name = facts.players[player]?.fullName ?? facts.formerPlayers[player]?.fullName ?? player.rawValue
                throw DomainError.conflict("\(name) isn't on \(team.name)'s taxi squad")
            }
            return (player, .bench)
        }
    }

    /// How many taxi moves of a league a refusal reads back (a squad of 10 places moves far fewer in a season).
    static let taxiMovesRead = 10_000

    /// One taxi move in one write: the caller manages the team, the season isn't over, and `body` names the player and
    /// his new slot; the roster is written with a `taxi.moved` event.
    private func taxiWrite(_ id: LeagueID, team teamID: TeamID, caller: Caller, doing: String,
                           _ body: (any LeagueStoreWriter, SeasonFacts, League, Team, Roster) throws -> (PlayerID, Slot)) throws -> Roster {
        let user = try signedIn(caller)
        return try store.write { w in
            let facts = try self.facts(w, league: id)
            let league = try existingLeague(w, id)
            let team = try managedTeam(w, teamID, league: league, user: user, doing: doing)
            guard league.state != .complete else { throw DomainError.conflict("The season of \(league.name) is over") }
            var roster = try w.rosters(in: id).first { $0.teamID == team.id } ?? Roster(teamID: team.id)
            let (player, slot) = try body(w, facts, league, team, roster)
            guard let i = roster.entries.firstIndex(where: { $0.playerID == player }) else { return roster }
            roster.entries[i].slot = slot
            try w.setRoster(roster)
            try w.appendEvent(league: id, LeagueEvent.TaxiMoved(team: team.id, player: player, promoted: slot != .taxi), at: clock.now())
            return roster
        }
    }
}
