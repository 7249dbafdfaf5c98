import Foundation
import ClubhouseDomain

/// A small hand-made world for UI tests: three public leagues; "Gridiron Greats" is in week 9 of 2019
/// with four teams and real players with plausible numbers.
enum Demo {
    static let now = Date(timeIntervalSince1970: 1_572_800_000) // Sun 3 Nov 2019, week 9
    static let greats = LeagueID(1), nerds = LeagueID(2), couch = LeagueID(3)
    /// The seasons stored: 2018's totals (rankings) and 2019 (played).
    static let seasons = [SeasonInfo(season: 2018, kind: .totals, players: 424, totals: 456),
                          SeasonInfo(season: 2019, kind: .full, players: 600, games: 256, playerWeeks: 5500, plays: 45016,
                                     firstKickoff: Date(timeIntervalSince1970: 1_567_729_200), lastKickoff: Date(timeIntervalSince1970: 1_577_650_000))]
    static let bits = TeamID(1), bytes = TeamID(2), tailgaters = TeamID(3), hailMarys = TeamID(4)

    static func team(_ id: TeamID) -> TeamSummary {
        switch id {
        case bits: TeamSummary(id: bits, name: "Bits", managerName: "alice", record: "6-2")
        case bytes: TeamSummary(id: bytes, name: "Bytes", managerName: "bob", record: "4-4")
        case tailgaters: TeamSummary(id: tailgaters, name: "Tailgaters", managerName: nil, record: "1-7")
        default: TeamSummary(id: hailMarys, name: "Hail Marys", managerName: "carol", record: "5-3")
        }
    }
    static var teams: [TeamSummary] { [bits, bytes, tailgaters, hailMarys].map(team) }

    // MARK: - Players (2019)
    static func p(_ id: String, _ name: String, _ pos: Position, _ nfl: String, _ bye: Int, _ inj: InjuryStatus = .healthy) -> PlayerSummary {
        PlayerSummary(id: PlayerID(id), name: name, position: pos, nflTeam: nfl, byeWeek: bye, injury: inj)
    }
    static let lamar = p("00-0034796", "Lamar Jackson", .qb, "BAL", 8)
    static let mahomes = p("00-0033873", "Patrick Mahomes", .qb, "KC", 12, .questionable)
    static let cmc = p("00-0033280", "Christian McCaffrey", .rb, "CAR", 7)
    static let cook = p("00-0033893", "Dalvin Cook", .rb, "MIN", 12)
    static let henry = p("00-0032764", "Derrick Henry", .rb, "TEN", 11)
    static let jones = p("00-0033293", "Aaron Jones", .rb, "GB", 11)
    static let thomas = p("00-0032765", "Michael Thomas", .wr, "NO", 9)
    static let godwin = p("00-0033921", "Chris Godwin", .wr, "TB", 7)
    static let kupp = p("00-0033908", "Cooper Kupp", .wr, "LAR", 9)
    static let julio = p("00-0027944", "Julio Jones", .wr, "ATL", 9)
    static let kelce = p("00-0030506", "Travis Kelce", .te, "KC", 12)
    static let kittle = p("00-0033288", "George Kittle", .te, "SF", 4)
    static let tucker = p("00-0029597", "Justin Tucker", .k, "BAL", 8)
    static let butker = p("00-0033787", "Harrison Butker", .k, "KC", 12)
    static let pats = p("DST-NE", "New England Patriots", .def, "NE", 10)
    static let niners = p("DST-SF", "San Francisco 49ers", .def, "SF", 4)
    static let mostert = p("00-0031687", "Raheem Mostert", .rb, "SF", 4)
    static let golladay = p("00-0033107", "Kenny Golladay", .wr, "DET", 5)
    static let waller = p("00-0033424", "Darren Waller", .te, "OAK", 6)
    static let ekeler = p("00-0033699", "Austin Ekeler", .rb, "LAC", 12)

    // MARK: - Leagues
    static func settings(_ teams: Int = 4) -> LeagueSettings { var s = LeagueSettings(); s.teamCount = teams; return s }

    static let summaries: [LeagueSummary] = [
        LeagueSummary(id: greats, name: "Gridiron Greats", state: .inSeason, isPublic: true, teamCount: 4, managedTeams: 3, currentWeek: 9,
                      scoring: .halfPPR, draftScheduledAt: nil, commissionerName: "alice", myTeam: nil, seasonClock: now),
        LeagueSummary(id: nerds, name: "Sunday Nerds", state: .predraft, isPublic: true, teamCount: 10, managedTeams: 6, currentWeek: 1,
                      scoring: .ppr, draftScheduledAt: now.addingTimeInterval(2 * 86_400), commissionerName: "dave", myTeam: nil, seasonClock: now),
        LeagueSummary(id: couch, name: "Couch Coaches", state: .drafting, isPublic: true, teamCount: 4, managedTeams: 4, currentWeek: 1,
                      scoring: .standard, draftScheduledAt: nil, commissionerName: "erin", myTeam: nil, seasonClock: now),
    ]

    static func detail(_ id: LeagueID) -> LeagueDetail {
        let s = summaries.first { $0.id == id }!
        var settings = settings(s.teamCount)
        settings.scoring = .preset(s.scoring)
        let league = League(id: id, name: s.name, isPublic: true, commissioner: UserID(1), settings: settings, state: s.state, clock: now,
                            draftScheduledAt: s.draftScheduledAt, createdAt: now.addingTimeInterval(-90 * 86_400))
        return LeagueDetail(league: league, teams: id == greats ? teams : [], currentWeek: s.currentWeek, commissionerName: s.commissionerName,
                            champion: nil, capabilities: .signedOut)
    }

    static let standings: [StandingsEntry] = [
        StandingsEntry(rank: 1, team: team(bits), row: StandingsRow(teamID: bits, wins: 6, losses: 2, pointsFor: Points(hundredths: 92_140), pointsAgainst: Points(hundredths: 80_310)), streak: "W3"),
        StandingsEntry(rank: 2, team: team(hailMarys), row: StandingsRow(teamID: hailMarys, wins: 5, losses: 3, pointsFor: Points(hundredths: 88_020), pointsAgainst: Points(hundredths: 85_500)), streak: "W1"),
        StandingsEntry(rank: 3, team: team(bytes), row: StandingsRow(teamID: bytes, wins: 4, losses: 4, pointsFor: Points(hundredths: 86_470), pointsAgainst: Points(hundredths: 86_900)), streak: "L2"),
        StandingsEntry(rank: 4, team: team(tailgaters), row: StandingsRow(teamID: tailgaters, wins: 1, losses: 7, pointsFor: Points(hundredths: 70_050), pointsAgainst: Points(hundredths: 90_010)), streak: "L5"),
    ]

    static func scoreboard(week: Int?) -> Scoreboard {
        let w = week ?? 9
        let status: MatchupStatus = w < 9 ? .final : w == 9 ? .live : .upcoming
        func pts(_ base: Int) -> Points { status == .upcoming ? .zero : Points(hundredths: w == 9 ? base : base + w * 37) }
        return Scoreboard(leagueID: greats, week: w, weeks: 1...16, matchups: [
            MatchupScore(home: MatchupSide(team: team(bits), points: pts(11_240)), away: MatchupSide(team: team(bytes), points: pts(9_820)), status: w == 9 ? .final : status, isPlayoff: w >= 15),
            MatchupScore(home: MatchupSide(team: team(tailgaters), points: pts(8_710)), away: MatchupSide(team: team(hailMarys), points: pts(9_160)), status: status, isPlayoff: w >= 15),
        ])
    }

    static func row(_ slot: Slot, _ player: PlayerSummary, _ pts: Int, _ line: String, _ opp: String) -> LineupRow {
        LineupRow(slot: slot, player: player, points: Points(hundredths: pts), statLine: line, opponent: opp, game: .final)
    }

    static let bitsLineup = TeamLineup(team: team(bits), total: Points(hundredths: 11_240), starters: [
        row(.qb, lamar, 2_840, "17/24 163 yd 1 TD · 16 car 103 yd", "NE"),
        row(.rb, cmc, 3_120, "24 car 146 yd 1 TD · 5 rec 40 yd", "TEN"),
        row(.rb, jones, 1_150, "12 car 53 yd · 4 rec 37 yd", "LAC"),
        row(.wr, thomas, 1_620, "11 rec 112 yd", "@ATL"),
        row(.wr, godwin, 920, "6 rec 67 yd", "@SEA"),
        row(.te, kelce, 840, "5 rec 63 yd", "MIN"),
        row(.flex, golladay, 0, "", "@OAK"),
        row(.k, tucker, 750, "2/2 FG · 3/3 PAT", "NE"),
        row(.def, pats, 0, "1 sack · 37 allowed", "@BAL"),
    ], bench: [row(.bench, ekeler, 1_480, "7 car 44 yd · 8 rec 64 yd", "GB")])

    static let bytesLineup = TeamLineup(team: team(bytes), total: Points(hundredths: 9_820), starters: [
        row(.qb, mahomes, 0, "", "MIN"),
        row(.rb, cook, 1_850, "21 car 96 yd 1 TD · 2 rec 25 yd", "@KC"),
        row(.rb, henry, 1_200, "18 car 75 yd 1 TD", "@CAR"),
        row(.wr, kupp, 0, "bye", ""),
        row(.wr, julio, 1_710, "6 rec 152 yd", "NO"),
        row(.te, kittle, 1_120, "6 rec 79 yd", "ARI"),
        row(.flex, mostert, 750, "7 car 40 yd", "ARI"),
        row(.k, butker, 900, "3/3 FG", "MIN"),
        row(.def, niners, 1_200, "5 sacks · 25 allowed", "ARI"),
    ], bench: [])

    static func roster(_ team: TeamID) -> TeamRoster {
        let lineup = team == bytes ? bytesLineup : bitsLineup
        let rows = (lineup.starters + lineup.bench).compactMap { r in
            r.player.map { RosterRow(slot: r.slot, player: $0, acquisition: $0 == golladay ? .waiver : .draft, acquiredAt: now.addingTimeInterval(-60 * 86_400),
                                     weekPoints: r.points, seasonPoints: r.points * 8, locked: true) }
        }
        return TeamRoster(leagueID: greats, team: self.team(team), week: 9, rows: rows, faabRemaining: nil, waiverPriority: team == bits ? 4 : 2)
    }

    static func player(_ id: PlayerID, league: LeagueID?) -> PlayerDetail {
        let summary = [lamar, mahomes, cmc, cook, henry, jones, thomas, godwin, kupp, julio, kelce, kittle, tucker, butker, pats, niners, mostert, golladay, waller, ekeler]
            .first { $0.id == id } ?? cmc
        let log = (1...8).filter { $0 != summary.byeWeek }.map { w in
            GameLogRow(week: w, opponent: ["LAR", "TB", "ARI", "HOU", "JAX", "TB", "SF", "TEN"][w - 1], isHome: w % 2 == 1, stats: StatLine(),
                       statLine: "\(14 + w) car \(70 + w * 9) yd \(w % 3 == 0 ? 2 : 1) TD · \(w % 5 + 3) rec \(30 + w * 4) yd",
                       points: Points(hundredths: 1_800 + w * 210))
        }
        let season = log.reduce(Points.zero) { $0 + $1.points }
        let owner: TeamSummary? = league == greats ? (roster(bits).rows.contains { $0.player.id == id } ? team(bits)
                                                      : roster(bytes).rows.contains { $0.player.id == id } ? team(bytes) : nil) : nil
        var detail = PlayerDetail(player: summary, nflTeamName: summary.nflTeam == "CAR" ? "Carolina Panthers" : "\(summary.nflTeam) team", scoring: .halfPPR,
                                  gameLog: log, seasonPoints: season, seasonStats: StatLine(), priorSeasonPoints: Points(hundredths: 29_190), rosteredBy: owner,
                                  season: 2019)
        if summary.injury == .questionable { detail.injuryReport = "Week 9: Questionable — Ankle · Limited Participation in Practice" }
        return detail
    }

    static let available: [AvailablePlayer] = [
        AvailablePlayer(player: waller, availability: .freeAgent, seasonPoints: Points(hundredths: 9_640), lastWeekPoints: Points(hundredths: 1_130), priorSeasonPoints: Points(hundredths: 1_210)),
        AvailablePlayer(player: p("00-0031610", "Mark Ingram", .rb, "BAL", 8), availability: .onWaivers(until: now.addingTimeInterval(2 * 86_400)),
                        seasonPoints: Points(hundredths: 10_210), lastWeekPoints: Points(hundredths: 1_460), priorSeasonPoints: Points(hundredths: 9_930)),
        AvailablePlayer(player: p("00-0034844", "Terry McLaurin", .wr, "WAS", 10), availability: .freeAgent, seasonPoints: Points(hundredths: 8_270), lastWeekPoints: Points(hundredths: 300), priorSeasonPoints: .zero),
        AvailablePlayer(player: p("00-0034400", "Matt Prater", .k, "DET", 5), availability: .freeAgent, seasonPoints: Points(hundredths: 6_100), lastWeekPoints: Points(hundredths: 800), priorSeasonPoints: Points(hundredths: 12_800)),
    ]

    /// The draft room's player pool by rank: the drafted stars first, then the free agents.
    static var draftable: [DraftablePlayer] {
        let players = [cmc, cook, thomas, henry, kelce, lamar, kupp, julio] + available.map(\.player)
        var byPosition: [Position: Int] = [:]
        return players.enumerated().map { i, p in
            byPosition[p.position, default: 0] += 1
            return DraftablePlayer(rank: i + 1, player: p, priorSeasonPoints: Points(hundredths: 30_000 - i * 1_000),
                                   value: Points(hundredths: 15_000 - i * 1_000), tier: i < 3 ? 1 : i < 8 ? 2 : 3, positionRank: byPosition[p.position]!)
        }
    }

    static func draftRoom(_ id: LeagueID) -> DraftBoard {
        let order = [bits, bytes, tailgaters, hailMarys]
        let made: [PlayerSummary] = id == couch ? [cmc, cook, thomas, henry, kelce, lamar] : [cmc, cook, thomas, henry, kelce, lamar, kupp, julio]
        let picks = made.enumerated().map { i, player -> DraftPickView in
            let round = i / 4 + 1, idx = i % 4
            let team = order[round % 2 == 0 ? 3 - idx : idx]
            return DraftPickView(pick: Pick(number: i + 1, round: round, teamID: team, playerID: player.id, source: i == 2 ? .autopick : .manager,
                                            madeAt: now.addingTimeInterval(Double(i) * 60)), player: player)
        }
        let draft = Draft(leagueID: id, status: id == couch ? .running : .complete, order: order, rounds: id == couch ? 15 : 2, type: .snake,
                          pickClockSeconds: 90, currentPick: picks.count + 1)
        let tiers = id == couch ? [DraftTierLeft(position: .qb, tier: 1, left: 2, best: mahomes), DraftTierLeft(position: .rb, tier: 2, left: 1, best: jones),
                                   DraftTierLeft(position: .wr, tier: 1, left: 3, best: kupp), DraftTierLeft(position: .te, tier: 2, left: 1, best: kittle),
                                   DraftTierLeft(position: .k, tier: 1, left: 4, best: tucker), DraftTierLeft(position: .def, tier: 1, left: 5, best: niners)] : []
        return DraftBoard(leagueID: id, draft: draft, teams: order.map(team), picks: picks, capabilities: .signedOut, seasonClock: now,
                          tiers: tiers, onClockNeeds: id == couch ? [.qb: 1, .rb: 1, .wr: 2, .flex: 1, .k: 1, .def: 1] : nil,
                          rankingBasis: RankingBasis(season: 2019, basis: .totals, players: 456))
    }
}
