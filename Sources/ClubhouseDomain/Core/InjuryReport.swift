import Foundation

/// What nflverse says of one player for one week of a season: the injury report's game status (`injuries_YEAR.csv`)
/// and the weekly roster's status (`roster_weekly_YEAR.csv`), as the files give them, and the status the app shows
/// (`status`). Stored only when that status is not healthy; a player a week has no report of is healthy that week
/// (statuses never carry over from another week: a stale tag is worse than none).
public struct InjuryReport: Hashable, Codable, Sendable {
    public var playerID: PlayerID
    public var season: Int
    public var week: Int
    /// The injury report's game status: "Out", "Doubtful", "Questionable" ("" when the report gives none, or the week
    /// had no injuries file).
    public var report: String
    /// The weekly roster's status code ("RES", "PUP", "INA", …; "" when no weekly roster file said).
    public var rosterStatus: String
    /// The report's primary injury ("Hamstring"; may be "").
    public var injury: String
    /// The week's practice participation as the report words it ("Did Not Participate In Practice"; may be "").
    public var practice: String

    public init(playerID: PlayerID, season: Int, week: Int, report: String = "", rosterStatus: String = "", injury: String = "", practice: String = "") {
        self.playerID = playerID; self.season = season; self.week = week; self.report = report; self.rosterStatus = rosterStatus
        self.injury = injury; self.practice = practice
    }

    /// The status shown for the week: the more serious of the report's and the roster's.
    public var status: InjuryStatus {
        max(InjuryStatus(reportStatus: report) ?? .healthy, InjuryStatus(rosterStatus: rosterStatus) ?? .healthy)
    }

    /// One line for the player's page: "Out — Hamstring · Did Not Participate In Practice", "Injured reserve (RES)".
    public var line: String {
        let fromRoster = InjuryStatus(rosterStatus: rosterStatus) ?? .healthy, fromReport = InjuryStatus(reportStatus: report) ?? .healthy
        var head = fromRoster > fromReport ? "\(InjuryStatus.rosterWords[rosterStatus] ?? rosterStatus) (\(rosterStatus))" : report
        if !injury.isEmpty { head += " — \(injury)" }
        if !practice.isEmpty { head += " · \(practice)" }
        return head
    }
}

extension InjuryStatus: Comparable {
    /// How serious: healthy < Q < D < O < IR.
    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// The short tag lists show beside a name: Q, D, O, IR ("" when healthy). Text, so it reads without colour.
    public var tag: String {
        switch self {
        case .healthy: ""
        case .questionable: "Q"
        case .doubtful: "D"
        case .out: "O"
        case .injuredReserve: "IR"
        }
    }

    /// Out for the week: O or IR (a starter who is flagged in Needs attention).
    public var isOut: Bool { self == .out || self == .injuredReserve }

    /// The injury report's game status (`report_status`, case-blind): Out → O, Doubtful → D, Questionable → Q;
    /// Probable (the NFL dropped it in 2016: likely to play) and an empty status → healthy; nil for anything else.
    public init?(reportStatus text: String) {
        switch text.lowercased() {
        case "out": self = .out
        case "doubtful": self = .doubtful
        case "questionable": self = .questionable
        case "probable", "", "na": self = .healthy
        default: return nil
        }
    }

    /// The weekly roster's status code (nflreadr's `dictionary_roster_status`): RES (the reserve list: injured
    /// reserve) and RSN (reserve, non-football injury) → IR; PUP (physically unable to perform) and INA (inactive: under
    /// contract but not on the active roster) → O, out for the week; every other code nflverse uses (ACT, DEV, CUT,
    /// EXE, E14, NWT, RET, RFA, RSR, SUS, TRC, TRD, TRL, TRT, UFA) isn't an injury → healthy; an empty status → healthy;
    /// nil for a code nflverse doesn't use.
    public init?(rosterStatus code: String) {
        switch code {
        case "RES", "RSN": self = .injuredReserve
        case "PUP", "INA": self = .out
        case "", "ACT", "DEV", "CUT", "EXE", "E14", "NWT", "RET", "RFA", "RSR", "SUS", "TRC", "TRD", "TRL", "TRT", "UFA": self = .healthy
        default: return nil
        }
    }

    /// The roster codes nflverse uses, for the importer's refusal of any other.
    public static let rosterStatusCodes = ["ACT", "CUT", "DEV", "E14", "EXE", "INA", "NWT", "PUP", "RES", "RET", "RFA", "RSN", "RSR", "SUS",
                                           "TRC", "TRD", "TRL", "TRT", "UFA"]

    /// How the player's page words the roster codes that make a status.
    static let rosterWords = ["RES": "Injured reserve", "RSN": "Reserve, non-football injury", "PUP": "Physically unable to perform",
                              "INA": "Inactive"]
}
