import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// `SeasonFacts` precomputes values for speed (week openings, sorted game logs with their final times, points and
/// rankings per scoring). On the real 2019 season they must equal what the plain definitions compute.
@Suite struct SeasonFactsDerivedValuesTests {
    static let facts: SeasonFacts = {
        let db = try! seededMemoryDatabase()
        return try! SQLiteLeagueStore(database: db).read { try SeasonFacts.load(from: $0, season: 2019) }
    }()

    static func utc(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    @Test func weekAtMatchesTheCalendar() {
        let facts = Self.facts
        var t = Self.utc("2019-08-01T00:00:00Z")
        let end = Self.utc("2020-01-15T00:00:00Z")
        while t < end {
            #expect(facts.week(at: t) == facts.calendar.week(at: t), "at \(t)")
            t = t.addingTimeInterval(5 * 3600 + 17 * 60)  // steps that fall at every hour of the week over time
        }
    }

    @Test func gameLogsAndPointsMatchTheirDefinitions() {
        let facts = Self.facts
        let clocks = [Self.utc("2019-09-01T00:00:00Z"), Self.utc("2019-11-03T20:00:00Z"), Self.utc("2020-01-01T00:00:00Z")]
        for preset in [ScoringPreset.standard, .ppr] {
            let scoring = ScoringRules.preset(preset)
            let scored = facts.scored(scoring)
            for now in clocks {
                for (id, player) in facts.players {
                    let log = (0...25).compactMap { facts.stats(id, week: $0, finalAt: now) }  // every week with a stat row, ascending
                    #expect(facts.gameLog(id, finalAt: now) == log)
                    #expect(facts.gamesPlayed(id, finalAt: now) == log.count)
                    let season = log.reduce(Points.zero) { $0 + scoring.points(for: $1.stats, position: player.position) }
                    #expect(scored.seasonPoints(id, finalAt: now) == season)
                    for week in 0...25 {
                        let direct = facts.stats(id, week: week, finalAt: now).map { scoring.points(for: $0.stats, position: player.position) } ?? .zero
                        #expect(scored.points(id, week: week, finalAt: now) == direct)
                    }
                }
            }
            for (id, player) in facts.players {
                #expect(scored.priorSeasonPoints(id) == facts.priorSeason[id].map { scoring.points(for: $0.stats, position: player.position) })
            }
            let rankings = DraftRankings(players: Array(facts.players.values), priorSeason: Array(facts.priorSeason.values),
                                         points: { scoring.points(for: $0, position: $1) })
            #expect(facts.draftRankings(scoring) == rankings)
        }
    }

    @Test func anUnknownPlayerScoresNothing() {
        let scored = Self.facts.scored(.preset(.halfPPR))
        let nobody = PlayerID("no-such-player")
        #expect(scored.points(nobody, week: 1, finalAt: .distantFuture) == .zero)
        #expect(scored.seasonPoints(nobody, finalAt: .distantFuture) == .zero)
        #expect(scored.priorSeasonPoints(nobody) == nil)
        #expect(Self.facts.gameLog(nobody, finalAt: .distantFuture).isEmpty)
    }
}
