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
        for t in Tab.allCases {
            b.append(KeyBinding([.char(Character("\(t.rawValue + 1)"))], .tabSelected(t), label: t.title, group: "Tabs",
                                footer: t == .available, footerKeys: "1-5"))
            if t == .available { b[b.count - 1].hint?.label = "tabs" }
        }
        switch state.tab {
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
        case .roster, .recent:
            b.append(KeyBinding([.enter], .rowActivated, label: "open player", group: g, footer: true, enabledWhen: state.rowCount > 0, disabledReason: "no picks yet"))
        case .chat:
            b.append(KeyBinding([.enter, .char("c")], .chatBegan, label: "type a message", group: g, footer: true))
        }
        var comm: [KeyBinding<Action>] = []
        comm.append(KeyBinding([.char("S")], .startPressed, label: "start draft", group: c, footer: isComm && status == .scheduled,
                            enabledWhen: isComm && status == .scheduled, disabledReason: isComm ? "The draft has already started." : notComm))
        comm.append(KeyBinding([.char("P")], .pausePressed, label: status == .paused ? "resume" : "pause", group: c, footer: isComm && (status == .running || status == .paused),
                            enabledWhen: isComm && (status == .running || status == .paused), disabledReason: isComm ? "The draft isn't running." : notComm))
        comm.append(KeyBinding([.char("U")], .undoPressed, label: "undo last pick", group: c,
                            enabledWhen: isComm && !(room?.picks.isEmpty ?? true), disabledReason: isComm ? "No picks to undo." : notComm))
        comm.append(KeyBinding([.char("F")], .pickForTeamRequested, label: "pick for the team on the clock", group: c,
                            enabledWhen: isComm && status == .running, disabledReason: isComm ? "The draft isn't running." : notComm))
        let manages = room?.capabilities.myTeam != nil
        comm.append(KeyBinding([.char("A")], .autopickPressed, label: autopickLabel(room), group: isComm ? c : g,
                            enabledWhen: (isComm || manages) && status != .complete,
                            disabledReason: isComm || manages ? "The draft is complete." : notComm))
        // What the commissioner must do next (start, resume) comes right after the tabs in the footer.
        let urgent: Key? = !isComm ? nil : status == .scheduled ? .char("S") : status == .paused ? .char("P") : nil
        let first = comm.filter { $0.keys.first == urgent }, rest = comm.filter { $0.keys.first != urgent }
        b.insert(contentsOf: first, at: Tab.allCases.count)
        return Keymap(b + rest + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }

    /// The team `A` switches autopick for: the team on the clock for the commissioner, else my own team.
    static func autopickTarget(_ room: DraftBoard) -> TeamSummary? {
        room.capabilities.isCommissioner ? onTheClock(room) : room.teams.first { $0.id == room.capabilities.myTeam }
    }

    /// "autopick on for Bits" / "autopick off for Bits": what `A` will do, from the team's real flag.
    static func autopickLabel(_ room: DraftBoard?) -> String {
        guard let room, let team = autopickTarget(room) else {
            return room?.capabilities.isCommissioner == true ? "toggle autopick (team on the clock)" : "toggle autopick for my team"
        }
        return "autopick \(room.onAutopick.contains(team.id) ? "off" : "on") for \(team.name)"
    }
}
