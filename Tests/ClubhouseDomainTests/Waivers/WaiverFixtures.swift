import Foundation
@testable import ClubhouseDomain

enum WaiverFixtures {
    static let league = LeagueID(3)
    static let now = Date(timeIntervalSince1970: 1_568_800_800) // Wed 2019-09-18 10:00 UTC

    static func claim(_ id: Int64, team: Int64, add: PlayerID, drop: PlayerID? = nil, bid: Int = 0, rank: Int = 1) -> WaiverClaim {
        WaiverClaim(id: id, leagueID: league, teamID: TeamID(team), addPlayer: add, dropPlayer: drop, bid: bid, rank: rank, createdAt: now)
    }

    static func roster(_ team: Int64, _ players: [PlayerID], slot: Slot = .bench) -> Roster {
        Roster(teamID: TeamID(team), entries: players.map { RosterEntry(playerID: $0, slot: slot, acquisition: .draft, acquiredAt: now) })
    }

    static func settings(_ type: WaiverType, activeCapacity: Int = 15) -> LeagueSettings {
        var s = LeagueSettings()
        s.waiverType = type
        s.rosterSlots[.bench] = activeCapacity - 9
        return s
    }

    /// Positions by id prefix: "rb-…" is an RB, "qb-…" a QB and so on.
    static func positions(_ ids: [PlayerID]) -> [PlayerID: Position] {
        Dictionary(uniqueKeysWithValues: ids.map { id in
            (id, Position.allCases.first { id.rawValue.uppercased().hasPrefix($0.rawValue + "-") } ?? .wr)
        })
    }
}
