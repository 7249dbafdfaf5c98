import Foundation
import ClubhouseDomain
import Terminal

/// The draft room's keys: one table drives dispatch, the footer and `?` help.
extension DraftRoomFeature {
    public static func keymap(_ state: State) -> Keymap<Action> {
        let g = "Draft room", c = "Commissioner"
        if state.confirm != nil {
            return Keymap([KeyBinding([.char("y"), .enter], .confirmed, label: "confirm", group: g, footer: true, footerKeys: "y"),
                           KeyBinding([.char("n")], .cancelled, label: "cancel", group: g, footer: true, footerKeys: "n/esc")])
        }
        if let entry = state.entry {
            // Digits type; these rows tell the footer and help what Enter and Esc do.
            let send: String
            switch entry { case .bid: send = "bid"; case .maxBid: send = "set maximum"; case .nominate: send = "nominate" }
            return Keymap([KeyBinding([.enter], .typed(.enter), label: send, group: g, footer: true),
                           KeyBinding([.escape], .typed(.escape), label: "cancel", group: g, footer: true)])
        }
        if state.chatEditing {
            // Every key types; these rows only tell the footer and help what Enter and Esc do.
            return Keymap([KeyBinding([.enter], .typed(.enter), label: "send", group: g, footer: true),
                           KeyBinding([.escape], .typed(.escape), label: "stop typing", group: g, footer: true)])
        }
        let room = state.room.value
        let isComm = room?.capabilities.isCommissioner == true
        let notComm = room?.capabilities.signedIn == true ? "Only the commissioner can do that." : signInMessage
        let status = room?.draft.status
        var b: [KeyBinding<Action>] = []
        let shown = tabs(state)
        for (i, t) in shown.enumerated() {
            b.append(KeyBinding([.char(Character("\(i + 1)"))], .tabSelected(t), label: tabTitle(t, auction: state.isAuction), group: "Tabs",
                                footer: t == .available, footerKeys: "1-\(shown.count)"))
            if t == .available { b[b.count - 1].hint?.label = "tabs" }
        }
        let auction = room?.auction
        switch state.tab {
        case .available where auction != nil:
            let blocked = room.flatMap(nominateBlocked)
            b.append(KeyBinding([.enter], .nominateRequested, label: "nominate", group: g, footer: true, enabledWhen: blocked == nil, disabledReason: blocked,
                                operation: Endpoints.Auction.nominate.name))
            b.append(KeyBinding([.char("a")], .queueAdded, label: "queue", group: g))
            b.append(KeyBinding([.char("/")], .searchBegan, label: "search", group: g))
            b.append(KeyBinding([.char("p")], .positionCycled, label: "position", group: g))
        case .queue where auction != nil:
            let blocked = room.flatMap(nominateBlocked)
            b.append(KeyBinding([.enter], .rowActivated, label: "open player", group: g, enabledWhen: !state.myQueue.isEmpty, disabledReason: "your queue is empty — a adds from Available"))
            b.append(KeyBinding([.char("n")], .nominateRequested, label: "nominate", group: g, footer: true, enabledWhen: blocked == nil, disabledReason: blocked,
                                operation: Endpoints.Auction.nominate.name))
            b.append(KeyBinding([.char("x")], .queueRemoved, label: "remove", group: g))
            b.append(KeyBinding([.char("K")], .queueMoved(-1), label: "move up", group: g))
            b.append(KeyBinding([.char("J")], .queueMoved(1), label: "move down", group: g))
        case .available:
            let blocked = room.flatMap(pickBlocked)
            b.append(KeyBinding([.enter], .pickRequested, label: "draft", group: g, footer: true, enabledWhen: blocked == nil, disabledReason: blocked,
                                operation: Endpoints.Drafting.makePick.name))
            b.append(KeyBinding([.char("a")], .queueAdded, label: "queue", group: g, footer: true))
            b.append(KeyBinding([.char("/")], .searchBegan, label: "search", group: g, footer: true))
            b.append(KeyBinding([.char("p")], .positionCycled, label: "position", group: g, footer: true))
        case .queue:
            let blocked = room.flatMap(pickBlocked)
            b.append(KeyBinding([.enter], .rowActivated, label: "open player", group: g, footer: true, enabledWhen: !state.myQueue.isEmpty, disabledReason: "your queue is empty — a adds from Available"))
            b.append(KeyBinding([.char("d")], .pickRequested, label: "draft", group: g, enabledWhen: blocked == nil, disabledReason: blocked,
                                operation: Endpoints.Drafting.makePick.name))
            b.append(KeyBinding([.char("x")], .queueRemoved, label: "remove", group: g, footer: true))
            b.append(KeyBinding([.char("K")], .queueMoved(-1), label: "move up", group: g, footer: true, footerKeys: "J/K"))
            b[b.count - 1].hint?.label = "reorder"
            b.append(KeyBinding([.char("J")], .queueMoved(1), label: "move down", group: g))
        case .teams: break
        case .roster, .recent:
            b.append(KeyBinding([.enter], .rowActivated, label: "open player", group: g, footer: true, enabledWhen: state.rowCount > 0, disabledReason: "no picks yet"))
        case .chat:
            b.append(KeyBinding([.enter, .char("c")], .chatBegan, label: "type a message", group: g, footer: true))
        }
        if let room, let a = room.auction {
            // Bidding, from every tab: the footer shows them while a player is on the block.
            let bid = bidBlocked(room), max = maxBidBlocked(room), on = a.nomination != nil
            // The high bidder's footer offers no bid against themselves (the keys still say why), only their maximum.
            let leading = on && myAuctionTeam(room).map { $0.team == a.nomination?.highBidder } == true
            b.append(KeyBinding([.char("b")], .raisePressed, label: nextBid(a).map { "bid $\($0)" } ?? "raise by the minimum", group: "Auction",
                                footer: on && !leading, enabledWhen: bid == nil, disabledReason: bid, operation: Endpoints.Auction.bid.name))
            b.append(KeyBinding([.char("$")], .bidBegan, label: "type a bid", group: "Auction", footer: on && !leading, enabledWhen: bid == nil, disabledReason: bid,
                                operation: Endpoints.Auction.bid.name))
            b[b.count - 1].hint?.label = "amount"
            b.append(KeyBinding([.char("m")], .maxBidBegan, label: "set my maximum (proxy bid)", group: "Auction", footer: on,
                                enabledWhen: max == nil, disabledReason: max, operation: Endpoints.Auction.setMaxBid.name))
            b[b.count - 1].hint?.label = "maximum"
            b.append(KeyBinding([.char("M")], .maxBidCleared, label: "clear my maximum", group: "Auction",
                                enabledWhen: max == nil && (a.myMaxBid != nil || !room.capabilities.signedIn), disabledReason: max ?? "You have no maximum on this player.",
                                operation: Endpoints.Auction.setMaxBid.name))
        }
        var comm: [KeyBinding<Action>] = []
        comm.append(KeyBinding([.char("S")], .startPressed, label: "start draft", group: c, footer: isComm && status == .scheduled,
                            enabledWhen: isComm && status == .scheduled, disabledReason: isComm ? "The draft has already started." : notComm))
        comm.append(KeyBinding([.char("P")], .pausePressed, label: status == .paused ? "resume" : "pause", group: c, footer: isComm && (status == .running || status == .paused),
                            enabledWhen: isComm && (status == .running || status == .paused), disabledReason: isComm ? "The draft isn't running." : notComm))
        comm.append(KeyBinding([.char("U")], .undoPressed, label: auction == nil ? "undo last pick" : "undo last sale", group: c,
                            enabledWhen: isComm && !(room?.picks.isEmpty ?? true), disabledReason: isComm ? auction == nil ? "No picks to undo." : "No sales to undo." : notComm))
        if auction == nil {
            comm.append(KeyBinding([.char("F")], .pickForTeamRequested, label: "pick for the team on the clock", group: c,
                                enabledWhen: isComm && status == .running, disabledReason: isComm ? "The draft isn't running." : notComm))
        }
        let manages = room?.capabilities.myTeam != nil
        comm.append(KeyBinding([.char("A")], .autopickPressed, label: autopickLabel(state), group: isComm ? c : g,
                            enabledWhen: (isComm || manages) && status != .complete,
                            disabledReason: isComm || manages ? "The draft is complete." : notComm))
        // What the commissioner must do next (start, resume) comes right after the tabs in the footer.
        let urgent: Key? = !isComm ? nil : status == .scheduled ? .char("S") : status == .paused ? .char("P") : nil
        let first = comm.filter { $0.keys.first == urgent }, rest = comm.filter { $0.keys.first != urgent }
        b.insert(contentsOf: first, at: shown.count)
        return Keymap(b + rest + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    /// The team `A` switches autopick for. A manager: their own team. The commissioner: in an auction the team selected
    /// on the Teams tab, elsewhere their own team (it once took the high bidder's); in a draft by rounds the team on
    /// the clock (an absent manager's).
    static func autopickTarget(_ state: State) -> TeamSummary? {
        guard let room = state.room.value else { return nil }
        let mine = room.teams.first { $0.id == room.capabilities.myTeam }
        guard room.capabilities.isCommissioner else { return mine }
        guard let a = room.auction else { return onTheClock(room) }
        if state.tab == .teams, let chosen = a.teams[safe: state.lists[.teams]?.selected ?? -1] {
            return room.teams.first { $0.id == chosen.team }
        }
        return mine
    }

    /// "autopick on for Bits" / "autopick off for Bits": what `A` will do, from the team's real flag.
    static func autopickLabel(_ state: State) -> String {
        guard let room = state.room.value, let team = autopickTarget(state) else {
            let room = state.room.value
            if room?.capabilities.isCommissioner == true { return room?.auction != nil ? "toggle autopick (the team chosen on Teams)" : "toggle autopick (team on the clock)" }
            return "toggle autopick for my team"
        }
        return "autopick \(room.onAutopick.contains(team.id) ? "off" : "on") for \(team.name)"
    }
}
