import ClubhouseDomain
import Foundation
import Synchronization

/// One transaction's view of the store, on either database: the store's SQL is written once, in the SQL both
/// SQLite and PostgreSQL accept, and runs on a `StoreSQLSession` (an SQLite `Connection` or a `PostgresConnection`).
/// The few places the dialects differ ask `session.dialect`.
/// The store's SQL on `session`, for the store of another module of this package (PostgreSQL's).
package func sqlStoreTransaction<Session: StoreSQLSession>(on session: Session) -> any LeagueStoreWriter {
    SQLStoreTransaction(session: session)
}

struct SQLStoreTransaction<Session: StoreSQLSession>: LeagueStoreWriter {
    let session: Session

    private func each(_ sql: String, _ params: [(any SQLBindable)?] = [], _ body: (Session.Cursor) throws -> Void) throws {
        try session.forEach(sql, params, body)
    }
    @discardableResult
    private func run(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> Int {
        try session.run(sql, params)
    }
    /// Runs an INSERT into a table with an `id` key; returns the new row's id.
    private func insert(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> Int64 {
        try session.insert(sql, params)
    }
    private func scalar<T: SQLColumnDecodable>(_ sql: String, _ params: [(any SQLBindable)?] = [], as: T.Type) throws -> T? {
        try session.scalar(sql, params, as: T.self)
    }
    /// A write that may break a unique constraint, so that the transaction stays usable when it does.
    private func mayConflict(_ sql: String, _ params: [(any SQLBindable)?]) throws {
        try session.recovering { _ = try session.run(sql, params) }
    }

    // MARK: - Season facts

    func nflTeams() throws -> [NFLTeam] {
        var out: [NFLTeam] = []
        try each("SELECT abbreviation, location, nickname, bye_week FROM nfl_teams ORDER BY abbreviation") { s in
            out.append(NFLTeam(abbreviation: s.string(at: 0), location: s.string(at: 1), nickname: s.string(at: 2), byeWeek: s.int(at: 3)))
        }
        return out
    }

    func players() throws -> [Player] {
        var out: [Player] = []
        try each("SELECT id, full_name, first_name, last_name, position, nfl_team, jersey_number FROM players ORDER BY id") { s in
            guard let pos = Position(rawValue: s.string(at: 4)) else { return }
            out.append(Player(id: PlayerID(s.string(at: 0)), fullName: s.string(at: 1), firstName: s.string(at: 2), lastName: s.string(at: 3),
                              position: pos, nflTeam: s.string(at: 5), jerseyNumber: s.optionalInt(at: 6)))
        }
        return out
    }

    func injuries() throws -> [PlayerID: InjuryStatus] {
        var out: [PlayerID: InjuryStatus] = [:]
        try each("SELECT id, injury_status FROM players WHERE injury_status <> ''") { s in
            out[PlayerID(s.string(at: 0))] = InjuryStatus(rawValue: s.string(at: 1))
        }
        return out
    }

    func games(season: Int) throws -> [Game] {
        var out: [Game] = []
        try each("SELECT id, season, week, kickoff, away_team, home_team, away_score, home_score FROM games WHERE season = ? ORDER BY kickoff, id", [season]) { s in
            out.append(Game(id: s.string(at: 0), season: s.int(at: 1), week: s.int(at: 2), kickoff: Date(timeIntervalSince1970: s.double(at: 3)),
                            awayTeam: s.string(at: 4), homeTeam: s.string(at: 5), awayScore: s.int(at: 6), homeScore: s.int(at: 7)))
        }
        return out
    }


    private static func statLine(_ s: some SQLRowCursor, from start: Int32) -> StatLine {
        var line = StatLine()
        for (i, c) in StatLine.columns.enumerated() { line[keyPath: c.keyPath] = s.int(at: start + Int32(i)) }
        return line
    }

    func weeklyStats(season: Int) throws -> [WeeklyStat] {
        var out: [WeeklyStat] = []
        try each("SELECT player_id, season, week, team, opponent, \(StoreSQL.statSelect) FROM weekly_stats WHERE season = ?", [season]) { s in
            out.append(WeeklyStat(playerID: PlayerID(s.string(at: 0)), season: s.int(at: 1), week: s.int(at: 2), nflTeam: s.string(at: 3),
                                  opponent: s.string(at: 4), stats: Self.statLine(s, from: 5)))
        }
        return out
    }

    func priorSeasonStats() throws -> [PriorSeasonStat] {
        var out: [PriorSeasonStat] = []
        try each("SELECT player_id, season, games, \(StoreSQL.statSelect) FROM prior_season_stats") { s in
            out.append(PriorSeasonStat(playerID: PlayerID(s.string(at: 0)), season: s.int(at: 1), games: s.int(at: 2), stats: Self.statLine(s, from: 3)))
        }
        return out
    }

    func plays(season: Int, week: Int) throws -> [PlayStat] {
        var out: [PlayStat] = []
        try each("SELECT game_id, quarter, elapsed_s, play_seq, player_id, stat, value FROM plays WHERE season = ? AND week = ? ORDER BY game_id, play_seq",
                 [season, week]) { s in
            out.append(PlayStat(gameID: s.string(at: 0), week: week, quarter: s.isNull(at: 1) ? nil : s.int(at: 1), elapsed: s.int(at: 2),
                                sequence: s.int(at: 3), playerID: PlayerID(s.string(at: 4)), stat: s.string(at: 5), value: s.int(at: 6)))
        }
        return out
    }

    func seasonDataVersion() throws -> Int64 {
        try scalar("SELECT value FROM meta WHERE key = 'season_data_version'", as: Int64.self) ?? 0
    }

    // MARK: - Accounts

    func user(_ id: UserID) throws -> User? { try users([id]).first }

    func users(_ ids: [UserID]) throws -> [User] {
        var out: [User] = []
        let unique = Set(ids).sorted()
        guard !unique.isEmpty else { return out }
        // One query for the whole list (the ids travel as one JSON array, so the SQL text stays cacheable).
        let list = "[" + unique.map { String($0.rawValue) }.joined(separator: ",") + "]"
        try each("SELECT id, email, display_name FROM users WHERE id IN (\(session.dialect.idsOfJSONArray)) ORDER BY id", [list]) { s in
            out.append(User(id: UserID(s.int64(at: 0)), email: s.string(at: 1), displayName: s.string(at: 2)))
        }
        return out
    }

    func account(email: String) throws -> AccountRecord? {
        var out: AccountRecord?
        try each("SELECT id, email, display_name, password_hash FROM users WHERE email = ?", [email]) { s in
            out = AccountRecord(user: User(id: UserID(s.int64(at: 0)), email: s.string(at: 1), displayName: s.string(at: 2)),
                                passwordHash: s.optionalString(at: 3))
        }
        return out
    }

    func session(tokenHash: String) throws -> SessionRecord? {
        var out: SessionRecord?
        try each("SELECT token_hash, user_id, created_at, expires_at, revoked FROM sessions WHERE token_hash = ?", [tokenHash]) { s in
            out = SessionRecord(tokenHash: s.string(at: 0), user: UserID(s.int64(at: 1)), createdAt: Date(timeIntervalSince1970: s.double(at: 2)),
                                expiresAt: Date(timeIntervalSince1970: s.double(at: 3)), revoked: s.bool(at: 4))
        }
        return out
    }

    func sshKey(fingerprint: String) throws -> SSHKeyRecord? {
        var out: SSHKeyRecord?
        try each("SELECT fingerprint, user_id, public_key, added_at FROM ssh_keys WHERE fingerprint = ?", [fingerprint]) { s in
            out = SSHKeyRecord(fingerprint: s.string(at: 0), user: UserID(s.int64(at: 1)), publicKey: s.string(at: 2),
                               addedAt: Date(timeIntervalSince1970: s.double(at: 3)))
        }
        return out
    }

    /// `key` as stored: HMAC under this database's secret (made on first use if the row is missing).
    private func keyed(_ key: String) throws -> String {
        var secret = try scalar("SELECT value FROM meta WHERE key = ?", [SignInKeys.metaKey], as: String.self)
        if secret == nil {
            try run("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", [SignInKeys.metaKey, SodiumTokenSource.randomHex(32)])
            secret = try scalar("SELECT value FROM meta WHERE key = ?", [SignInKeys.metaKey], as: String.self)
        }
        return SignInKeys.keyed(key, secretHex: secret ?? "")
    }

    func failedSignIns(key: String, since: Date) throws -> [Date] {
        var out: [Date] = []
        try each("SELECT at FROM sign_in_attempts WHERE key = ? AND at > ? ORDER BY at", [try keyed(key), since]) { s in
            out.append(Date(timeIntervalSince1970: s.double(at: 0)))
        }
        return out
    }

    // MARK: - Leagues



    private static func league(_ s: some SQLRowCursor) throws -> League {
        let settings = try StoreSQL.settingsCache.decode(s.string(at: 5))
        return League(id: LeagueID(s.int64(at: 0)), name: s.string(at: 1), season: s.int(at: 2), isPublic: s.bool(at: 3),
                      commissioner: s.isNull(at: 4) ? nil : UserID(s.int64(at: 4)), settings: settings,
                      state: LeagueState(rawValue: s.string(at: 6)) ?? .predraft, clock: Date(timeIntervalSince1970: s.double(at: 7)),
                      draftScheduledAt: s.date(at: 8), createdAt: Date(timeIntervalSince1970: s.double(at: 9)))
    }

    func leagues() throws -> [League] {
        var out: [League] = []
        try each("SELECT \(StoreSQL.leagueColumns) FROM leagues ORDER BY id") { out.append(try Self.league($0)) }
        return out
    }

    func league(_ id: LeagueID) throws -> League? {
        var out: League?
        try each("SELECT \(StoreSQL.leagueColumns) FROM leagues WHERE id = ?", [id]) { out = try Self.league($0) }
        return out
    }

    func teams(in league: LeagueID) throws -> [Team] {
        var out: [Team] = []
        try each("SELECT id, league_id, name, manager_id, waiver_priority, faab_remaining, autopick FROM teams WHERE league_id = ? ORDER BY id", [league]) { s in
            out.append(Team(id: TeamID(s.int64(at: 0)), leagueID: LeagueID(s.int64(at: 1)), name: s.string(at: 2),
                            manager: s.isNull(at: 3) ? nil : UserID(s.int64(at: 3)), waiverPriority: s.int(at: 4),
                            faabRemaining: s.int(at: 5), autopick: s.bool(at: 6)))
        }
        return out
    }

    func rosters(in league: LeagueID) throws -> [Roster] {
        var byTeam: [TeamID: Roster] = [:]
        for t in try teams(in: league) { byTeam[t.id] = Roster(teamID: t.id) }
        try each("SELECT team_id, player_id, slot, acquisition, acquired_at FROM roster_entries WHERE league_id = ? ORDER BY team_id, acquired_at, player_id", [league]) { s in
            let team = TeamID(s.int64(at: 0))
            byTeam[team, default: Roster(teamID: team)].entries.append(
                RosterEntry(playerID: PlayerID(s.string(at: 1)), slot: Slot(rawValue: s.string(at: 2)) ?? .bench,
                            acquisition: Acquisition(rawValue: s.string(at: 3)) ?? .draft, acquiredAt: Date(timeIntervalSince1970: s.double(at: 4))))
        }
        return byTeam.values.sorted { $0.teamID < $1.teamID }
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

    func joinRequests(in league: LeagueID) throws -> [JoinRequest] {
        var out: [JoinRequest] = []
        try each("SELECT user_id, team_name, status, requested_at FROM join_requests WHERE league_id = ? ORDER BY requested_at", [league]) { s in
            out.append(JoinRequest(leagueID: league, user: UserID(s.int64(at: 0)), teamName: s.string(at: 1),
                                   status: JoinRequest.Status(rawValue: s.string(at: 2)) ?? .pending, requestedAt: Date(timeIntervalSince1970: s.double(at: 3))))
        }
        return out
    }

    // MARK: - Invites and chat

    private static func invite(_ s: some SQLRowCursor) -> Invite {
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

    func chatMessages(in league: LeagueID, after id: Int64?, limit: Int) throws -> [ChatMessage] {
        var out: [ChatMessage] = []
        // Without `after`: the latest `limit`; with it: the next `limit` after that id (a follower catching up).
        let order = id == nil ? "DESC" : "ASC"
        try each("""
            SELECT m.id, m.user_id, m.team_id, COALESCE(u.display_name, ''), m.body, m.at
            FROM chat_messages m LEFT JOIN users u ON u.id = m.user_id
            WHERE m.league_id = ? AND m.id > ? ORDER BY m.id \(order) LIMIT ?
            """, [league, id ?? 0, limit]) { s in
            out.append(ChatMessage(id: s.int64(at: 0), leagueID: league, userID: s.isNull(at: 1) ? nil : UserID(s.int64(at: 1)),
                                   teamID: s.isNull(at: 2) ? nil : TeamID(s.int64(at: 2)), authorName: s.string(at: 3),
                                   body: s.string(at: 4), at: Date(timeIntervalSince1970: s.double(at: 5))))
        }
        return id == nil ? out.reversed() : out
    }

    // MARK: - Draft

    func draft(in league: LeagueID) throws -> Draft? {
        var out: Draft?
        try each("""
            SELECT status, draft_order, rounds, type, pick_clock_seconds, current_pick, deadline, remaining_when_paused, scheduled_at, started_at,
                   pick_opened_at
            FROM drafts WHERE league_id = ?
            """, [league]) { s in
            let order = try StoreSQL.draftOrderCache.decode(s.string(at: 1)).map { TeamID($0) }
            out = Draft(leagueID: league, status: DraftStatus(rawValue: s.string(at: 0)) ?? .scheduled, order: order, rounds: s.int(at: 2),
                        type: DraftType(rawValue: s.string(at: 3)) ?? .snake, pickClockSeconds: s.optionalInt(at: 4), currentPick: s.int(at: 5),
                        deadline: s.date(at: 6), remainingWhenPaused: s.isNull(at: 7) ? nil : s.double(at: 7),
                        scheduledAt: s.date(at: 8), startedAt: s.date(at: 9), pickOpenedAt: s.date(at: 10))
        }
        return out
    }

    func picks(in league: LeagueID) throws -> [Pick] {
        var out: [Pick] = []
        try each("SELECT number, round, team_id, player_id, source, made_at FROM picks WHERE league_id = ? ORDER BY number", [league]) { s in
            out.append(Pick(number: s.int(at: 0), round: s.int(at: 1), teamID: TeamID(s.int64(at: 2)), playerID: PlayerID(s.string(at: 3)),
                            source: PickSource(rawValue: s.string(at: 4)) ?? .manager, madeAt: Date(timeIntervalSince1970: s.double(at: 5))))
        }
        return out
    }

    func queue(team: TeamID) throws -> [PlayerID] {
        var out: [PlayerID] = []
        try each("SELECT player_id FROM draft_queue WHERE team_id = ? ORDER BY rank", [team]) { out.append(PlayerID($0.string(at: 0))) }
        return out
    }

    // MARK: - Waivers

    func waiverHolds(in league: LeagueID) throws -> [WaiverHold] {
        var out: [WaiverHold] = []
        try each("SELECT player_id, until FROM waiver_holds WHERE league_id = ?", [league]) { s in
            out.append(WaiverHold(playerID: PlayerID(s.string(at: 0)), until: Date(timeIntervalSince1970: s.double(at: 1))))
        }
        return out
    }

    func waiverClaims(in league: LeagueID) throws -> [WaiverClaim] {
        var out: [WaiverClaim] = []
        try each("""
            SELECT id, team_id, add_player, drop_player, bid, rank, status, outcome, created_at, processed_at
            FROM waiver_claims WHERE league_id = ? ORDER BY id
            """, [league]) { s in
            out.append(WaiverClaim(id: s.int64(at: 0), leagueID: league, teamID: TeamID(s.int64(at: 1)), addPlayer: PlayerID(s.string(at: 2)),
                                   dropPlayer: s.optionalString(at: 3).map { PlayerID($0) }, bid: s.int(at: 4), rank: s.int(at: 5),
                                   status: WaiverClaim.Status(rawValue: s.string(at: 6)) ?? .pending,
                                   outcome: s.optionalString(at: 7).flatMap(WaiverClaim.Outcome.init(rawValue:)),
                                   createdAt: Date(timeIntervalSince1970: s.double(at: 8)), processedAt: s.date(at: 9)))
        }
        return out
    }

    func transactions(in league: LeagueID) throws -> [Transaction] {
        var out: [Transaction] = []
        try each("SELECT id, team_id, kind, added, dropped, bid, at FROM transactions WHERE league_id = ? ORDER BY id", [league]) { s in
            out.append(Transaction(id: s.int64(at: 0), leagueID: league, teamID: TeamID(s.int64(at: 1)),
                                   kind: Transaction.Kind(rawValue: s.string(at: 2)) ?? .add, added: s.optionalString(at: 3).map { PlayerID($0) },
                                   dropped: s.optionalString(at: 4).map { PlayerID($0) }, bid: s.optionalInt(at: 5), at: Date(timeIntervalSince1970: s.double(at: 6))))
        }
        return out
    }

    func lastEventID() throws -> Int64 { try scalar("SELECT COALESCE(MAX(id), 0) FROM events", as: Int64.self) ?? 0 }

    // MARK: - Writes

    private static func json<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder(); e.outputFormatting = .sortedKeys
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    private static func settingsJSON(_ settings: LeagueSettings) throws -> String {
        try StoreSQL.encodedSettings.encode(settings) { try json($0) }
    }

    func insertLeague(_ l: League) throws -> LeagueID {
        return LeagueID(try insert("""
            INSERT INTO leagues (name, season, is_public, commissioner_id, settings, state, clock, draft_scheduled_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [l.name, l.season, l.isPublic, l.commissioner, try Self.settingsJSON(l.settings), l.state.rawValue, l.clock, l.draftScheduledAt, l.createdAt]))
    }

    func clockRun(_ league: LeagueID) throws -> ClockRun? {
        var out: ClockRun?
        try each("SELECT speed, ticked_at FROM league_clock_runs WHERE league_id = ?", [league]) { s in
            out = ClockRun(leagueID: league, speed: ClockSpeed(rawValue: s.int(at: 0)) ?? .off, tickedAt: Date(timeIntervalSince1970: s.double(at: 1)))
        }
        return out
    }

    func runningClocks() throws -> [ClockRun] {
        var out: [ClockRun] = []
        try each("SELECT league_id, speed, ticked_at FROM league_clock_runs WHERE speed > 0 ORDER BY league_id") { s in
            out.append(ClockRun(leagueID: LeagueID(Int64(s.int(at: 0))), speed: ClockSpeed(rawValue: s.int(at: 1)) ?? .off,
                                tickedAt: Date(timeIntervalSince1970: s.double(at: 2))))
        }
        return out
    }

    func setClockRun(_ r: ClockRun) throws {
        try run("""
            INSERT INTO league_clock_runs(league_id, speed, ticked_at) VALUES (?, ?, ?)
            ON CONFLICT(league_id) DO UPDATE SET speed = excluded.speed, ticked_at = excluded.ticked_at
            """, [r.leagueID, r.speed.rawValue, r.tickedAt])
    }

    func updateLeague(_ l: League) throws {
        let n = try run("""
            UPDATE leagues SET name = ?, season = ?, is_public = ?, commissioner_id = ?, settings = ?, state = ?, clock = ?, draft_scheduled_at = ?
            WHERE id = ?
            """, [l.name, l.season, l.isPublic, l.commissioner, try Self.settingsJSON(l.settings), l.state.rawValue, l.clock, l.draftScheduledAt, l.id])
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

    func insertUser(email: String, displayName: String, passwordHash: String, at: Date) throws -> UserID {
        do {
            return UserID(try session.recovering {
                try session.insert("INSERT INTO users (email, display_name, password_hash, created_at) VALUES (?, ?, ?, ?)",
                                   [email, displayName, passwordHash, at])
            })
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("An account with that email already exists")
        }
    }

    func setInjuryStatus(_ status: InjuryStatus, for player: PlayerID) throws {
        try run("UPDATE players SET injury_status = ? WHERE id = ?", [status.rawValue, player])
        try run("""
            INSERT INTO meta (key, value) VALUES ('season_data_version', '1')
            ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)
            """)
    }

    func updateUser(_ user: User) throws {
        do {
            try mayConflict("UPDATE users SET email = ?, display_name = ? WHERE id = ?", [user.email, user.displayName, user.id])
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("An account with that email already exists")
        }
    }

    func insertSession(_ session: SessionRecord) throws {
        try run("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, revoked) VALUES (?, ?, ?, ?, ?)",
                [session.tokenHash, session.user, session.createdAt, session.expiresAt, session.revoked])
    }

    func revokeSession(tokenHash: String) throws {
        try run("UPDATE sessions SET revoked = 1 WHERE token_hash = ?", [tokenHash])
    }

    @discardableResult
    func recordFailedSignIn(keys: [String], at: Date) throws -> [Int64] {
        var ids: [Int64] = []
        for key in keys {
            ids.append(try insert("INSERT INTO sign_in_attempts (key, at) VALUES (?, ?)", [try keyed(key), at]))
        }
        return ids
    }

    func deleteSignInAttempts(ids: [Int64]) throws {
        for id in ids { try run("DELETE FROM sign_in_attempts WHERE id = ?", [id]) }
    }

    func deleteFailedSignIns(before date: Date) throws {
        try run("DELETE FROM sign_in_attempts WHERE at < ?", [date])
    }

    func insertSSHKey(_ key: SSHKeyRecord) throws {
        do {
            try mayConflict("INSERT INTO ssh_keys (fingerprint, user_id, public_key, added_at) VALUES (?, ?, ?, ?)",
                    [key.fingerprint, key.user, key.publicKey, key.addedAt])
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            throw DomainError.conflict("This key is linked to another account")
        }
    }

    func deleteSSHKey(fingerprint: String) throws {
        try run("DELETE FROM ssh_keys WHERE fingerprint = ?", [fingerprint])
    }

    func setRoster(_ roster: Roster) throws {
        let league = try scalar("SELECT league_id FROM teams WHERE id = ?", [roster.teamID], as: Int64.self)
        guard let league else { throw DomainError.notFound("Team \(roster.teamID.rawValue)") }
        // Write only what changed: most calls move a slot or add one player to a full roster. The end state (and any
        // conflict thrown) is that of deleting every row and inserting `entries`; a list naming a player twice takes
        // that path, so it fails the same way.
        if Set(roster.entries.map(\.playerID)).count == roster.entries.count {
            var current: [PlayerID: RosterEntry] = [:]
            try each("SELECT player_id, slot, acquisition, acquired_at FROM roster_entries WHERE team_id = ?", [roster.teamID]) { s in
                let id = PlayerID(s.string(at: 0))
                current[id] = RosterEntry(playerID: id, slot: Slot(rawValue: s.string(at: 1)) ?? .bench,
                                          acquisition: Acquisition(rawValue: s.string(at: 2)) ?? .draft,
                                          acquiredAt: Date(timeIntervalSince1970: s.double(at: 3)))
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
                do {
                    try mayConflict("INSERT INTO roster_entries (league_id, player_id, team_id, slot, acquisition, acquired_at) VALUES (?, ?, ?, ?, ?, ?)",
                            [league, e.playerID, roster.teamID, e.slot.rawValue, e.acquisition.rawValue, e.acquiredAt])
                } catch let err as any StoreSQLError where err.isUniqueViolation {
                    throw DomainError.conflict("Player \(e.playerID) is already on a roster in this league")
                }
            }
            return
        }
        try run("DELETE FROM roster_entries WHERE team_id = ?", [roster.teamID])
        for e in roster.entries {
            do {
                try mayConflict("INSERT INTO roster_entries (league_id, player_id, team_id, slot, acquisition, acquired_at) VALUES (?, ?, ?, ?, ?, ?)",
                        [league, e.playerID, roster.teamID, e.slot.rawValue, e.acquisition.rawValue, e.acquiredAt])
            } catch let err as any StoreSQLError where err.isUniqueViolation {
                throw DomainError.conflict("Player \(e.playerID) is already on a roster in this league")
            }
        }
    }

    func setLineup(_ lineup: Lineup) throws {
        try run("DELETE FROM lineups WHERE team_id = ? AND week = ?", [lineup.teamID, lineup.week])
        for (player, slot) in lineup.slots.sorted(by: { $0.key < $1.key }) {
            try run("INSERT INTO lineups (team_id, week, player_id, slot) VALUES (?, ?, ?, ?)", [lineup.teamID, lineup.week, player, slot.rawValue])
        }
    }

    func setMatchups(_ matchups: [MatchupRecord], in league: LeagueID) throws {
        // Write only what changed (finalizing a week touches that week's rows); the end state is that of deleting every
        // row and inserting `matchups`. A list naming a (week, home team) twice takes that path, so it fails the same way.
        typealias Key = MatchupRowKey
        typealias Columns = MatchupRowColumns
        let wanted = matchups.map { m in
            (Key(week: m.matchup.week, home: m.matchup.home.rawValue),
             Columns(away: m.matchup.away?.rawValue, isPlayoff: m.matchup.isPlayoff, home: m.homePoints?.hundredths,
                     awayPoints: m.awayPoints?.hundredths, isFinal: m.isFinal))
        }
        if Set(wanted.map(\.0)).count == wanted.count {
            var current: [Key: Columns] = [:]
            try each("SELECT week, home_team_id, away_team_id, is_playoff, home_points, away_points, is_final FROM matchups WHERE league_id = ?",
                     [league]) { s in
                current[Key(week: s.int(at: 0), home: s.int64(at: 1))] = Columns(
                    away: s.isNull(at: 2) ? nil : s.int64(at: 2), isPlayoff: s.bool(at: 3), home: s.optionalInt(at: 4),
                    awayPoints: s.optionalInt(at: 5), isFinal: s.bool(at: 6))
            }
            let keys = Set(wanted.map(\.0))
            for k in current.keys.sorted(by: { ($0.week, $0.home) < ($1.week, $1.home) }) where !keys.contains(k) {
                try run("DELETE FROM matchups WHERE league_id = ? AND week = ? AND home_team_id = ?", [league, k.week, k.home])
            }
            for (k, c) in wanted {
                if let old = current[k] {
                    if old != c {
                        try run("""
                            UPDATE matchups SET away_team_id = ?, is_playoff = ?, home_points = ?, away_points = ?, is_final = ?
                            WHERE league_id = ? AND week = ? AND home_team_id = ?
                            """, [c.away, c.isPlayoff, c.home, c.awayPoints, c.isFinal, league, k.week, k.home])
                    }
                } else {
                    try run("""
                        INSERT INTO matchups (league_id, week, home_team_id, away_team_id, is_playoff, home_points, away_points, is_final)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, [league, k.week, k.home, c.away, c.isPlayoff, c.home, c.awayPoints, c.isFinal])
                }
            }
            return
        }
        try run("DELETE FROM matchups WHERE league_id = ?", [league])
        for m in matchups {
            try run("""
                INSERT INTO matchups (league_id, week, home_team_id, away_team_id, is_playoff, home_points, away_points, is_final)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [league, m.matchup.week, m.matchup.home, m.matchup.away, m.matchup.isPlayoff,
                      m.homePoints?.hundredths, m.awayPoints?.hundredths, m.isFinal])
        }
    }

    func setJoinRequest(_ r: JoinRequest) throws {
        try run("""
            INSERT INTO join_requests (league_id, user_id, team_name, status, requested_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (league_id, user_id) DO UPDATE SET team_name = excluded.team_name, status = excluded.status
            """, [r.leagueID, r.user, r.teamName, r.status.rawValue, r.requestedAt])
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

    func insertChatMessage(_ m: ChatMessage) throws -> Int64 {
        return try insert("INSERT INTO chat_messages (league_id, user_id, team_id, body, at) VALUES (?, ?, ?, ?, ?)",
                [m.leagueID, m.userID, m.teamID, m.body, m.at])
    }

    func setDraft(_ d: Draft) throws {
        // The JSON array JSONEncoder writes for [Int64] ("[3,1,2]"), without an encoder per pick.
        let order = "[" + d.order.map { String($0.rawValue) }.joined(separator: ",") + "]"
        try run("""
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

    func insertPick(_ p: Pick, in league: LeagueID) throws {
        do {
            try mayConflict("INSERT INTO picks (league_id, number, round, team_id, player_id, source, made_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [league, p.number, p.round, p.teamID, p.playerID, p.source.rawValue, p.madeAt])
        } catch let e as any StoreSQLError where e.isUniqueViolation {
            if e.message.contains("player_id") { throw DomainError.conflict("That player was already drafted") }
            throw DomainError.conflict("Pick \(p.number) was already made")
        }
    }

    func deletePicks(in league: LeagueID, from number: Int) throws {
        try run("DELETE FROM picks WHERE league_id = ? AND number >= ?", [league, number])
    }

    func setQueue(team: TeamID, players: [PlayerID]) throws {
        try run("DELETE FROM draft_queue WHERE team_id = ?", [team])
        for (i, p) in players.enumerated() {
            try run("INSERT INTO draft_queue (team_id, player_id, rank) VALUES (?, ?, ?)", [team, p, i + 1])
        }
    }

    func setWaiverHolds(_ holds: [WaiverHold], in league: LeagueID) throws {
        try run("DELETE FROM waiver_holds WHERE league_id = ?", [league])
        for h in holds { try run("INSERT INTO waiver_holds (league_id, player_id, until) VALUES (?, ?, ?)", [league, h.playerID, h.until]) }
    }

    func insertWaiverClaim(_ c: WaiverClaim) throws -> Int64 {
        return try insert("""
            INSERT INTO waiver_claims (league_id, team_id, add_player, drop_player, bid, rank, status, outcome, created_at, processed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [c.leagueID, c.teamID, c.addPlayer, c.dropPlayer, c.bid, c.rank, c.status.rawValue, c.outcome?.rawValue, c.createdAt, c.processedAt])
    }

    func updateWaiverClaim(_ c: WaiverClaim) throws {
        try run("UPDATE waiver_claims SET drop_player = ?, bid = ?, rank = ?, status = ?, outcome = ?, processed_at = ? WHERE id = ?",
                [c.dropPlayer, c.bid, c.rank, c.status.rawValue, c.outcome?.rawValue, c.processedAt, c.id])
    }

    func insertTransaction(_ t: Transaction) throws -> Int64 {
        return try insert("INSERT INTO transactions (league_id, team_id, kind, added, dropped, bid, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [t.leagueID, t.teamID, t.kind.rawValue, t.added, t.dropped, t.bid, t.at])
    }

    func appendEvent(league: LeagueID, kind: LeagueEvent.Kind, payload: String, at: Date) throws -> Int64 {
        try session.willAppendEvent()
        let id = try insert("INSERT INTO events (league_id, kind, payload, at) VALUES (?, ?, ?, ?)", [league, kind.rawValue, payload, at])
        try session.didAppendEvent(id)
        return id
    }
}

/// The store's SQL fragments and caches (a generic type can't hold static stored properties).
enum StoreSQL {
    static let statSelect = StatLine.columns.map(\.name).joined(separator: ", ")
    static let leagueColumns = "id, name, season, is_public, commissioner_id, settings, state, clock, draft_scheduled_at, created_at"
    /// Decoded settings by their stored JSON text: the text is the whole input, so a hit can never be stale.
    static let settingsCache = DecodedJSONCache<LeagueSettings>()
    static let draftOrderCache = DecodedJSONCache<[Int64]>()
    /// Encoded settings by value (the clock engine rewrites the league row, settings unchanged, many times a season).
    static let encodedSettings = EncodedJSONCache<LeagueSettings>()
}

/// A matchup row's key and columns, for `setMatchups`' diff.
struct MatchupRowKey: Hashable { let week: Int; let home: Int64 }
struct MatchupRowColumns: Equatable { let away: Int64?; let isPlayoff: Bool; let home: Int?; let awayPoints: Int?; let isFinal: Bool }

/// Decoded values of small JSON columns (league settings, draft orders) keyed by their exact text, shared by every
/// connection of the process. Keyed on the whole input, so it can never hand back a stale value; bounded.
final class DecodedJSONCache<Value: Decodable & Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    private static var limit: Int { 256 }

    func decode(_ text: String) throws -> Value {
        if let hit = values.withLock({ $0[text] }) { return hit }
        let value = try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        values.withLock { values in
            if values.count >= Self.limit { values.removeAll(keepingCapacity: true) }
            values[text] = value
        }
        return value
    }
}

/// Encoded JSON text of values, keyed by the value itself (so a hit decodes to an equal value); bounded.
final class EncodedJSONCache<Value: Hashable & Sendable>: Sendable {
    private let texts = Mutex<[Value: String]>([:])
    private static var limit: Int { 256 }

    func encode(_ value: Value, _ encoder: (Value) throws -> String) throws -> String {
        if let hit = texts.withLock({ $0[value] }) { return hit }
        let text = try encoder(value)
        texts.withLock { texts in
            if texts.count >= Self.limit { texts.removeAll(keepingCapacity: true) }
            texts[value] = text
        }
        return text
    }
}
