import Foundation
import ClubhouseDomain
import Terminal

/// The draft room's keys: one table drives dispatch, the footer and `?` help. The shell's keys are the tabs, the
/// lists, the queue, the chat and the commissioner's controls; a child's (a pick, a bid, a nomination) sit among them.
extension DraftRoomFeature {
    static let keyGroup = "Draft room"

    /// A question's keys: y (or Enter) answers yes, n no (Esc too, through `escaped`).
    static func yesOrNo<A>(_ yes: A, _ no: A) -> Keymap<A> {
        Keymap([KeyBinding([.char("y"), .enter], yes, label: "confirm", group: keyGroup, footer: true, footerKeys: "y"),
                KeyBinding([.char("n")], no, label: "cancel", group: keyGroup, footer: true, footerKeys: "n/esc")])
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        let g = keyGroup, c = "Commissioner"
        if state.confirm != nil { return yesOrNo(.confirmed, .cancelled) }
        let rounds = state.rounds, auction = state.auction
        if let rounds, rounds.confirm != nil { return RoundsDraftFeature.confirmKeymap.mapActions(Action.rounds) }
        if let auction, let entry = auction.entry { return AuctionRoomFeature.entryKeymap(entry).mapActions(Action.auction) }
        if state.chatEditing {
            // Every key types; these rows only tell the footer and help what Enter and Esc do.
            return Keymap([KeyBinding([.enter], .typed(.enter), label: "send", group: g, footer: true),
                           KeyBinding([.escape], .typed(.escape), label: "stop typing", group: g, footer: true)])
        }
        let room = state.room.value
        let isComm = room?.capabilities.isCommissioner == true
        let notComm = room?.capabilities.signedIn == true ? "Only the commissioner can do that." : signInMessage
        let status = room?.draft.status
        // An auction's footer keeps its room for bidding: the list keys show in help only.
        let footer = auction == nil
        var b: [KeyBinding<Action>] = []
        let shown = tabs(state)
        for (i, t) in shown.enumerated() {
            b.append(KeyBinding([.char(Character("\(i + 1)"))], .tabSelected(t), label: tabTitle(t, auction: state.isAuction), group: "Tabs",
                                footer: t == .available, footerKeys: "1-\(shown.count)"))
            if t == .available { b[b.count - 1].hint?.label = "tabs" }
        }
        switch state.tab {
        case .available:
            if let auction { b.append(AuctionRoomFeature.nominateKey(auction, on: .available).map(Action.auction)) }
            if let rounds { b.append(RoundsDraftFeature.draftKey(rounds, on: .available).map(Action.rounds)) }
            b.append(KeyBinding([.char("a")], .queueAdded, label: "queue", group: g, footer: footer))
            b.append(KeyBinding([.char("/")], .searchBegan, label: "search", group: g, footer: footer))
            b.append(KeyBinding([.char("p")], .positionCycled, label: "position", group: g, footer: footer))
        case .queue:
            b.append(KeyBinding([.enter], .rowActivated, label: "open player", group: g, footer: footer, enabledWhen: !state.myQueue.isEmpty,
                                disabledReason: "your queue is empty — a adds from Available"))
            if let auction { b.append(AuctionRoomFeature.nominateKey(auction, on: .queue).map(Action.auction)) }
            if let rounds { b.append(RoundsDraftFeature.draftKey(rounds, on: .queue).map(Action.rounds)) }
            b.append(KeyBinding([.char("x")], .queueRemoved, label: "remove", group: g, footer: footer))
            b.append(KeyBinding([.char("K")], .queueMoved(-1), label: "move up", group: g, footer: footer, footerKeys: "J/K"))
            b[b.count - 1].hint?.label = "reorder"
            b.append(KeyBinding([.char("J")], .queueMoved(1), label: "move down", group: g))
        case .teams: break
        case .roster, .recent:
            b.append(KeyBinding([.enter], .rowActivated, label: "open player", group: g, footer: true, enabledWhen: state.rowCount > 0, disabledReason: "no picks yet"))
        case .chat:
            b.append(KeyBinding([.enter, .char("c")], .chatBegan, label: "type a message", group: g, footer: true))
        }
        if let auction { b += AuctionRoomFeature.bidKeys(auction).map { $0.map(Action.auction) } }
        var comm: [KeyBinding<Action>] = []
        comm.append(KeyBinding([.char("S")], .startPressed, label: "start draft", group: c, footer: isComm && status == .scheduled,
                            enabledWhen: isComm && status == .scheduled, disabledReason: isComm ? "The draft has already started." : notComm))
        comm.append(KeyBinding([.char("P")], .pausePressed, label: status == .paused ? "resume" : "pause", group: c, footer: isComm && (status == .running || status == .paused),
                            enabledWhen: isComm && (status == .running || status == .paused), disabledReason: isComm ? "The draft isn't running." : notComm))
        let what = state.isAuction ? "sale" : "pick"
        comm.append(KeyBinding([.char("U")], .undoPressed, label: "undo last \(what)", group: c,
                            enabledWhen: isComm && !(room?.picks.isEmpty ?? true), disabledReason: isComm ? "No \(what)s to undo." : notComm))
        if auction == nil { comm.append(RoundsDraftFeature.pickForTeamKey(room).map(Action.rounds)) }
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
