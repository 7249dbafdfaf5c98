/// A player's real position. Defenses are whole teams (`DST-<TEAM>`).
public enum Position: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Comparable {
    case qb = "QB", rb = "RB", wr = "WR", te = "TE", k = "K", def = "DEF"

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A lineup slot. FLEX takes RB/WR/TE; BN takes anyone; IR takes players who are OUT or on IR.
public enum Slot: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Comparable {
    case qb = "QB", rb = "RB", wr = "WR", te = "TE", flex = "FLEX", k = "K", def = "DEF", bench = "BN", ir = "IR"

    /// Starting slots score; bench and IR do not.
    public var isStarter: Bool { self != .bench && self != .ir }

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
        case .bench, .ir: Set(Position.allCases)
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
