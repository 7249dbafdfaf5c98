import ClubhouseDomain
import Foundation

/// The statements of one league's parts that a write (a pick, a clock step) reads first: shared by the reads one at a
/// time (`league(_:)`, `draft(in:)`, …) and by `prefetch`, which sends them together.
enum LeagueRead {
    static let league = "SELECT \(StoreSQL.leagueColumns), (SELECT value FROM meta WHERE key = 'season_data_version') FROM leagues WHERE id = ?"
    static let draft = """
        SELECT status, draft_order, rounds, type, pick_clock_seconds, current_pick, deadline, remaining_when_paused, scheduled_at, started_at,
               pick_opened_at
        FROM drafts WHERE league_id = ?
        """
    /// An auction's sales are picks with their price beside them (schema v9); a keeper's pick is stored as the
    /// commissioner's and read as `keeper` by its keeper row (schema v13).
    static let picks = """
        SELECT p.number, p.round, p.team_id, p.player_id,
               CASE WHEN k.player_id IS NULL THEN p.source ELSE 'keeper' END, p.made_at, s.price
        FROM picks p LEFT JOIN auction_sales s ON s.league_id = p.league_id AND s.number = p.number
        LEFT JOIN keepers k ON k.league_id = p.league_id AND k.player_id = p.player_id AND k.team_id = p.team_id
        WHERE p.league_id = ? ORDER BY p.number
        """
    static let pickOwners = "SELECT round, original_team_id, owner_team_id FROM draft_pick_owners WHERE league_id = ?"
    static let teams = "SELECT id, league_id, name, manager_id, waiver_priority, faab_remaining, autopick FROM teams WHERE league_id = ? ORDER BY id"
    static let rosterEntries = "SELECT team_id, player_id, slot, acquisition, acquired_at FROM roster_entries WHERE league_id = ? ORDER BY team_id, acquired_at, player_id"
}

/// `SQLStoreTransaction`: one league's parts read together (`LeagueStoreReader.prefetch`), and the row readers they
/// share with the reads one at a time.
extension SQLStoreTransaction {
    /// Reads the parts of `parts` this transaction hasn't read yet in one batch (one round trip on PostgreSQL, with a
    /// pending BEGIN and any write waiting to go) into the memo, where the reads one at a time find them.
    func prefetch(_ parts: LeagueReads, of id: LeagueID) throws {
        var want = parts
        if want.contains(.rosters) { want.insert(.teams) }   // a roster list has a roster for every team
        if memo.leagues[id] != nil { want.remove(.league) }
        if memo.drafts[id] != nil { want.remove(.draft) }
        if memo.picks[id] != nil { want.remove(.picks) }
        if memo.pickOwners[id] != nil { want.remove(.pickOwners) }
        if memo.teams[id] != nil { want.remove(.teams) }
        if memo.rosters[id] != nil { want.remove(.rosters) }
        let statements: [(part: LeagueReads, sql: String)] = [
            (.league, LeagueRead.league), (.draft, LeagueRead.draft), (.picks, LeagueRead.picks),
            (.pickOwners, LeagueRead.pickOwners), (.teams, LeagueRead.teams), (.rosters, LeagueRead.rosterEntries),
        ].filter { want.contains($0.part) }
        guard !statements.isEmpty else { return }

        var league: League?, draft: Draft?, picks: [Pick] = [], owners: [DraftPickRef: TeamID] = [:], teams: [Team] = []
        var entries: [(TeamID, RosterEntry)] = []
        try session.forEachOfBatch(statements.map { (sql: $0.sql, params: [id]) }) { i, s in
            switch statements[i].part {
            case .league: league = try leagueWithDataVersion(s)
            case .draft: draft = try Self.draft(s, league: id)
            case .picks: picks.append(Self.pick(s))
            case .pickOwners:
                let (ref, owner) = Self.pickOwner(s)
                owners[ref] = owner
            case .teams: teams.append(Self.team(s))
            default: entries.append(Self.rosterEntry(s))
            }
        }
        if want.contains(.league) { memo.leagues[id] = .some(league) }
        if want.contains(.draft) { memo.drafts[id] = .some(draft) }
        if want.contains(.picks) { memo.picks[id] = picks }
        if want.contains(.pickOwners) { memo.pickOwners[id] = owners }
        if want.contains(.teams) { memo.teams[id] = teams }
        if want.contains(.rosters) { memo.rosters[id] = Self.rosters(teams: memo.teams[id] ?? teams, entries: entries) }
    }
}

extension LeaguesSQL {
    /// A row of `LeagueRead.league`: the league, and the season data version beside it into the memo (as
    /// `seasonDataVersion()` reads it; a value it can't read is left to it, to fail the same way).
    func leagueWithDataVersion(_ s: Session.Cursor) throws -> League {
        let league = try Self.league(s)
        if s.isNull(at: 13) { memo.seasonDataVersion = 0 } else if let v = Int64(sqliteValue: s.value(at: 13)) { memo.seasonDataVersion = v }
        return league
    }
}

/// The row readers the ports share, for the reads one at a time and for `prefetch`.
extension SQLStatements {
    static func draft(_ s: some SQLRowCursor, league: LeagueID) throws -> Draft {
        let order = try StoreSQL.draftOrderCache.decode(s.string(at: 1)).map { TeamID($0) }
        return Draft(leagueID: league, status: DraftStatus(rawValue: s.string(at: 0)) ?? .scheduled, order: order, rounds: s.int(at: 2),
                     type: DraftType(rawValue: s.string(at: 3)) ?? .snake, pickClockSeconds: s.optionalInt(at: 4), currentPick: s.int(at: 5),
                     deadline: s.date(at: 6), remainingWhenPaused: s.isNull(at: 7) ? nil : s.double(at: 7),
                     scheduledAt: s.date(at: 8), startedAt: s.date(at: 9), pickOpenedAt: s.date(at: 10)).checkedAfterReading()
    }

    static func pick(_ s: some SQLRowCursor) -> Pick {
        Pick(number: s.int(at: 0), round: s.int(at: 1), teamID: TeamID(s.int64(at: 2)), playerID: PlayerID(s.string(at: 3)),
             source: PickSource(rawValue: s.string(at: 4)) ?? .manager, madeAt: Date(timeIntervalSince1970: s.double(at: 5)),
             price: s.optionalInt(at: 6))
            .checkedAfterReading()
    }

    static func pickOwner(_ s: some SQLRowCursor) -> (DraftPickRef, TeamID) {
        (DraftPickRef(round: s.int(at: 0), team: TeamID(s.int64(at: 1))), TeamID(s.int64(at: 2)))
    }

    static func team(_ s: some SQLRowCursor) -> Team {
        Team(id: TeamID(s.int64(at: 0)), leagueID: LeagueID(s.int64(at: 1)), name: s.string(at: 2),
             manager: s.isNull(at: 3) ? nil : UserID(s.int64(at: 3)), waiverPriority: s.int(at: 4),
             faabRemaining: s.int(at: 5), autopick: s.bool(at: 6))
    }

    static func rosterEntry(_ s: some SQLRowCursor) -> (TeamID, RosterEntry) {
        (TeamID(s.int64(at: 0)),
         RosterEntry(playerID: PlayerID(s.string(at: 1)), slot: Slot(rawValue: s.string(at: 2)) ?? .bench,
                     acquisition: Acquisition(rawValue: s.string(at: 3)) ?? .draft, acquiredAt: Date(timeIntervalSince1970: s.double(at: 4))))
    }

    /// Every team's roster (empty for a team without entries), in team order.
    static func rosters(teams: [Team], entries: [(TeamID, RosterEntry)]) -> [Roster] {
        var byTeam: [TeamID: Roster] = [:]
        for t in teams { byTeam[t.id] = Roster(teamID: t.id) }
        for (team, entry) in entries { byTeam[team, default: Roster(teamID: team)].entries.append(entry) }
        return byTeam.values.sorted { $0.teamID < $1.teamID }
    }
}
