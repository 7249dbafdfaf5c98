import Testing
import ClubhouseDomain

@Suite("Matchups: round-robin schedule")
struct RoundRobinScheduleTests {
    func teams(_ n: Int) -> [TeamID] { (1...n).map { TeamID(Int64($0)) } }

    func pair(_ m: Matchup) -> Set<TeamID> { [m.home, m.away].compactMap { $0 }.reduce(into: []) { $0.insert($1) } }

    @Test(arguments: Array(4...16))
    func everyTeamMeetsEachOpponentOnceBeforeAnyRematch(teamCount: Int) {
        let cycle = teamCount.isMultiple(of: 2) ? teamCount - 1 : teamCount
        let schedule = RoundRobinSchedule.schedule(leagueID: LeagueID(7), teams: teams(teamCount), weeks: 1...(3 * cycle))
        for team in teams(teamCount) {
            let opponents = (1...(3 * cycle)).compactMap { week in
                schedule.first { $0.week == week && $0.involves(team) }?.opponent(of: team)
            }
            for c in 0..<3 {
                let thisCycle = opponents.dropFirst(c * (teamCount - 1)).prefix(teamCount - 1)
                #expect(Set(thisCycle) == Set(teams(teamCount)).subtracting([team]), "team \(team) cycle \(c)")
            }
        }
    }

    @Test(arguments: Array(4...16))
    func eachTeamPlaysExactlyOnceEveryWeek(teamCount: Int) {
        let schedule = RoundRobinSchedule.schedule(leagueID: LeagueID(3), teams: teams(teamCount), weeks: 1...14)
        for week in 1...14 {
            let thisWeek = schedule.filter { $0.week == week }
            let appearances = thisWeek.flatMap { [$0.home] + ($0.away.map { [$0] } ?? []) }
            #expect(appearances.count == teamCount && Set(appearances) == Set(teams(teamCount)))
            #expect(thisWeek.filter { $0.away == nil }.count == (teamCount.isMultiple(of: 2) ? 0 : 1))
        }
    }

    @Test(arguments: [5, 7, 9, 11, 13, 15])
    func oddCountsGiveEachTeamExactlyOneByePerCycle(teamCount: Int) {
        let weeks = 1...(2 * teamCount)
        let schedule = RoundRobinSchedule.schedule(leagueID: LeagueID(11), teams: teams(teamCount), weeks: weeks)
        for cycle in 0..<2 {
            let cycleWeeks = (1 + cycle * teamCount)...((cycle + 1) * teamCount)
            let byes = schedule.filter { cycleWeeks.contains($0.week) && $0.away == nil }.map(\.home)
            #expect(byes.sorted() == teams(teamCount))
        }
    }

    @Test func sameLeagueGetsTheSameScheduleWhateverTheTeamOrder() {
        let a = RoundRobinSchedule.schedule(leagueID: LeagueID(42), teams: teams(10), weeks: 1...14)
        let b = RoundRobinSchedule.schedule(leagueID: LeagueID(42), teams: teams(10).reversed(), weeks: 1...14)
        #expect(a == b)
        #expect(a.allSatisfy { $0.leagueID == LeagueID(42) && !$0.isPlayoff })
    }

    @Test func differentLeaguesGetDifferentSchedules() {
        let schedules = Set((1...20).map { RoundRobinSchedule.schedule(leagueID: LeagueID(Int64($0)), teams: teams(10), weeks: 1...14) })
        #expect(schedules.count > 15)
    }

    @Test func rematchesSwapHomeAndAway() {
        let schedule = RoundRobinSchedule.schedule(leagueID: LeagueID(5), teams: teams(4), weeks: 1...6)
        for week in 1...3 {
            for first in schedule.filter({ $0.week == week }) {
                let rematch = schedule.first { $0.week == week + 3 && pair($0) == pair(first) }
                #expect(rematch?.home == first.away && rematch?.away == first.home)
            }
        }
    }

    @Test func tenTeamsPlayAtLeastFourHomeGamesInFourteenWeeks() {
        let schedule = RoundRobinSchedule.schedule(leagueID: LeagueID(9), teams: teams(10), weeks: 1...14)
        for team in teams(10) {
            let home = schedule.filter { $0.home == team }.count
            #expect((4...10).contains(home), "team \(team) home \(home)")
        }
    }
}
