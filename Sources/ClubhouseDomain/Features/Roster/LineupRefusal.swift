import Foundation

/// Why a lineup move was refused; every refused move names exactly one reason.
public enum LineupRefusal: ClubhouseError, Hashable, Sendable {
    /// The player is not on this team's roster.
    case notOnRoster(PlayerID)
    /// The player is not in the league's player list (stale id).
    case unknownPlayer(PlayerID)
    /// The league's roster has no such slot (its count is 0).
    case slotNotInLeague(Slot)
    /// The player's position cannot fill the slot (a QB in FLEX, a K in RB).
    case notEligible(PlayerID, position: Position, slot: Slot)
    /// IR takes only players whose status is OUT or IR (or Doubtful, in a league whose IR takes Doubtful players:
    /// `doubtfulAllowed`, which changes only the words).
    case injuredReserveRequiresOutOrIR(PlayerID, status: InjuryStatus, doubtfulAllowed: Bool = false)
    /// The player's game kicked off: he can't move in or out of a starting slot until next week.
    case playerLocked(PlayerID, kickoff: Date)
    /// Every place in the slot is taken; name a player to swap with.
    case slotFull(Slot, capacity: Int)
    /// The named swap partner is not in the target slot.
    case swapPartnerNotInSlot(PlayerID, slot: Slot)
    /// The player is on the taxi squad: he can't be started (promotion, one-way, puts him on the roster).
    case onTaxiSquad(PlayerID)
    /// The taxi squad isn't set by lineup moves: a player goes to it with the taxi squad's own move.
    case taxiIsNoLineupSlot(PlayerID)

    /// One sentence for the person making the move.
    public var message: String {
        switch self {
        case .notOnRoster(let p): "\(p) is not on your roster"
        case .unknownPlayer(let p): "\(p) is not a known player"
        case .slotNotInLeague(let s): "This league has no \(s.rawValue) slot"
        case .notEligible(_, let position, let slot): "A \(position.rawValue) can't play \(slot.rawValue)"
        case .injuredReserveRequiresOutOrIR(_, _, let doubtful): "IR takes only players who are \(InjuredReserveRules.eligibleWords(allowingDoubtful: doubtful))"
        case .playerLocked(let p, _): LockWords.isDefense(p) ? "Their game has kicked off — the defense is locked until next week"
                                                          : "His game has kicked off — he is locked until next week"
        case .slotFull(let s, let n): "All \(n) \(s.rawValue) spots are taken — swap with someone there"
        case .swapPartnerNotInSlot(let p, let s): "\(p) is not in \(s.rawValue)"
        case .onTaxiSquad: "He is on the taxi squad — taxi players can't be started; promote him to the roster first"
        case .taxiIsNoLineupSlot: "The taxi squad isn't a lineup slot — move a player there with the taxi squad's own move"
        }
    }

    /// A refused move is the input's to fix (`domainError` is the same refusal as a `DomainError`).
    public var kind: ErrorKind { .validation(field: "lineup") }
}
