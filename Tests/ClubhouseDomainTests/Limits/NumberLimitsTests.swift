import Foundation
import Testing
@testable import ClubhouseDomain

/// Every number a client can send has a range in the domain, refused with `validation` and its field.
@Suite struct LeagueSettingsLimitsTests {
    /// One bad value, the field the refusal must name.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let field: String
        let edit: @Sendable (inout LeagueSettings) -> Void
        init(_ name: String, _ field: String, _ edit: @escaping @Sendable (inout LeagueSettings) -> Void) {
            self.name = name; self.field = field; self.edit = edit
        }
        var testDescription: String { name }
    }

    static let refused: [Case] = [
        Case("team count Int.max", "teamCount") { $0.teamCount = .max },
        Case("team count Int.min", "teamCount") { $0.teamCount = .min },
        Case("bench Int.max (the issue's 9223372036854775807)", "roster") { $0.rosterSlots[.bench] = .max },
        Case("QB slots Int.min", "roster") { $0.rosterSlots[.qb] = .min },
        Case("IR Int.max", "roster") { $0.rosterSlots[.ir] = .max },
        Case("a negative WR count", "roster") { $0.rosterSlots[.wr] = -1 },
        Case("two counts that overflow together", "roster") { $0.rosterSlots[.rb] = .max; $0.rosterSlots[.wr] = .max },
        Case("31 drafted slots", "roster") { $0.rosterSlots[.bench] = 20; $0.rosterSlots[.flex] = 3 },
        Case("room under the rounds", "roster") { $0.rosterSlots[.bench] = 20; $0.positionMaxima[.k] = 1; $0.positionMaxima[.def] = 1 },
        Case("QB maximum Int.max", "positionMaxima") { $0.positionMaxima[.qb] = .max },
        Case("K maximum negative", "positionMaxima") { $0.positionMaxima[.k] = -5 },
        Case("TE maximum under its slot", "positionMaxima") { $0.positionMaxima[.te] = 0 },
        Case("passing TD points Int.max", "scoring.passing_tds") { $0.scoring.perStat["passing_tds"] = Points(hundredths: .max) },
        Case("reception points −100.01", "scoring.receptions") { $0.scoring.perStat["receptions"] = Points(hundredths: -10_001) },
        Case("an unknown stat column", "scoring.made_up") { $0.scoring.perStat["made_up"] = 1 },
        Case("a 50-yard FG worth 1,000", "scoring.fg_made_50_59") { $0.scoring.fieldGoalBuckets["fg_made_50_59"] = 1_000 },
        Case("no points-allowed tiers", "scoring.points_allowed") { $0.scoring.pointsAllowedTiers = [] },
        Case("a tier from Int.max", "scoring.points_allowed") { $0.scoring.pointsAllowedTiers[0] = PointsAllowedTier(.max, nil, 1) },
        Case("a tier worth Int.min", "scoring.points_allowed") { $0.scoring.pointsAllowedTiers[0].points = Points(hundredths: .min) },
        Case("a 45 s pick clock", "pickClock") { $0.pickClockSeconds = 45 },
        Case("a pick clock of Int.max", "pickClock") { $0.pickClockSeconds = .max },
        Case("FAAB Int.max", "faabBudget") { $0.faabBudget = .max },
        Case("FAAB −1", "faabBudget") { $0.faabBudget = -1 },
        Case("waiver period Int.max", "waiverPeriodDays") { $0.waiverPeriodDays = .max },
        Case("waiver period −1", "waiverPeriodDays") { $0.waiverPeriodDays = -1 },
        Case("regular season to Int.max − 1 (the issue's)", "regularSeasonWeeks") { $0.regularSeasonWeeks = 1...(Int.max - 1) },
        Case("regular season from week 0", "regularSeasonWeeks") { $0.regularSeasonWeeks = 0...14 },
        Case("regular season from Int.min", "regularSeasonWeeks") { $0.regularSeasonWeeks = Int.min...14 },
        Case("playoffs to Int.max", "playoffWeeks") { $0.playoffWeeks = 15...Int.max },
        Case("a week's gap before the playoffs", "playoffWeeks") { $0.playoffWeeks = 16...17 },
        Case("playoffs inside the regular season", "playoffWeeks") { $0.playoffWeeks = 14...15 },
        Case("a final after week 18", "playoffWeeks") { $0.regularSeasonWeeks = 1...17; $0.playoffWeeks = 18...18 },
        Case("3 playoff teams", "playoffTeams") { $0.playoffTeams = 3 },
        Case("Int.max playoff teams", "playoffTeams") { $0.playoffTeams = .max },
    ]

    @Test(arguments: refused)
    func eachOutOfRangeSettingIsRefusedNamingItsField(_ c: Case) {
        var s = LeagueSettings()
        c.edit(&s)
        do {
            try s.validate()
            Issue.record("\(c.name) was accepted")
        } catch {
            guard case .validation(let field, let message) = error else { Issue.record("\(error)"); return }
            #expect(field == c.field, "\(c.name): \(message)")
            #expect(!message.isEmpty)
        }
    }

    static let accepted: [Case] = [
        Case("the defaults", "") { _ in },
        Case("the demo's 6-team playoffs, weeks 15–17", "") { $0.teamCount = 12; $0.playoffTeams = 6; $0.playoffWeeks = 15...17 },
        Case("6 teams in 15–16: the final spills into 17", "") { $0.teamCount = 12; $0.playoffTeams = 6 },
        Case("a 17-week season and a one-week final", "") { $0.playoffTeams = 2; $0.regularSeasonWeeks = 1...17; $0.playoffWeeks = 18...18 },
        Case("the largest roster the limits fill", "") { $0.rosterSlots[.bench] = 20 },
        Case("every limit at its end", "") {
            $0.teamCount = 16; $0.faabBudget = 10_000; $0.waiverPeriodDays = 0; $0.pickClockSeconds = nil
            $0.scoring.perStat["passing_tds"] = 100; $0.scoring.perStat["interceptions"] = -100
        },
    ]

    @Test(arguments: accepted)
    func settingsInsideEveryLimitAreAccepted(_ c: Case) throws {
        var s = LeagueSettings()
        c.edit(&s)
        try s.validate()
        #expect(s.clampedToLimits() == s, "valid settings are never changed by the read-back clamp")
    }

    /// Settings a hand edit left out of range come back within every limit: the arithmetic on them can't trap.
    @Test(arguments: refused)
    func storedSettingsAreBroughtIntoTheirLimits(_ c: Case) {
        var s = LeagueSettings()
        c.edit(&s)
        let safe = s.clampedToLimits()
        #expect(LeagueSettings.Limits.teamCount.contains(safe.teamCount))
        for slot in Slot.allCases { #expect(LeagueSettings.Limits.slotCount(slot).contains(safe.rosterSlots[slot] ?? 0)) }
        for (_, n) in safe.positionMaxima { #expect(LeagueSettings.Limits.positionMaximum.contains(n)) }
        #expect(safe.scoring.perStat.values.allSatisfy(LeagueSettings.Limits.points.contains))
        #expect(LeagueSettings.Limits.weeks.contains(safe.regularSeasonWeeks.upperBound))
        #expect(LeagueSettings.Limits.weeks.contains(safe.playoffWeeks.upperBound))
        #expect(LeagueSettings.allowedPlayoffTeams.contains(safe.playoffTeams))
        #expect(safe.rosterSize <= 9 * 20 && safe.orderedSlots.count == safe.rosterSize)
    }

    /// Even unclamped, the sums the rules take can't overflow (they saturate), and the slot list is never negative or huge.
    @Test func rosterSizesOfAbsurdCountsDoNotTrap() {
        var s = LeagueSettings()
        for slot in Slot.allCases { s.rosterSlots[slot] = .max }
        #expect(s.rosterSize == .max)
        #expect(DraftRosterRules(s).draftRounds == .max)
        #expect(s.orderedSlots.count == 7 * 10 + 20 + 10, "each slot within its limit")
        for slot in Slot.allCases { s.rosterSlots[slot] = .min }
        #expect(s.rosterSize == .min && s.draftRounds < 0 && s.orderedSlots.isEmpty)
        #expect(s.count(of: .bench) == 0)
    }
}

/// Dates a client sends (a draft date, a clock target, a new league's clock) and where a stored one can land.
@Suite struct SeasonWindowTests {
    static let preseason = ISO8601.parse("2019-08-22T12:00:00Z")!
    static let calendar = SeasonCalendar(games: [
        Game(id: "g1", season: 2019, week: 1, kickoff: ISO8601.parse("2019-09-06T00:20:00Z")!, awayTeam: "GB", homeTeam: "CHI", awayScore: 10, homeScore: 3),
        Game(id: "g17", season: 2019, week: 17, kickoff: ISO8601.parse("2019-12-29T18:00:00Z")!, awayTeam: "MIN", homeTeam: "CHI", awayScore: 19, homeScore: 21),
    ])

    func league(clock: Date = preseason) -> League {
        League(id: LeagueID(1), name: "L", isPublic: true, commissioner: nil, settings: LeagueSettings(), state: .inSeason, clock: clock,
               createdAt: Self.preseason)
    }

    static let absurd: [Double] = [1e300, -1e300, .nan, .infinity, -.infinity, 9.3e18, -9.3e18]

    @Test func the2019WindowIsTenYearsEitherSide() {
        let w = SeasonWindow(season: 2019)
        #expect(ISO8601.format(w.start) == "2009-01-01T00:00:00Z" && ISO8601.format(w.end) == "2030-01-01T00:00:00Z")
        #expect(w.contains(Self.preseason) && !w.contains(w.end) && w.years == "2009–2029")
        for t in Self.absurd { #expect(!w.contains(Date(timeIntervalSince1970: t)), "\(t)") }
        #expect(SeasonWindow(season: .max).season == 2100 && SeasonWindow(season: .min).season == 1920, "a stored season can't overflow")
    }

    @Test func draftDatesFallWithinAYearOfTheClock() throws {
        let l = league()
        try l.checkDraftDate(Self.preseason.addingTimeInterval(10 * 86_400))
        for t in Self.absurd + [Self.preseason.timeIntervalSince1970, Self.preseason.timeIntervalSince1970 + 400 * 86_400] {
            #expect(throws: DomainError.self) { try l.checkDraftDate(Date(timeIntervalSince1970: t)) }
            do { try l.checkDraftDate(Date(timeIntervalSince1970: t)) } catch {
                guard case .validation(let field, _) = error else { Issue.record("\(error)"); continue }
                #expect(field == "draftDate")
            }
        }
    }

    @Test func clockTargetsRunFromTheClockTo60DaysAfterTheSeason() throws {
        let l = league()
        let limit = l.clockLimit(calendar: Self.calendar)
        #expect(ISO8601.format(limit) == "2020-02-27T21:30:00Z", "week 17's final + 60 days")
        try l.checkClockTarget(Self.preseason, calendar: Self.calendar)
        try l.checkClockTarget(limit, calendar: Self.calendar)
        let refused = Self.absurd + [Self.preseason.timeIntervalSince1970 - 1, limit.timeIntervalSince1970 + 1]
        for t in refused {
            do {
                try l.checkClockTarget(Date(timeIntervalSince1970: t), calendar: Self.calendar)
                Issue.record("\(t) was accepted")
            } catch {
                guard case .validation(let field, _) = error else { Issue.record("\(error)"); continue }
                #expect(field == "clock")
            }
        }
        // A stored clock outside its season is repaired by setting it back into it.
        try league(clock: Date(timeIntervalSince1970: 1e300)).checkClockTarget(Self.preseason, calendar: Self.calendar)
    }

    @Test func aNewLeaguesClockMustFallInItsSeasonsWindow() throws {
        try League.checkSeasonClock(Self.preseason, season: 2019)
        for t in Self.absurd {
            #expect(throws: DomainError.self) { try League.checkSeasonClock(Date(timeIntervalSince1970: t), season: 2019) }
        }
    }

    @Test func aStoredRowIsFlaggedForTheCommissionerNotTrappedOn() {
        var bad = league()
        bad.settings.regularSeasonWeeks = 1...(Int.max - 1)
        bad.settings.rosterSlots[.bench] = .max
        let read = bad.checkedAfterReading()
        #expect(read.needsCommissioner?.part == .settings)
        #expect(read.needsCommissioner?.sentence.hasPrefix("This league's settings need the commissioner: ") == true)
        #expect(read.settings.regularSeasonWeeks.upperBound == 18 && read.settings.count(of: .bench) == 20)
        #expect(league().checkedAfterReading().needsCommissioner == nil)
        #expect(league().checkedAfterReading() == league(), "a sound row reads back unchanged")
        let far = league(clock: Date(timeIntervalSince1970: 1e300)).checkedAfterReading()
        #expect(far.needsCommissioner?.part == .clock && far.needsCommissioner?.reason.contains("9999-12-31") == true)
        #expect(league().checkedAfterReading(unreadableSettings: "regularSeasonWeeks: lower > upper").needsCommissioner?.part == .settings)
    }
}

/// A FAAB bid is $0–$10,000 whatever budget a stored team row claims to have left.
@Suite struct ClaimBidLimitTests {
    @Test func aBidOverTenThousandIsRefusedEvenWithAHugeStoredBudget() throws {
        let now = Date(timeIntervalSince1970: 1_568_800_800)
        var settings = LeagueSettings()
        settings.waiverType = .faab
        func check(_ bid: Int) throws(DomainError) {
            let claim = WaiverClaim(id: 1, leagueID: LeagueID(1), teamID: TeamID(1), addPlayer: "rb-a", dropPlayer: nil, bid: bid, rank: 1,
                                    createdAt: now)
            try WaiverClaimRules.validate(claim, pending: [], rosters: [Roster(teamID: TeamID(1))],
                                          holds: [WaiverHold(playerID: "rb-a", until: now.addingTimeInterval(86_400))],
                                          positions: ["rb-a": .rb], budget: .max, settings: settings, now: now)
        }
        try check(10_000)
        for bid in [10_001, Int.max, -1, Int.min] {
            do { try check(bid); Issue.record("a $\(bid) bid was accepted") } catch {
                guard case .validation(let field, _) = error else { Issue.record("\(error)"); continue }
                #expect(field == "bid")
            }
        }
    }
}

/// Arithmetic on stored values: loops are bounded by counts, conversions by ranges.
@Suite struct StoredNumberArithmeticTests {
    @Test func waiverRunsUpToAnyTargetAreBounded() {
        let start = ISO8601.parse("2019-09-01T00:00:00Z")!
        #expect(WaiverSchedule.runs(between: start, and: ISO8601.parse("2020-09-01T00:00:00Z")!).count == 52)
        // 1e300 s: adding a week no longer moves the date, so only the count can end the loop.
        #expect(WaiverSchedule.runs(between: start, and: Date(timeIntervalSince1970: 1e300)).count == WaiverSchedule.maxRuns)
        #expect(WaiverSchedule.runs(between: Date(timeIntervalSince1970: -1e300), and: start).count == WaiverSchedule.maxRuns)
        #expect(WaiverSchedule.runs(between: start, and: Date(timeIntervalSince1970: .nan)).isEmpty)
    }

    @Test func anyStoredDateFormats() {
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: -1e300)) == "0000-01-01T00:00:00Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: .nan), milliseconds: true) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1_567_729_200.25), milliseconds: true) == "2019-09-06T00:20:00.250Z")
    }

    /// A live projection's share of a saturated season (stored stats of Int.max): `Int(Double(Int.max))` traps.
    @Test func aShareOfASaturatedProjectionSaturates() {
        #expect(Points(approximately: Double(Int.max) * 1.0).hundredths == Points.limit)
        #expect(Points(approximately: -Double(Int.max)).hundredths == -Points.limit)
        #expect(Points(approximately: .nan) == .zero && Points(approximately: .infinity).hundredths == Points.limit)
        #expect(Points(approximately: 1234.5) == Points(hundredths: 1235) && Points(approximately: -1234.4) == Points(hundredths: -1234))
    }

    @Test func aStoredDraftRowCountsPicksWithoutOverflow() {
        var d = Draft(leagueID: LeagueID(1), status: .running, order: (1...16).map { TeamID(Int64($0)) }, rounds: .max, type: .snake,
                      pickClockSeconds: .max, currentPick: .max)
        #expect(d.totalPicks == Draft.maxRounds * 16 && d.isComplete)
        d = d.checkedAfterReading()
        #expect(d.rounds == Draft.maxRounds && d.currentPick == d.totalPicks + 1 && d.pickClockSeconds == 3_600)
        let pick = Pick(number: .min, round: .min, teamID: TeamID(1), playerID: "p", source: .bot, madeAt: Date()).checkedAfterReading()
        #expect(pick.number == 0 && pick.round == 0)
    }
}
