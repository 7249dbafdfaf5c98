import Foundation
import Synchronization
import ClubhouseDomain

/// Where the app keeps the one pending gated write (SPEC 4.4) so it survives the app being killed. The executable
/// injects the file-backed store (`PendingActionStore` in ClubhouseData); tests and previews use memory.
public protocol PendingActionStoring: Sendable {
    /// The pending action when younger than 24 h at `now` (an older one is dropped).
    func load(now: Date) -> PendingAction?
    func save(_ action: PendingAction) throws
    func clear()
}

/// A pending-action store in memory: shared by reference, so a "restarted" app over the same instance finds it.
public final class InMemoryPendingActionStore: PendingActionStoring {
    private let action: Mutex<PendingAction?>
    public init(_ action: PendingAction? = nil) { self.action = Mutex(action) }
    public func load(now: Date) -> PendingAction? {
        action.withLock { action in
            if let a = action, a.isExpired(at: now) { action = nil }
            return action
        }
    }
    public func save(_ action: PendingAction) throws { self.action.withLock { $0 = action } }
    public func clear() { action.withLock { $0 = nil } }
    /// What is stored, whatever its age (tests).
    public var stored: PendingAction? { action.withLock { $0 } }
}

/// Who the app speaks for.
public enum SessionState: Hashable, Sendable {
    /// Not known yet (the launch check is in flight): treated as signed out.
    case unknown
    case signedOut
    case signedIn(User)

    public var user: User? { if case .signedIn(let u) = self { u } else { nil } }
    public var isSignedIn: Bool { user != nil }
}

/// The launch question "Finish joining Sunday Funday?" for a pending action found on disk.
public struct PendingPrompt: Hashable, Sendable {
    public var action: PendingAction
    public var dialog: ConfirmDialogModel
    public init(action: PendingAction, dialog: ConfirmDialogModel) { self.action = action; self.dialog = dialog }
}

/// The confirm dialog's words and focus (the toolkit's `ConfirmDialog` draws and answers it).
public struct ConfirmDialogModel: Hashable, Sendable {
    public var title: String
    public var message: String
    public var confirmFocused = true
    public init(title: String, message: String) { self.title = title; self.message = message }
}

extension GatedWrite {
    /// "Finish joining Sunday Funday?" — the question asked when a pending action is found on launch.
    public func resumeQuestion(leagueName: String?) -> String {
        let name = leagueName ?? "the league"
        switch self {
        case .requestToJoin: return "Finish joining \(name)?"
        case .addFreeAgent: return "Finish adding that player in \(name)?"
        case .placeClaim: return "Finish your waiver claim in \(name)?"
        case .moveInLineup: return "Finish your lineup move in \(name)?"
        case .dropPlayer: return "Finish dropping that player in \(name)?"
        case .cancelClaim, .reorderClaims: return "Finish changing your waiver claims in \(name)?"
        case .createLeague(let n): return "Finish creating \(n.name)?"
        case .makePick(_, let n, _): return "Finish your pick \(n) in \(name)?"
        case .redeemInvite: return "Finish joining with your invite code?"
        case .leaveLeague: return "Finish leaving \(name)?"
        default: return "Finish what you started in \(name)?"
        }
    }

    /// The sentence shown once the write went through.
    public var successMessage: String {
        switch self {
        case .requestToJoin: "Join request sent — waiting for the commissioner"
        case .addFreeAgent: "Player added to your team"
        case .placeClaim: "Waiver claim placed"
        case .dropPlayer: "Player dropped — he is on waivers now"
        case .moveInLineup(_, _, let m): "Lineup saved — moved to \(m.slot.rawValue)"
        case .cancelClaim: "Waiver claim cancelled"
        case .reorderClaims: "Claim order saved"
        case .leaveLeague: "You left the league"
        case .createLeague(let n): "\(n.name) created — you're its commissioner"
        case .commissioner(.updateSettings): "Settings saved"
        case .makePick(_, let n, _): "Pick \(n) made"
        case .editQueue: "Queue updated"
        case .sendChat: "Message sent"
        case .redeemInvite: "Invite accepted — welcome to the league"
        case .commissioner(let a): a.successMessage
        }
    }

    /// "My team in this league": a write recorded while signed out doesn't know the team yet; performing resolves it.
    public static let myTeam = TeamID(0)

    /// The write with anything that depends on who performs it filled in: a join request recorded while signed out
    /// has no team name yet ("" — named after the person: "Alex's team").
    public func resolved(for user: User) -> GatedWrite {
        switch self {
        case .requestToJoin(let league, let name) where name.trimmingCharacters(in: .whitespaces).isEmpty:
            let base = user.displayName.isEmpty ? "My" : user.displayName + "'s"
            return .requestToJoin(league: league, teamName: String((base + " team").prefix(40)))
        default: return self
        }
    }
}

extension CommissionerAction {
    /// The sentence shown once the commissioner's write went through.
    public var successMessage: String {
        switch self {
        case .decideJoinRequest(_, _, true): "Request approved — the team is theirs"
        case .decideJoinRequest(_, _, false): "Request denied"
        case .createInvite: "Invite created — share the code"
        case .revokeInvite(_, let code): "Invite \(code) revoked"
        case .setDraftOrder: "Draft order saved"
        case .randomizeDraftOrder: "Draft order randomised"
        case .scheduleDraft(_, nil): "Draft date cleared"
        case .scheduleDraft: "Draft scheduled"
        case .advanceClock: "Season clock moved"
        case .setClockSpeed(_, .off): "Season clock stopped"
        case .setClockSpeed(_, let speed): "Season clock running at \(speed.label)"
        default: "Done"
        }
    }
}
