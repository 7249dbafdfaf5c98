import ClubhouseDomain
import Terminal

/// ClubhouseUI: the browsing app — pages, reducers and views; the board and the sheet.
///
/// - `AppCore/`: `Effect` (async work answering with an action, cancellable by id), `Loadable`/`Load`
///   (idle → loading → loaded | empty | failed, with request tokens so superseded answers are dropped),
///   `PresentableError`, `Page` (navigation is data; `Page.path` for deep links), `PageFeature` (the
///   protocol every page implements), theme roles over the toolkit `Theme`, `UserSettings` and the
///   `SettingsStore` port (`FileSettingsStore` = `$XDG_CONFIG_HOME/clubhouse/settings.json`).
/// - `Features/<Name>/`: one folder per page (State, Action, `reduce`, keymap, view) and the `Board`.
///   Pages ask the shell to navigate through `PageDelegate.open(Page)`; none knows another's screens.
/// - `Shell/`: `AppState`, `AppAction`, `AppReducer` (keys through one keymap table → dispatch, footer
///   and `?` help; Esc order; mouse; the board following the top page), `AppView` (top bar, board,
///   sheet with breadcrumb, footer, toasts, help, too-small screen) and `ClubhouseProgram`, the
///   `Terminal.Program` the executable runs.
public enum ClubhouseUI {}
