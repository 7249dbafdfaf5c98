/// The NFL's franchises since 1999 and what each was called in a season. nflverse writes two abbreviations for a
/// relocated team: the season's own in `games.csv` and every `game_id` (`OAK` in 2019), and the franchise's current one
/// in play-by-play and the stats files (`LV`). The app keys teams by the season's abbreviation (a 2019 league plays
/// Oakland); this table maps between the two and names each team (team defenses are named for it).
public enum NFLFranchises {
    /// One name a franchise went by, from `since` (a season) until the next entry.
    struct Era { let since: Int; let abbreviation: String; let location: String; let nickname: String }

    /// By current abbreviation: the franchise's eras, oldest first.
    static let franchises: [String: [Era]] = {
        func one(_ abbr: String, _ location: String, _ nickname: String, since: Int = 1920) -> [Era] {
            [Era(since: since, abbreviation: abbr, location: location, nickname: nickname)]
        }
        return [
            "ARI": one("ARI", "Arizona", "Cardinals"), "ATL": one("ATL", "Atlanta", "Falcons"),
            "BAL": one("BAL", "Baltimore", "Ravens"), "BUF": one("BUF", "Buffalo", "Bills"),
            "CAR": one("CAR", "Carolina", "Panthers"), "CHI": one("CHI", "Chicago", "Bears"),
            "CIN": one("CIN", "Cincinnati", "Bengals"), "CLE": one("CLE", "Cleveland", "Browns"),
            "DAL": one("DAL", "Dallas", "Cowboys"), "DEN": one("DEN", "Denver", "Broncos"),
            "DET": one("DET", "Detroit", "Lions"), "GB": one("GB", "Green Bay", "Packers"),
            "HOU": one("HOU", "Houston", "Texans", since: 2002), "IND": one("IND", "Indianapolis", "Colts"),
            "JAX": one("JAX", "Jacksonville", "Jaguars"), "KC": one("KC", "Kansas City", "Chiefs"),
            "LA": [Era(since: 1920, abbreviation: "STL", location: "St. Louis", nickname: "Rams"),
                   Era(since: 2016, abbreviation: "LA", location: "Los Angeles", nickname: "Rams")],
            "LAC": [Era(since: 1920, abbreviation: "SD", location: "San Diego", nickname: "Chargers"),
                    Era(since: 2017, abbreviation: "LAC", location: "Los Angeles", nickname: "Chargers")],
            "LV": [Era(since: 1920, abbreviation: "OAK", location: "Oakland", nickname: "Raiders"),
                   Era(since: 2020, abbreviation: "LV", location: "Las Vegas", nickname: "Raiders")],
            "MIA": one("MIA", "Miami", "Dolphins"), "MIN": one("MIN", "Minnesota", "Vikings"),
            "NE": one("NE", "New England", "Patriots"), "NO": one("NO", "New Orleans", "Saints"),
            "NYG": one("NYG", "New York", "Giants"), "NYJ": one("NYJ", "New York", "Jets"),
            "PHI": one("PHI", "Philadelphia", "Eagles"), "PIT": one("PIT", "Pittsburgh", "Steelers"),
            "SEA": one("SEA", "Seattle", "Seahawks"), "SF": one("SF", "San Francisco", "49ers"),
            "TB": one("TB", "Tampa Bay", "Buccaneers"), "TEN": one("TEN", "Tennessee", "Titans"),
            "WAS": [Era(since: 1920, abbreviation: "WAS", location: "Washington", nickname: "Redskins"),
                    Era(since: 2020, abbreviation: "WAS", location: "Washington", nickname: "Football Team"),
                    Era(since: 2022, abbreviation: "WAS", location: "Washington", nickname: "Commanders")],
        ]
    }()

    /// Current abbreviation of every abbreviation any era used (`OAK` → `LV`, `LV` → `LV`).
    static let currentOf: [String: String] = {
        var out: [String: String] = [:]
        for (current, eras) in franchises { for e in eras { out[e.abbreviation] = current } }
        return out
    }()

    /// The franchise's era in `season`, for any of its abbreviations; nil for an abbreviation the NFL never used
    /// (or a franchise that didn't play that season).
    static func era(_ abbreviation: String, season: Int) -> Era? {
        guard let current = currentOf[abbreviation], let eras = franchises[current] else { return nil }
        return eras.last { $0.since <= season }
    }

    /// The abbreviation the team had in `season` (`LV`, 2019 → `OAK`); nil for an unknown abbreviation.
    public static func seasonAbbreviation(_ abbreviation: String, season: Int) -> String? {
        era(abbreviation, season: season)?.abbreviation
    }

    /// Whether two abbreviations name the same franchise (`OAK` and `LV`).
    public static func sameFranchise(_ a: String, _ b: String) -> Bool {
        a == b || (currentOf[a] != nil && currentOf[a] == currentOf[b])
    }

    /// The team as it was in `season`, named and abbreviated for it; its bye week is the caller's (from the schedule).
    public static func team(_ abbreviation: String, season: Int, byeWeek: Int) -> NFLTeam? {
        era(abbreviation, season: season).map {
            NFLTeam(abbreviation: $0.abbreviation, location: $0.location, nickname: $0.nickname, byeWeek: byeWeek)
        }
    }

    /// Every abbreviation a season's schedule may use (32 teams; 31 before Houston joined in 2002).
    public static func abbreviations(season: Int) -> Set<String> {
        Set(franchises.keys.compactMap { era($0, season: season)?.abbreviation })
    }
}
