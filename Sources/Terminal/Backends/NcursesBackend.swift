import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Draws buffers through ncursesw. Only changed cells are sent (`mvwadd_wch`), and ncurses then emits
/// the minimal terminal update. Not thread-safe: create, draw and close on the main thread.
///
/// Input is deliberately *not* read through ncurses (`keypad` stays off, `getch` is never called): the
/// run loop reads raw bytes from fd 0 and feeds `InputDecoder`, so key, paste and mouse decoding is the
/// same code the tests exercise, and Esc/Alt, bracketed paste and SGR mouse behave identically everywhere.
public final class NcursesBackend: Backend {
    /// `curs_set`'s visibilities (curses names no constants for them): 0 invisible, 1 normal.
    private static let cursorHidden: Int32 = 0, cursorVisible: Int32 = 1

    /// Options for opening the terminal.
    public struct Options: Sendable {
        /// Force monochrome (`--no-color`); `NO_COLOR` in the environment does the same.
        public var monochrome: Bool
        /// Enable SGR mouse reporting with drag (modes 1002 + 1006).
        public var mouse: Bool
        /// Enable bracketed paste (mode 2004).
        public var bracketedPaste: Bool
        /// Creates options.
        public init(monochrome: Bool = false, mouse: Bool = true, bracketedPaste: Bool = true) {
            self.monochrome = monochrome; self.mouse = mouse; self.bracketedPaste = bracketedPaste
        }
    }

    /// The terminal size (updated by `resize(to:)`).
    public private(set) var size: Size
    /// Detected at start; none when monochrome was asked for.
    public let colorSupport: ColorSupport
    private let screen: OpaquePointer
    private let outFile: UnsafeMutablePointer<FILE>
    private let inFile: UnsafeMutablePointer<FILE>?
    private let ownsFiles: Bool
    private let options: Options
    private var previous: Buffer?
    private var cursor: Point?
    private var isOpen = true
    /// One write per frame (nil: as ncurses writes it).
    private let frames: FrameBatch?

    private init(screen: OpaquePointer, out: UnsafeMutablePointer<FILE>, in inFile: UnsafeMutablePointer<FILE>?,
                 ownsFiles: Bool, options: Options, monochrome: Bool) {
        self.screen = screen; self.outFile = out; self.inFile = inFile; self.ownsFiles = ownsFiles; self.options = options
        self.frames = FrameBatch(fd: fileno(out))
        set_term(screen)
        raw(); noecho(); nonl()
        keypad(cn_stdscr(), false)
        set_escdelay(25)
        intrflush(cn_stdscr(), false)
        curs_set(Self.cursorHidden)
        var colors = 0
        if has_colors() {
            start_color()
            use_default_colors()
            colors = Int(cn_colors())
        }
        self.colorSupport = ColorSupport.detect(colors: colors, monochrome: monochrome)
        self.size = Size(width: Int(cn_cols()), height: Int(cn_lines()))
    }

    /// Opens the real terminal on stdin/stdout with `newterm` (never `initscr`, which exits on an unknown
    /// TERM). Refuses when TERM is missing, unknown or cannot address the cursor.
    public static func open(options: Options = Options(), environment: [String: String]) throws(TerminalRefusal) -> NcursesBackend {
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else {
            throw TerminalPreflight.refusal(stdinIsTTY: true, stdoutIsTTY: true, term: environment["TERM"])!
        }
        setenv("NCURSES_NO_UTF8_ACS", "1", 1)
        guard let screen = newterm(term, cn_stdout(), cn_stdin()) else {
            throw TerminalRefusal("unknown terminal type '\(term)' (try TERM=xterm-256color)")
        }
        set_term(screen)
        guard cn_has_string_cap("cup") != 0 else {
            endwin(); delscreen(screen)
            throw TerminalRefusal("terminal '\(term)' cannot move the cursor (no 'cup' capability)")
        }
        let mono = options.monochrome || ColorSupport.noColorRequested(environment)
        let backend = NcursesBackend(screen: screen, out: cn_stdout(), in: cn_stdin(), ownsFiles: false, options: options, monochrome: mono)
        var modes = ""
        if options.mouse { modes += "\u{1B}[?1002h\u{1B}[?1006h" }
        if options.bracketedPaste { modes += "\u{1B}[?2004h" }
        backend.writeRaw(modes)
        return backend
    }

    /// A screen that writes to /dev/null, for tests: draw through ncurses, then read back with `screenLines()`.
    public static func headless(size: Size, term: String = "xterm-256color", monochrome: Bool = false) throws(TerminalRefusal) -> NcursesBackend {
        setenv("NCURSES_NO_UTF8_ACS", "1", 1)
        guard let out = fopen("/dev/null", "w"), let inp = fopen("/dev/null", "r") else { throw TerminalRefusal("cannot open /dev/null") }
        guard let screen = newterm(term, out, inp) else {
            fclose(out); fclose(inp)
            throw TerminalRefusal("unknown terminal type '\(term)'")
        }
        let b = NcursesBackend(screen: screen, out: out, in: inp, ownsFiles: true, options: Options(mouse: false, bracketedPaste: false), monochrome: monochrome)
        b.resize(to: size)
        return b
    }

    deinit { close() }

    /// Restores the terminal: mouse/paste modes off, cursor shown, `endwin`, screen freed. Idempotent.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        set_term(screen)
        var modes = ""
        if options.mouse { modes += "\u{1B}[?1006l\u{1B}[?1002l" }
        if options.bracketedPaste { modes += "\u{1B}[?2004l" }
        curs_set(Self.cursorVisible)
        endwin()
        writeRaw(modes)
        delscreen(screen)
        if ownsFiles { fclose(outFile); if let inFile { fclose(inFile) } }
    }

    /// Adopts a new terminal size (after SIGWINCH); the next draw repaints everything.
    public func resize(to newSize: Size) {
        set_term(screen)
        resizeterm(Int32(newSize.height), Int32(newSize.width))
        size = Size(width: Int(cn_cols()), height: Int(cn_lines()))
        previous = nil
        wclear(cn_stdscr())
    }

    /// Reads the terminal size from the tty (fd 1) and resizes; returns the new size.
    @discardableResult
    public func refreshSizeFromTerminal() -> Size {
        var rows: Int32 = 0, cols: Int32 = 0
        if cn_window_size(STDOUT_FILENO, &rows, &cols) == 0 { resize(to: Size(width: Int(cols), height: Int(rows))) }
        return size
    }

    public func draw(_ buffer: Buffer) {
        guard isOpen else { return }
        set_term(screen)
        let b = buffer.degraded(to: colorSupport)
        let win = cn_stdscr()
        for change in b.changes(from: previous) {
            guard change.x < size.width, change.y < size.height else { continue }
            var cc = cchar_t()
            let attrs = attributes(change.cell.style)
            var pair = Int32(colorPair(change.cell.style))
            // A glyph: one character and at most four zero-width marks — all ncurses keeps in a cell (CCHARW_MAX).
            var wide = change.cell.symbol.unicodeScalars.prefix(1 + Glyphs.marksPerCell).map { wchar_t(bitPattern: $0.value) } + [0]
            if setcchar(&cc, &wide, attrs, 0, &pair) != OK {
                var first: [wchar_t] = [wide[0], 0]
                setcchar(&cc, &first, attrs, 0, &pair)
            }
            mvwadd_wch(win, Int32(change.y), Int32(change.x), &cc)
        }
        previous = b
    }

    public func setCursor(_ position: Point?) { cursor = position }

    public func flush() {
        guard isOpen else { return }
        set_term(screen)
        let update = {
            if let c = self.cursor, c.x < self.size.width, c.y < self.size.height {
                wmove(cn_stdscr(), Int32(c.y), Int32(c.x))
                curs_set(Self.cursorVisible)
            } else {
                curs_set(Self.cursorHidden)
            }
            wnoutrefresh(cn_stdscr())
            doupdate()
        }
        if let frames { frames.run(flushing: outFile, update) } else { update() }
    }

    /// The text ncurses holds for each row (its virtual screen), for tests.
    public func screenLines() -> [String] {
        set_term(screen)
        return (0..<size.height).map { y in
            var buf = [wchar_t](repeating: 0, count: size.width * 2 + 1)
            let n = mvwinnwstr(cn_stdscr(), Int32(y), 0, &buf, Int32(size.width * 2))
            guard n != ERR else { return "" }
            var s = String.UnicodeScalarView()
            for w in buf.prefix(while: { $0 != 0 }) { if let u = Unicode.Scalar(UInt32(bitPattern: w)) { s.append(u) } }
            return String(s)
        }
    }

    /// The attributes ncurses holds at a cell, for tests.
    public func attributesAt(x: Int, y: Int) -> attr_t {
        set_term(screen)
        var cc = cchar_t()
        guard mvwin_wch(cn_stdscr(), Int32(y), Int32(x), &cc) == OK else { return 0 }
        var wch = [wchar_t](repeating: 0, count: 8)
        var attrs: attr_t = 0
        var pair: Int16 = 0
        getcchar(&cc, &wch, &attrs, &pair, nil)
        return attrs
    }

    // MARK: - Styles

    private func attributes(_ style: Style) -> attr_t {
        var a = cn_a_normal()
        if style.attributes.contains(.bold) { a |= cn_a_bold() }
        if style.attributes.contains(.dim) { a |= cn_a_dim() }
        if style.attributes.contains(.reverse) { a |= cn_a_reverse() }
        if style.attributes.contains(.underline) { a |= cn_a_underline() }
        return a
    }

    private func colorPair(_ style: Style) -> Int {
        guard colorSupport != .none, style.foreground != .default || style.background != .default else { return 0 }
        let fg = style.foreground.paletteIndex ?? -1, bg = style.background.paletteIndex ?? -1
        let pair = alloc_pair(Int32(fg), Int32(bg))
        return pair < 0 ? 0 : Int(pair)
    }

    /// The bell or a desktop notification, after the frame (`TerminalOutbox`); on the run loop's thread, like every draw.
    public func writeControl(_ sequence: String) {
        guard isOpen else { return }
        writeRaw(sequence)
    }

    /// Writes escape sequences straight to the terminal, after ncurses' own buffered output.
    private func writeRaw(_ s: String) {
        guard !s.isEmpty else { return }
        fflush(outFile)
        let fd = fileno(outFile)
        var bytes = Array(s.utf8)
        _ = write(fd, &bytes, bytes.count)
    }
}
