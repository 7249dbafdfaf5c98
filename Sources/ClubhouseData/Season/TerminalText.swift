/// Text from outside (a data file's value, a file name, a server's header) made safe to print on an operator's
/// terminal: every character that would act instead of show — C0 controls (ESC, BEL, NUL, CR, …), DEL, C1 controls
/// (0x9B is a one-byte CSI), the line and paragraph separators and the bidi controls that reorder what follows — is
/// written as a Swift escape (`\u{1B}`). `ESC ]0;title BEL` would set the window's title and `ESC [2J` clear the
/// screen; escaped they are read, not obeyed. Every message that quotes outside text goes through here.
public enum TerminalText {
    /// `text` with every control written as `\u{…}`; `keepingNewlines` leaves LF alone (a message's own lines).
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { acts($0) && !(keepingNewlines && $0 == "\n") }) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if acts(s) && !(keepingNewlines && s == "\n") {
                out.append(contentsOf: "\\u{\(String(s.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(s)
            }
        }
        return String(out)
    }

    /// A value quoted in a sentence: escaped, in double quotes, and cut to its first `limit` characters (with its length)
    /// when longer — a 10 KB id is named by its start, not pasted whole.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        let count = text.count
        guard count > limit else { return "\"\(escaped(text))\"" }
        return "\"\(escaped(String(text.prefix(limit))))…\" (\(count) characters)"
    }

    /// A scalar a terminal acts on rather than shows.
    static func acts(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true   // direction controls
        default: false
        }
    }
}
