import Foundation
import Terminal
import ClubhouseDomain

// What a page may offer the shell beyond its core (`PageFeature`), grouped by what it is for. Each group is a value
// over the page's Action, asked of the page's current state (`PageFeature.textEntry(_:)`, `writes(_:)`, `live(_:)`);
// every member has a neutral default, so a page names only what it uses and a page that uses none writes nothing.
// `map` is the one conversion the shell needs: it turns a page's group into one over `PageAction`.
// A new member is one property here (with its default) plus its line in `map`.

/// Keys and pastes that go to the page as text: a filter, a question, a form's fields.
public struct TextEntry<Action> {
    /// True when a filter (or a question) is active: Esc clears it (`clearFilter`) before popping the page.
    public var isFilterActive = false
    /// True while typing: printable keys go to `typed`, and Tab is not the board's.
    public var isEditingText = false
    /// Clears the active filter (or answers the question no).
    public var clearFilter: Action? = nil
    /// A key typed while editing text.
    public var typed: (Key) -> Action? = { _ in nil }
    /// Text pasted while editing text, as one insertion (nil: the page ignores pastes — a paste never runs
    /// commands key by key).
    public var pasted: (String) -> Action? = { _ in nil }
    /// Opens with the sheet full (a form whose text rows take every key, `+` included).
    public var opensFull = false

    public func map<B>(_ f: @escaping (Action) -> B) -> TextEntry<B> {
        TextEntry<B>(isFilterActive: isFilterActive, isEditingText: isEditingText, clearFilter: clearFilter.map(f),
                     typed: { typed($0).map(f) }, pasted: { pasted($0).map(f) }, opensFull: opensFull)
    }
}

/// How the page hears about the gated writes it asked for, and what a form does with them.
public struct Writes<Action> {
    /// The action telling the page on top how a gated write ended (before it reloads), if the page wants to know.
    public var finished: (GatedWrite, GateOutcome) -> Action? = { _, _ in nil }
    /// A form's answer to a value the server refused (`GateOutcome.invalid`): the action that shows the message at
    /// the field it names, keeping what was typed (nil: the page reloads, as for any refusal).
    public var refused: (_ field: String?, _ message: String) -> Action? = { _, _ in nil }
    /// A form that has done its job once its write goes through: the sheet goes back to the page it was opened from.
    public var closesAfterItsWrite = false
    /// The page's own words for a write of its that went through, naming what only the page knows (the player it
    /// added, say); nil: the endpoint's sentence (`GatedWrite.successMessage`).
    public var success: (GatedWrite) -> String? = { _ in nil }

    public func map<B>(_ f: @escaping (Action) -> B) -> Writes<B> {
        Writes<B>(finished: { finished($0, $1).map(f) }, refused: { refused($0, $1).map(f) },
                  closesAfterItsWrite: closesAfterItsWrite, success: success)
    }
}

/// How the page follows the league and the clock while it shows.
public struct Live<Action> {
    /// The action that reloads the page in place (no spinner) when the league's live events say it changed
    /// (nil: the page doesn't follow the league).
    public var refresh: Action? = nil
    /// The reload after the league's live events of some kinds (a page may reload only what they change);
    /// nil: `refresh`. Ask it through `refresh(after:)`.
    public var after: ((Set<LeagueEvent.Kind>) -> Action?)? = nil
    /// When a page whose screen changes with wall-clock time (a countdown) wants to be drawn next (nil: never).
    public var nextTick: (_ now: Date) -> Duration? = { _ in nil }
    /// The action telling the page the league server went out of reach (false) or answered again (true) — remote mode,
    /// the transport's connection (nil: the page doesn't follow it).
    public var reachability: ((Bool) -> Action)? = nil

    /// The reload after the league's live events of `kinds`.
    public func refresh(after kinds: Set<LeagueEvent.Kind>) -> Action? { after.map { $0(kinds) } ?? refresh }

    public func map<B>(_ f: @escaping (Action) -> B) -> Live<B> {
        Live<B>(refresh: refresh.map(f), after: after.map { after in { after($0).map(f) } }, nextTick: nextTick,
                reachability: reachability.map { reachability in { f(reachability($0)) } })
    }
}
