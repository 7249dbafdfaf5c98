import Testing
@testable import ClubhouseDomain

/// The settings limits (domain README, "Settings"): the smallest league is 3 teams, the fastest clock 5 s.
@Suite struct LeagueSettingsValidationTests {
    func refusal(_ edit: (inout LeagueSettings) -> Void) -> DomainError? {
        var s = LeagueSettings()
        edit(&s)
        do { try s.validate(); return nil } catch { return error }
    }

    @Test func aThreeTeamThreeRoundLeagueWithAFiveSecondClockIsAllowed() {
        #expect(refusal {
            $0.teamCount = 3; $0.playoffTeams = 2; $0.pickClockSeconds = 5
            $0.rosterSlots = [.qb: 1, .rb: 1, .wr: 1]
        } == nil)
        #expect(LeagueSettings.allowedPickClocks.contains(5))
    }

    @Test func twoTeamsAndClocksOffTheListAreRefusedInWords() {
        #expect(refusal { $0.teamCount = 2; $0.playoffTeams = 2 }
                == .validation(field: "teamCount", message: "A league has 3–16 teams (not 2)"))
        for clock in [1, 4, 10, 29] {
            #expect(refusal { $0.pickClockSeconds = clock }
                    == .validation(field: "pickClock", message: "The pick clock is 5, 30, 60, 90, 120 or 300 seconds, or none"))
        }
        #expect(refusal { $0.teamCount = 3; $0.playoffTeams = 4 }?.message.contains("Playoffs") == true, "4 playoff teams in a 3-team league")
        #expect(refusal { $0.teamCount = 3 } == nil, "playoff teams nobody sent follow the league's size (2 of 3)")
    }
}
