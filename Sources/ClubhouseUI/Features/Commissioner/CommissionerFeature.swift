import Foundation
import ClubhouseDomain
import Terminal

/// The commissioner's tools (C on the league page), in tabs: 1 join requests (approve/deny), 2 invite codes
/// (new/revoke), 3 the draft order and date (before the draft), 4 the season clock (after it), 5 the league's outgoing
/// webhooks (add/remove, each hook's delivery log; `CommissionerFeature+Webhooks.swift`). Every change is a
/// gated write (`.perform(.commissioner(…))`); refusals come back from the server in words. Someone who isn't the
/// commissioner sees every action disabled with the reason.
public enum CommissionerFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case detail(LeagueID), requests(LeagueID), invites(LeagueID), room(LeagueID), hooks(LeagueID) }

    public enum Tab: Int, CaseIterable, Sendable {
        case requests, invites, draft, clock, webhooks
        public var title: String {
            switch self {
            case .requests: "Requests"; case .invites: "Invites"; case .draft: "Draft"; case .clock: "Season clock"; case .webhooks: "Webhooks"
            }
        }
        /// The title where the full ones don't fit.
        public var shortTitle: String {
            switch self { case .invites: "Codes"; case .clock: "Clock"; case .webhooks: "Hooks"; default: title }
        }
    }

    /// One row of the season clock tab: where the clock would land.
    public struct ClockStep: Hashable, Sendable {
        public var label: String
        public var to: Date
        public init(label: String, to: Date) { self.label = label; self.to = to }
    }

    /// A write waiting for y/n.
    public enum Confirm: Equatable, Sendable {
        case deny(JoinRequestView)
        case revoke(Invite)
        case randomize
        case advance(ClockStep)
        /// R on the season clock tab once the season is over: renew into the next season.
        case renew
        /// x on the webhooks tab.
        case removeWebhook(WebhookView)
    }

    /// Which form is open.
    public enum FormKind: Equatable, Sendable { case invite, schedule, webhook }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var detail = Loadable<LeagueDetail>()
        public var requests = Loadable<[JoinRequestView]>()
        public var invites = Loadable<[Invite]>()
        public var room = Loadable<DraftBoard>()
        public var tab: Tab = .requests
        public var lists: [Tab: ListState] = [:]
        /// The draft order as edited here (J/K), not yet saved; nil shows the saved order.
        public var editedOrder: [TeamSummary]?
        public var confirm: Confirm?
        public var form: FormFields?
        public var formKind: FormKind?
        /// The invite just created: its code shows large on the Invites tab so it can be shared.
        public var newInvite: Invite?
        /// What the last move of the clock did.
        public var lastAdvance: ClockAdvance?
        /// The league's webhooks: read when the Webhooks tab is first shown (they are the commissioner's alone).
        public var hooks = Loadable<[WebhookView]>()
        /// The hook just added, with its secret: shown on the Webhooks tab this once.
        public var newHook: WebhookCreated?
        /// The webhook form as it was sent: opened again, with the server's words, if the hook is refused (a URL is
        /// long to type again).
        public var sentHookForm: FormFields?
        public init(id: LeagueID) { self.id = id }

        public var list: ListState {
            get { lists[tab] ?? ListState() }
            set { lists[tab] = newValue }
        }
        public var pending: [JoinRequestView] { (requests.value ?? []).filter { $0.request.status == .pending } }
        public var order: [TeamSummary] { editedOrder ?? room.value?.teams ?? [] }
        public var steps: [ClockStep] { detail.value.map(CommissionerInputs.clockSteps) ?? [] }
        var rowCount: Int {
            switch tab {
            case .requests: pending.count
            case .invites: invites.value?.count ?? 0
            case .draft: order.count
            case .clock: steps.count
            case .webhooks: hooks.value?.count ?? 0
            }
        }
        var selected: Int { list.selected ?? -1 }
    }

    public enum Action: PageActionCases {
        case onAppear, retry, liveRefreshed
        case detailLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case requestsLoaded(RequestToken, Result<[JoinRequestView], PresentableError>)
        case invitesLoaded(RequestToken, Result<[Invite], PresentableError>)
        case roomLoaded(RequestToken, Result<DraftBoard, PresentableError>)
        case hooksLoaded(RequestToken, Result<[WebhookView], PresentableError>)
        case list(ListMove)
        case tabSelected(Tab)
        case approvePressed, denyPressed
        case newInvitePressed, revokePressed
        /// J (+1) / K (-1): moves the selected team in the draft order.
        case orderMoved(Int)
        case orderSaved, randomizePressed, schedulePressed
        /// v: on the clock tab, steps the running clock's speed (off → 1× → 10× → 60× → off).
        case speedPressed
        /// R: on the clock tab, asks to renew the league into the next season.
        case renewPressed
        /// Enter: on the clock tab, asks to move the clock to the selected row.
        case rowActivated
        /// n / x on the webhooks tab: add a hook (a form), remove the selected one (after asking).
        case newWebhookPressed, removeWebhookPressed
        case confirmed, cancelled
        /// Esc: closes a confirmation or a form.
        case escaped
        /// A key while a form is open.
        case typed(Key)
        /// Text pasted into the open form (one insertion).
        case pasted(String)
        /// The shell hands over what a write answered (a new invite, a clock summary).
        case receipt(GateReceipt)
        /// How a write of this page ended (a refused webhook reopens its form).
        case writeFinished(GatedWrite, GateOutcome)
    }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .liveRefreshed) }
    public static func writes(_ state: State) -> Writes<Action> { Writes(finished: { .writeFinished($0, $1) }) }
    public static func textEntry(_ state: State) -> TextEntry<Action> {
        TextEntry(isFilterActive: state.confirm != nil || state.form != nil, isEditingText: state.form != nil,
                  clearFilter: .escaped, typed: { .typed($0) }, pasted: { .pasted($0) })
    }
    public static func title(_ state: State) -> String { "Commissioner" }
    public static func page(_ state: State) -> Page { .commissioner(state.id) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: nil) }

    // MARK: - Reducer

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        let id = state.id
        switch action {
        case .onAppear:
            return load(&state, context, refresh: false)
        case .retry:
            // r reloads and goes back to the saved order (reloads otherwise keep an unsaved one: see `mergeEdit`).
            state.editedOrder = nil
            return load(&state, context, refresh: false)
        case .liveRefreshed:
            return load(&state, context, refresh: true)
        case .hooksLoaded(let t, let r):
            state.hooks.finish(t, r); clampList(&state, context); return .none
        case .detailLoaded(let t, let r):
            state.detail.finish(t, r); clampList(&state, context); return .none
        case .requestsLoaded(let t, let r):
            state.requests.finish(t, r); clampList(&state, context); return .none
        case .invitesLoaded(let t, let r):
            state.invites.finish(t, r)
            // The new code's panel follows the invite as it is now (uses left; gone once revoked).
            if let code = state.newInvite?.code, let list = state.invites.value { state.newInvite = list.first { $0.code == code } }
            clampList(&state, context); return .none
        case .roomLoaded(let t, let r):
            // The selected team, by id: a reload may reorder the rows under it.
            let selectedTeam = state.order[safe: state.lists[.draft]?.selected ?? -1]?.id
            guard state.room.finish(t, r), let room = state.room.value else { clampList(&state, context); return .none }
            var note: String?
            if let edited = state.editedOrder { (state.editedOrder, note) = mergeEdit(edited, into: room) }
            if let selectedTeam, let i = state.order.firstIndex(where: { $0.id == selectedTeam }) {
                var list = state.lists[.draft] ?? ListState()
                list.apply(.select(i), count: state.order.count, viewport: context.viewport)
                state.lists[.draft] = list
            }
            clampList(&state, context)
            return note.map(toast) ?? .none
        case .list(let m):
            state.list.apply(m, count: state.rowCount, viewport: context.viewport); return .none
        case .tabSelected(let t):
            state.tab = t; state.confirm = nil
            if state.list.selected == nil, state.rowCount > 0 { state.list.apply(.select(0), count: state.rowCount, viewport: context.viewport) }
            return t == .webhooks && state.hooks.value == nil && !state.hooks.isLoading ? loadHooks(&state, context, refresh: false) : .none

        case .approvePressed:
            guard let r = state.pending[safe: state.selected] else { return toast("Select a request first (j/k).") }
            return perform(.decideJoinRequest(league: id, user: r.request.user, approve: true))
        case .denyPressed:
            guard let r = state.pending[safe: state.selected] else { return toast("Select a request first (j/k).") }
            state.confirm = .deny(r); return .none
        case .newInvitePressed:
            state.form = CommissionerInputs.inviteForm(); state.formKind = .invite; state.newInvite = nil
            return .none
        case .revokePressed:
            guard let i = state.invites.value?[safe: state.selected] else { return toast("Select an invite first (j/k).") }
            state.confirm = .revoke(i); return .none
        case .orderMoved(let delta):
            var order = state.order
            let i = state.selected, to = i + delta
            guard order.indices.contains(i), order.indices.contains(to) else { return .none }
            order.swapAt(i, to)
            state.editedOrder = order == state.room.value?.teams ? nil : order
            state.list.apply(.select(to), count: order.count, viewport: context.viewport)
            return .none
        case .orderSaved:
            guard let edited = state.editedOrder else { return toast("The order hasn't changed — J/K move the selected team.") }
            return perform(.setDraftOrder(league: id, order: edited.map(\.id)))
        case .randomizePressed:
            state.confirm = .randomize; return .none
        case .schedulePressed:
            state.form = CommissionerInputs.scheduleForm(current: state.detail.value?.league.draftScheduledAt ?? state.room.value?.draft.scheduledAt,
                                                         clock: state.detail.value?.league.clock ?? state.room.value?.seasonClock ?? context.env.now())
            state.formKind = .schedule
            return .none
        case .speedPressed:
            guard state.tab == .clock, let d = state.detail.value else { return .none }
            return perform(.setClockSpeed(league: id, speed: (d.clockSpeed ?? .off).next))
        case .renewPressed:
            guard state.tab == .clock, renewLocked(state.detail.value) == nil else { return .none }
            state.confirm = .renew; return .none
        case .rowActivated:
            guard state.tab == .clock, let step = state.steps[safe: state.selected] else { return .none }
            state.confirm = .advance(step); return .none
        case .newWebhookPressed:
            state.form = CommissionerInputs.webhookForm(); state.formKind = .webhook; state.newHook = nil
            return .none
        case .removeWebhookPressed:
            guard let h = state.hooks.value?[safe: state.selected] else { return toast("Select a webhook first (j/k).") }
            state.confirm = .removeWebhook(h); return .none

        case .cancelled, .escaped:
            state.confirm = nil; state.form = nil; state.formKind = nil; return .none
        case .confirmed:
            guard let c = state.confirm else { return .none }
            state.confirm = nil
            switch c {
            case .deny(let r): return perform(.decideJoinRequest(league: id, user: r.request.user, approve: false))
            case .revoke(let i): return perform(.revokeInvite(league: id, code: i.code))
            case .randomize:
                // A random order replaces any unsaved one.
                state.editedOrder = nil
                return perform(.randomizeDraftOrder(id))
            case .advance(let step):
                state.lastAdvance = nil
                return perform(.advanceClock(league: id, to: step.to))
            case .renew:
                // The new league's page opens once it exists (the write answers with it, as creating a league does).
                return perform(.renewLeague(id))
            case .removeWebhook(let h):
                if state.newHook?.id == h.id { state.newHook = nil }
                return perform(.deleteWebhook(league: id, hook: h.id))
            }

        case .typed(let key):
            guard var form = state.form else { return .none }
            switch form.handle(key) {
            case .edited: state.form = form; return .none
            case .cancel: state.form = nil; state.formKind = nil; return .none
            case .submit: return submit(&state, form, context: context)
            }
        case .pasted(let text):
            state.form?.paste(text)
            return .none

        case .receipt(let r):
            switch r {
            case .invite(let i): state.newInvite = i; state.tab = .invites
            case .clockAdvance(let a): state.lastAdvance = a
            case .webhook(_, let created): state.newHook = created; state.tab = .webhooks; state.sentHookForm = nil
            case .joined, .created: break
            }
            return .none
        case .writeFinished(let write, let outcome):
            guard write.of(Endpoints.Webhooks.addWebhook) != nil, var form = state.sentHookForm else { return .none }
            switch outcome {
            case .refused(let words): form.refuse(words, field: 0)
            case .invalid(let field, let words): form.refuse(words, field: CommissionerInputs.webhookField(field))
            default: state.sentHookForm = nil; return .none
            }
            state.sentHookForm = nil
            state.form = form; state.formKind = .webhook; state.tab = .webhooks
            return .none
        }
    }

    static func submit(_ state: inout State, _ form: FormFields, context: PageContext) -> Effect<Action> {
        var form = form
        switch state.formKind {
        case .invite?:
            switch CommissionerInputs.invite(form, now: context.env.now()) {
            case .failure(let r): form.refuse(r.message, field: r.field); state.form = form; return .none
            case .success(let v):
                state.form = nil; state.formKind = nil
                return perform(.createInvite(league: state.id, uses: v.uses, expiresAt: v.expiresAt))
            }
        case .schedule?:
            // "In the future" on the league's season clock, which its draft date is a moment of.
            switch CommissionerInputs.draftDate(form, now: state.detail.value?.league.clock ?? state.room.value?.seasonClock ?? context.env.now()) {
            case .failure(let r): form.refuse(r.message, field: r.field); state.form = form; return .none
            case .success(let at):
                state.form = nil; state.formKind = nil
                return perform(.scheduleDraft(league: state.id, at: at))
            }
        case .webhook?:
            switch CommissionerInputs.webhook(form) {
            case .failure(let r): form.refuse(r.message, field: r.field); state.form = form; return .none
            case .success(let v):
                state.form = nil; state.formKind = nil; state.sentHookForm = form
                return perform(.addWebhook(league: state.id, url: v.url, kinds: v.kinds, format: v.format))
            }
        case nil:
            state.form = nil; return .none
        }
    }

    /// An unsaved draft order edit against the order just loaded: teams keep their edited places (by id, with fresh names),
    /// teams that joined go at the end, teams that left come out. Nil when it equals the saved order (it was saved) or can
    /// no longer apply (the draft started); the note says what changed in it, or why it was dropped.
    static func mergeEdit(_ edited: [TeamSummary], into room: DraftBoard) -> (order: [TeamSummary]?, note: String?) {
        guard room.draft.status == .scheduled else {
            return (nil, "The draft has started — your unsaved draft order was not saved; the order is fixed now.")
        }
        let saved = room.teams
        let fresh = Dictionary(saved.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let editedIDs = Set(edited.map(\.id))
        let kept = edited.compactMap { fresh[$0.id] }
        let joined = saved.filter { !editedIDs.contains($0.id) }
        let left = edited.filter { fresh[$0.id] == nil }
        let merged = kept + joined
        var notes: [String] = []
        if !joined.isEmpty { notes.append("\(names(joined)) joined — added at the end of your unsaved order") }
        if !left.isEmpty { notes.append("\(names(left)) left — taken out of your unsaved order") }
        let note = notes.isEmpty ? nil : notes.joined(separator: "; ") + "."
        return (merged.map(\.id) == saved.map(\.id) ? nil : merged, note)
    }

    static func names(_ teams: [TeamSummary]) -> String { teams.map(\.name).joined(separator: ", ") }

    static func perform(_ a: CommissionerAction) -> Effect<Action> { .delegate(.perform(.commissioner(a))) }
    static func toast(_ m: String) -> Effect<Action> { .delegate(.toast(m)) }

    static func load(_ state: inout State, _ context: PageContext, refresh: Bool) -> Effect<Action> {
        let api = context.env.api, id = state.id
        let td = refresh ? state.detail.beginRefresh() : state.detail.begin()
        let tr = refresh ? state.requests.beginRefresh() : state.requests.begin()
        let ti = refresh ? state.invites.beginRefresh() : state.invites.begin()
        let tb = refresh ? state.room.beginRefresh() : state.room.begin()
        // The webhooks, once shown, follow the page's reloads (a delivery log grows as the league's events go out).
        let hooks: Effect<Action> = state.tab == .webhooks || state.hooks.value != nil ? loadHooks(&state, context, refresh: refresh) : .none
        return .merge(
            .load(td, id: EffectID.detail(id), { try await api.league(id) }, answer: Action.detailLoaded),
            .load(tr, id: EffectID.requests(id), { try await api.joinRequests(id) }, answer: Action.requestsLoaded),
            .load(ti, id: EffectID.invites(id), { try await api.invites(id) }, answer: Action.invitesLoaded),
            .load(tb, id: EffectID.room(id), { try await api.draftBoard(id) }, answer: Action.roomLoaded),
            hooks)
    }

    static func loadHooks(_ state: inout State, _ context: PageContext, refresh: Bool) -> Effect<Action> {
        let api = context.env.api, id = state.id
        let t = refresh ? state.hooks.beginRefresh() : state.hooks.begin()
        return .load(t, id: EffectID.hooks(id), { try await api.webhooks(id) }, answer: Action.hooksLoaded)
    }

    /// Keeps the selection on a row that exists (after approving the last request, revoking an invite…).
    static func clampList(_ state: inout State, _ context: PageContext) {
        // The webhooks' list exists once they are read (the tab is the commissioner's, read when first shown).
        for t in Tab.allCases where t != .webhooks || state.hooks.value != nil {
            var s = state
            s.tab = t
            let n = s.rowCount
            var l = s.list
            if n == 0 { l = ListState() } else if l.selected == nil || l.selected! >= n { l.apply(.select(min(l.selected ?? 0, n - 1)), count: n, viewport: context.viewport) }
            state.lists[t] = l
        }
    }

    // MARK: - What may be done

    /// Why the commissioner's actions are off (nil: on). Signed out they are on — pressing one starts the gate.
    public static func notCommissioner(_ d: LeagueDetail?) -> String? {
        guard let d else { return "still loading" }
        if !d.capabilities.signedIn || d.capabilities.isCommissioner { return nil }
        return "Only the commissioner of \(d.league.name) can do this"
    }

    /// Why the draft order and date can't change (nil: they can).
    public static func draftLocked(_ state: State) -> String? {
        if let r = notCommissioner(state.detail.value) { return r }
        guard let room = state.room.value else { return "still loading the draft" }
        return room.draft.status == .scheduled ? nil : "The draft has started — its order and date are fixed"
    }

    /// Why the season clock can't move (nil: it can).
    public static func clockLocked(_ d: LeagueDetail?) -> String? {
        if let r = notCommissioner(d) { return r }
        guard let d else { return "still loading" }
        if d.league.followsRealTime {
            return "\(d.league.name) plays the \(d.league.season) season as it happens: its clock is the real time"
        }
        switch d.league.state {
        case .predraft, .drafting: return "The season clock moves once the draft is complete"
        case .complete: return "The season is over — the clock has nowhere to go"
        case .inSeason, .playoffs: return nil
        }
    }

    /// Why the league can't be renewed into the next season from here (nil: it can; the server still says when the
    /// next season isn't stored).
    public static func renewLocked(_ d: LeagueDetail?) -> String? {
        if let r = notCommissioner(d) { return r }
        guard let d else { return "still loading" }
        if let next = d.nextLeague { return "\(d.league.name) \(d.league.season) was already renewed (league \(next.rawValue))" }
        guard d.league.state == .complete else { return "Renewing opens once the \(d.league.season) season is over (its last week final)" }
        return nil
    }
}

extension CommissionerFeature.State: LoadingReporting {
    public var isLoading: Bool { detail.isLoading || requests.isLoading || invites.isLoading || room.isLoading || hooks.isLoading }
}
