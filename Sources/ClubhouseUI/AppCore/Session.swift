import Foundation
import Synchronization
import ClubhouseDomain

/// Where the app keeps the one pending gated write (README.md, “Accounts”) so it survives the app being killed. The executable
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
    /// The write with anything that depends on who performs it filled in: a join request recorded while signed out
    /// has no team name yet ("" — named after the person: "Alex's team").
    public func resolved(for user: User) -> GatedWrite {
        guard let join = of(Endpoints.Leagues.requestToJoin), join.body.teamName.trimmingCharacters(in: .whitespaces).isEmpty else { return self }
        let base = user.displayName.isEmpty ? "My" : user.displayName + "'s"
        return .requestToJoin(league: join.address.league, teamName: String((base + " team").prefix(40)))
    }
}
