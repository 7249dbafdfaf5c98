import ClubhouseDomain
import Foundation

/// `SQLStoreTransaction`: leagues, teams, rosters, lineups, matchups, join requests (reads).
extension SQLStoreTransaction {
    /// A league row, checked on the way out (`League.checkedAfterReading`): settings no write would accept — or that
    /// don't decode at all — come back within their limits with `needsCommissioner` saying what was wrong, so one
    /// league's bad row can't crash a read, a list of leagues or the clocks.
    static func league(_ s: some SQLRowCursor) throws -> League {
        let settings = StoreSQL.settingsCache.checked(s.string(at: 5))
        var league = League(id: LeagueID(s.int64(at: 0)), name: s.string(at: 1), season: s.int(at: 2), isPublic: s.bool(at: 3),
                      commissioner: s.isNull(at: 4) ? nil : UserID(s.int64(at: 4)), settings: settings.settings,
                      state: LeagueState(rawValue: s.string(at: 6)) ?? .predraft, clock: Date(timeIntervalSince1970: s.double(at: 7)),
                      draftScheduledAt: s.date(at: 8), createdAt: Date(timeIntervalSince1970: s.double(at: 9)),
                      followsRealTime: s.bool(at: 10))
        league.previousLeague = s.isNull(at: 11) ? nil : LeagueID(s.int64(at: 11))
        league.nextLeague = s.isNull(at: 12) ? nil : LeagueID(s.int64(at: 12))
        return league.checkedAfterReading(settingsRepair: settings.repair)
    }

    func leagues() throws -> [League] {
        var out: [League] = []
        try each("SELECT \(StoreSQL.leagueColumns) FROM leagues ORDER BY id") { out.append(try Self.league($0)) }
        return out
    }

    func leaguesCreated(by user: UserID, since: Date) throws -> [Date] {
        var out: [Date] = []
        try each("SELECT created_at FROM leagues WHERE commissioner_id = ? AND created_at > ? ORDER BY created_at", [user, since]) { s in
            out.append(Date(timeIntervalSince1970: s.double(at: 0)))
        }
        return out
    }

    func league(_ id: LeagueID) throws -> League? {
        if let hit = memo.leagues[id] { return hit }
        var out: League?
        // The season data version rides along: a write asks for the league, then for the version (its season facts).
        try each(LeagueRead.league, [id]) { out = try leagueWithDataVersion($0) }
        memo.leagues[id] = .some(out)
        return out
    }

    func teams(in league: LeagueID) throws -> [Team] {
        if let hit = memo.teams[league] { return hit }
        var out: [Team] = []
        try each(LeagueRead.teams, [league]) { out.append(Self.team($0)) }
        memo.teams[league] = out
        return out
    }

    func rosters(in league: LeagueID) throws -> [Roster] {
        if let hit = memo.rosters[league] { return hit }
        let teams = try teams(in: league)
        var entries: [(TeamID, RosterEntry)] = []
        try each(LeagueRead.rosterEntries, [league]) { entries.append(Self.rosterEntry($0)) }
        let out = Self.rosters(teams: teams, entries: entries)
        memo.rosters[league] = out
        return out
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

    func matchups(in league: LeagueID) throws -> [MatchupRecord] {
        var out: [MatchupRecord] = []
        try each("""
            SELECT week, home_team_id, away_team_id, is_playoff, home_points, away_points, is_final
            FROM matchups WHERE league_id = ? ORDER BY week, home_team_id
            """, [league]) { s in
            let final = s.bool(at: 6)
            out.append(MatchupRecord(
                matchup: Matchup(leagueID: league, week: s.int(at: 0), home: TeamID(s.int64(at: 1)),
                                 away: s.isNull(at: 2) ? nil : TeamID(s.int64(at: 2)), isPlayoff: s.bool(at: 3)),
                homePoints: final ? Points(hundredths: s.int(at: 4)) : nil,
                awayPoints: final && !s.isNull(at: 5) ? Points(hundredths: s.int(at: 5)) : nil))
        }
        return out
    }

    func joinRequests(of user: UserID) throws -> [JoinRequest] {
        var out: [JoinRequest] = []
        try each("SELECT league_id, team_name, status, requested_at FROM join_requests WHERE user_id = ? ORDER BY requested_at", [user]) { s in
            out.append(JoinRequest(leagueID: LeagueID(s.int64(at: 0)), user: user, teamName: s.string(at: 1),
                                   status: JoinRequest.Status(rawValue: s.string(at: 2)) ?? .pending, requestedAt: Date(timeIntervalSince1970: s.double(at: 3))))
        }
        return out
    }

    func joinRequests(in league: LeagueID) throws -> [JoinRequest] {
        var out: [JoinRequest] = []
        try each("SELECT user_id, team_name, status, requested_at FROM join_requests WHERE league_id = ? ORDER BY requested_at", [league]) { s in
            out.append(JoinRequest(leagueID: league, user: UserID(s.int64(at: 0)), teamName: s.string(at: 1),
                                   status: JoinRequest.Status(rawValue: s.string(at: 2)) ?? .pending, requestedAt: Date(timeIntervalSince1970: s.double(at: 3))))
        }
        return out
    }
}
