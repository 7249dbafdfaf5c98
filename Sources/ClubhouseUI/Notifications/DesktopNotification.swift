import Foundation

/// How the app asks the terminal to show a desktop notification (README.md, “League chat”): one escape sequence
/// written through the terminal layer (`TerminalOutbox`), never printed around ncurses.
/// - OSC 9 (`ESC ] 9 ; text BEL`): iTerm2, WezTerm, Ghostty, Windows Terminal;
/// - OSC 777 (`ESC ] 777 ; notify ; title ; body BEL`): foot, urxvt, VTE terminals (GNOME Terminal, Tilix), Konsole;
/// - OSC 99 (`ESC ] 99 ; i=… : d=0 ; title ESC \`, then the body with `p=body`): kitty.
/// Inside tmux the sequence is wrapped for passthrough (`ESC Ptmux; … ESC \`, every ESC inside doubled), which tmux
/// hands to the outer terminal when `allow-passthrough` is on.
public enum DesktopProtocol: String, Codable, CaseIterable, Hashable, Sendable {
    case osc9, osc777, osc99

    /// "OSC 9".
    public var label: String {
        switch self { case .osc9: "OSC 9"; case .osc777: "OSC 777"; case .osc99: "OSC 99" }
    }
}

/// The Settings row: detect the terminal (auto), none (off), or one protocol named.
public enum DesktopNotifications: String, Codable, CaseIterable, Hashable, Sendable {
    case auto, off, osc9, osc777, osc99

    /// The next choice (Enter on the Settings row).
    public var next: DesktopNotifications {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The protocol this choice uses in a terminal detected as `detected`.
    public func resolved(_ detected: DesktopTarget) -> DesktopTarget {
        switch self {
        case .auto: detected
        case .off: DesktopTarget(protocol: nil, inTmux: detected.inTmux, terminal: detected.terminal)
        case .osc9: DesktopTarget(protocol: .osc9, inTmux: detected.inTmux, terminal: detected.terminal)
        case .osc777: DesktopTarget(protocol: .osc777, inTmux: detected.inTmux, terminal: detected.terminal)
        case .osc99: DesktopTarget(protocol: .osc99, inTmux: detected.inTmux, terminal: detected.terminal)
        }
    }
}

/// Where a desktop notification goes: the protocol (nil: none), whether it must pass through tmux, and the terminal
/// that was recognised (for the Settings page: "auto: OSC 9 (WezTerm)").
public struct DesktopTarget: Hashable, Sendable {
    public var `protocol`: DesktopProtocol?
    public var inTmux: Bool
    /// The terminal detection recognised, or nil (an unknown terminal: no notifications unless chosen in Settings).
    public var terminal: String?

    public init(protocol: DesktopProtocol?, inTmux: Bool = false, terminal: String? = nil) {
        self.protocol = `protocol`; self.inTmux = inTmux; self.terminal = terminal
    }

    /// Recognises the terminal from the environment, first match wins:
    ///
    /// | variable | value | protocol |
    /// |---|---|---|
    /// | `TERM_PROGRAM` | `iTerm.app`, `WezTerm`, `ghostty` | OSC 9 |
    /// | `LC_TERMINAL` | `iTerm2` | OSC 9 |
    /// | `KITTY_WINDOW_ID` | set (or `TERM=xterm-kitty`) | OSC 99 |
    /// | `WT_SESSION` | set (Windows Terminal) | OSC 9 |
    /// | `TERM` | `xterm-ghostty`, `wezterm` | OSC 9 |
    /// | `TERM` | `foot…`, `rxvt…` | OSC 777 |
    /// | `VTE_VERSION` | set (GNOME Terminal, Tilix…) | OSC 777 |
    /// | `KONSOLE_VERSION` | set | OSC 777 |
    ///
    /// Anything else is unknown: off. `TMUX` set means inside tmux (the sequence is wrapped for passthrough); tmux
    /// sets `TERM_PROGRAM=tmux` in its panes, which names no outer terminal.
    public static func detect(_ env: [String: String]) -> DesktopTarget {
        let inTmux = !(env["TMUX"] ?? "").isEmpty
        func found(_ p: DesktopProtocol, _ name: String) -> DesktopTarget { DesktopTarget(protocol: p, inTmux: inTmux, terminal: name) }
        let term = env["TERM"] ?? ""
        switch env["TERM_PROGRAM"] ?? "" {
        case "iTerm.app": return found(.osc9, "iTerm2")
        case "WezTerm": return found(.osc9, "WezTerm")
        case "ghostty": return found(.osc9, "Ghostty")
        default: break
        }
        if env["LC_TERMINAL"] == "iTerm2" { return found(.osc9, "iTerm2") }
        if !(env["KITTY_WINDOW_ID"] ?? "").isEmpty || term == "xterm-kitty" { return found(.osc99, "kitty") }
        if !(env["WT_SESSION"] ?? "").isEmpty { return found(.osc9, "Windows Terminal") }
        if term == "xterm-ghostty" { return found(.osc9, "Ghostty") }
        if term == "wezterm" { return found(.osc9, "WezTerm") }
        if term.hasPrefix("foot") { return found(.osc777, "foot") }
        if term.hasPrefix("rxvt") { return found(.osc777, "urxvt") }
        if !(env["VTE_VERSION"] ?? "").isEmpty { return found(.osc777, "a VTE terminal") }
        if !(env["KONSOLE_VERSION"] ?? "").isEmpty { return found(.osc777, "Konsole") }
        return DesktopTarget(protocol: nil, inTmux: inTmux, terminal: nil)
    }

    /// The bytes that show `title`/`body` as a desktop notification, wrapped for tmux when inside it; nil when off.
    public func sequence(title: String, body: String) -> String? {
        guard let p = `protocol` else { return nil }
        let s = DesktopNotification.encode(p, title: title, body: body)
        return inTmux ? DesktopNotification.tmuxPassthrough(s) : s
    }

    /// "OSC 9 (WezTerm)", "off (unknown terminal)" — what the Settings page says auto chose.
    public var summary: String {
        guard let p = `protocol` else { return terminal == nil ? "off (unknown terminal)" : "off" }
        return p.label + (terminal.map { " (\($0))" } ?? "") + (inTmux ? " via tmux" : "")
    }
}

/// The encoders: pure functions of the text, tested byte for byte.
public enum DesktopNotification {
    static let esc = "\u{1B}", bel = "\u{07}", st = "\u{1B}\\"
    /// The longest text a notification carries (characters); longer text ends in "…".
    public static let maxLength = 200

    /// One protocol's sequence for `title` and `body`, both sanitized.
    public static func encode(_ p: DesktopProtocol, title: String, body: String) -> String {
        let t = sanitize(title), b = sanitize(body)
        switch p {
        case .osc9:
            // One text only: "title: body".
            return esc + "]9;" + (t.isEmpty ? b : t + ": " + b) + bel
        case .osc777:
            // ';' separates the title from the body: a title keeps none.
            return esc + "]777;notify;" + t.replacingOccurrences(of: ";", with: ",") + ";" + b + bel
        case .osc99:
            // kitty: the title (d=0: more follows), then the body (p=body) of notification i=1.
            return esc + "]99;i=1:d=0;" + t + st + esc + "]99;i=1:p=body;" + b + st
        }
    }

    /// Wraps `sequence` for tmux's passthrough: `ESC Ptmux;`, the sequence with each ESC doubled, `ESC \`.
    public static func tmuxPassthrough(_ sequence: String) -> String {
        esc + "Ptmux;" + sequence.replacingOccurrences(of: esc, with: esc + esc) + st
    }

    /// Text as a notification may carry it: no control characters (C0 — ESC and BEL end or break a sequence —, DEL,
    /// C1, line and paragraph separators), no direction or invisible format characters (the names rule: what is shown
    /// is what was typed); a zero-width joiner stays inside an emoji. Runs of spaces fold to one; at most `maxLength`.
    public static func sanitize(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var lastSpace = false
        for u in text.unicodeScalars {
            let v = u.value
            let control = v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            if control || v == 0x20 {
                if !lastSpace && !out.isEmpty { out.append(" ") }
                lastSpace = true
                continue
            }
            switch u.properties.generalCategory {
            case .format where v != 0x200D, .privateUse, .unassigned, .surrogate: continue
            default: break
            }
            out.append(u)
            lastSpace = false
        }
        var s = String(out)
        while s.hasSuffix(" ") { s.removeLast() }
        if s.count > maxLength { s = String(s.prefix(maxLength - 1)) + "…" }
        return s
    }
}
