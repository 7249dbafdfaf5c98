import ClubhouseDomain
import Foundation
import Testing

/// A player's status for a week, from nflverse's injury report and weekly roster (ClubhouseDomain/README.md, “Roster”).
@Suite struct InjuryStatusTests {
    @Test func theReportsGameStatusMapsToQDOAndProbableIsHealthy() {
        #expect(InjuryStatus(reportStatus: "Out") == .out)
        #expect(InjuryStatus(reportStatus: "Doubtful") == .doubtful)
        #expect(InjuryStatus(reportStatus: "Questionable") == .questionable)
        #expect(InjuryStatus(reportStatus: "questionable") == .questionable, "case-blind")
        #expect(InjuryStatus(reportStatus: "Probable") == .healthy, "retired in 2016: likely to play")
        #expect(InjuryStatus(reportStatus: "") == .healthy)
        #expect(InjuryStatus(reportStatus: "NA") == .healthy, "R's missing value")
        #expect(InjuryStatus(reportStatus: "Gone fishing") == nil)
    }

    @Test func theRostersCodesMapReserveToIRPUPAndInactiveToOutTheRestToHealthy() {
        #expect(InjuryStatus(rosterStatus: "RES") == .injuredReserve)
        #expect(InjuryStatus(rosterStatus: "RSN") == .injuredReserve)
        #expect(InjuryStatus(rosterStatus: "PUP") == .out)
        #expect(InjuryStatus(rosterStatus: "INA") == .out)
        for code in ["ACT", "DEV", "CUT", "SUS", "RET", "UFA", ""] { #expect(InjuryStatus(rosterStatus: code) == .healthy, "\(code)") }
        #expect(InjuryStatus.rosterStatusCodes.allSatisfy { InjuryStatus(rosterStatus: $0) != nil })
        #expect(InjuryStatus(rosterStatus: "XYZ") == nil)
        #expect(InjuryStatus(rosterStatus: "res") == nil, "nflverse's codes are upper case")
    }

    @Test func aWeeksStatusIsTheMoreSeriousOfTheReportsAndTheRostersAndItsTagIsShort() {
        let q = InjuryReport(playerID: "00-0033280", season: 2019, week: 9, report: "Questionable", rosterStatus: "ACT", injury: "Ankle")
        #expect(q.status == .questionable && q.status.tag == "Q" && !q.status.isOut)
        var ir = q
        ir.rosterStatus = "RES"
        #expect(ir.status == .injuredReserve && ir.status.tag == "IR" && ir.status.isOut)
        #expect(ir.line == "Injured reserve (RES) — Ankle")
        let out = InjuryReport(playerID: "00-0033280", season: 2019, week: 9, report: "Out", injury: "Hamstring", practice: "Did Not Participate In Practice")
        #expect(out.status == .out && out.status.tag == "O")
        #expect(out.line == "Out — Hamstring · Did Not Participate In Practice")
        #expect(InjuryReport(playerID: "00-0033280", season: 2019, week: 9).status == .healthy)
        #expect([InjuryStatus.healthy, .questionable, .doubtful, .out, .injuredReserve].map(\.tag) == ["", "Q", "D", "O", "IR"])
    }

    /// Statuses are per week: a report of week 9 says nothing of week 10 (a stale tag is worse than none).
    @Test func aStatusHoldsForItsWeekOnly() {
        let cmc = Player(id: "00-0033280", fullName: "Christian McCaffrey", firstName: "Christian", lastName: "McCaffrey", position: .rb, nflTeam: "CAR")
        let facts = SeasonFacts(version: 1, nflTeams: [], players: [cmc], injuries: [:],
                                injuryReports: [InjuryReport(playerID: cmc.id, season: 2019, week: 9, report: "Doubtful")],
                                games: [], weeklyStats: [], priorSeason: [])
        #expect(facts.injury(cmc.id, week: 9) == .doubtful)
        #expect(facts.injury(cmc.id, week: 10) == .healthy)
        #expect(facts.summary(cmc.id, week: 9).injury == .doubtful)
        #expect(facts.injuries(week: 9) == [cmc.id: .doubtful])
        #expect(facts.injuries(week: 8).isEmpty)
    }
}
