import Foundation
import ClubhouseDomain
import Terminal

/// Over SSH (README.md, “Host a draft over SSH”): a key linked to an account signs in with one keypress — K anywhere (the top bar says so),
/// k on the Sign in page — and after a password sign-in with an unlinked key the app asks once "Link this key to
/// Alex? y/n" (a "no" is remembered for the key).
public enum SSHKeyAction: Sendable {
    /// K: sign in with the linked key.
    case signInRequested
    /// The key didn't sign in: the sentence.
    case signInFailed(String, unlinked: Bool)
    /// The link question was answered.
    case linkAnswered(Bool)
    /// The key is now linked to this account.
    case linked(name: String)
    case linkFailed(String)
}

extension AppReducer {
    static func reduceSSHKey(_ action: SSHKeyAction, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        guard state.sshKey != nil, let device = env.sshKey else { return .none }
        switch action {
        case .signInRequested:
            guard !state.session.isSignedIn, state.sshKey?.linkedName != nil else { return .none }
            let api = env.api, fingerprint = device.fingerprint
            return .run(id: EffectID.keySignIn) {
                do { return .gate(.accountReady(try await api.signIn(sshKeyFingerprint: fingerprint).user)) } catch DomainError.unauthenticated {
                    return .gate(.sshKey(.signInFailed("This key isn't linked to an account any more — i signs in with email and password", unlinked: true)))
                } catch {
                    return .gate(.sshKey(.signInFailed(AuthFeature.words(error, mode: .signIn), unlinked: false)))
                }
            }
        case .signInFailed(let message, let unlinked):
            if unlinked { state.sshKey?.linkedName = nil }
            return .send(.toastShown(message, isError: true))
        case .linkAnswered(let yes):
            guard let name = state.sshKey?.offerName else { return .none }
            state.sshKey?.offer = nil
            state.sshKey?.offerName = nil
            guard yes else {
                state.sshKey?.declined = true
                let remember = device.rememberDeclined
                return .merge(.run(id: EffectID.linkDeclined) { remember(); return nil },
                              .send(.toastShown("This key stays unlinked — you won't be asked again", isError: false)))
            }
            let api = env.api, fingerprint = device.fingerprint, key = device.publicKey
            return .run(id: EffectID.linkKey) {
                do {
                    try await api.linkSSHKey(fingerprint: fingerprint, publicKey: key)
                    return .gate(.sshKey(.linked(name: name)))
                } catch {
                    return .gate(.sshKey(.linkFailed("Couldn't link this key: " + AuthFeature.words(error, mode: .completeProfile(needsName: false, needsEmail: false)))))
                }
            }
        case .linked(let name):
            state.sshKey?.linkedName = name
            return .send(.toastShown("This key now signs you in as \(name) — K on any page", isError: false))
        case .linkFailed(let message):
            return .send(.toastShown(message, isError: true))
        }
    }

    /// After a sign-in by password: ask once whether to link the key (nothing when it is linked, declined, or local).
    static func offerKeyLink(_ state: inout AppState, user: User) {
        guard var key = state.sshKey, key.linkedName == nil, !key.declined, key.offer == nil else { return }
        let name = user.displayName.isEmpty ? user.email : user.displayName
        key.offer = ConfirmDialogModel(title: "Link this SSH key",
                                       message: "Link this key to \(name)? Next time it signs you in with one key. y/n")
        key.offerName = name
        state.sshKey = key
    }

    /// Keys while the link question shows: y / n / Esc / arrows; nil when it doesn't show.
    static func handleKeyLinkOffer(_ key: Key, _ state: inout AppState) -> Effect<AppAction>? {
        guard let model = state.sshKey?.offer else { return nil }
        var dialog = ConfirmDialog(title: model.title, message: model.message, confirmLabel: "Yes", cancelLabel: "No",
                                   confirmFocused: model.confirmFocused)
        switch dialog.handle(key) {
        case .confirmed?: return .send(.gate(.sshKey(.linkAnswered(true))))
        case .cancelled?: return .send(.gate(.sshKey(.linkAnswered(false))))
        case nil:
            state.sshKey?.offer?.confirmFocused = dialog.confirmFocused
            return Effect<AppAction>.none
        }
    }

    /// K, in the app's keymap over SSH only: enabled while signed out with a linked key.
    static func keySignInBinding(_ state: AppState) -> KeyBinding<AppAction>? {
        guard let key = state.sshKey else { return nil }
        let reason = state.session.isSignedIn ? "already signed in as \(state.signedInName ?? "you") — O signs out"
            : "this SSH key isn't linked to an account — sign in with i, then say yes to linking it"
        return KeyBinding([.char("K")], .gate(.sshKey(.signInRequested)), label: "sign in as \(key.linkedName ?? "…") with this key",
                          group: "Account", enabledWhen: !state.session.isSignedIn && key.linkedName != nil, disabledReason: reason)
    }

    /// The top bar's right side when signed out: "K sign in as Alex" with a linked key.
    static func signedOutLabel(_ state: AppState) -> String {
        if let name = state.sshKey?.linkedName { return "signed out · K: sign in as \(name)" }
        return "signed out"
    }
}
