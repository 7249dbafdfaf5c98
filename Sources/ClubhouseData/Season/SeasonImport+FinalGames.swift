import ClubhouseDomain
import Foundation

extension Assembled {
    /// A season that is over (its last game final before `now`), imported with a stats or play-by-play file, must have
    /// stats for its final games: a stats file cut at a row boundary parses to its end, and without this check would
    /// import as a whole season with its last weeks missing. Corrections stay possible: lines already stored count.
    func checkFinalGames(_ data: SeasonData, now: Date) throws(DataFileError) {
        guard data.playerWeeks != nil || data.teamWeeks != nil || data.playByPlay != nil,
              let lastWeek = games.map(\.week).max(), let end = games.map(\.finalAt).max(), end <= now else { return }
        var played = Set<String>()   // "TEAM WEEK" with a line
        var latest = 0
        for w in weekly.values {
            played.insert("\(w.stat.nflTeam) \(w.stat.week)")
            latest = max(latest, w.stat.week)
        }
        let bare = games.filter { $0.week == lastWeek && !played.contains("\($0.homeTeam) \($0.week)") && !played.contains("\($0.awayTeam) \($0.week)") }
        guard let first = bare.map(\.id).sorted().first else { return }
        let file = [NFLVerseFile.playerWeek, .teamWeek, .playByPlay].lazy.compactMap { f in data.fileCounts.first { $0.file == f }?.name }.first ?? ""
        let upTo = latest == 0 ? "no week at all" : "week \(latest) at the latest"
        throw DataFileError(file: file, line: 0, reason: """
            the \(data.season) season is over, but \(bare.count) of its final week's games (week \(lastWeek): \(first)\(bare.count > 1 ? ", …" : "")) \
            have no stats; the season's stats go to \(upTo): is this file cut short? Import the whole file
            """)
    }
}
