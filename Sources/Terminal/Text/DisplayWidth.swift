import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Display width of text in terminal cells, as ncurses and the terminal count it: `wcwidth` per code point over the
/// glyphs a cluster is drawn as (`Glyphs`), Unicode properties as a backstop.
public enum DisplayWidth {
    /// Makes sure `wcwidth` knows UTF-8: if the C locale's codeset is not UTF-8, switch LC_CTYPE to C.UTF-8.
    static let localeReady: Bool = {
        if cn_codeset_is_utf8() != 0 { return true }
        return setlocale(LC_CTYPE, "C.UTF-8") != nil
    }()

    /// Cells a grapheme takes: the sum of the glyphs it is drawn as (`Glyphs`) — what ncurses and the terminal will
    /// count for it too. 0 for a cluster that draws nothing (a lone variation selector or joiner).
    public static func of(_ character: Character) -> Int { Glyphs.width(of: character) }

    /// `wcwidth` of one code point (-1: it can't say — unassigned or not printable), or the Unicode-property
    /// estimate when the locale can't be made UTF-8.
    static func scalarWidth(_ s: Unicode.Scalar) -> Int {
        if localeReady { return Int(cn_wcwidth(s.value)) }
        return fallbackWidth(s)
    }

    /// Width from Unicode properties when `wcwidth` cannot answer.
    static func fallbackWidth(_ s: Unicode.Scalar) -> Int {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        case .unassigned, .surrogate: return -1
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
        // The common case, printable ASCII: a column a byte, and no graphemes to find.
        if string.isPrintableASCII { return string.utf8.count }
        return string.reduce(0) { $0 + of($1) }
    }
}

extension StringProtocol {
    /// Cells this text takes on one line (wide characters count two).
    public var displayWidth: Int { DisplayWidth.of(self) }

    /// Only printable ASCII (a column a byte, no graphemes to find): the fast path of measuring and drawing.
    var isPrintableASCII: Bool { utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
}
