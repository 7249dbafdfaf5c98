import ClubhouseDomain
import Foundation

/// The SQL of `DraftStoreWriter` and its reads: a league's draft, its picks and the teams' queues.
protocol DraftSQL: SQLStatements, DraftStoreWriter {}

extension DraftSQL {
    func draft(in league: LeagueID) throws -> Draft? {
        try memoized(\.drafts, league) {
            try rows(LeagueRead.draft, [league]) { try Self.draft($0, league: league) }.last
        }
    }

    func picks(in league: LeagueID) throws -> [Pick] {
        try memoized(\.picks, league) { try rows(LeagueRead.picks, [league]) { Self.pick($0) } }
    }

    func queue(team: TeamID) throws -> [PlayerID] {
        var out: [PlayerID] = []
        try each("SELECT player_id FROM draft_queue WHERE team_id = ? ORDER BY rank", [team]) { out.append(PlayerID($0.string(at: 0))) }
        return out
    }

    func setDraft(_ d: Draft) throws {
        // The JSON array JSONEncoder writes for [Int64] ("[3,1,2]"), without an encoder per pick.
        let order = "[" + d.order.map { String($0.rawValue) }.joined(separator: ",") + "]"
        try runLater("""
            INSERT INTO drafts (league_id, status, draft_order, rounds, type, pick_clock_seconds, current_pick, deadline, remaining_when_paused,
                                scheduled_at, started_at, pick_opened_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (league_id) DO UPDATE SET status = excluded.status, draft_order = excluded.draft_order, rounds = excluded.rounds,
              type = excluded.type, pick_clock_seconds = excluded.pick_clock_seconds, current_pick = excluded.current_pick,
              deadline = excluded.deadline, remaining_when_paused = excluded.remaining_when_paused,
              scheduled_at = excluded.scheduled_at, started_at = excluded.started_at, pick_opened_at = excluded.pick_opened_at
            """, [d.leagueID, d.status.rawValue, order, d.rounds, d.type.rawValue, d.pickClockSeconds, d.currentPick, d.deadline,
                  d.remainingWhenPaused, d.scheduledAt, d.startedAt, d.pickOpenedAt])
    }

    /// The pick-number check: of two picks of the same number (or the same player) exactly one lands. Sent with the
    /// transaction's next statement on PostgreSQL (`runLater`); the broken key says which conflict it is: (league,
    /// number) a pick made — the primary key, checked first — else (league, player) a player drafted. On PostgreSQL a
    /// conflict with a row this transaction's snapshot can't see is a serialization failure (run again).
    func insertPick(_ p: Pick, in league: LeagueID) throws {
        try runLater("INSERT INTO picks (league_id, number, round, team_id, player_id, source, made_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                     // picks.source keeps v1's check: a keeper's pick is the commissioner's there (Migration013).
                     [league, p.number, p.round, p.teamID, p.playerID, p.source == .keeper ? PickSource.commissioner.rawValue : p.source.rawValue,
                      p.madeAt]) { constraint in
            constraint.contains("player_id") ? .conflict("That player was already drafted") : .conflict("Pick \(p.number) was already made")
        }
    }

    func deletePicks(in league: LeagueID, from number: Int) throws {
        // Keepers' picks stay (an undo never reaches them).
        try run("""
            DELETE FROM picks WHERE league_id = ? AND number >= ?
              AND NOT EXISTS (SELECT 1 FROM keepers k WHERE k.league_id = picks.league_id AND k.player_id = picks.player_id AND k.team_id = picks.team_id)
            """, [league, number])
    }

    func setQueue(team: TeamID, players: [PlayerID]) throws {
        try run("DELETE FROM draft_queue WHERE team_id = ?", [team])
        for (i, p) in players.enumerated() {
            try run("INSERT INTO draft_queue (team_id, player_id, rank) VALUES (?, ?, ?)", [team, p, i + 1])
        }
    }

    func removeFromQueues(player: PlayerID, in league: LeagueID) throws {
        // The others keep their ranks (a gap orders the same).
        try runLater("DELETE FROM draft_queue WHERE player_id = ? AND team_id IN (SELECT id FROM teams WHERE league_id = ?)", [player, league])
    }
}
