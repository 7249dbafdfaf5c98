import ClubhouseDomain
import Foundation

/// `SQLStoreTransaction`: every write of `LeagueStoreWriter`.
extension SQLStoreTransaction {
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

    func insertChatMessage(_ m: ChatMessage) throws -> Int64 {
        let mentions = m.mentions.map { String($0.rawValue) }.joined(separator: ",")
        return try insert("""
            INSERT INTO chat_messages (league_id, user_id, team_id, body, at, reply_to, mentions, removed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [m.leagueID, m.userID, m.teamID, m.body, m.at, m.replyTo, mentions, m.removed ? m.at : nil])
    }

    func toggleChatReaction(message: Int64, user: UserID, emoji: String, at: Date) throws -> Bool {
        if try run("DELETE FROM chat_reactions WHERE message_id = ? AND user_id = ? AND emoji = ?", [message, user, emoji]) > 0 { return false }
        try run("INSERT INTO chat_reactions (message_id, user_id, emoji, at) VALUES (?, ?, ?, ?)", [message, user, emoji, at])
        return true
    }

    func removeChatMessage(_ id: Int64, at: Date) throws {
        // The text, its mentions and its reactions leave storage; the row stays so replies still point at something.
        try run("UPDATE chat_messages SET body = '', mentions = '', removed_at = ? WHERE id = ?", [at, id])
        try run("DELETE FROM chat_reactions WHERE message_id = ?", [id])
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

    func appendEvent(league: LeagueID, kind: LeagueEvent.Kind, payload: String, at: Date) throws {
        memo.wrote("INSERT INTO events")
        try session.appendEvent([league, kind.rawValue, payload, at])
    }
}
