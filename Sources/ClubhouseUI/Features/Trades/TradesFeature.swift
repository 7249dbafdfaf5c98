import Foundation
import ClubhouseDomain
import Terminal

/// A league's trades: offers to me, my offers, trades in review (with the vote count) and history. The selected
/// trade shows what each side gets with each player's rest-of-season trade value. `a` accepts (first choosing my own
/// drops when my roster would be over its limit: `space` marks, `a` again accepts, `esc` goes back), `r` rejects,
/// `c` counters (the builder, filled in the other way round), `w` withdraws my offer, `v` votes against a trade in
/// review, `X` (commissioner) cancels one in review or reverses an executed one, `n` builds a new offer. Every answer
/// asks first and goes through the soft gate when signed out.
public enum TradesFeature: PageFeature {
    enum EffectID: EffectIdentifier { case trades(LeagueID), league(LeagueID) }

    public enum Tab: Int, CaseIterable, Hashable, Sendable {
        case toMe, mine, review, history
        var title: String {
            switch self {
            case .toMe: "Offers to me"
            case .mine: "My offers"
            case .review: "In review"
            case .history: "History"
            }
        }
    }

    /// "Accept this trade?" — a write waiting for y/n.
    public struct Question: Hashable, Sendable {
        public var write: GatedWrite
        public var confirm: PageConfirm
    }

    /// Accepting an offer my roster has no room for: I choose my own drops first.
    public struct DropChoice: Hashable, Sendable {
        public var trade: TradeID
        /// My players I may drop (outside IR, not in the trade, not locked), least valuable first.
        public var candidates: [PlayerID]
        public var chosen: [PlayerID] = []
        public var selected = 0
        /// How many the limit asks for, and its sentence ("Bits would hold 17 players outside IR — 16 is the most").
        public var need: Int
        public var limit: String
    }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        public var tab: Tab = .toMe
        public var trades = Loadable<[TradeView]>()
        public var detail = Loadable<LeagueDetail>()
        public var list = ListState()
        public var question: Question?
        public var dropChoice: DropChoice?
        public init(id: LeagueID, tab: Tab = .toMe) { self.id = id; self.tab = tab }

        var myTeam: TeamID? { detail.value?.capabilities.myTeam }
        var isCommissioner: Bool { detail.value?.capabilities.isCommissioner == true }
        func shown(_ tab: Tab) -> [TradeView] {
            let all = trades.value ?? []
            switch tab {
            case .toMe: return all.filter { $0.state == .proposed && $0.with.id == myTeam && myTeam != nil }
            case .mine: return all.filter { $0.state == .proposed && $0.team.id == myTeam && myTeam != nil }
            case .review: return all.filter { $0.state == .inReview }
            case .history: return all.filter { !$0.state.isOpen }
            }
        }
        var rows: [TradeView] { shown(tab) }
        var selected: TradeView? { rows[safe: list.selected ?? -1] }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        case tradesLoaded(RequestToken, Result<[TradeView], PresentableError>)
        case detailLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case list(ListMove)
        case tabMoved(Int)
        case acceptRequested, rejectRequested, withdrawRequested, vetoRequested, cancelRequested
        case counterRequested, newOfferRequested
        case rowActivated
        case confirmKey(Key)
        case dropMoved(Int), dropToggled, dropsChosen, dropChoiceCancelled
    }

    public static func title(_ state: State) -> String { "Trades" }
    public static func page(_ state: State) -> Page { .trades(state.id) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: state.myTeam.map { .team($0) }) }
    public static func textEntry(_ state: State) -> TextEntry<Action> { TextEntry(isEditingText: state.question != nil, typed: { .confirmKey($0) }) }

    public static func live(_ state: State) -> Live<Action> { Live(refresh: .onAppear) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear, .retry:
            func begin<V>(_ l: inout Loadable<V>) -> RequestToken { l.value == nil ? l.begin() : l.beginRefresh() }
            let api = context.env.api, id = state.id
            let t = begin(&state.trades), d = begin(&state.detail)
            return .merge(.load(t, id: EffectID.trades(id), { try await api.call(Endpoints.Trades.list, At.League(id)) }, answer: Action.tradesLoaded),
                          .load(d, id: EffectID.league(id), { try await api.league(id) }, answer: Action.detailLoaded))
        case .tradesLoaded(let t, let r):
            state.trades.finish(t, r)
            // A tab emptied by what happened (my offer was countered, the offer to me executed) gives way to the first tab
            // that has trades, offers to me first.
            if state.trades.value != nil, state.detail.value != nil, state.rows.isEmpty { state.tab = firstTabWithTrades(state) }
            clampSelection(&state)
            return .none
        case .detailLoaded(let t, let r):
            state.detail.finish(t, r)
            if state.trades.value != nil, state.rows.isEmpty { state.tab = firstTabWithTrades(state) }
            clampSelection(&state)
            return .none
        case .list(let m):
            state.list.apply(m, count: state.rows.count, viewport: context.viewport); return .none
        case .tabMoved(let delta):
            let n = Tab.allCases.count
            state.tab = Tab(rawValue: ((state.tab.rawValue + delta) % n + n) % n)!
            state.list = ListState(selected: state.rows.isEmpty ? nil : 0)
            return .none
        case .acceptRequested:
            guard let t = state.selected, t.state == .proposed, t.with.id == state.myTeam else { return .none }
            // My roster would be over its limit: I choose my own drops first (the proposer never names them).
            if let after = t.myRosterAfter, let limit = after.limit {
                state.dropChoice = DropChoice(trade: t.id, candidates: after.droppable, need: after.mustDrop, limit: limit)
                return .none
            }
            askAccept(&state, t, drops: [])
            return .none
        case .dropMoved(let delta):
            guard var c = state.dropChoice, !c.candidates.isEmpty else { return .none }
            c.selected = min(max(0, c.selected + delta), c.candidates.count - 1)
            state.dropChoice = c
            return .none
        case .dropToggled:
            guard var c = state.dropChoice, let player = c.candidates[safe: c.selected] else { return .none }
            if let i = c.chosen.firstIndex(of: player) { c.chosen.remove(at: i) } else { c.chosen.append(player) }
            state.dropChoice = c
            return .none
        case .dropsChosen:
            guard let c = state.dropChoice, let t = state.rows.first(where: { $0.id == c.trade }) else { return .none }
            askAccept(&state, t, drops: c.chosen)
            return .none
        case .dropChoiceCancelled:
            state.dropChoice = nil
            return .none
        case .rejectRequested:
            guard let t = state.selected, t.state == .proposed, t.with.id == state.myTeam else { return .none }
            ask(&state, Endpoints.Trades.reject, t, title: "Turn this offer down?", verb: "Reject", message: "\(t.team.name) is told at once.")
            return .none
        case .withdrawRequested:
            guard let t = state.selected, t.state == .proposed, t.team.id == state.myTeam else { return .none }
            ask(&state, Endpoints.Trades.withdraw, t, title: "Withdraw your offer?", verb: "Withdraw", message: "\(t.with.name) can no longer accept it.")
            return .none
        case .vetoRequested:
            guard let t = state.selected, t.canVote else { return .none }
            ask(&state, Endpoints.Trades.veto, t, title: "Vote against this trade?", verb: "Vote",
                message: "\(t.trade.vetoThreshold) votes cancel it (\(t.trade.votes) so far). Votes are anonymous.")
            return .none
        case .cancelRequested:
            guard let t = state.selected, state.isCommissioner, t.state == .inReview || t.state == .executed else { return .none }
            if t.state == .inReview {
                ask(&state, Endpoints.Trades.veto, t, title: "Cancel this trade?", verb: "Cancel trade",
                    message: "As commissioner you stop it before it executes; both teams are told.")
            } else {
                ask(&state, Endpoints.Trades.reverse, t, title: "Reverse this trade?", verb: "Reverse",
                    message: "Everything it moved goes back in a new transaction; both teams are told.")
            }
            return .none
        case .counterRequested:
            guard let t = state.selected, t.state == .proposed, t.with.id == state.myTeam else { return .none }
            return .delegate(.open(.tradeBuilder(state.id, counter: t.id)))
        case .newOfferRequested:
            return .delegate(.open(.tradeBuilder(state.id, counter: nil)))
        case .rowActivated:
            guard let t = state.selected, let player = (t.trade.proposal.give.players + t.trade.proposal.get.players).first else { return .none }
            return .delegate(.open(.player(player, league: state.id)))
        case .confirmKey(let key):
            guard var q = state.question else { return .none }
            switch q.confirm.handle(key) {
            case .confirmed?:
                state.question = nil
                state.dropChoice = nil
                return .delegate(.perform(q.write))
            case .cancelled?: state.question = nil
            case nil: state.question = q
            }
            return .none
        }
    }

    /// "Accept this trade?" naming what each side gets and the drops of both sides (mine chosen here).
    static func askAccept(_ state: inout State, _ t: TradeView, drops: [PlayerID]) {
        var message = "You get \(assets(t, t.trade.proposal.give)); \(t.team.name) gets \(assets(t, t.trade.proposal.get))."
        func name(_ id: PlayerID) -> String { t.player(id)?.player.name ?? t.myRosterAfter?.players.first { $0.player.id == id }?.player.name ?? id.rawValue }
        func names(_ ids: [PlayerID]) -> String { ids.map(name).joined(separator: ", ") }
        if !drops.isEmpty { message += " You drop \(names(drops))." }
        if !t.trade.proposal.drops.isEmpty { message += " \(t.team.name) drops \(names(t.trade.proposal.drops))." }
        if !drops.isEmpty || !t.trade.proposal.drops.isEmpty { message += " Drops happen only if it goes through." }
        message += reviewNote(state)
        state.question = Question(write: GatedWrite(Endpoints.Trades.accept, At.Trade(state.id, trade: t.id), Wire.TradeAcceptance(drops: drops)),
                                  confirm: PageConfirm(title: "Accept this trade?", message: message, confirmLabel: "Accept"))
    }

    static func ask(_ state: inout State, _ endpoint: Endpoint<At.Trade, Wire.Empty, Trade>, _ t: TradeView, title: String, verb: String, message: String) {
        state.question = Question(write: GatedWrite(endpoint, At.Trade(state.id, trade: t.id)),
                                  confirm: PageConfirm(title: title, message: message, confirmLabel: verb))
    }

    /// "Dalvin Cook, 2019 round 3 (Bytes)" — or "nothing".
    static func assets(_ t: TradeView, _ a: TradeAssets) -> String {
        let names = a.players.map { t.player($0)?.player.name ?? $0.rawValue } + a.picks.map { t.pick($0)?.label ?? "R\($0.round) pick" }
        return names.isEmpty ? "nothing" : names.joined(separator: ", ")
    }

    static func reviewNote(_ state: State) -> String {
        guard let s = state.detail.value?.league.settings else { return "" }
        switch s.tradeReview {
        case .noReview: return " It executes at once."
        case .commissioner: return " The commissioner may cancel it for \(s.tradeReviewHours) h."
        case .vote: return " The league may vote it down for \(s.tradeReviewHours) h."
        }
    }

    static func firstTabWithTrades(_ state: State) -> Tab { Tab.allCases.first { !state.shown($0).isEmpty } ?? .toMe }

    static func clampSelection(_ state: inout State) {
        let n = state.rows.count
        if n == 0 { state.list.selected = nil } else { state.list.selected = min(state.list.selected ?? 0, n - 1) }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        if let q = state.question {
            return Keymap([KeyBinding([.char("y")], .confirmKey(.char("y")), label: q.confirm.confirmLabel.lowercased(), group: "Trades", footer: true),
                           KeyBinding([.char("n")], .confirmKey(.char("n")), label: "keep", group: "Trades", footer: true)])
        }
        if let c = state.dropChoice {
            let enough = c.chosen.count >= c.need
            return Keymap([
                KeyBinding([.char(" ")], .dropToggled, label: "drop / keep", group: "Accept", footer: true, footerKeys: "space"),
                KeyBinding([.char("a"), .enter], .dropsChosen, label: "accept with these drops", group: "Accept", footer: true, footerKeys: "a",
                           enabledWhen: enough, disabledReason: "choose \(c.need - c.chosen.count) more to drop", operation: Endpoints.Trades.accept.name),
                KeyBinding([.down, .char("j")], .dropMoved(1), label: "next", group: "Accept"),
                KeyBinding([.up, .char("k")], .dropMoved(-1), label: "previous", group: "Accept"),
                KeyBinding([.escape], .dropChoiceCancelled, label: "back", group: "Accept", footer: true, footerKeys: "esc"),
            ])
        }
        let t = state.selected, mine = state.myTeam
        let offerToMe = t.map { $0.state == .proposed && $0.with.id == mine && mine != nil } ?? false
        let myOffer = t.map { $0.state == .proposed && $0.team.id == mine && mine != nil } ?? false
        let notToMe = t == nil ? "no trade selected" : "only for an offer to your team"
        let canCancel = state.isCommissioner && (t?.state == .inReview || t?.state == .executed)
        return Keymap([
            KeyBinding([.char("a")], .acceptRequested, label: "accept", group: "Trades", footer: offerToMe, enabledWhen: offerToMe, disabledReason: notToMe,
                       operation: Endpoints.Trades.accept.name),
            KeyBinding([.char("r")], .rejectRequested, label: "reject", group: "Trades", footer: offerToMe, enabledWhen: offerToMe, disabledReason: notToMe,
                       operation: Endpoints.Trades.reject.name),
            KeyBinding([.char("c")], .counterRequested, label: "counter", group: "Trades", footer: offerToMe, enabledWhen: offerToMe, disabledReason: notToMe,
                       operation: Endpoints.Trades.counter.name),
            KeyBinding([.char("w")], .withdrawRequested, label: "withdraw", group: "Trades", footer: myOffer, enabledWhen: myOffer,
                       disabledReason: t == nil ? "no trade selected" : "only for your own offer", operation: Endpoints.Trades.withdraw.name),
            KeyBinding([.char("v")], .vetoRequested, label: "vote against", group: "Trades", footer: t?.canVote == true, enabledWhen: t?.canVote == true,
                       disabledReason: "only in a league vote, for a trade in review you aren't part of",
                       operation: Endpoints.Trades.veto.name),
            KeyBinding([.char("X")], .cancelRequested, label: t?.state == .executed ? "reverse" : "cancel", group: "Trades", footer: canCancel,
                       enabledWhen: canCancel, disabledReason: "the commissioner cancels a trade in review or reverses an executed one",
                       operation: (t?.state == .executed ? Endpoints.Trades.reverse : Endpoints.Trades.veto).name),
            KeyBinding([.char("n")], .newOfferRequested, label: "new offer", group: "Trades", footer: true, enabledWhen: mine != nil || state.detail.value?.capabilities.signedIn == false,
                       disabledReason: "you don't have a team in this league", operation: Endpoints.Trades.propose.name),
            KeyBinding([.char("t")], .tabMoved(1), label: "next tab", group: "Trades", footer: true, footerKeys: "t"),
            KeyBinding([.char("T")], .tabMoved(-1), label: "previous tab", group: "Trades"),
            KeyBinding([.enter], .rowActivated, label: "open player", group: "Trades", enabledWhen: t != nil, disabledReason: "no trade selected"),
        ] + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }
}

extension TradesFeature.State: LoadingReporting {
    public var isLoading: Bool { trades.isLoading || detail.isLoading }
}
