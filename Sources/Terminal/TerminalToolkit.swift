/// Terminal: the TUI toolkit — cells, layout, widgets, sheet, keymap, run loop, backends. Knows nothing of leagues.
///
/// How an app plugs in:
/// 1. Write a `Program`: `update(_:context:)` turns a `ProgramEvent` (input, message, tick) into state
///    changes and returns a `Command<Message, Never>` — the one effect type, which reducers below it return too with
///    their own `Request` type (`.none`, `.quit`, `.run(id:) { await … }`, `.run(id:) { send in … }`, `.send`, `.merge`);
///    `render(into:context:)` draws state into a `Buffer`; `nextWakeUp(context:)` returns when the next
///    animation/spinner/toast frame is due (nil when idle).
/// 2. `try TerminalRunner().run(program)` opens the terminal (refusing with a one-line `TerminalRefusal`
///    on no TTY / bad TERM — print it and exit 2), runs until `.quit`, Ctrl-C or a signal, and restores the
///    terminal on every path. Hand `Mailbox.post(_:)` to producers on other threads.
/// 3. Tests drive the same `Program` with `ProgramDriver` + `HeadlessBackend` and explicit `now` values.
///
/// Rendering: split areas with `Layout`/`Rect.rows`/`Rect.columns`; draw widgets with
/// `buffer.render(widget, in: rect)`; the screen README.md's “Using it” draws is `BoardSheetLayout` + `SheetFrame`.
/// Input: one `Keymap<Action>` per context drives `lookup(_:)`, `footerHints` (→ `KeyHintsBar`) and
/// `helpGroups` (→ `HelpOverlay`).
public enum TerminalToolkit {
    /// The smallest screen the app lays out; below it show `TooSmallScreen`.
    public static let minimumSize = TooSmallScreen.defaultMinimum
}
