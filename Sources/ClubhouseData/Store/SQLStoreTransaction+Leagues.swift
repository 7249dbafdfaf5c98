import ClubhouseDomain
import Foundation

/// The SQL of `LeaguesStoreWriter` and its reads: leagues, teams, join requests and invites.
protocol LeaguesSQL: SQLStatements, LeaguesStoreWriter {}

extension LeaguesSQL {
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
        // The season data version rides along: a write asks for the league, then for the version (its season facts).
        try memoized(\.leagues, id) { try rows(LeagueRead.league, [id]) { try leagueWithDataVersion($0) }.last }
    }

    func teams(in league: LeagueID) throws -> [Team] {
        try memoized(\.teams, league) { try rows(LeagueRead.teams, [league]) { Self.team($0) } }
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

    static func invite(_ s: some SQLRowCursor) -> Invite {
        Invite(code: s.string(at: 0), leagueID: LeagueID(s.int64(at: 1)), usesLeft: s.int(at: 2), expiresAt: s.date(at: 3))
    }

    func invites(in league: LeagueID) throws -> [Invite] {
        var out: [Invite] = []
        try each("SELECT code, league_id, uses_left, expires_at FROM invites WHERE league_id = ? ORDER BY created_at, code", [league]) {
            out.append(Self.invite($0))
        }
        return out
    }

    func invite(code: String) throws -> Invite? {
        var out: Invite?
        try each("SELECT code, league_id, uses_left, expires_at FROM invites WHERE code = ?", [code]) { out = Self.invite($0) }
        return out
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder(); e.outputFormatting = .sortedKeys
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    static func settingsJSON(_ settings: LeagueSettings) throws -> String {
        try StoreSQL.encodedSettings.encode(settings) { try json($0) }
    }

    func insertLeague(_ l: League) throws -> LeagueID {
        return LeagueID(try insert("""
            INSERT INTO leagues (name, season, is_public, commissioner_id, settings, state, clock, draft_scheduled_at, created_at, follows_real_time,
                                 previous_league_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [l.name, l.season, l.isPublic, l.commissioner, try Self.settingsJSON(l.settings), l.state.rawValue, l.clock, l.draftScheduledAt,
                  l.createdAt, l.followsRealTime, l.previousLeague]))
    }

    /// Settings read back out of range (`needsCommissioner` on them) are left as stored: only the commissioner's repair,
    /// which clears it, replaces them — never the clamped copy another write happens to carry.
    func updateLeague(_ l: League) throws {
        let keepSettings = l.needsCommissioner?.part == .settings
        var params: [(any SQLBindable)?] = [l.name, l.season, l.isPublic, l.commissioner]
        if !keepSettings { params.append(try Self.settingsJSON(l.settings)) }
        params += [l.state.rawValue, l.clock, l.draftScheduledAt, l.followsRealTime, l.id]
        let n = try run("""
            UPDATE leagues SET name = ?, season = ?, is_public = ?, commissioner_id = ?, settings = \(keepSettings ? "settings" : "?"), state = ?,
                clock = ?, draft_scheduled_at = ?, follows_real_time = ?
            WHERE id = ?
            """, params)
        if n == 0 { throw DomainError.notFound("League \(l.id.rawValue)") }
    }

    func insertTeam(_ t: Team) throws -> TeamID {
        return TeamID(try insert("""
            INSERT INTO teams (league_id, name, manager_id, waiver_priority, faab_remaining, autopick, created_at)
            VALUES (?, ?, ?, ?, ?, ?, \(session.dialect.nowSeconds))
            """, [t.leagueID, t.name, t.manager, t.waiverPriority, t.faabRemaining, t.autopick]))
    }

    func updateTeam(_ t: Team) throws {
        let n = try run("UPDATE teams SET name = ?, manager_id = ?, waiver_priority = ?, faab_remaining = ?, autopick = ? WHERE id = ?",
                        [t.name, t.manager, t.waiverPriority, t.faabRemaining, t.autopick, t.id])
        if n == 0 { throw DomainError.notFound("Team \(t.id.rawValue)") }
    }

    func deleteTeam(_ id: TeamID) throws { try run("DELETE FROM teams WHERE id = ?", [id]) }

    func setJoinRequest(_ r: JoinRequest) throws {
        try run("""
            INSERT INTO join_requests (league_id, user_id, team_name, status, requested_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (league_id, user_id) DO UPDATE SET team_name = excluded.team_name, status = excluded.status
            """, [r.leagueID, r.user, r.teamName, r.status.rawValue, r.requestedAt])
    }

    func deleteJoinRequest(league: LeagueID, user: UserID) throws {
        try run("DELETE FROM join_requests WHERE league_id = ? AND user_id = ?", [league, user])
    }

    func insertInvite(_ i: Invite, createdBy: UserID?, at: Date) throws {
        do {
            try mayConflict("INSERT INTO invites (code, league_id, uses_left, expires_at, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    [i.code, i.leagueID, i.usesLeft, i.expiresAt, createdBy, at])
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("Invite code \(i.code) is already taken")
        }
    }

    func updateInvite(_ i: Invite) throws {
        let n = try run("UPDATE invites SET uses_left = ?, expires_at = ? WHERE code = ?", [i.usesLeft, i.expiresAt, i.code])
        if n == 0 { throw DomainError.notFound("Invite code \(i.code)") }
    }

    func deleteInvite(code: String) throws { try run("DELETE FROM invites WHERE code = ?", [code]) }
}
