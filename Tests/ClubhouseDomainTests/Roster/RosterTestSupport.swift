import Foundation
import ClubhouseDomain

/// Small synthetic players and rosters for roster and lineup tests.
enum RosterTestSupport {
    static let day = Date(timeIntervalSince1970: 1_567_900_000)   // 2019-09-07, before week 1's Sunday games

    static func player(_ id: PlayerID, _ position: Position, team: String = "CAR") -> Player {
        Player(id: id, fullName: id.rawValue, firstName: id.rawValue, lastName: id.rawValue, position: position, nflTeam: team)
    }

    static func entry(_ id: PlayerID, _ slot: Slot) -> RosterEntry {
        RosterEntry(playerID: id, slot: slot, acquisition: .draft, acquiredAt: day)
    }

    static func directory(_ players: [Player]) -> [PlayerID: Player] {
        Dictionary(uniqueKeysWithValues: players.map { ($0.id, $0) })
    }

    /// A CAR game in week 1 at `kickoff`, and a SF game in week 1 too; CAR is on bye in week 7.
    static func games(kickoff: Date) -> [Game] {
        [Game(id: "w1-car", season: 2019, week: 1, kickoff: kickoff, awayTeam: "LA", homeTeam: "CAR", awayScore: 30, homeScore: 27),
         Game(id: "w1-sf", season: 2019, week: 1, kickoff: kickoff.addingTimeInterval(3 * 3600), awayTeam: "SF", homeTeam: "TB", awayScore: 31, homeScore: 17),
         Game(id: "w7-sf", season: 2019, week: 7, kickoff: kickoff.addingTimeInterval(42 * 86_400), awayTeam: "SF", homeTeam: "WAS", awayScore: 9, homeScore: 0)]
    }
}
