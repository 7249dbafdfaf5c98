import Foundation
import Terminal
import ClubhouseDomain

/// A pure reducer: changes state, returns the work to do (every page, and the board). `TestStore` drives one.
public protocol Reducer: SendableMetatype {
    associatedtype State: Equatable & Sendable
    associatedtype Action: Sendable
    /// The pure reducer: changes state, returns the work to do.
    static func reduce(into state: inout State, action: Action, context: PageContext) -> Effect<Action>
}

/// One page of the sheet: state, actions, a pure reducer, a keymap and a view. The shell drives every
/// page through this protocol, so a page never needs to know about the others. The core below is what every page
/// writes; what only some pages offer is a capability value with a neutral default (`PageCapabilities.swift`).
/// A page's state says whether any of its loads is in flight (`LoadingReporting`).
public protocol PageFeature: Reducer where State: LoadingReporting, Action: PageActionCases {
    /// The page's bindings: one table drives dispatch, footer and `?` help.
    static func keymap(_ state: State) -> Keymap<Action>
    /// Draws the page's content into `area` (inside the sheet's chrome).
    static func render(_ state: State, in area: Rect, buffer: inout Buffer, context: RenderContext)
    /// The breadcrumb title.
    static func title(_ state: State) -> String
    /// The action for a click at `point` inside the content `area`.
    static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action?

    /// The page this state shows (breadcrumbs, deep links).
    static func page(_ state: State) -> Page
    /// What the board should show while this page is on top.
    static func board(_ state: State) -> BoardContext

    /// Sent when the page is pushed (and on retry): starts its loads. By default the Action's `onAppear` case.
    static var onAppear: Action { get }
    /// Wraps a list movement (wheel, keys). By default the Action's `list` case.
    static func list(_ move: ListMove) -> Action

    /// Keys and pastes that go to the page as text (a filter, a question, a form's fields); by default none.
    static func textEntry(_ state: State) -> TextEntry<Action>
    /// How the page hears about its gated writes (and what a form does with them); by default it doesn't.
    static func writes(_ state: State) -> Writes<Action>
    /// How the page follows the league's live events and the clock; by default it doesn't.
    static func live(_ state: State) -> Live<Action>
}

/// The cases every page's Action has: `onAppear` (pushed, or retried) and `list(ListMove)` (the wheel and the list
/// keys). Enum cases satisfy these requirements (SE-0280), so a page declares the two cases and nothing more for them.
/// (A page asks the shell for things — open a page, go back, a gated write — with `Effect.delegate`, not an action.)
public protocol PageActionCases: Sendable {
    static var onAppear: Self { get }
    static func list(_ move: ListMove) -> Self
}

extension PageFeature {
    public static var onAppear: Action { Action.onAppear }
    public static func list(_ move: ListMove) -> Action { Action.list(move) }
    /// True while any of the page's loads is in flight (its spinner shows).
    public static func isLoading(_ state: State) -> Bool {
        state.isLoading
    }
    public static func textEntry(_ state: State) -> TextEntry<Action> { TextEntry() }
    public static func writes(_ state: State) -> Writes<Action> { Writes() }
    public static func live(_ state: State) -> Live<Action> { Live() }
    public static func click(_ state: State, at point: Point, in area: Rect, context: RenderContext) -> Action? { nil }

    /// What a click on list row `row` does on every page: the first click selects it, a click on the selected row
    /// activates it (Enter's action).
    static func clicked(row: Int, in list: ListState, activate: Action) -> Action {
        row == list.selected ? activate : Self.list(.select(row))
    }
}

/// A one-line text filter ("/" to start typing; Enter keeps it, Esc clears it). At most `maxLength`
/// characters: more is cut as it arrives, and `limitJustReached` says so once.
public struct FilterField: Hashable, Sendable {
    public static let maxLength = 40
    /// Said once when a search is cut at its limit.
    public static let limitMessage = "Searches are at most \(maxLength) characters"

    public private(set) var text = ""
    public var editing = false
    /// True right after the edit that first cut the search at `maxLength`.
    public private(set) var limitJustReached = false
    private var count = 0
    private var limitNoticed = false
    public init(text: String = "", editing: Bool = false) {
        self.editing = editing
        append(text)
        limitJustReached = false; limitNoticed = false
    }
    public var isActive: Bool { editing || !text.isEmpty }

    /// Edits to the filter.
    public enum Edit: Hashable, Sendable { case begin, typed(Character), pasted(String), backspace, commit, clear }

    public mutating func apply(_ edit: Edit) {
        limitJustReached = false
        switch edit {
        case .begin: editing = true
        case .typed(let c): append(String(c))
        case .pasted(let s): append(s)
        case .backspace: if !text.isEmpty { text.removeLast(); count -= 1; limitNoticed = false }
        case .commit: editing = false
        case .clear: text = ""; count = 0; editing = false; limitNoticed = false
        }
    }

    /// Appends printable characters up to the limit (newlines and tabs become spaces), reading no further.
    private mutating func append(_ s: String) {
        for ch in s {
            let c: Character = ch.isNewline || ch == "\t" ? " " : ch
            if c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { continue }
            if count == Self.maxLength {
                if !limitNoticed { limitJustReached = true; limitNoticed = true }
                return
            }
            text.append(c); count += 1
        }
    }

    /// The edit a key makes while editing.
    public static func edit(for key: Key) -> Edit? {
        switch key {
        case .char(let c): .typed(c)
        case .backspace, .delete: .backspace
        case .enter, .tab, .down, .up: .commit
        case .escape: .clear
        default: nil
        }
    }

    /// "/ name█" while editing, "/ name" when set.
    public var display: String { editing ? "/\(text)█" : "/\(text)" }
}

/// Common bindings every page offers.
public enum PageKeys {
    public static func retry<Action>(_ action: Action, enabled: Bool = true) -> KeyBinding<Action> {
        KeyBinding([.char("r")], action, label: "reload", group: "Page", enabledWhen: enabled, disabledReason: "nothing to reload")
    }
}
