import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Checks done before touching the screen, so a bad terminal gets one clear line instead of garbage.
public enum TerminalPreflight {
    /// The refusal for the given facts, or nil when they are fine (pure; no terminfo lookup).
    public static func refusal(stdinIsTTY: Bool, stdoutIsTTY: Bool, term: String?) -> TerminalRefusal? {
        if !stdinIsTTY || !stdoutIsTTY {
            return TerminalRefusal("clubhouse needs an interactive terminal (stdin and stdout must be a TTY)")
        }
        guard let term, !term.isEmpty else {
            return TerminalRefusal("TERM is not set: cannot tell what this terminal can do (try TERM=xterm-256color)")
        }
        if term == "dumb" {
            return TerminalRefusal("TERM is 'dumb': this terminal cannot move the cursor (try TERM=xterm-256color)")
        }
        return nil
    }

    /// The refusal for `term` according to terminfo: unknown, or lacking cursor addressing (`cup`).
    /// Touches ncurses' global terminal, so call it on the main thread before any screen exists.
    public static func terminfoRefusal(term: String) -> TerminalRefusal? {
        let previous = cn_cur_term()
        var err: Int32 = 0
        let devNull = open("/dev/null", O_WRONLY)
        defer { if devNull >= 0 { close(devNull) } }
        guard setupterm(term, devNull, &err) == OK else {
            return TerminalRefusal(err == -1 ? "no terminfo database found for TERM '\(term)'"
                                             : "unknown terminal type '\(term)' (not in terminfo; try TERM=xterm-256color)")
        }
        let hasCup = cn_has_string_cap("cup") != 0
        if let mine = set_curterm(previous) { del_curterm(mine) }
        return hasCup ? nil : TerminalRefusal("terminal '\(term)' cannot move the cursor (no 'cup' capability)")
    }

    /// Everything checked against the real process: TTYs, `TERM`, terminfo. Nil when the app may start.
    public static func check(environment: [String: String]) -> TerminalRefusal? {
        if let r = refusal(stdinIsTTY: isatty(0) == 1, stdoutIsTTY: isatty(1) == 1, term: environment["TERM"]) { return r }
        return terminfoRefusal(term: environment["TERM"]!)
    }

    /// Makes the C library use UTF-8: the environment's locale, else C.UTF-8 (SSH often leaves LANG unset).
    /// Returns true when the codeset is UTF-8 afterwards.
    @discardableResult
    public static func ensureUTF8Locale() -> Bool {
        setlocale(LC_ALL, "")
        if cn_codeset_is_utf8() != 0 { return true }
        setlocale(LC_ALL, "C.UTF-8")
        return cn_codeset_is_utf8() != 0
    }

    /// The process environment as a dictionary.
    public static func processEnvironment() -> [String: String] {
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        return env
    }
}
