/// A player's real position. Defenses are whole teams (`DST-<TEAM>`).
public enum Position: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Comparable {
    case qb = "QB", rb = "RB", wr = "WR", te = "TE", k = "K", def = "DEF"

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A lineup slot. FLEX takes RB/WR/TE; BN takes anyone; IR takes players who are OUT or on IR; TX is the taxi squad
/// (a keeper or dynasty league's young players, never started, outside the roster's size; `LeagueSettings.taxiSlots`).
public enum Slot: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Comparable {
    case qb = "QB", rb = "RB", wr = "WR", te = "TE", flex = "FLEX", k = "K", def = "DEF", bench = "BN", ir = "IR", taxi = "TX"

    /// Starting slots score; bench, IR and the taxi squad do not.
    public var isStarter: Bool { self != .bench && self != .ir && self != .taxi }
    /// Held apart from the roster's size: IR and the taxi squad.
    public var isReserve: Bool { self == .ir || self == .taxi }
    /// The slots a league's roster settings count (`rosterSlots`): every one but the taxi squad, whose places are
    /// `taxiSlots`.
    public static let rosterSlots: [Slot] = allCases.filter { $0 != .taxi }

    /// Positions that may fill this slot (IR also requires an injury status; see the Roster rules).
    public var eligiblePositions: Set<Position> {
        switch self {
        case .qb: [.qb]
        case .rb: [.rb]
        case .wr: [.wr]
        case .te: [.te]
        case .flex: [.rb, .wr, .te]
        case .k: [.k]
        case .def: [.def]
        case .bench, .ir, .taxi: Set(Position.allCases)
        }
    }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A player's injury report status. IR accepts only `.out` and `.injuredReserve`.
public enum InjuryStatus: String, Codable, Sendable, CaseIterable {
    case healthy = "", questionable = "Q", doubtful = "D", out = "OUT", injuredReserve = "IR"
}
