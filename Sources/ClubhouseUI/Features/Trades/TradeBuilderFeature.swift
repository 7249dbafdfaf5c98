import Foundation
import ClubhouseDomain
import Terminal

/// Builds a trade offer (or a counter): pick the other team, then mark players and draft picks on both sides — `space`
/// puts the selected player or pick in the trade, `d` marks one of mine to drop if my roster would overflow (the other
/// team chooses its own drops when it accepts), `←`/`→` switch roster. Every player shows his rest-of-season trade
/// value (`TradeMarket`, the numbers the review and the bots use); each side lists the draft picks it owns and may
/// trade, as "2019 round 3 (Bytes)" —
/// `b` shows only the players the other team has on its trading block, and `s` sends it after a confirm. A counter opens with the offer turned round (what they asked of me, what they
/// offered), to change and send back. Signed out, sending goes through the soft gate and is sent after sign-in.
public enum TradeBuilderFeature: PageFeature {
    enum EffectID: EffectIdentifier { case league(LeagueID), roster(LeagueID, TeamID), trades(LeagueID), market(LeagueID) }

    public enum Side: Hashable, Sendable { case mine, theirs }

    /// One row of a side's list: a player of the roster, or a draft pick the team owns.
    public enum Item: Hashable, Sendable {
        case player(RosterRow)
        case pick(TradeView.TradePick)
    }

    public struct State: Equatable, Sendable {
        public var id: LeagueID
        /// The offer this one counters.
        public var counter: TradeID?
        public var detail = Loadable<LeagueDetail>()
        /// Picking the other team (nil once chosen).
        public var partner: TeamID?
        public var teamList = ListState()
        public var mine = Loadable<TeamRoster>()
        public var theirs = Loadable<TeamRoster>()
        /// Values and each team's tradable picks.
        public var market = Loadable<TradeMarket>()
        /// The offer being countered was turned round into the marks (once: a reload after a refusal keeps the marks).
        public var counterFilled = false
        public var side: Side = .theirs
        public var mineList = ListState(), theirsList = ListState()
        /// What I give, what I get, and my drops (dropped only if the trade goes through).
        public var give: [PlayerID] = [], get: [PlayerID] = [], drops: [PlayerID] = []
        /// The picks I give and get.
        public var givePicks: [DraftPickRef] = [], getPicks: [DraftPickRef] = []
        public var confirm: PageConfirm?
        /// Why `s` can't send yet, shown under the rosters.
        public var problem: String?
        /// `b`: their roster shows only the players on their trading block.
        public var blockOnly = false
        public init(id: LeagueID, counter: TradeID? = nil) { self.id = id; self.counter = counter }

        var myTeam: TeamID? { detail.value?.capabilities.myTeam }
        var others: [TeamSummary] { (detail.value?.teams ?? []).filter { $0.id != myTeam } }
        /// The one roster limit (the server's): players outside IR plus picks still to make.
        var capacity: Int { market.value?.activeCapacity ?? detail.value.map { RosterRules.activeCapacity($0.league.settings) } ?? 15 }
        var myPicks: [TradeView.TradePick] { myTeam.flatMap { market.value?.picks(of: $0) } ?? [] }
        var theirPicks: [TradeView.TradePick] { partner.flatMap { market.value?.picks(of: $0) } ?? [] }
        /// What my roster would count against `capacity` after the trade: players outside IR (IR players stay where
        /// they are and don't count, nor do the IR slots), arrivals, and this season's picks still to make (a future
        /// pick is no place on this season's roster).
        var mySizeAfter: Int {
            let rows = mine.value?.rows ?? []
            let leaving = Set(give + drops)
            let staying = rows.filter { !$0.slot.isReserve && !leaving.contains($0.player.id) }.count
            return staying + get.count + thisSeason(myPicks.map(\.pick)) - thisSeason(givePicks) + thisSeason(getPicks)
        }
        var mySizeBefore: Int { (mine.value?.rows ?? []).filter { !$0.slot.isReserve }.count + thisSeason(myPicks.map(\.pick)) }
        /// How many of `picks` are of the league's own season (a future pick is no place on this season's roster).
        func thisSeason(_ picks: [DraftPickRef]) -> Int {
            let own = market.value?.season ?? detail.value?.league.season ?? 0
            return picks.filter { !$0.isFuture(of: own) }.count
        }
        /// The server's sentence when my roster would be over ("Bits would hold 16 players outside IR — 15 is the most").
        var limitSentence: String? {
            guard mySizeAfter > capacity, mySizeAfter > mySizeBefore else { return nil }
            return TradeRules.capacitySentence(team: mine.value?.team.name ?? "Your team", holding: mySizeAfter, capacity: capacity,
                                               withPicks: thisSeason(myPicks.map(\.pick) + getPicks) > 0)
        }
        var proposal: TradeProposal? {
            guard let myTeam, let partner else { return nil }
            return TradeProposal(team: myTeam, with: partner, give: TradeAssets(players: give, picks: givePicks),
                                 get: TradeAssets(players: get, picks: getPicks), drops: drops)
        }
        var partnerName: String { others.first { $0.id == partner }?.name ?? "them" }
        /// My roster after the trade as it stands, counted by position: "QB 2 · RB 5 · WR 4" (positions I'd have).
        var myPositionsAfter: String {
            let leaving = Set(give + drops)
            let after = (mine.value?.rows ?? []).filter { !leaving.contains($0.player.id) }.map(\.player.position)
                + (theirs.value?.rows ?? []).filter { get.contains($0.player.id) }.map(\.player.position)
            return Position.allCases.compactMap { p in
                let n = after.filter { $0 == p }.count
                return n == 0 ? nil : "\(p.rawValue) \(n)"
            }.joined(separator: " · ")
        }
        func rows(_ side: Side) -> [RosterRow] {
            if side == .mine { return mine.value?.rows ?? [] }
            return (theirs.value?.rows ?? []).filter { !blockOnly || $0.onTradingBlock }
        }
        /// A side's list: its players, then the picks it owns (not on the trading-block filter).
        func items(_ side: Side) -> [Item] {
            rows(side).map(Item.player) + (side == .theirs && blockOnly ? [] : (side == .mine ? myPicks : theirPicks).map(Item.pick))
        }
        func value(_ player: PlayerID) -> Double? { market.value?.value(player) }
        /// A pick's name: "2019 round 3 (Bytes)".
        func pickName(_ ref: DraftPickRef) -> String {
            (myPicks + theirPicks).first { $0.pick == ref }?.label
                ?? TradeView.pickName(ref, season: market.value?.season ?? detail.value?.league.season ?? 0,
                                      team: (detail.value?.teams ?? []).first { $0.id == ref.team }?.name ?? "Team \(ref.team.rawValue)")
        }
    }

    public enum Action: PageActionCases {
        case onAppear, retry
        case detailLoaded(RequestToken, Result<LeagueDetail, PresentableError>)
        case mineLoaded(RequestToken, Result<TeamRoster, PresentableError>)
        case theirsLoaded(RequestToken, Result<TeamRoster, PresentableError>)
        case countered(RequestToken, Result<[TradeView], PresentableError>)
        case marketLoaded(RequestToken, Result<TradeMarket, PresentableError>)
        case refused(field: String?, message: String)
        case list(ListMove)
        case teamChosen
        case sideSwitched
        case toggled
        case dropToggled
        case blockFilterToggled
        case sendRequested
        case confirmKey(Key)
    }

    public static func title(_ state: State) -> String { state.counter == nil ? "New trade" : "Counter-offer" }
    public static func page(_ state: State) -> Page { .tradeBuilder(state.id, counter: state.counter) }
    public static func board(_ state: State) -> BoardContext { .league(state.id, week: nil, highlight: state.myTeam.map { .team($0) }) }
    public static func textEntry(_ state: State) -> TextEntry<Action> { TextEntry(isEditingText: state.confirm != nil, typed: { .confirmKey($0) }) }
    /// A refusal (a roster limit, a player gone) is shown under the rosters and every mark stays.
    public static func writes(_ state: State) -> Writes<Action> { Writes(refused: { .refused(field: $0, message: $1) }, closesAfterItsWrite: true) }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        let api = context.env.api, id = state.id
        switch action {
        case .onAppear, .retry:
            let d = state.detail.begin()
            let m = state.market.value == nil ? state.market.begin() : state.market.beginRefresh()
            var effects: [Effect<Action>] = [.load(d, id: EffectID.league(id), { try await api.league(id) }, answer: Action.detailLoaded),
                                             .load(m, id: EffectID.market(id), { try await api.call(Endpoints.Trades.market, At.League(id)) },
                                                   answer: Action.marketLoaded)]
            if state.counter != nil, !state.counterFilled {
                var none = Loadable<[TradeView]>()
                let t = none.begin()
                effects.append(.load(t, id: EffectID.trades(id), { try await api.call(Endpoints.Trades.list, At.League(id)) }, answer: Action.countered))
            }
            return .merge(effects)
        case .detailLoaded(let t, let r):
            state.detail.finish(t, r)
            guard let mine = state.myTeam else { return .none }
            let m = state.mine.begin()
            var effects: [Effect<Action>] = [.load(m, id: EffectID.roster(id, mine), { try await api.roster(id, team: mine) }, answer: Action.mineLoaded)]
            if state.partner == nil { state.teamList = ListState(selected: state.others.isEmpty ? nil : 0) } else { effects.append(loadTheirs(&state, api: api)) }
            return .merge(effects)
        case .mineLoaded(let t, let r):
            state.mine.finish(t, r); clamp(&state); return .none
        case .theirsLoaded(let t, let r):
            state.theirs.finish(t, r); clamp(&state); return .none
        case .marketLoaded(let t, let r):
            state.market.finish(t, r); clamp(&state); return .none
        case .refused(_, let message):
            state.problem = message
            return .none
        case .countered(_, let r):
            // The offer turned round: I give what they asked for, I get what they offered.
            guard case .success(let trades) = r, let counter = state.counter, !state.counterFilled,
                  let t = trades.first(where: { $0.id == counter }) else { return .none }
            state.counterFilled = true
            let p = t.trade.proposal
            state.partner = p.team
            state.give = p.get.players; state.get = p.give.players
            state.givePicks = p.get.picks; state.getPicks = p.give.picks
            return state.detail.value == nil ? .none : loadTheirs(&state, api: api)
        case .list(let m):
            if state.partner == nil {
                state.teamList.apply(m, count: state.others.count, viewport: context.viewport)
            } else if state.side == .mine {
                state.mineList.apply(m, count: state.items(.mine).count, viewport: context.viewport)
            } else {
                state.theirsList.apply(m, count: state.items(.theirs).count, viewport: context.viewport)
            }
            return .none
        case .teamChosen:
            guard state.partner == nil, let team = state.others[safe: state.teamList.selected ?? -1] else { return .none }
            state.partner = team.id
            state.side = .theirs
            return loadTheirs(&state, api: api)
        case .sideSwitched:
            state.side = state.side == .mine ? .theirs : .mine
            return .none
        case .toggled:
            guard state.partner != nil else { return reduce(into: &state, action: .teamChosen, context: context) }
            state.problem = nil
            let list = state.side == .mine ? state.mineList : state.theirsList
            switch state.items(state.side)[safe: list.selected ?? -1] {
            case .player(let row)?:
                if state.side == .mine {
                    toggle(row.player.id, in: &state.give)
                    state.drops.removeAll { $0 == row.player.id }
                } else {
                    toggle(row.player.id, in: &state.get)
                }
            case .pick(let pick)?:
                if state.side == .mine { toggle(pick.pick, in: &state.givePicks) } else { toggle(pick.pick, in: &state.getPicks) }
            case nil: break
            }
            return .none
        case .dropToggled:
            guard state.side == .mine, case .player(let row)? = state.items(.mine)[safe: state.mineList.selected ?? -1],
                  !state.give.contains(row.player.id) else { return .none }
            toggle(row.player.id, in: &state.drops)
            state.problem = nil
            return .none
        case .blockFilterToggled:
            state.blockOnly.toggle()
            state.theirsList = ListState()
            clamp(&state)
            return .none
        case .sendRequested:
            guard let p = state.proposal else { return .none }
            if p.give.isEmpty && p.get.isEmpty { state.problem = "Mark at least one player or pick (space) on either side"; return .none }
            if let limit = state.limitSentence {
                state.problem = "\(limit) — mark \(state.mySizeAfter - state.capacity) to drop (d)"
                return .none
            }
            let known = state
            let names = { (ids: [PlayerID], picks: [DraftPickRef], side: Side) -> String in
                let all = ids.map { id in known.rows(side).first { $0.player.id == id }?.player.name ?? id.rawValue } + picks.map(known.pickName)
                return all.isEmpty ? "nothing" : all.joined(separator: ", ")
            }
            var message = "You give \(names(p.give.players, p.give.picks, .mine)); you get \(names(p.get.players, p.get.picks, .theirs))."
            if !p.drops.isEmpty { message += " You drop \(names(p.drops, [], .mine)) if it goes through." }
            message += " \(state.partnerName) chooses its own drops if it accepts."
            state.confirm = PageConfirm(title: state.counter == nil ? "Send this offer to \(state.partnerName)?" : "Send this counter-offer?",
                                        message: message, confirmLabel: "Send")
            return .none
        case .confirmKey(let key):
            guard var c = state.confirm else { return .none }
            switch c.handle(key) {
            case .confirmed?:
                state.confirm = nil
                guard let p = state.proposal else { return .none }
                if let counter = state.counter { return .delegate(.perform(GatedWrite(Endpoints.Trades.counter, At.Trade(id, trade: counter), p))) }
                return .delegate(.perform(GatedWrite(Endpoints.Trades.propose, At.League(id), p)))
            case .cancelled?: state.confirm = nil
            case nil: state.confirm = c
            }
            return .none
        }
    }

    static func loadTheirs(_ state: inout State, api: any LeagueAPI) -> Effect<Action> {
        guard let partner = state.partner else { return .none }
        let t = state.theirs.begin(), id = state.id
        return .load(t, id: EffectID.roster(id, partner), { try await api.roster(id, team: partner) }, answer: Action.theirsLoaded)
    }

    static func toggle<T: Equatable>(_ id: T, in list: inout [T]) {
        if let i = list.firstIndex(of: id) { list.remove(at: i) } else { list.append(id) }
    }

    static func clamp(_ state: inout State) {
        for side in [Side.mine, .theirs] {
            let n = state.items(side).count
            let selected: Int? = n == 0 ? nil : min((side == .mine ? state.mineList : state.theirsList).selected ?? 0, n - 1)
            if side == .mine { state.mineList.selected = selected } else { state.theirsList.selected = selected }
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        if state.confirm != nil {
            return Keymap([KeyBinding([.char("y")], .confirmKey(.char("y")), label: "send", group: "Trade", footer: true),
                           KeyBinding([.char("n")], .confirmKey(.char("n")), label: "keep editing", group: "Trade", footer: true)])
        }
        if state.partner == nil {
            return Keymap([KeyBinding([.enter, .char(" ")], .teamChosen, label: "trade with this team", group: "Trade", footer: true,
                                      enabledWhen: !state.others.isEmpty, disabledReason: "no other team")]
                          + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
        }
        let onMine = state.side == .mine
        return Keymap([
            KeyBinding([.char(" "), .enter], .toggled, label: onMine ? "give / keep" : "ask for / leave", group: "Trade", footer: true, footerKeys: "space"),
            KeyBinding([.left, .right], .sideSwitched, label: onMine ? "their roster" : "my roster", group: "Trade", footer: true, footerKeys: "←/→"),
            KeyBinding([.char("d")], .dropToggled, label: "drop if it goes through", group: "Trade", footer: onMine, enabledWhen: onMine,
                       disabledReason: "drops are from your own roster (←)"),
            KeyBinding([.char("b")], .blockFilterToggled, label: state.blockOnly ? "their whole roster" : "on the block only", group: "Trade",
                       footer: true),
            KeyBinding([.char("s")], .sendRequested, label: state.counter == nil ? "send offer" : "send counter", group: "Trade", footer: true,
                       enabledWhen: state.proposal != nil, disabledReason: "still loading"),
        ] + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }
}

extension TradeBuilderFeature.State: LoadingReporting {
    public var isLoading: Bool { detail.isLoading || mine.isLoading || theirs.isLoading || market.isLoading }
}
