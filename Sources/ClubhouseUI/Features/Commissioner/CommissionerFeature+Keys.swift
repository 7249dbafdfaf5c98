import Foundation
import ClubhouseDomain
import Terminal

// The commissioner page's keys: the tabs by number, then each tab's own (disabled with the reason for anyone who
// isn't the commissioner), a confirmation's y/n while one is asked.
extension CommissionerFeature {
    public static func keymap(_ state: State) -> Keymap<Action> {
        if state.confirm != nil {
            return Keymap([KeyBinding([.char("y"), .enter], .confirmed, label: "confirm", group: "Commissioner", footer: true, footerKeys: "y"),
                           KeyBinding([.char("n"), .escape], .cancelled, label: "cancel", group: "Commissioner", footer: true, footerKeys: "n")])
        }
        let g = "Commissioner", comm = notCommissioner(state.detail.value)
        var b: [KeyBinding<Action>] = Tab.allCases.map { t in
            KeyBinding([.char(Character("\(t.rawValue + 1)"))], .tabSelected(t), label: t.title, group: "Tabs")
        }
        let hasRow = state.rowCount > 0
        switch state.tab {
        case .requests:
            b.append(KeyBinding([.char("a")], .approvePressed, label: "approve", group: g, footer: true,
                                enabledWhen: comm == nil && hasRow, disabledReason: comm ?? "no request selected"))
            b.append(KeyBinding([.char("x")], .denyPressed, label: "deny", group: g, footer: true,
                                enabledWhen: comm == nil && hasRow, disabledReason: comm ?? "no request selected"))
        case .invites:
            b.append(KeyBinding([.char("n")], .newInvitePressed, label: "new invite", group: g, footer: true,
                                enabledWhen: comm == nil, disabledReason: comm))
            b.append(KeyBinding([.char("x")], .revokePressed, label: "revoke", group: g, footer: true,
                                enabledWhen: comm == nil && hasRow, disabledReason: comm ?? "no invite selected"))
        case .draft:
            let locked = draftLocked(state)
            b.append(KeyBinding([.char("s")], .orderSaved, label: "save order", group: g, footer: state.editedOrder != nil,
                                enabledWhen: locked == nil && state.editedOrder != nil, disabledReason: locked ?? "the order hasn't changed"))
            b.append(KeyBinding([.char("R")], .randomizePressed, label: "randomise", group: g, footer: true,
                                enabledWhen: locked == nil, disabledReason: locked))
            b.append(KeyBinding([.char("S")], .schedulePressed, label: "schedule", group: g, footer: true,
                                enabledWhen: locked == nil, disabledReason: locked))
            b.append(KeyBinding([.char("J")], .orderMoved(1), label: "move team down", group: g, footer: true, footerKeys: "J/K",
                                enabledWhen: locked == nil && hasRow, disabledReason: locked ?? "no team selected"))
            b.append(KeyBinding([.char("K")], .orderMoved(-1), label: "move team up", group: g,
                                enabledWhen: locked == nil && hasRow, disabledReason: locked ?? "no team selected"))
        case .clock:
            let locked = clockLocked(state.detail.value)
            // Once the season is over, renewing is what there is to do here: it leads the footer.
            let renew = renewLocked(state.detail.value)
            let renewKey = KeyBinding([.char("R")], Action.renewPressed, label: "renew into next season", group: g, footer: renew == nil,
                                      enabledWhen: renew == nil, disabledReason: renew, operation: Endpoints.Commissioner.renewLeague.name)
            if renew == nil { b.append(renewKey) }
            b.append(KeyBinding([.enter], .rowActivated, label: "move the clock", group: g, footer: true,
                                enabledWhen: locked == nil && hasRow, disabledReason: locked ?? "no step selected"))
            b.append(KeyBinding([.char("v")], .speedPressed, label: "clock speed", group: g, footer: true,
                                enabledWhen: locked == nil, disabledReason: locked))
            if renew != nil { b.append(renewKey) }
        case .webhooks:
            b.append(KeyBinding([.char("n")], .newWebhookPressed, label: "add webhook", group: g, footer: true,
                                enabledWhen: comm == nil, disabledReason: comm, operation: Endpoints.Webhooks.addWebhook.name))
            b.append(KeyBinding([.char("x")], .removeWebhookPressed, label: "remove webhook", group: g, footer: true,
                                enabledWhen: comm == nil && hasRow, disabledReason: comm ?? "no webhook selected",
                                operation: Endpoints.Webhooks.deleteWebhook.name))
        }
        return Keymap(b + ListKeys.bindings(Action.list) + [PageKeys.retry(.retry)])
    }
}
