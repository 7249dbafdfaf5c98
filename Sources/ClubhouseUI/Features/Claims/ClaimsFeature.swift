import Foundation
import ClubhouseDomain
import Terminal

/// My waiver claims in a league, in the order they will be tried (player, drop, bid, when they process): `x` cancels
/// one after a confirm, `J`/`K` move one down/up (saved with reorderClaims; shown at once, put back if refused).
/// `t` shows the league's recent transactions instead, where a won claim appears once waivers have run.
public enum ClaimsFeature: PageFeature {
    /// Its cancellable effects.
    enum EffectID: EffectIdentifier { case mine(LeagueID), results(LeagueID), transactions(LeagueID), league(LeagueID) }

    public enum Tab: Hashable, Sendable { case claims, transactions }

    /// "Cancel your claim for …?" about one claim.
    public struct CancelQuestion: Hashable, Sendable {
        public var claim: Int64
        public var confirm: PageConfirm
    }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var tab: Tab = .claims
        public var claims = Loadable<[ClaimView]>()
        /// My processed claims (won, or lost and why), newest first.
        public var results = Loadable<[ClaimView]>()
        public var transactions = Loadable<[TransactionView]>()
        /// The league: waiver type, season clock, my team.
        public var detail = Loadable<LeagueDetail>()
        public var list = ListState()
        /// The order before a reorder not yet confirmed by the server (put back when it refuses).
        public var orderBeforeSave: [ClaimView]?
        /// The cancel question, while open.
        public var confirm: CancelQuestion?
        public init(id: LeagueID, tab: Tab = .claims) { self.id = id; self.tab = tab }

        public var pending: [ClaimView] { claims.value ?? [] }
        var rowCount: Int { tab == .claims ? pending.count : (transactions.value ?? []).count }
        var selectedClaim: ClaimView? { tab == .claims ? pending[safe: list.selected ?? -1] : nil }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        case claimsLoaded(RequestToken, Result<[ClaimView], PresentableError>)
        case resultsLoaded(RequestToken, Result<[ClaimView], PresentableError>)
        case transactionsLoaded(RequestToken, Result<[TransactionView], PresentableError>)
        case detailLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case list(ListMove)
        case rowActivated
        case tabToggled
        /// `J` (+1) / `K` (−1): move the selected claim later / earlier.
        case claimMoved(Int)
        /// `x`: ask before cancelling the selected claim.
        case cancelRequested
        case confirmKey(Key)
        /// How a write this page asked for ended (the shell tells the page on top).
        case writeFinished(GatedWrite, GateOutcome)
    }

    public static func title(_ state: State) -> String { "Waiver claims" }
    public static func page(_ state: State) -> Page { .claims(state.id) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: state.detail.value?.capabilities.myTeam.map { .team($0) }) }
    public static func textEntry(_ state: State) -> TextEntry<Action> { TextEntry(isEditingText: state.confirm != nil, typed: { .confirmKey($0) }) }
    public static func live(_ state: State) -> Live<Action> { Live(refresh: .onAppear) }
    public static func writes(_ state: State) -> Writes<Action> { Writes(finished: { .writeFinished($0, $1) }) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            // Reloads keep what is shown until the answer comes (no flicker after each write).
            func begin<V>(_ l: inout Loadable<V>) -> RequestToken { l.value == nil ? l.begin() : l.beginRefresh() }
            let api = context.env.api, id = state.id
            let c = begin(&state.claims), t = begin(&state.transactions), d = begin(&state.detail), r = begin(&state.results)
            return .merge(.load(c, id: EffectID.mine(id), { try await api.myClaims(id) }, answer: Action.claimsLoaded),
                          .load(r, id: EffectID.results(id), { try await api.myClaimResults(id) }, answer: Action.resultsLoaded),
                          .load(t, id: EffectID.transactions(id), { try await api.transactions(id) }, answer: Action.transactionsLoaded),
                          .load(d, id: EffectID.league(id), { try await api.league(id) }, answer: Action.detailLoaded))
        case .resultsLoaded(let t, let r):
            state.results.finish(t, r)
            return .none
        case .claimsLoaded(let t, let r):
            // A reorder waiting for the server wins over an answer from before it.
            if state.orderBeforeSave != nil, case .success = r { state.claims.finish(t, .success(state.pending)); return .none }
            state.claims.finish(t, r, isEmpty: \.isEmpty)
            clampSelection(&state)
            return .none
        case .transactionsLoaded(let t, let r):
            state.transactions.finish(t, r, isEmpty: \.isEmpty); clampSelection(&state); return .none
        case .detailLoaded(let t, let r):
            state.detail.finish(t, r); return .none
        case .list(let m):
            state.list.apply(m, count: state.rowCount, viewport: context.viewport); return .none
        case .tabToggled:
            state.tab = state.tab == .claims ? .transactions : .claims
            state.list = ListState(selected: state.rowCount > 0 ? 0 : nil)
            return .none
        case .rowActivated:
            let player: PlayerID?
            switch state.tab {
            case .claims: player = state.selectedClaim?.player.id
            case .transactions:
                let t = state.transactions.value?[safe: state.list.selected ?? -1]
                player = t?.added?.id ?? t?.dropped?.id
            }
            guard let player else { return .none }
            return .delegate(.open(.player(player, league: state.id)))
        case .claimMoved(let delta):
            guard let i = state.list.selected, state.tab == .claims, state.pending.indices.contains(i), state.pending.indices.contains(i + delta) else { return .none }
            var order = state.pending
            if state.orderBeforeSave == nil { state.orderBeforeSave = order }
            order.swapAt(i, i + delta)
            state.claims.set(order)
            state.list.selected = i + delta
            return .delegate(.perform(.reorderClaims(league: state.id, team: GatedWrite.myTeam, order: order.map(\.id))))
        case .cancelRequested:
            guard let c = state.selectedClaim else { return .none }
            state.confirm = CancelQuestion(claim: c.id, confirm: PageConfirm(title: "Cancel this claim?",
                                               message: "Your claim for \(c.player.name)\(c.drop.map { " (dropping \($0.name))" } ?? "") is withdrawn before waivers run.",
                                               confirmLabel: "Cancel claim"))
            return .none
        case .confirmKey(let key):
            guard var q = state.confirm else { return .none }
            switch q.confirm.handle(key) {
            case .confirmed?:
                state.confirm = nil
                return .delegate(.perform(.cancelClaim(league: state.id, claim: q.claim)))
            case .cancelled?: state.confirm = nil
            case nil: state.confirm = q
            }
            return .none
        case .writeFinished(let write, let outcome):
            guard write.is(Endpoints.Waivers.reorderClaims) else { return .none }
            if case .refused = outcome, let before = state.orderBeforeSave { state.claims.set(before) }
            state.orderBeforeSave = nil
            return .none
        }
    }

    static func clampSelection(_ state: inout State) {
        let n = state.rowCount
        if n == 0 { state.list.selected = nil } else if (state.list.selected ?? -1) >= n || state.list.selected == nil { state.list.selected = min(state.list.selected ?? 0, n - 1) }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        if state.confirm != nil {
            return Keymap([KeyBinding([.char("y")], .confirmKey(.char("y")), label: "cancel claim", group: "Claims", footer: true),
                           KeyBinding([.char("n")], .confirmKey(.char("n")), label: "keep it", group: "Claims", footer: true)])
        }
        let onClaims = state.tab == .claims, claim = state.selectedClaim, n = state.pending.count
        let noClaim = onClaims ? "no claim selected" : "claims are on the other tab (t)"
        return Keymap([
            KeyBinding([.char("x")], .cancelRequested, label: "cancel claim", group: "Claims", footer: onClaims, enabledWhen: claim != nil, disabledReason: noClaim,
                       operation: Endpoints.Waivers.cancelClaim.name),
            KeyBinding([.char("K")], .claimMoved(-1), label: "reorder", group: "Claims", footer: onClaims, footerKeys: "K/J",
                       enabledWhen: claim != nil && (state.list.selected ?? 0) > 0, disabledReason: claim == nil ? noClaim : "already tried first"),
            KeyBinding([.char("J")], .claimMoved(1), label: "try later", group: "Claims",
                       enabledWhen: claim != nil && (state.list.selected ?? n) < n - 1, disabledReason: claim == nil ? noClaim : "already tried last"),
            KeyBinding([.char("t")], .tabToggled, label: onClaims ? "transactions" : "my claims", group: "Claims", footer: true),
            KeyBinding([.enter], .rowActivated, label: "open player", group: "Claims", footer: true, enabledWhen: state.rowCount > 0, disabledReason: "nothing to open"),
        ] + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }
}

extension ClaimsFeature.State: LoadingReporting {
    public var isLoading: Bool { claims.isLoading || results.isLoading || transactions.isLoading || detail.isLoading }
}
