import Foundation
import ClubhouseDomain

extension Demo {
    /// A recap of Gridiron Greats' draft: four teams graded, two best and two worst picks.
    static func draftRecap(_ id: LeagueID) -> DraftRecap {
        func pick(_ n: Int, _ t: TeamID, _ p: PlayerSummary, pts: Int, rank: Int) -> DraftRecap.PickLine {
            DraftRecap.PickLine(pick: Pick(number: n, round: (n - 1) / 4 + 1, teamID: t, playerID: p.id, source: .manager, madeAt: now),
                                teamName: team(t).name, player: p, value: Points(hundredths: 10_000 - n * 500),
                                seasonPoints: Points(hundredths: pts), seasonRank: rank, surplus: n - rank)
        }
        func line(_ t: TeamID, _ grade: String, _ value: Int, rb: Int) -> DraftRecap.TeamLine {
            DraftRecap.TeamLine(team: team(t), grade: grade, value: Points(hundredths: value), roomAverage: Points(hundredths: 40_000),
                                byPosition: [.qb: .zero, .rb: Points(hundredths: rb), .wr: Points(hundredths: -rb / 2), .te: .zero, .k: .zero, .def: .zero])
        }
        return DraftRecap(leagueID: id, leagueName: "Gridiron Greats", complete: true, throughWeek: 8,
                          teams: [line(bits, "A", 46_000, rb: 4_500), line(hailMarys, "B", 41_500, rb: 1_200),
                                  line(bytes, "C", 39_000, rb: -800), line(tailgaters, "F", 33_500, rb: -4_900)],
                          best: [pick(16, bits, mostert, pts: 14_820, rank: 3), pick(12, bytes, godwin, pts: 13_110, rank: 5)],
                          worst: [pick(3, tailgaters, thomas, pts: 4_200, rank: 14), pick(6, bytes, julio, pts: 5_010, rank: 12)])
    }
}
