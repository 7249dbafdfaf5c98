import Foundation
import ClubhouseDomain
import Terminal

/// The person's settings: theme, colour, mouse. Changes apply at once and are saved.
public enum SettingsFeature: PageFeature {
    public enum Row: Int, CaseIterable, Sendable { case theme, color, mouse, draftBell, tradeBell, desktop }

    public struct State: Equatable, Sendable {
        public var settings: UserSettings
        /// False under NO_COLOR: colour can't be turned on.
        public var colorAllowed: Bool
        public var list = ListState()
        /// The terminal as detected (what "auto" desktop notifications use).
        public var terminal: DesktopTarget
        public init(settings: UserSettings = UserSettings(), colorAllowed: Bool = true,
                    terminal: DesktopTarget = DesktopTarget(protocol: nil)) {
            self.settings = settings; self.colorAllowed = colorAllowed; self.terminal = terminal
        }
    }

    public enum Action: PageActionCases {
        case onAppear
        case list(ListMove)
        case rowToggled
    }

    public static func title(_ state: State) -> String { "Settings" }
    public static func page(_ state: State) -> Page { .settings }
    public static func board(_ state: State) -> BoardContext { .featured }

    public static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action> {
        switch action {
        case .onAppear: return .none
        case .list(let m):
            state.list.apply(m, count: Row.allCases.count, viewport: context.viewport); return .none
        case .rowToggled:
            guard let row = Row(rawValue: state.list.selected ?? -1) else { return .none }
            switch row {
            case .theme: state.settings.theme = state.settings.theme.next
            case .color:
                guard state.colorAllowed else { return .delegate(.toast("Colour is off because NO_COLOR is set")) }
                state.settings.color.toggle()
            case .mouse: state.settings.mouse.toggle()
            case .draftBell: state.settings.draftBell.toggle()
            case .tradeBell: state.settings.tradeBell.toggle()
            case .desktop: state.settings.desktopNotifications = state.settings.desktopNotifications.next
            }
            return .delegate(.applySettings(state.settings))
        }
    }

    public static func keymap(_ state: State) -> Keymap<Action> {
        Keymap([KeyBinding([.enter, .char(" ")], .rowToggled, label: "change", group: "Settings", footer: true)]
               + ListKeys.bindings(Action.list))
    }

    static func rows(_ state: State) -> [[String]] {
        let s = state.settings
        return [
            ["Theme", s.theme.rawValue, "system follows the terminal; dark and light pick colours for that background"],
            ["Colour", state.colorAllowed ? (s.color ? "on" : "off") : "off (NO_COLOR)", "off gives a monochrome screen with reverse-video selection"],
            ["Mouse", s.mouse ? "on" : "off", "click selects/opens, wheel scrolls, drag the sheet's edge"],
            ["Draft bell", s.draftBell ? "on" : "off", "the terminal beeps when it becomes your pick"],
            ["Trade bell", s.tradeBell ? "on" : "off", "offers to you, votes to cast, your trades done"],
            ["Desktop", s.desktopNotifications.rawValue,
             s.desktopNotifications.resolved(state.terminal).summary + " · mentions as desktop notifications; N on a league's chat mutes"],
        ]
    }

    static func table(_ state: State, context: RenderContext) -> DataTable {
        DataTable(columns: [DataColumn("Setting", .length(10)), DataColumn("Value", .length(14)), DataColumn("", .fill(1))],
                  rows: rows(state), roles: rows(state).map { _ in [nil, .accent, .dim] }, selected: state.list.selected, context: context)
    }

    public static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        table(state, context: context).render(in: area.inset(horizontal: 1), buffer: &buffer)
    }

    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? {
        guard let i = table(state, context: context).row(atY: point.y, in: area.inset(horizontal: 1)) else { return nil }
        return clicked(row: i, in: state.list, activate: .rowToggled)
    }
}

extension SettingsFeature.State: LoadingReporting {
    public var isLoading: Bool { false }  // no loads: its answers come through forms, not `Loadable`s
}
