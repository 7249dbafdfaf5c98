import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Display width of text in terminal cells: `wcwidth` first, Unicode properties as a backstop.
public enum DisplayWidth {
    /// Makes sure `wcwidth` knows UTF-8: if the C locale's codeset is not UTF-8, switch LC_CTYPE to C.UTF-8.
    static let localeReady: Bool = {
        if cn_codeset_is_utf8() != 0 { return true }
        return setlocale(LC_CTYPE, "C.UTF-8") != nil
    }()

    /// Cells a grapheme takes: 0 for controls and lone combining marks, 2 for wide/emoji, else 1.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let v = first.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x7F, scalars.count == 1 { return 1 }   // plain ASCII (a keycap like 1️⃣ has more scalars)
        // Emoji presentation (inherent, or forced by VS16 / a keycap) is two cells in modern terminals.
        if scalars.contains(where: { $0.value == 0x20E3 }) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        if first.properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if localeReady {
            let w = Int(cn_wcwidth(v))
            if w >= 0 { return min(w, 2) }
        }
        return fallbackWidth(first)
    }

    /// Width from Unicode properties when `wcwidth` cannot answer.
    static func fallbackWidth(_ s: Unicode.Scalar) -> Int {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        let v = s.value
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains(where: { $0.contains(v) }) ? 2 : 1
    }

    /// Total cells `string` takes on one line.
    public static func of(_ string: some StringProtocol) -> Int {
        string.reduce(0) { $0 + of($1) }
    }
}

extension StringProtocol {
    /// Cells this text takes on one line (wide characters count two).
    public var displayWidth: Int { DisplayWidth.of(self) }
}
