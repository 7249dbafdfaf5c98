/// The regular-season schedule: a round robin by the circle method, deterministic per league.
public enum RoundRobinSchedule {
    /// One matchup per pair per week over `weeks`; with an odd team count, each week one team has a bye (`away == nil`).
    /// Every team meets every other team once per cycle (n − 1 weeks, or n with byes) before any rematch; each later
    /// cycle repeats the pairings with home and away swapped. Teams are placed on the circle in an order shuffled by
    /// `SeededRandom(seed: league id)`, so the same league always gets the same schedule whatever order `teams` come in.
    public static func schedule(leagueID: LeagueID, teams: [TeamID], weeks: ClosedRange<Int>) -> [Matchup] {
        guard teams.count >= 2 else { return teams.isEmpty ? [] : weeks.map { Matchup(leagueID: leagueID, week: $0, home: teams[0], away: nil) } }
        var random = SeededRandom(seed: UInt64(bitPattern: leagueID.rawValue))
        let circle: [TeamID?] = shuffled(Array(Set(teams)).sorted(), using: &random) + (teams.count.isMultiple(of: 2) ? [] : [nil])
        let n = circle.count
        let roundsPerCycle = n - 1
        var matchups: [Matchup] = []
        for (index, week) in weeks.enumerated() {
            let round = index % roundsPerCycle
            let swapSides = (index / roundsPerCycle).isMultiple(of: 2) == false
            // Circle method: the first team stays put, the others rotate one place per round.
            let rotating = Array(circle[1...])
            let shift = rotating.count - round % rotating.count
            let arrangement = [circle[0]] + Array(rotating[shift...] + rotating[..<shift])
            for i in 0..<(n / 2) {
                var (first, second) = (arrangement[i], arrangement[n - 1 - i])
                // Alternate sides by round so nobody is always home.
                if (round + i).isMultiple(of: 2) == swapSides { swap(&first, &second) }
                switch (first, second) {
                case let (home?, away?): matchups.append(Matchup(leagueID: leagueID, week: week, home: home, away: away))
                case let (team?, nil), let (nil, team?): matchups.append(Matchup(leagueID: leagueID, week: week, home: team, away: nil))
                case (nil, nil): break
                }
            }
        }
        return matchups
    }

    /// Fisher–Yates with our own generator, so the order never depends on the standard library's shuffle algorithm.
    static func shuffled<T>(_ items: [T], using random: inout SeededRandom) -> [T] {
        var result = items
        guard result.count > 1 else { return result }
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            let j = Int(random.next() % UInt64(i + 1))
            result.swapAt(i, j)
        }
        return result
    }
}
