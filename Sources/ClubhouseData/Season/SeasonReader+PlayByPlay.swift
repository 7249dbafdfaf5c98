import ClubhouseDomain
import Foundation

// SeasonReader: nflverse's play-by-play file, read into the plays live scoring replays.

extension SeasonReader {
    // MARK: - Play by play

    func readPlayByPlay(_ url: URL, games: [String: Game], into data: inout SeasonData) throws(DataFileError)
        -> (rows: [String: [PlayByPlayRow]], counts: [String: Int]) {
        let r = try open(url, .playByPlay)
        let c = try columns(r, .playByPlay, required: ["season_type"] + PlayByPlay.columns)
        let seasonColumn = c.optional("season")
        // Every column's index once, not per row.
        func at(_ name: String) -> Int { c.index[name]! }
        let flagColumns = PlayByPlayRow.Flags.columns.map { (at($0.0), $0.0, $0.1) }
        let seasonType = c[0]
        let (playID, gameID, week, home, away, posteam, defteam, qtr, qsr) =
            (at("play_id"), at("game_id"), at("week"), at("home_team"), at("away_team"), at("posteam"), at("defteam"), at("qtr"),
             at("quarter_seconds_remaining"))
        let (playType, fgResult, xpResult, twoResult, tdTeam, tdPlayer) =
            (at("play_type"), at("field_goal_result"), at("extra_point_result"), at("two_point_conv_result"), at("td_team"), at("td_player_id"))
        let (passer, receiver, rusher, latReceiver, latRusher, kicker, kickoffReturner, puntReturner) =
            (at("passer_player_id"), at("receiver_player_id"), at("rusher_player_id"), at("lateral_receiver_player_id"),
             at("lateral_rusher_player_id"), at("kicker_player_id"), at("kickoff_returner_player_id"), at("punt_returner_player_id"))
        let (fumbled1, fumbled1Team, fumbled2, fumbled2Team, recovery1, recovery2, sackPlayer, halfSack) =
            (at("fumbled_1_player_id"), at("fumbled_1_team"), at("fumbled_2_player_id"), at("fumbled_2_team"), at("fumble_recovery_1_team"),
             at("fumble_recovery_2_team"), at("sack_player_id"), at("half_sack_1_player_id"))
        let (kickDistance, passingYards, receivingYards, rushingYards, latReceivingYards, latRushingYards) =
            (at("kick_distance"), at("passing_yards"), at("receiving_yards"), at("rushing_yards"), at("lateral_receiving_yards"),
             at("lateral_rushing_yards"))
        let (homeScore, awayScore) = (at("total_home_score"), at("total_away_score"))
        var out: [String: [PlayByPlayRow]] = [:]
        var counts: [String: Int] = [:]
        // Rows come game by game: the current game's rows and play ids are kept apart until the next game starts.
        var current: (id: String, game: Game, rows: [PlayByPlayRow], ids: Set<Int>)?
        func flush() {
            guard let g = current else { return }
            out[g.id, default: []].append(contentsOf: g.rows)
            counts[g.id, default: 0] += g.rows.count
            current = nil
        }
        try eachRecord(r, .playByPlay, url, into: &data) { line, bad throws(DataFileError) -> RowOutcome in
            if let seasonColumn { try checkSeason(r, seasonColumn, line: line, bad) }
            guard r.equals(seasonType, "REG") else { return .skipped }
            var p = PlayByPlayRow()
            p.gameID = r.string(gameID)
            if current?.id != p.gameID {
                flush()
                guard let game = games[p.gameID] else {
                    if !p.gameID.hasPrefix("\(season)_") {
                        throw bad("game \(TerminalText.quoted(p.gameID)) is not of season \(season): this file is of another season")
                    }
                    throw bad("unknown game \(TerminalText.quoted(p.gameID)) (not a regular-season game of \(season) in games.csv)")
                }
                current = (p.gameID, game, [], [])
                // A game's rows are one run in nflverse's files; a game met again goes on from what it had.
                if let earlier = out.removeValue(forKey: p.gameID) {
                    current!.rows = earlier
                    current!.ids = Set(earlier.map(\.playID))
                    counts[p.gameID] = 0
                }
            }
            let game = current!.game
            p.playID = try Self.number(r, playID, "play_id", in: 1...1_000_000, bad)
            if !current!.ids.insert(p.playID).inserted { throw bad("second row for play \(p.playID) of \(p.gameID)") }
            p.week = try Self.number(r, week, "week", in: 1...18, bad)
            guard p.week == game.week else { throw bad("week \(p.week), but game \(p.gameID) is in week \(game.week)") }
            p.homeTeam = r.string(home); p.awayTeam = r.string(away)
            guard NFLFranchises.sameFranchise(p.homeTeam, game.homeTeam) && NFLFranchises.sameFranchise(p.awayTeam, game.awayTeam) else {
                throw bad("unknown team abbreviation: home_team \(TerminalText.quoted(p.homeTeam)), away_team \(TerminalText.quoted(p.awayTeam)) (game \(p.gameID) is \(game.awayTeam) at \(game.homeTeam))")
            }
            p.posteam = r.string(posteam); p.defteam = r.string(defteam)
            for (name, t) in [("posteam", p.posteam), ("defteam", p.defteam)] where !t.isEmpty && t != p.homeTeam && t != p.awayTeam {
                throw bad("unknown team abbreviation \(TerminalText.quoted(t)) in \(name) (game \(p.gameID) is \(p.awayTeam) at \(p.homeTeam))")
            }
            p.quarter = try Self.number(r, qtr, "qtr", in: 1...6, bad)
            p.quarterSecondsRemaining = r.isEmpty(qsr) ? 0 : try Self.number(r, qsr, "quarter_seconds_remaining", in: 0...900, bad)
            p.playType = r.string(playType)
            for (column, name, flag) in flagColumns where !r.isEmpty(column) {
                if r.equals(column, "1") { p.flags.insert(flag) } else if !r.equals(column, "0") {
                    throw bad("\(name) \(TerminalText.quoted(r.string(column))) is not 0 or 1")
                }
            }
            p.fieldGoalResult = r.string(fgResult)
            p.extraPointResult = r.string(xpResult)
            p.twoPointResult = r.string(twoResult)
            func yards(_ column: Int, _ name: String) throws(DataFileError) -> Int {
                r.isEmpty(column) ? 0 : try Self.number(r, column, name, in: -200...200, bad)
            }
            p.kickDistance = try yards(kickDistance, "kick_distance")
            p.passingYards = try yards(passingYards, "passing_yards"); p.receivingYards = try yards(receivingYards, "receiving_yards")
            p.rushingYards = try yards(rushingYards, "rushing_yards")
            p.lateralReceivingYards = try yards(latReceivingYards, "lateral_receiving_yards")
            p.lateralRushingYards = try yards(latRushingYards, "lateral_rushing_yards")
            p.tdTeam = r.string(tdTeam); p.tdPlayer = r.string(tdPlayer)
            p.passer = r.string(passer); p.receiver = r.string(receiver); p.rusher = r.string(rusher)
            p.lateralReceiver = r.string(latReceiver); p.lateralRusher = r.string(latRusher)
            p.kicker = r.string(kicker)
            p.kickoffReturner = r.string(kickoffReturner); p.puntReturner = r.string(puntReturner)
            p.fumbled1Player = r.string(fumbled1); p.fumbled1Team = r.string(fumbled1Team)
            p.fumbled2Player = r.string(fumbled2); p.fumbled2Team = r.string(fumbled2Team)
            p.recovery1Team = r.string(recovery1); p.recovery2Team = r.string(recovery2)
            p.sackPlayer = r.string(sackPlayer); p.halfSack1Player = r.string(halfSack)
            p.totalHomeScore = r.isEmpty(homeScore) ? 0 : try Self.number(r, homeScore, "total_home_score", in: 0...999, bad)
            p.totalAwayScore = r.isEmpty(awayScore) ? 0 : try Self.number(r, awayScore, "total_away_score", in: 0...999, bad)
            current!.rows.append(p)
            return .imported
        }
        flush()
        return (out, counts)
    }
}
