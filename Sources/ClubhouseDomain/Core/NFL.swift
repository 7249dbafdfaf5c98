import Foundation

/// A real NFL team (`teams.csv`).
public struct NFLTeam: Hashable, Codable, Sendable {
    public var abbreviation: String
    public var location: String
    public var nickname: String
    public var byeWeek: Int

    public init(abbreviation: String, location: String, nickname: String, byeWeek: Int) {
        self.abbreviation = abbreviation; self.location = location; self.nickname = nickname; self.byeWeek = byeWeek
    }
    public var fullName: String { "\(location) \(nickname)" }
}

/// A real player or team defense (`players.csv`).
public struct Player: Hashable, Codable, Sendable, Identifiable {
    public var id: PlayerID
    public var fullName: String
    public var firstName: String
    public var lastName: String
    public var position: Position
    /// Abbreviation of the NFL team he played most games for.
    public var nflTeam: String
    public var jerseyNumber: Int?

    public init(id: PlayerID, fullName: String, firstName: String, lastName: String, position: Position, nflTeam: String, jerseyNumber: Int? = nil) {
        self.id = id; self.fullName = fullName; self.firstName = firstName; self.lastName = lastName
        self.position = position; self.nflTeam = nflTeam; self.jerseyNumber = jerseyNumber
    }

    /// A full name as the draft board, the lineup's refusals and the benches write it: "Christian McCaffrey" →
    /// "C. McCaffrey", "Odell Beckham Jr." → "O. Beckham Jr."; a one-word name stays as it is.
    public static func shortName(_ fullName: String) -> String {
        let parts = fullName.split(separator: " ")
        guard parts.count >= 2, let first = parts.first?.first else { return fullName }
        return "\(first). " + parts.dropFirst().joined(separator: " ")
    }
}

/// One regular-season NFL game (`schedule.csv`). Stats count once the game is final: kickoff + 3h30.
public struct Game: Hashable, Codable, Sendable, Identifiable {
    public var id: String
    public var season: Int
    public var week: Int
    public var kickoff: Date
    public var awayTeam: String
    public var homeTeam: String
    public var awayScore: Int
    public var homeScore: Int

    public init(id: String, season: Int, week: Int, kickoff: Date, awayTeam: String, homeTeam: String, awayScore: Int, homeScore: Int) {
        self.id = id; self.season = season; self.week = week; self.kickoff = kickoff
        self.awayTeam = awayTeam; self.homeTeam = homeTeam; self.awayScore = awayScore; self.homeScore = homeScore
    }

    /// How long after kickoff a game's stats become final.
    public static let finalAfter: TimeInterval = 3.5 * 3600
    public var finalAt: Date { kickoff.addingTimeInterval(Self.finalAfter) }
    public func isFinal(at now: Date) -> Bool { now >= finalAt }
    public func hasKickedOff(at now: Date) -> Bool { now >= kickoff }
    public func involves(_ team: String) -> Bool { awayTeam == team || homeTeam == team }
    public func opponent(of team: String) -> String? {
        team == awayTeam ? homeTeam : team == homeTeam ? awayTeam : nil
    }
}
