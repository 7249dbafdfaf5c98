/// Bridge to the Matchups feature's standings order (replaced by it on merge).
enum StandingsOrder {
    static func rank(_ rows: [StandingsRow], matchups: [MatchupRecord]) -> [StandingsRow] {
        rows.sorted { a, b in
            if a.winPermille != b.winPermille { return a.winPermille > b.winPermille }
            if a.pointsFor != b.pointsFor { return a.pointsFor > b.pointsFor }
            if a.pointsAgainst != b.pointsAgainst { return a.pointsAgainst < b.pointsAgainst }
            return a.teamID < b.teamID
        }
    }
}
