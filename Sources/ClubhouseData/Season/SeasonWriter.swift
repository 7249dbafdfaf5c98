import ClubhouseDomain
import Foundation

/// What the database holds for one season (and the players of every season), read once at the start of an import.
struct StoredSeason {
    var season: Int
    var kind: SeasonData.Kind?
    /// Every stored player (any season), by id.
    var allPlayers: [PlayerID: Player] = [:]
    /// Whether `players` has its rookie seasons' column (v19; a migration older than it imports without them).
    var rookieColumn = true
    /// Stored players' rookie seasons (those that have one).
    var rookieSeasons: [PlayerID: Int] = [:]
    /// Each player's newest season and his team then.
    var newest: [PlayerID: (season: Int, team: String)] = [:]
    /// The season's players and their team that season.
    var pool: [PlayerID: String] = [:]
    var teams: [String: NFLTeam] = [:]
    var games: [Game] = []
    var playRows: [String: Int] = [:]
    var digests: [String: String] = [:]
    var weekly: [WeeklyKey: StoredWeekly] = [:]
    var totals: [PlayerID: PriorSeasonStat] = [:]
    /// The season's plays per game (loaded only when an import without play-by-play must recompute residuals).
    var plays: [String: [PlayStat]] = [:]
    /// The season's stored injury reports (player-weeks whose status isn't healthy; loaded with `loadInjuries`).
    var injuries: [WeeklyKey: InjuryReport] = [:]

    static func load(_ season: Int, session c: some StoreSQLSession, rookieColumn: Bool = true) throws -> StoredSeason {
        var s = StoredSeason(season: season, rookieColumn: rookieColumn)
        s.kind = try c.scalar("SELECT kind FROM seasons WHERE season = ?", [season], as: String.self).flatMap(SeasonData.Kind.init)
        let rookie = rookieColumn ? "rookie_season" : "NULL"
        try c.forEach("SELECT id, full_name, first_name, last_name, position, nfl_team, jersey_number, \(rookie) FROM players", []) { r in
            guard let pos = Position(rawValue: r.string(at: 4)) else { return }
            let p = Player(id: PlayerID(r.string(at: 0)), fullName: r.string(at: 1), firstName: r.string(at: 2), lastName: r.string(at: 3),
                           position: pos, nflTeam: r.string(at: 5), jerseyNumber: r.optionalInt(at: 6))
            s.allPlayers[p.id] = p
            if let year = r.optionalInt(at: 7) { s.rookieSeasons[p.id] = year }
        }
        try c.forEach("SELECT player_id, season, team FROM player_seasons", []) { r in
            let id = PlayerID(r.string(at: 0)), year = r.int(at: 1)
            if year == season { s.pool[id] = r.string(at: 2) }
            if (s.newest[id]?.season ?? Int.min) < year { s.newest[id] = (year, r.string(at: 2)) }
        }
        try c.forEach("SELECT abbreviation, location, nickname, bye_week FROM team_seasons WHERE season = ?", [season]) { r in
            s.teams[r.string(at: 0)] = NFLTeam(abbreviation: r.string(at: 0), location: r.string(at: 1), nickname: r.string(at: 2), byeWeek: r.int(at: 3))
        }
        try c.forEach("""
            SELECT id, week, kickoff, away_team, home_team, away_score, home_score, play_rows, plays_digest FROM games WHERE season = ?
            """, [season]) { r in
            let g = Game(id: r.string(at: 0), season: season, week: r.int(at: 1), kickoff: Date(timeIntervalSince1970: r.double(at: 2)),
                         awayTeam: r.string(at: 3), homeTeam: r.string(at: 4), awayScore: r.int(at: 5), homeScore: r.int(at: 6))
            s.games.append(g)
            s.playRows[g.id] = r.int(at: 7)
            s.digests[g.id] = r.string(at: 8)
        }
        try c.forEach("SELECT player_id, week, team, opponent, source, \(StoreSQL.statSelect) FROM weekly_stats WHERE season = ?", [season]) { r in
            let stat = WeeklyStat(playerID: PlayerID(r.string(at: 0)), season: season, week: r.int(at: 1), nflTeam: r.string(at: 2),
                                  opponent: r.string(at: 3), stats: SQLStoreTransaction<Connection>.statLine(r, from: 5))
            s.weekly[WeeklyKey(player: stat.playerID, week: stat.week)] = StoredWeekly(stat: stat, source: WeeklyStat.Source(rawValue: r.string(at: 4)) ?? .player)
        }
        try c.forEach("SELECT player_id, games, \(StoreSQL.statSelect) FROM season_totals WHERE season = ?", [season]) { r in
            let t = PriorSeasonStat(playerID: PlayerID(r.string(at: 0)), season: season, games: r.int(at: 1),
                                    stats: SQLStoreTransaction<Connection>.statLine(r, from: 2))
            s.totals[t.playerID] = t
        }
        return s
    }

    /// The season's stored injury reports (loaded only when an import gives an injury file).
    mutating func loadInjuries(session c: some StoreSQLSession) throws {
        try c.forEach("SELECT week, player_id, report, roster_status, injury, practice FROM injury_reports WHERE season = ?", [season]) { r in
            let report = InjuryReport(playerID: PlayerID(r.string(at: 1)), season: season, week: r.int(at: 0), report: r.string(at: 2),
                                      rosterStatus: r.string(at: 3), injury: r.string(at: 4), practice: r.string(at: 5))
            injuries[WeeklyKey(player: report.playerID, week: report.week)] = report
        }
    }

    mutating func loadPlays(session c: some StoreSQLSession, games: Set<String>) throws {
        try c.forEach("SELECT game_id, week, quarter, elapsed_s, play_seq, player_id, stat, value FROM plays WHERE season = ?", [season]) { r in
            let game = r.string(at: 0)
            guard games.contains(game) else { return }
            plays[game, default: []].append(PlayStat(
                gameID: r.string(at: 0), week: r.int(at: 1), quarter: r.isNull(at: 2) ? nil : r.int(at: 2), elapsed: r.int(at: 3),
                sequence: r.int(at: 4), playerID: PlayerID(r.string(at: 5)), stat: r.string(at: 6), value: r.int(at: 7)))
        }
    }
}

/// Writes a season as differences against what is stored: only rows that changed are inserted, updated or deleted.
struct SeasonWriter<Session: StoreSQLSession> {
    let season: Int
    let stored: StoredSeason
    let session: Session
    var changes = SeasonImport.Changes()
    var changedWeeks = Set<Int>()

    init(season: Int, stored: StoredSeason, session: Session) {
        self.season = season; self.stored = stored; self.session = session
    }

    mutating func write(_ data: SeasonData, assembled: Assembled?, now: Date) throws {
        let c = session
        let kind: SeasonData.Kind = stored.kind == .full || data.kind == .full ? .full : .totals
        if stored.kind != kind {
            try c.run("""
                INSERT INTO seasons (season, kind, imported_at) VALUES (?, ?, ?)
                ON CONFLICT (season) DO UPDATE SET kind = excluded.kind, imported_at = excluded.imported_at
                """, [season, kind.rawValue, now.timeIntervalSince1970])
        }
        // Rookie seasons from players.csv (`rookie_season`, else `draft_year`); a row with neither keeps what is stored.
        let rookies = stored.rookieColumn ? (data.listedPlayers ?? [:]).compactMapValues(\.firstSeason) : [:]
        if let a = assembled {
            try writePlayers(pool: a.pool, listed: a.listed, rookieSeasons: rookies)
            try writeTeams(a.teams, replacing: data.games != nil)
            if let games = data.games { try writeGames(games) }
            try writeWeekly(a.weekly)
            try writePlays(a.plays, rows: a.playRows, games: a.games)
            if data.injuries != nil || data.rosterStatuses != nil { try writeInjuries(Self.injuryReports(data, stored: stored.injuries)) }
        } else {
            let pool = Dictionary(data.totalsPlayers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            try writePlayers(pool: pool, listed: [:], rookieSeasons: rookies)
            try writeTeams(data.totalsTeams, replacing: false)
            try writeTotals(data.totals)
        }
    }

    /// Players of the season: created, renamed, moved; and each one's team this season. `rookieSeasons`: players.csv's
    /// rookie seasons, stored for the season's players and for every other stored player the file lists (a value
    /// replaces the stored one; a player the file gives none keeps his).
    mutating func writePlayers(pool: [PlayerID: Player], listed: [PlayerID: Player], rookieSeasons: [PlayerID: Int]) throws {
        let c = session
        for (id, p) in pool.sorted(by: { $0.key < $1.key }) {
            let named = listed[id] ?? p
            if let old = stored.allPlayers[id] {
                if old.fullName != named.fullName || old.firstName != named.firstName || old.lastName != named.lastName
                    || old.position != named.position || old.jerseyNumber != named.jerseyNumber {
                    try c.run("UPDATE players SET full_name = ?, first_name = ?, last_name = ?, position = ?, jersey_number = ? WHERE id = ?",
                              [named.fullName, named.firstName, named.lastName, named.position.rawValue, named.jerseyNumber, id])
                    changes.players += 1
                }
                // `players.nfl_team` is his team in the newest season he is in.
                if season >= (stored.newest[id]?.season ?? Int.min), old.nflTeam != p.nflTeam {
                    try c.run("UPDATE players SET nfl_team = ? WHERE id = ?", [p.nflTeam, id])
                }
            } else {
                var values: [(any SQLBindable)?] = [id, named.fullName, named.firstName, named.lastName, named.position.rawValue, p.nflTeam, named.jerseyNumber]
                if stored.rookieColumn { values.append(rookieSeasons[id]) }
                let rookie = stored.rookieColumn ? (", rookie_season", ", ?") : ("", "")
                try c.run("INSERT INTO players (id, full_name, first_name, last_name, position, nfl_team, jersey_number\(rookie.0)) VALUES (?, ?, ?, ?, ?, ?, ?\(rookie.1))",
                          values)
                changes.players += 1
            }
            if stored.pool[id] != p.nflTeam {
                try c.run("""
                    INSERT INTO player_seasons (season, player_id, team) VALUES (?, ?, ?)
                    ON CONFLICT (season, player_id) DO UPDATE SET team = excluded.team
                    """, [season, id, p.nflTeam])
                changes.playerTeams += 1
            }
        }
        // Stored players (of this season or another) whose rookie season the file gives anew.
        for (id, year) in rookieSeasons.sorted(by: { $0.key < $1.key })
        where stored.allPlayers[id] != nil && stored.rookieSeasons[id] != year {
            try c.run("UPDATE players SET rookie_season = ? WHERE id = ?", [year, id])
            changes.players += 1
        }
    }

    mutating func writeTeams(_ teams: [NFLTeam], replacing: Bool) throws {
        let c = session
        var seen = Set<String>()
        for t in teams {
            seen.insert(t.abbreviation)
            guard stored.teams[t.abbreviation] != t else { continue }
            try c.run("""
                INSERT INTO team_seasons (season, abbreviation, location, nickname, bye_week) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (season, abbreviation) DO UPDATE SET location = excluded.location, nickname = excluded.nickname,
                    bye_week = excluded.bye_week
                """, [season, t.abbreviation, t.location, t.nickname, t.byeWeek])
            changes.teams += 1
        }
        if replacing {
            for old in stored.teams.keys.sorted() where !seen.contains(old) {
                try c.run("DELETE FROM team_seasons WHERE season = ? AND abbreviation = ?", [season, old])
                changes.teams += 1
            }
        }
    }

    mutating func writeGames(_ games: [Game]) throws {
        let c = session
        let old = Dictionary(stored.games.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for g in games where old[g.id] != g {
            try c.run("""
                INSERT INTO games (id, season, week, kickoff, away_team, home_team, away_score, home_score) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET season = excluded.season, week = excluded.week, kickoff = excluded.kickoff,
                    away_team = excluded.away_team, home_team = excluded.home_team, away_score = excluded.away_score,
                    home_score = excluded.home_score
                """, [g.id, g.season, g.week, g.kickoff, g.awayTeam, g.homeTeam, g.awayScore, g.homeScore])
            changes.games += 1
            changedWeeks.insert(g.week)
            if let o = old[g.id] { changedWeeks.insert(o.week) }
        }
        let ids = Set(games.map(\.id))
        for g in stored.games where !ids.contains(g.id) {
            try c.run("DELETE FROM plays WHERE season = ? AND game_id = ?", [season, g.id])
            try c.run("DELETE FROM games WHERE id = ?", [g.id])
            changes.games += 1
            changedWeeks.insert(g.week)
        }
    }

    mutating func writeWeekly(_ weekly: [WeeklyKey: StoredWeekly]) throws {
        let c = session
        let columns = StatLine.columns
        let upsert = """
            INSERT INTO weekly_stats (player_id, season, week, team, opponent, source, \(StoreSQL.statSelect))
            VALUES (?, ?, ?, ?, ?, ?\(String(repeating: ", ?", count: columns.count)))
            ON CONFLICT (player_id, season, week) DO UPDATE SET team = excluded.team, opponent = excluded.opponent,
                source = excluded.source, \(columns.map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", "))
            """
        var params: [SQLiteValue] = []
        for (key, w) in weekly.sorted(by: { ($0.key.week, $0.key.player) < ($1.key.week, $1.key.player) }) where stored.weekly[key] != w {
            params.removeAll(keepingCapacity: true)
            params.append(contentsOf: [.text(key.player.rawValue), .integer(Int64(season)), .integer(Int64(key.week)), .text(w.stat.nflTeam),
                                       .text(w.stat.opponent), .text(w.source.rawValue)])
            for i in columns.indices { params.append(.integer(Int64(w.stat.stats[index: i]))) }
            try c.run(upsert, values: params)
            changes.weeklyStats += 1
            changedWeeks.insert(key.week)
        }
        for key in stored.weekly.keys.sorted(by: { ($0.week, $0.player) < ($1.week, $1.player) }) where weekly[key] == nil {
            try c.run("DELETE FROM weekly_stats WHERE player_id = ? AND season = ? AND week = ?", [key.player, season, key.week])
            changes.weeklyStats += 1
            changedWeeks.insert(key.week)
        }
    }

    /// A game's plays are one set: replaced whole when any row changed (their digest), never mixed with an older set.
    mutating func writePlays(_ plays: [String: [PlayStat]], rows: [String: Int], games: [Game]) throws {
        let c = session
        let weekOf = Dictionary(games.map { ($0.id, $0.week) }, uniquingKeysWith: { a, _ in a })
        var inserts: [[SQLiteValue]] = []
        for id in plays.keys.sorted() {
            let set = plays[id]!
            let digest = Self.digest(set)
            let count = rows[id] ?? 0
            guard digest != stored.digests[id] || count != stored.playRows[id] else { continue }
            if digest != stored.digests[id] {
                changes.plays += try c.run("DELETE FROM plays WHERE season = ? AND game_id = ?", [season, id])
                for p in set {
                    inserts.append([.integer(Int64(season)), .integer(Int64(p.week)), .text(p.gameID), .integer(Int64(p.sequence)),
                                    .text(p.playerID.rawValue), .text(p.stat), p.quarter.map { .integer(Int64($0)) } ?? .null,
                                    .integer(Int64(p.elapsed)), .integer(Int64(p.value))])
                }
                changes.plays += set.count
                if let w = weekOf[id] { changedWeeks.insert(w) }
            }
            try c.run("UPDATE games SET play_rows = ?, plays_digest = ? WHERE id = ?", [count, digest, id])
        }
        if !inserts.isEmpty {
            try c.insertRows(into: "plays", columns: ["season", "week", "game_id", "play_seq", "player_id", "stat", "quarter", "elapsed_s", "value"],
                             rows: inserts)
        }
    }

    /// The season's injury reports after an import: the report's part (game status, injury, practice) from the
    /// injuries file given, else as stored; the roster's status from the weekly rosters given, else as stored. Only
    /// player-weeks whose status isn't healthy are kept (a player the new file no longer lists is healthy again).
    static func injuryReports(_ data: SeasonData, stored: [WeeklyKey: InjuryReport]) -> [WeeklyKey: InjuryReport] {
        var out: [WeeklyKey: InjuryReport] = [:]
        func blank(_ k: WeeklyKey) -> InjuryReport { InjuryReport(playerID: k.player, season: data.season, week: k.week) }
        if let given = data.injuries {
            for i in given {
                let k = WeeklyKey(player: i.player, week: i.week)
                out[k] = InjuryReport(playerID: i.player, season: data.season, week: i.week, report: i.report, injury: i.injury, practice: i.practice)
            }
        } else {
            for (k, r) in stored where !r.report.isEmpty || !r.injury.isEmpty || !r.practice.isEmpty {
                out[k] = InjuryReport(playerID: k.player, season: data.season, week: k.week, report: r.report, injury: r.injury, practice: r.practice)
            }
        }
        if let given = data.rosterStatuses {
            for g in given { out[WeeklyKey(player: g.player, week: g.week), default: blank(WeeklyKey(player: g.player, week: g.week))].rosterStatus = g.status }
        } else {
            for (k, r) in stored where !r.rosterStatus.isEmpty { out[k, default: blank(k)].rosterStatus = r.rosterStatus }
        }
        return out.filter { $0.value.status != .healthy }
    }

    mutating func writeInjuries(_ reports: [WeeklyKey: InjuryReport]) throws {
        let c = session
        for (key, r) in reports.sorted(by: { ($0.key.week, $0.key.player) < ($1.key.week, $1.key.player) }) where stored.injuries[key] != r {
            try c.run("""
                INSERT INTO injury_reports (season, week, player_id, report, roster_status, injury, practice) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (season, week, player_id) DO UPDATE SET report = excluded.report, roster_status = excluded.roster_status,
                    injury = excluded.injury, practice = excluded.practice
                """, [season, key.week, key.player, r.report, r.rosterStatus, r.injury, r.practice])
            changes.injuries += 1
            changedWeeks.insert(key.week)   // the leagues on the season hear of it (`season.updated`): tags on open screens change
        }
        for key in stored.injuries.keys.sorted(by: { ($0.week, $0.player) < ($1.week, $1.player) }) where reports[key] == nil {
            try c.run("DELETE FROM injury_reports WHERE season = ? AND week = ? AND player_id = ?", [season, key.week, key.player])
            changes.injuries += 1
            changedWeeks.insert(key.week)
        }
    }

    mutating func writeTotals(_ totals: [PriorSeasonStat]) throws {
        let c = session
        let columns = StatLine.columns
        let upsert = """
            INSERT INTO season_totals (player_id, season, games, \(StoreSQL.statSelect))
            VALUES (?, ?, ?\(String(repeating: ", ?", count: columns.count)))
            ON CONFLICT (player_id, season) DO UPDATE SET games = excluded.games,
                \(columns.map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", "))
            """
        var seen = Set<PlayerID>()
        for t in totals {
            seen.insert(t.playerID)
            guard stored.totals[t.playerID] != t else { continue }
            var params: [(any SQLBindable)?] = [t.playerID, season, t.games]
            for col in columns { params.append(t.stats[keyPath: col.keyPath]) }
            try c.run(upsert, params)
            changes.totals += 1
        }
        for id in stored.totals.keys.sorted() where !seen.contains(id) {
            try c.run("DELETE FROM season_totals WHERE player_id = ? AND season = ?", [id, season])
            changes.totals += 1
        }
    }

    /// A stable digest of a game's plays whatever their order (as derived, or as read back from the table): each row's
    /// 64-bit FNV-1a hash, summed, with the row count, as hex.
    static func digest(_ plays: [PlayStat]) -> String {
        var total: UInt64 = 0
        for p in plays {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix(_ s: String) { for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }; h = (h ^ 0xff) &* 0x100_0000_01b3 }
            func mix(_ i: Int) {
                var v = UInt64(bitPattern: Int64(i))
                for _ in 0..<8 { h = (h ^ (v & 0xff)) &* 0x100_0000_01b3; v >>= 8 }
            }
            mix(p.sequence); mix(p.playerID.rawValue); mix(p.stat); mix(p.quarter ?? 0); mix(p.elapsed); mix(p.value)
            total = total &+ h
        }
        let h = total ^ UInt64(plays.count)
        return String(h, radix: 16)
    }
}

extension SeasonInfo {
    /// What the database holds of one season (nil: none of it).
    package static func load(_ season: Int, session c: some StoreSQLSession, countingInjuries: Bool = true) throws -> SeasonInfo? {
        guard let kind = try c.scalar("SELECT kind FROM seasons WHERE season = ?", [season], as: String.self).flatMap(Kind.init) else {
            return nil
        }
        func count(_ sql: String) throws -> Int { try c.scalar(sql, [season], as: Int.self) ?? 0 }
        var info = SeasonInfo(
            season: season, kind: kind,
            players: try count("SELECT count(*) FROM player_seasons WHERE season = ? AND player_id NOT LIKE 'DST-%'"),
            games: try count("SELECT count(*) FROM games WHERE season = ?"),
            playerWeeks: try count("SELECT count(*) FROM weekly_stats WHERE season = ? AND player_id NOT LIKE 'DST-%'"),
            plays: try count("SELECT COALESCE(sum(play_rows), 0) FROM games WHERE season = ?"),
            totals: try count("SELECT count(*) FROM season_totals WHERE season = ?"))
        if countingInjuries { info.injuryStatuses = try count("SELECT count(*) FROM injury_reports WHERE season = ?") }
        try c.forEach("SELECT min(kickoff), max(kickoff) FROM games WHERE season = ?", [season]) { r in
            if !r.isNull(at: 0) { info.firstKickoff = Date(timeIntervalSince1970: r.double(at: 0)) }
            if !r.isNull(at: 1) { info.lastKickoff = Date(timeIntervalSince1970: r.double(at: 1)) }
        }
        return info
    }

    /// Every stored season, oldest first.
    package static func all(session c: some StoreSQLSession) throws -> [SeasonInfo] {
        var years: [Int] = []
        try c.forEach("SELECT season FROM seasons ORDER BY season", []) { years.append($0.int(at: 0)) }
        return try years.compactMap { try load($0, session: c) }
    }
}
