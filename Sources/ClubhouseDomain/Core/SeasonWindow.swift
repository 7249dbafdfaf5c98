import Foundation

/// The span a league's dates may fall in — its season clock, its draft date, where its clock is moved to: ten years
/// either side of its season (2009-01-01 to 2029-12-31 UTC for a 2019 league). A date outside it is refused before any
/// arithmetic is done with it: a JSON date of 1e300 seconds is a valid number, not a moment anyone means.
public struct SeasonWindow: Hashable, Sendable {
    public static let yearsAround = 10
    /// Seasons a league may have (those `import-stats` accepts); a stored season outside them counts as the nearest.
    public static let seasons = 1920...2100
    /// How long after its season's last game is final a league's clock may still be moved to.
    public static let afterSeason: TimeInterval = 60 * 86_400
    /// How far ahead of the league's clock a draft may be planned.
    public static let draftAhead: TimeInterval = 366 * 86_400
    /// How far ahead of now an invite may expire (real time).
    public static let inviteAhead: TimeInterval = 366 * 86_400

    public let season: Int
    public let start: Date
    /// The first moment after the window.
    public let end: Date

    public init(season: Int) {
        let s = season.clamped(to: Self.seasons)
        self.season = s
        start = Self.newYear(s - Self.yearsAround)
        end = Self.newYear(s + Self.yearsAround + 1)
    }

    /// Whether `date` is a moment of the window (never for NaN).
    public func contains(_ date: Date) -> Bool { date >= start && date < end }

    /// "2009–2029".
    public var years: String { "\(season - Self.yearsAround)–\(season + Self.yearsAround)" }

    static func newYear(_ year: Int) -> Date { ISO8601.parse("\(year)-01-01T00:00:00Z") ?? Date(timeIntervalSince1970: 0) }
}

/// What the commissioner must repair in a league's stored row, and why (see `League.needsCommissioner`).
public struct LeagueRepair: Hashable, Codable, Sendable {
    public enum Part: String, Codable, Sendable { case settings, clock }
    public var part: Part
    /// One sentence: what is out of range.
    public var reason: String
    public init(part: Part, reason: String) { self.part = part; self.reason = reason }

    /// What the league's page says.
    public var sentence: String {
        switch part {
        case .settings: "This league's settings need the commissioner: \(reason)"
        case .clock: "This league's season clock needs the commissioner: \(reason)"
        }
    }
}

extension League {
    /// The span the league's dates may fall in.
    public var window: SeasonWindow { SeasonWindow(season: season) }

    /// The latest moment the league's clock may be moved to: `SeasonWindow.afterSeason` after the last game of the
    /// season in `calendar` is final, and never past the league's window.
    public func clockLimit(calendar: SeasonCalendar) -> Date {
        let w = window, last = w.end.addingTimeInterval(-1)
        guard let week = calendar.weekNumbers.last, let final = calendar.weekFinal(week), w.contains(final) else { return last }
        return min(final.addingTimeInterval(SeasonWindow.afterSeason), last)
    }

    /// Checks a moment the commissioner moves the clock to: a moment of the league's window, not before the clock, and no
    /// later than `clockLimit`. A clock already outside its window (a stored row's) may be set to any moment of the
    /// window: that is its repair.
    public func checkClockTarget(_ target: Date, calendar: SeasonCalendar) throws(DomainError) {
        guard window.contains(target) else {
            throw .validation(field: "clock", message: "The season clock can only be set within \(window.years)")
        }
        guard window.contains(clock) else { return }
        guard target >= clock else { throw .validation(field: "clock", message: "The season clock only moves forward") }
        let limit = clockLimit(calendar: calendar)
        guard target <= limit else {
            throw .validation(field: "clock",
                              message: "The season clock can't go past \(ISO8601.day(limit)), 60 days after the season's last game")
        }
    }

    /// Checks a draft date: after the league's clock, at most a year after it, and inside the league's window.
    public func checkDraftDate(_ date: Date) throws(DomainError) {
        guard date > clock else { throw .validation(field: "draftDate", message: "The draft date must be in the future") }
        guard date <= clock.addingTimeInterval(SeasonWindow.draftAhead), window.contains(date) else {
            throw .validation(field: "draftDate", message: "The draft date must be within a year of the league's clock")
        }
    }

    /// Checks where a new league's season clock starts: inside the window of its season.
    public static func checkSeasonClock(_ date: Date, season: Int) throws(DomainError) {
        let window = SeasonWindow(season: season)
        guard window.contains(date) else {
            throw .validation(field: "seasonClock",
                              message: "A league's season clock must fall within \(window.years), ten years either side of its \(window.season) season")
        }
    }

    /// The league as read back from storage, made safe to compute with: settings out of range are brought into their
    /// limits (`LeagueSettings.checkedAfterReading`) and `needsCommissioner` says what was wrong; a season clock outside
    /// the league's window is kept as it is (moving it back is the commissioner's repair) and said too.
    /// `unreadableSettings` is why the stored settings couldn't be decoded at all (the row then carries the defaults).
    public func checkedAfterReading(unreadableSettings: String? = nil) -> League {
        var l = self
        if let why = unreadableSettings {
            l.settings = LeagueSettings()
            return l.checkedAfterReading(settingsRepair: .unreadableSettings(why))
        }
        let checked = settings.checkedAfterReading()
        l.settings = checked.settings
        return l.checkedAfterReading(settingsRepair: checked.repair)
    }

    /// The league whose settings were already checked (`LeagueSettings.checkedAfterReading`, which a store may cache by
    /// the stored text), with `settingsRepair` what was wrong with them; adds the season clock's check.
    public func checkedAfterReading(settingsRepair: LeagueRepair?) -> League {
        var l = self
        l.needsCommissioner = settingsRepair
        if settingsRepair == nil, !window.contains(clock) {
            l.needsCommissioner = LeagueRepair(part: .clock,
                                               reason: "it stands at \(ISO8601.day(clock)), outside \(window.years) — move it back into the season")
        }
        return l
    }
}

extension LeagueRepair {
    /// Stored settings that don't decode at all.
    public static func unreadableSettings(_ why: String) -> LeagueRepair {
        LeagueRepair(part: .settings, reason: "the stored settings can't be read (\(why.prefix(120)))")
    }
}

extension LeagueSettings {
    /// Settings as read back from storage: within their limits (`clampedToLimits`), with what was wrong with them when
    /// no settings write would have accepted them (nil when they are valid, and then they come back unchanged).
    public func checkedAfterReading() -> (settings: LeagueSettings, repair: LeagueRepair?) {
        do {
            try validate()
            return (self, nil)
        } catch {
            return (clampedToLimits(), LeagueRepair(part: .settings, reason: error.message))
        }
    }
}
