import CNcurses

/// Terminal: the TUI toolkit — cells, layout, widgets, sheet, keymap, run loop, backends.
/// Knows nothing of leagues.
public enum TerminalToolkit {}
