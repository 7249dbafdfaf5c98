/// A small model of an xterm screen, fed the bytes a program writes to its terminal: enough of the escape
/// sequences ncurses emits for TERM=xterm-256color (cursor addressing, erases, insert/delete, scroll regions,
/// repeat) to know what text the terminal SHOWS at any moment. Colours and modes are ignored; every
/// character is one cell wide. ncurses only rewrites the cells that changed, so "the text appeared" can
/// only be told from a screen like this, not from the byte stream.
struct VTScreen {
    let rows: Int, cols: Int
    private(set) var cells: [[Character]]
    private(set) var row = 0, col = 0
    /// Set after writing the last column (xterm's deferred wrap: the next printable wraps first).
    private var pendingWrap = false
    private var top = 0, bottom: Int
    private var saved = (0, 0)
    private var lastPrinted: Character = " "
    /// Bumped whenever a cell changes: callers search the text only when it moved.
    private(set) var version = 0

    private enum Mode { case ground, escape, csi, osc, oscEscape, charset }
    private var mode = Mode.ground
    private var params: [UInt8] = []
    private var utf8: [UInt8] = []
    private var utf8Needed = 0

    init(rows: Int, cols: Int) {
        self.rows = rows; self.cols = cols
        cells = Array(repeating: Array(repeating: " ", count: cols), count: rows)
        rowText = Array(repeating: nil, count: rows)
        bottom = rows - 1
    }

    /// Each row's text, built when first searched after it changed (hundreds of screens are searched often).
    private var rowText: [String?]

    /// The screen's text, one string per row (trailing blanks kept).
    var lines: [String] { cells.map { String($0) } }
    var text: String { lines.joined(separator: "\n") }

    /// True when some row shows `needle`.
    mutating func shows(_ needle: String) -> Bool {
        for r in 0..<rows {
            if rowText[r] == nil { rowText[r] = String(cells[r]) }
            if rowText[r]!.contains(needle) { return true }
        }
        return false
    }

    mutating func feed<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        for b in bytes { feed(byte: b) }
    }

    mutating func feed(_ string: String) { feed(Array(string.utf8)) }

    private mutating func feed(byte b: UInt8) {
        switch mode {
        case .ground: ground(b)
        case .escape: escape(b)
        case .csi:
            if b >= 0x40 && b <= 0x7E { mode = .ground; csi(final: b) } else { params.append(b) }
        case .osc:
            if b == 0x07 { mode = .ground } else if b == 0x1B { mode = .oscEscape }
        case .oscEscape:
            mode = b == 0x5C ? .ground : .osc
        case .charset:
            mode = .ground
        }
    }

    private mutating func ground(_ b: UInt8) {
        if utf8Needed > 0 {
            guard b & 0xC0 == 0x80 else { utf8Needed = 0; utf8 = []; ground(b); return }
            utf8.append(b); utf8Needed -= 1
            if utf8Needed == 0 {
                put(Character(String(decoding: utf8, as: UTF8.self))); utf8 = []
            }
            return
        }
        switch b {
        case 0x1B: mode = .escape
        case 0x0D: col = 0; pendingWrap = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: col = max(0, col - 1); pendingWrap = false
        case 0x09: col = min(cols - 1, (col / 8 + 1) * 8); pendingWrap = false
        case 0x00..<0x20, 0x7F: break
        case 0x80..<0xC0: break  // a stray continuation byte
        case 0xC0..<0xE0: utf8 = [b]; utf8Needed = 1
        case 0xE0..<0xF0: utf8 = [b]; utf8Needed = 2
        case 0xF0...0xFF: utf8 = [b]; utf8Needed = 3
        default: put(Character(Unicode.Scalar(b)))
        }
    }

    private mutating func escape(_ b: UInt8) {
        mode = .ground
        switch b {
        case UInt8(ascii: "["): mode = .csi; params = []
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"): mode = .osc
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"): mode = .charset
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): col = 0; lineFeed()
        case UInt8(ascii: "7"): saved = (row, col)
        case UInt8(ascii: "8"): (row, col) = saved; pendingWrap = false
        case UInt8(ascii: "c"): self = VTScreen(rows: rows, cols: cols)
        default: break
        }
    }

    private mutating func put(_ c: Character) {
        if pendingWrap { col = 0; lineFeed() }
        set(row, col, c)
        lastPrinted = c
        if col == cols - 1 { pendingWrap = true } else { col += 1 }
    }

    private mutating func set(_ r: Int, _ c: Int, _ ch: Character) {
        guard r >= 0, r < rows, c >= 0, c < cols, cells[r][c] != ch else { return }
        cells[r][c] = ch
        rowText[r] = nil
        version += 1
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row == bottom { scrollUp(1) } else if row < rows - 1 { row += 1 }
    }

    private mutating func reverseIndex() {
        pendingWrap = false
        if row == top { scrollDown(1) } else if row > 0 { row -= 1 }
    }

    private static func blankRow(_ cols: Int) -> [Character] { Array(repeating: " ", count: cols) }

    private mutating func scrollUp(_ n: Int, from first: Int? = nil) { scroll(n, from: first ?? top, up: true) }
    private mutating func scrollDown(_ n: Int, from first: Int? = nil) { scroll(n, from: first ?? top, up: false) }

    /// Moves the rows `first...bottom` by `n` (at most all of them): up, blank rows entering at the bottom, or down,
    /// entering at `first`.
    private mutating func scroll(_ n: Int, from first: Int, up: Bool) {
        guard first <= bottom else { return }
        for _ in 0..<min(n, bottom - first + 1) {
            cells.remove(at: up ? first : bottom)
            cells.insert(Self.blankRow(cols), at: up ? bottom : first)
        }
        invalidateAll()
    }

    private mutating func invalidateAll() {
        rowText = Array(repeating: nil, count: rows)
        version += 1
    }

    private mutating func erase(row r: Int, from: Int, to: Int) {
        guard r >= 0, r < rows else { return }
        for c in max(0, from)...max(0, min(cols - 1, to)) where from <= to { set(r, c, " ") }
    }

    private mutating func csi(final: UInt8) {
        let isPrivate = params.first == UInt8(ascii: "?") || params.first == UInt8(ascii: ">")
        let numbers = String(decoding: params.filter { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: ">") }, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func p(_ i: Int, _ def: Int) -> Int { i < numbers.count && numbers[i] != 0 ? numbers[i] : def }
        if isPrivate {
            // ?1049h / ?47h: the alternate screen starts blank.
            if final == UInt8(ascii: "h"), numbers.contains(1049) || numbers.contains(47) {
                self = VTScreen(rows: rows, cols: cols)
            }
            return
        }
        let wasPending = pendingWrap
        pendingWrap = false
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            row = min(rows - 1, p(0, 1) - 1); col = min(cols - 1, p(1, 1) - 1)
        case UInt8(ascii: "A"): row = max(0, row - p(0, 1))
        case UInt8(ascii: "B"): row = min(rows - 1, row + p(0, 1))
        case UInt8(ascii: "C"): col = min(cols - 1, col + p(0, 1))
        case UInt8(ascii: "D"): col = max(0, col - p(0, 1))
        case UInt8(ascii: "G"), UInt8(ascii: "`"): col = min(cols - 1, p(0, 1) - 1)
        case UInt8(ascii: "d"): row = min(rows - 1, p(0, 1) - 1)
        case UInt8(ascii: "J"):
            switch p(0, 0) {
            case 0: erase(row: row, from: col, to: cols - 1); for r in (row + 1)..<max(row + 1, rows) { erase(row: r, from: 0, to: cols - 1) }
            case 1: for r in 0..<row { erase(row: r, from: 0, to: cols - 1) }; erase(row: row, from: 0, to: col)
            default: for r in 0..<rows { erase(row: r, from: 0, to: cols - 1) }
            }
        case UInt8(ascii: "K"):
            switch p(0, 0) {
            case 0: erase(row: row, from: col, to: cols - 1)
            case 1: erase(row: row, from: 0, to: col)
            default: erase(row: row, from: 0, to: cols - 1)
            }
        case UInt8(ascii: "X"): erase(row: row, from: col, to: col + p(0, 1) - 1)
        case UInt8(ascii: "L"): if row >= top && row <= bottom { scrollDown(p(0, 1), from: row) }; col = 0
        case UInt8(ascii: "M"): if row >= top && row <= bottom { scrollUp(p(0, 1), from: row) }; col = 0
        case UInt8(ascii: "S"): scrollUp(p(0, 1))
        case UInt8(ascii: "T"): scrollDown(p(0, 1))
        case UInt8(ascii: "@"):
            let n = min(p(0, 1), cols - col)
            cells[row].insert(contentsOf: Array(repeating: " ", count: n), at: col)
            cells[row].removeLast(n); rowText[row] = nil; version += 1
        case UInt8(ascii: "P"):
            let n = min(p(0, 1), cols - col)
            cells[row].removeSubrange(col..<(col + n))
            cells[row].append(contentsOf: Array(repeating: " ", count: n)); rowText[row] = nil; version += 1
        case UInt8(ascii: "b"):
            pendingWrap = wasPending
            for _ in 0..<p(0, 1) { put(lastPrinted) }
        case UInt8(ascii: "r"):
            top = max(0, p(0, 1) - 1); bottom = min(rows - 1, p(1, rows) - 1)
            if top >= bottom { top = 0; bottom = rows - 1 }
            row = 0; col = 0
        case UInt8(ascii: "m"), UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "n"), UInt8(ascii: "c"), UInt8(ascii: "t"):
            pendingWrap = wasPending && final == UInt8(ascii: "m")
        default:
            break
        }
    }
}
