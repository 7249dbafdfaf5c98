/// Why a player can't join a roster (add, claim or draft pick).
public enum RosterRefusal: ClubhouseError, Hashable, Sendable {
    case alreadyOnRoster(PlayerID)
    case unknownPlayer(PlayerID)
    /// The player named to drop is not on the roster.
    case dropNotOnRoster(PlayerID)
    /// Every non-IR place is taken (IR players don't count).
    case rosterFull(limit: Int)
    /// The roster already holds the most players of this position the league allows.
    case positionMaximum(Position, limit: Int)
    /// There is room on the roster, but no open slot this position may fill (bench full, open slot ineligible).
    case noOpenSlot(Position)

    public var message: String {
        switch self {
        case .alreadyOnRoster(let p): "\(p) is already on the roster"
        case .unknownPlayer(let p): "\(p) is not a known player"
        case .dropNotOnRoster(let p): "\(p) is not on the roster to drop"
        case .rosterFull(let n): "The roster is full (\(n) players) — drop someone first"
        case .positionMaximum(let pos, let n): "A roster may hold at most \(n) \(pos.rawValue)"
        case .noOpenSlot(let pos): "No open slot takes a \(pos.rawValue) — drop someone first"
        }
    }

    /// A refused addition is the input's to fix (`domainError` is the same refusal as a `DomainError`).
    public var kind: ErrorKind { .validation(field: "roster") }
}
