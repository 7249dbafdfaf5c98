import ClubhouseDomain
import Foundation

/// The SQL of `RosterStoreWriter` and its reads: rosters and saved lineups.
protocol RosterSQL: SQLStatements, RosterStoreWriter, LeaguesStoreReader {}

extension RosterSQL {
    func rosters(in league: LeagueID) throws -> [Roster] {
        try memoized(\.rosters, league) {
            let teams = try teams(in: league)
            return Self.rosters(teams: teams, entries: try rows(LeagueRead.rosterEntries, [league]) { Self.rosterEntry($0) })
        }
    }

    func lineups(in league: LeagueID, week: Int) throws -> [Lineup] {
        var byTeam: [TeamID: Lineup] = [:]
        try each("""
            SELECT l.team_id, l.player_id, l.slot FROM lineups l JOIN teams t ON t.id = l.team_id
            WHERE t.league_id = ? AND l.week = ?
            """, [league, week]) { s in
            let team = TeamID(s.int64(at: 0))
            byTeam[team, default: Lineup(teamID: team, week: week, slots: [:])].slots[PlayerID(s.string(at: 1))] = Slot(rawValue: s.string(at: 2)) ?? .bench
        }
        return byTeam.values.sorted { $0.teamID < $1.teamID }
    }

    func setRoster(_ roster: Roster) throws {
        // The team's league and its current entries come from this transaction's reads when it made them (a pick
        // reads the league's teams and rosters first).
        let known = memo.league(ofTeam: roster.teamID)
        let league = try known?.rawValue ?? scalar("SELECT league_id FROM teams WHERE id = ?", [roster.teamID], as: Int64.self)
        guard let league else { throw DomainError.notFound("Team \(roster.teamID.rawValue)") }
        // Write only what changed: most calls move a slot or add one player to a full roster. The end state (and any
        // conflict thrown) is that of deleting every row and inserting `entries`; a list naming a player twice takes
        // that path, so it fails the same way.
        if Set(roster.entries.map(\.playerID)).count == roster.entries.count {
            var current: [PlayerID: RosterEntry] = [:]
            if let known, let rosters = memo.rosters[known] {
                for e in rosters.first(where: { $0.teamID == roster.teamID })?.entries ?? [] { current[e.playerID] = e }
            } else {
                try each("SELECT player_id, slot, acquisition, acquired_at FROM roster_entries WHERE team_id = ?", [roster.teamID]) { s in
                    let id = PlayerID(s.string(at: 0))
                    current[id] = RosterEntry(playerID: id, slot: Slot(rawValue: s.string(at: 1)) ?? .bench,
                                              acquisition: Acquisition(rawValue: s.string(at: 2)) ?? .draft,
                                              acquiredAt: Date(timeIntervalSince1970: s.double(at: 3)))
                }
            }
            let wanted = Set(roster.entries.map(\.playerID))
            for id in current.keys.sorted() where !wanted.contains(id) {
                try run("DELETE FROM roster_entries WHERE team_id = ? AND player_id = ?", [roster.teamID, id])
            }
            for e in roster.entries {
                if let old = current[e.playerID] {
                    if old.slot.rawValue != e.slot.rawValue || old.acquisition.rawValue != e.acquisition.rawValue
                        || old.acquiredAt.timeIntervalSince1970 != e.acquiredAt.timeIntervalSince1970 {
                        try run("UPDATE roster_entries SET slot = ?, acquisition = ?, acquired_at = ? WHERE team_id = ? AND player_id = ?",
                                [e.slot.rawValue, e.acquisition.rawValue, e.acquiredAt, roster.teamID, e.playerID])
                    }
                    continue
                }
                try insertRosterEntry(e, team: roster.teamID, league: league)
            }
            return
        }
        try run("DELETE FROM roster_entries WHERE team_id = ?", [roster.teamID])
        for e in roster.entries { try insertRosterEntry(e, team: roster.teamID, league: league) }
    }

    /// One entry, sent with the transaction's next statement on PostgreSQL: a player already on a roster of the league
    /// (the primary key) fails the transaction there.
    func addRosterEntry(_ e: RosterEntry, team: TeamID, in league: LeagueID) throws {
        try runLater(Self.rosterEntryInsert, Self.rosterEntryValues(e, team: team, league: league.rawValue),
                     conflict: { _ in Self.onARoster(e.playerID) })
    }

    static var rosterEntryInsert: String { "INSERT INTO roster_entries (league_id, player_id, team_id, slot, acquisition, acquired_at) VALUES (?, ?, ?, ?, ?, ?)" }
    static func rosterEntryValues(_ e: RosterEntry, team: TeamID, league: Int64) -> [(any SQLBindable)?] {
        [league, e.playerID, team, e.slot.rawValue, e.acquisition.rawValue, e.acquiredAt]
    }
    static func onARoster(_ player: PlayerID) -> DomainError { .conflict("Player \(player) is already on a roster in this league") }

    /// A player already on a roster of the league (the primary key is (league, player)) is a conflict; the insert
    /// adds nothing then, so the transaction stays usable without a savepoint.
    private func insertRosterEntry(_ e: RosterEntry, team: TeamID, league: Int64) throws {
        guard try insertUnlessConflicting(Self.rosterEntryInsert, Self.rosterEntryValues(e, team: team, league: league)) else {
            throw Self.onARoster(e.playerID)
        }
    }

    func setLineup(_ lineup: Lineup) throws {
        try run("DELETE FROM lineups WHERE team_id = ? AND week = ?", [lineup.teamID, lineup.week])
        for (player, slot) in lineup.slots.sorted(by: { $0.key < $1.key }) {
            try run("INSERT INTO lineups (team_id, week, player_id, slot) VALUES (?, ?, ?, ?)", [lineup.teamID, lineup.week, player, slot.rawValue])
        }
    }
}
