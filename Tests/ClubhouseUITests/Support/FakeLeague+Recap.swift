import ClubhouseDomain
import Foundation

/// The weekly recap over `Demo`'s scoreboard: weeks 1–8 are final (computed by the Domain's rules from the demo's scores
/// and Bits' week lineup), week 9 and later aren't, as the demo scoreboard has it.
extension FakeLeague {
    func weekRecap(_ id: LeagueID, week: Int) throws -> LeagueRecap {
        let finalWeeks = Array(1...8)
        guard finalWeeks.contains(week) else {
            throw DomainError.validation(field: "week", message: "Week \(week) isn't final yet: its recap comes once every game is over")
        }
        let records = finalWeeks.flatMap { w in
            Demo.scoreboard(week: w).matchups.map { m in
                MatchupRecord(matchup: Matchup(leagueID: id, week: w, home: m.home.team.id, away: m.away?.team.id, isPlayoff: m.isPlayoff),
                              homePoints: m.home.points, awayPoints: m.away?.points)
            }
        }
        let bits = (Demo.bitsLineup.starters + Demo.bitsLineup.bench).compactMap { row in
            row.player.map { WeeklyRecap.LineupPlayer(player: $0.id, position: $0.position, slot: row.slot, points: row.points) }
        }
        let recap = WeeklyRecap.compute(week: week, matchups: records, lineups: [Demo.bits: bits], rosterSlots: LeagueSettings().rosterSlots)!
        return LeagueRecap(leagueID: id, leagueName: "Gridiron Greats", week: week, finalWeeks: finalWeeks,
                           teams: [Demo.bits, Demo.bytes, Demo.tailgaters, Demo.hailMarys].map(Demo.team), recap: recap)
    }
}
