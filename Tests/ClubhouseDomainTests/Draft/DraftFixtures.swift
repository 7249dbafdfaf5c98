import Foundation
@testable import ClubhouseDomain

/// Small, readable draft rooms for tests.
enum DraftFixtures {
    static let t0 = Date(timeIntervalSince1970: 1_567_000_000)
    static let league = LeagueID(7)

    /// `count` players per position, ranked by descending points: "QB1" is the best QB, and QBs outrank everyone
    /// else of the same number (QB1 > RB1 > WR1 … > QB2), so rankings are easy to predict.
    static func pool(perPosition count: Int = 12) -> DraftRankings {
        var scored: [(id: PlayerID, position: Position, points: Points?)] = []
        for n in 1...count {
            for (i, p) in Position.allCases.enumerated() {
                scored.append((PlayerID("\(p.rawValue)\(n)"), p, Points(hundredths: (count - n + 1) * 1000 - i * 10)))
            }
        }
        return DraftRankings(scored: scored)
    }

    static func teams(_ n: Int, bots: Set<Int> = [], autopick: Set<Int> = []) -> [Team] {
        (1...n).map { i in
            Team(id: TeamID(Int64(i)), leagueID: league, name: "Team \(i)", manager: bots.contains(i) ? nil : UserID(Int64(i)),
                 waiverPriority: i, faabRemaining: 100, autopick: autopick.contains(i))
        }
    }

    static func room(teams n: Int = 4, rounds: Int = 3, type: DraftType = .snake, clock: Int? = 90,
                     rules: DraftRosterRules = DraftRosterRules(LeagueSettings()), pool: DraftRankings = pool()) -> DraftRoom {
        let order = (1...n).map { TeamID(Int64($0)) }
        let draft = Draft(leagueID: league, status: .scheduled, order: order, rounds: rounds, type: type, pickClockSeconds: clock)
        return DraftRoom(draft: draft, picks: [], pool: pool, rules: rules, botSeed: 99)
    }

    static func started(teams n: Int = 4, rounds: Int = 3, clock: Int? = 90) -> DraftRoom {
        var r = room(teams: n, rounds: rounds, clock: clock)
        try! r.start(now: t0)
        return r
    }
}
