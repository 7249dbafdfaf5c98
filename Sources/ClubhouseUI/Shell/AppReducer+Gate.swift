import Foundation
import ClubhouseDomain
import Terminal

/// How a gated write ended.
public enum GateOutcome: Hashable, Sendable {
    case done
    /// Done, with an answer the person needs to see (a new league or invite code, what moving the clock did).
    case doneWith(GateReceipt)
    /// The use case refused (league full, pick passed…): its sentence.
    case refused(String)
    /// The use case refused a value (`DomainError.validation`): the field it names, so a form can point at it.
    case invalid(field: String, message: String)
    /// The server no longer accepts the session.
    case sessionEnded
    /// The server couldn't be reached: the pending action stays for the next launch.
    case unreachable(String)
}

/// What a write answered that the person needs to see, handed to the page that asked.
public enum GateReceipt: Hashable, Sendable {
    /// A league was created (`createLeague`): it opens, with its creator as commissioner.
    case created(LeagueID)
    case invite(Invite)
    case clockAdvance(ClockAdvance)
    /// An invite was redeemed: the league joined (its page opens).
    case joined(LeagueID)
    /// A webhook was added: its secret, shown this once on the Commissioner page.
    case webhook(LeagueID, WebhookCreated)
}

/// The sign-in soft gate (README.md, “Accounts”): session state, the pending action, Sign in / Create account / Complete profile,
/// then the action performed and its result shown where the person was.
public enum GateAction: Sendable {
    /// The launch check answered: who is signed in, whether the server ended the session, any pending action.
    case restored(User?, sessionEnded: Bool, pending: PendingAction?, leagueName: String?)
    /// A page asked for a gated write.
    case requested(GatedWrite, reason: String?)
    /// The account pages finished with this account.
    case accountReady(User)
    /// The write was performed (or not).
    case performed(GatedWrite, GateOutcome)
    /// The launch question was answered.
    case promptAnswered(Bool)
    /// `i`: open Sign in without anything pending.
    case signInOpened
    /// `O`: end the session.
    case signOutRequested
    case signedOut
    /// A call answered `.unauthenticated`: wipe the session, stay put, say so.
    case sessionEnded
    /// Over SSH: key sign-in and the link offer (AppReducer+SSHKey).
    case sshKey(SSHKeyAction)
}

extension AppReducer {
    static func reduceGate(_ action: GateAction, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        let before = state.session
        let fx = reduceGateSession(action, &state, env: env)
        guard state.session != before else { return fx }
        return .merge(fx, syncHome(&state, env: env), reloadBeneath(&state, env: env))
    }

    /// Who is signed in changed: pages left under the one on top (say, a league page under its commissioner page) load
    /// again, so going back shows them as this person sees them. Home follows `syncHome`; the page the person returns to
    /// is reloaded by each flow (`reloadTop`).
    static func reloadBeneath(_ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        let pages = state.sheet.stack.dropFirst().filter { !$0.state.is(AuthFeature.self) }.dropLast()
        return .merge(pages.map { reducePage(&state, id: $0.id, $0.state.onAppear, env: env) })
    }

    static func reduceGateSession(_ action: GateAction, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        switch action {
        case .restored(let user, let ended, let pending, let leagueName):
            state.session = user.map(SessionState.signedIn) ?? .signedOut
            var fx: [Effect<AppAction>] = []
            if ended { fx.append(.send(.toastShown("Session ended — sign in again", isError: true))) }
            if user != nil { fx.append(reloadTop(&state, env: env)) }
            if let pending {
                state.pendingAction = pending
                state.prompt = PendingPrompt(action: pending, dialog: ConfirmDialogModel(
                    title: "Pick up where you left off", message: pending.write.resumeQuestion(leagueName: leagueName) + " y/n"))
            }
            return .merge(fx)

        case .requested(let write, let given):
            let leagueName = write.league.flatMap { id in state.sheet.stack.last { $0.state.page == .league(id) }?.state.title }
            let reason = given ?? write.gateReason(leagueName: leagueName)
            if let user = state.session.user, !needsProfile(user) {
                return perform(write.resolved(for: user), env: env)
            }
            let pending = PendingAction(write, createdAt: env.now())
            state.pendingAction = pending
            let store = env.pendingActions
            let save = Effect<AppAction>.run(id: EffectID.gateSave) {
                do { try store.save(pending); return nil } catch {
                    return .toastShown("Couldn't keep this for after sign-in: \(error)", isError: true)
                }
            }
            if let user = state.session.user {
                return .merge(save, pushAccount(&state, .completeProfile(needsName: missingName(user), needsEmail: user.email.isEmpty),
                                                reason: profileReason(write, leagueName: leagueName), env: env))
            }
            return .merge(save, pushAccount(&state, .signIn, reason: reason, env: env))

        case .accountReady(let user):
            state.session = .signedIn(user)
            if needsProfile(user) {
                // Ask only for what is missing, in place of the page that signed in.
                var stack = state.sheet.stack
                if let last = stack.indices.last, stack[last].state.is(AuthFeature.self) {
                    // Signed in now: the page says what completing the profile finishes, not "Sign in to …" again.
                    let reason = state.pendingAction.map { p in
                        profileReason(p.write, leagueName: p.write.league.flatMap { id in state.sheet.stack.last { $0.state.page == .league(id) }?.state.title })
                    }
                    stack[last].state = PageState(AuthFeature.self, AuthFeature.State(mode: .completeProfile(needsName: missingName(user), needsEmail: user.email.isEmpty), reason: reason))
                    state.sheet.setStack(stack)
                    return .none
                }
                return pushAccount(&state, .completeProfile(needsName: missingName(user), needsEmail: user.email.isEmpty), reason: nil, env: env)
            }
            let popped = popAccountPages(&state, env: env)
            offerKeyLink(&state, user: user)
            if let pending = state.pendingAction {
                return .merge(popped, perform(pending.write.resolved(for: user), env: env))
            }
            return .merge(popped, .send(.toastShown("Signed in as \(state.signedInName ?? user.email)", isError: false)), reloadTop(&state, env: env))

        case .performed(let write, let outcome):
            switch outcome {
            case .done:
                state.pendingAction = nil
                closeFormAfterItsWrite(&state)
                return .merge(.send(.toastShown(state.top.writes.success(write) ?? write.successMessage, isError: false)), tellTop(write, outcome, state), reloadTop(&state, env: env),
                              syncBoard(&state, env: env))
            case .doneWith(let receipt):
                state.pendingAction = nil
                closeFormAfterItsWrite(&state)
                let fx = Effect<AppAction>.merge(.send(.toastShown(state.top.writes.success(write) ?? write.successMessage, isError: false)), tellTop(write, outcome, state),
                                                 reloadTop(&state, env: env), syncBoard(&state, env: env))
                return .merge(fx, deliver(receipt, &state, env: env))
            case .invalid(let field, let message):
                state.pendingAction = nil
                // A form keeps what was typed and points at the field; other pages just reload.
                if let shown = state.top.writes.refused(field, message) {
                    return .merge(.send(.toastShown(message, isError: true)), reducePage(&state, id: state.sheet.top.id, shown, env: env))
                }
                // Elsewhere a refused value is a refusal like any other (the page may ask a follow-up question).
                return .merge(.send(.toastShown(message, isError: true)), tellTop(write, .refused(message), state), reloadTop(&state, env: env))
            case .refused(let message):
                state.pendingAction = nil
                return .merge(.send(.toastShown(message, isError: true)), tellTop(write, outcome, state), reloadTop(&state, env: env))
            case .unreachable(let message):
                return .send(.toastShown(message, isError: true))
            case .sessionEnded:
                // The session ended under us: say so, and go through Sign in again for this write.
                state.session = .signedOut
                return .merge(.send(.toastShown("Session ended — sign in again", isError: true)),
                              reduceGate(.requested(write, reason: "Your session ended — sign in again to finish."), &state, env: env))
            }

        case .promptAnswered(let yes):
            guard let prompt = state.prompt else { return .none }
            state.prompt = nil
            guard yes else { return cancelPending(&state, env: env) }
            let write = prompt.action.write
            var fx: [Effect<AppAction>] = []
            if let league = write.league, state.top.page.leagueID != league {
                fx.append(.send(.deepLink(.league(league))))
            }
            fx.append(.send(.gate(.requested(write, reason: "Sign in to finish what you started."))))
            return .merge(fx)

        case .signInOpened:
            return pushAccount(&state, .signIn, reason: nil, env: env)

        case .signOutRequested:
            let api = env.api
            return .run(id: EffectID.signOut) {
                // Ends the session on the server; the transport forgets it locally even when that fails.
                try? await api.signOut()
                return .gate(.signedOut)
            }

        case .signedOut:
            state.session = .signedOut
            return .merge(.send(.toastShown("Signed out", isError: false)), reloadTop(&state, env: env))

        case .sessionEnded:
            guard state.session.isSignedIn else { return .none }
            state.session = .signedOut
            return .merge(.send(.toastShown("Session ended — sign in again", isError: true)), reloadTop(&state, env: env))

        case .sshKey(let action):
            return reduceSSHKey(action, &state, env: env)
        }
    }

    /// The launch check: who is signed in, and any pending action younger than 24 h.
    static func restoreSession(env: AppEnvironment) -> Effect<AppAction> {
        let api = env.api, store = env.pendingActions, now = env.now()
        return .run(id: EffectID.restoreSession) {
            var user: User?, ended = false
            do { user = try await api.currentUser() } catch DomainError.unauthenticated { ended = true } catch {}
            let pending = store.load(now: now)
            var name: String?
            if let league = pending?.write.league { name = try? await api.league(league).league.name }
            return .gate(.restored(user, sessionEnded: ended, pending: pending, leagueName: name))
        }
    }

    static func perform(_ write: GatedWrite, env: AppEnvironment) -> Effect<AppAction> {
        let api = env.api, store = env.pendingActions
        return .run(id: EffectID.gatePerform) {
            do {
                let write = try await resolveTeam(write, api: api)
                let receipt = try await performKeepingAnswer(write, api: api)
                store.clear()
                return .gate(.performed(write, receipt.map(GateOutcome.doneWith) ?? .done))
            } catch DomainError.unauthenticated {
                return .gate(.performed(write, .sessionEnded))
            } catch DomainError.transport(let m) {
                let problem = DomainError.transport(m).storageProblem.map { "\($0) — it will be offered again next time" }
                return .gate(.performed(write, .unreachable(problem ?? "Couldn't reach the league server (\(m)) — it will be offered again next time")))
            } catch DomainError.validation(let field, let message) {
                store.clear()
                return .gate(.performed(write, .invalid(field: field, message: message)))
            } catch let e as DomainError {
                store.clear()
                return .gate(.performed(write, .refused(e.message)))
            } catch {
                store.clear()
                return .gate(.performed(write, .refused("That didn't work: \(error)")))
            }
        }
    }

    /// A form whose write went through has done its job: back to the page it was opened from.
    static func closeFormAfterItsWrite(_ state: inout AppState) {
        guard state.top.writes.closesAfterItsWrite, state.sheet.stack.count > 1 else { return }
        state.sheet.setStack(Array(state.sheet.stack.dropLast()))
    }

    /// Tells the page on top how its write ended (it may put an optimistic change back, or ask a follow-up question).
    static func tellTop(_ write: GatedWrite, _ outcome: GateOutcome, _ state: AppState) -> Effect<AppAction> {
        guard let a = state.top.writes.finished(write, outcome) else { return .none }
        return .send(.page(id: state.sheet.top.id, a))
    }

    /// Performs `write`; for the writes whose answer the person needs to see (a new league, a joined league, an invite
    /// code, a clock summary, a new webhook's secret), returns it.
    static func performKeepingAnswer(_ write: GatedWrite, api: any LeagueAPI) async throws -> GateReceipt? {
        switch try await write.perform(on: api) {
        case let created as Wire.CreatedLeague: return .created(created.league)
        case let invite as Invite: return .invite(invite)
        case let advance as ClockAdvance: return .clockAdvance(advance)
        case let hook as WebhookCreated: return write.league.map { .webhook($0, hook) }
        case let taken as Wire.TeamTaken:
            let league = try? await api.myLeagues().first { $0.myTeam == taken.team }?.id
            return league.map(GateReceipt.joined)
        default: return nil
        }
    }

    /// Shows a write's answer: a joined league's page opens; the commissioner page shows a new code or a clock summary.
    static func deliver(_ receipt: GateReceipt, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        switch receipt {
        case .created(let league):
            return .send(.deepLink(.league(league)))
        case .joined(let league):
            return .send(.open(.league(league)))
        case .invite(let i):
            return deliverToCommissioner(i.leagueID, receipt, &state, env: env)
        case .clockAdvance:
            guard let league = state.top.page.leagueID else { return .none }
            return deliverToCommissioner(league, receipt, &state, env: env)
        case .webhook(let league, _):
            return deliverToCommissioner(league, receipt, &state, env: env)
        }
    }

    static func deliverToCommissioner(_ league: LeagueID, _ receipt: GateReceipt, _ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        guard let entry = state.sheet.stack.last(where: { $0.state.page == .commissioner(league) }) else { return .none }
        return reducePage(&state, id: entry.id, CommissionerFeature.pageAction(.receipt(receipt)), env: env)
    }

    /// Fills in "my team" (`GatedWrite.myTeam`) with the person's team in the league, or refuses in words.
    static func resolveTeam(_ write: GatedWrite, api: any LeagueAPI) async throws -> GatedWrite {
        guard write.needsMyTeam, let league = write.league else { return write }
        let d = try await api.league(league)
        guard let team = d.capabilities.myTeam else {
            throw DomainError.forbidden("You don't have a team in \(d.league.name) — ask to join it first (J on its page)")
        }
        return write.withTeam(team)
    }

    static func cancelPending(_ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        state.pendingAction = nil
        let store = env.pendingActions
        return .merge(.run(id: EffectID.gateClear) { store.clear(); return nil }, .send(.toastShown("Cancelled", isError: false)))
    }

    /// "Complete your profile to finish joining Sunday Nerds." — from the write's resume question.
    static func profileReason(_ write: GatedWrite, leagueName: String?) -> String {
        let question = write.resumeQuestion(leagueName: leagueName)
        guard question.hasPrefix("Finish "), question.hasSuffix("?") else { return "Complete your profile to go on." }
        return "Complete your profile to finish " + question.dropFirst("Finish ".count).dropLast() + "."
    }

    static func needsProfile(_ user: User) -> Bool { missingName(user) || user.email.isEmpty }
    static func missingName(_ user: User) -> Bool { user.displayName.trimmingCharacters(in: .whitespaces).isEmpty }

    /// Pushes an account page on the sheet with the keyboard on it.
    static func pushAccount(_ state: inout AppState, _ mode: AccountPage, reason: String?, env: AppEnvironment) -> Effect<AppAction> {
        if var s = state.top[AuthFeature.self], s.mode == mode {
            s.reason = reason ?? s.reason
            var stack = state.sheet.stack
            stack[stack.count - 1].state[AuthFeature.self] = s
            state.sheet.setStack(stack)
            return .none
        }
        var page = AuthFeature.State(mode: mode, reason: reason)
        page.focus = 0
        if mode == .signIn, let name = state.sshKey?.linkedName { page.keyAccount = name; page.onKeyRow = true }
        let entry = PageEntry(id: state.nextPageID, state: PageState(AuthFeature.self, page))
        state.nextPageID += 1
        state.sheet.push(entry)
        state.sheet.focus = .sheet
        if state.sheet.detent != .full { state.sheet.setDetent(.full, now: state.clock, animated: state.animationsEnabled) }
        return syncBoard(&state, env: env)
    }

    /// Takes the account pages off the stack: back where the person was.
    static func popAccountPages(_ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        let kept = state.sheet.stack.filter { !$0.state.is(AuthFeature.self) }
        guard kept.count != state.sheet.stack.count else { return .none }
        state.sheet.setStack(kept.isEmpty ? [PageEntry(id: state.nextPageID, state: PageState(.home))] : kept)
        if kept.isEmpty { state.nextPageID += 1 }
        state.sheet.focus = .sheet
        if state.sheet.detent == .full { state.sheet.setDetent(.half, now: state.clock, animated: state.animationsEnabled) }
        return syncBoard(&state, env: env)
    }

    /// Tells Home (the root page) who is signed in, so it shows "my leagues".
    static func syncHome(_ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        guard let root = state.sheet.stack.first, let home = root.state[HomeFeature.self], home.signedIn != state.session.isSignedIn || state.session.isSignedIn else { return .none }
        return reducePage(&state, id: root.id, HomeFeature.pageAction(.sessionChanged(signedIn: state.session.isSignedIn)), env: env)
    }

    /// Loads the page on top again (after a write, a sign-in or a session that ended).
    static func reloadTop(_ state: inout AppState, env: AppEnvironment) -> Effect<AppAction> {
        let top = state.sheet.top
        if top.state.is(AuthFeature.self) { return .none }
        return reducePage(&state, id: top.id, top.state.onAppear, env: env)
    }
}
