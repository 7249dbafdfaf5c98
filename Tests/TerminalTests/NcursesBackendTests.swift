import Testing
#if canImport(Glibc)
import Glibc
#endif
import CNcurses
@testable import Terminal

/// ncurses keeps global state, so everything touching it runs in this one serialized suite.
@Suite(.serialized) struct NcursesBackendTests {
    @Test func drawsBufferThroughNcursesAndReadsItBack() throws {
        let size = Size(width: 60, height: 16)
        let backend = try NcursesBackend.headless(size: size)
        defer { backend.close() }
        #expect(backend.size == size)
        #expect(backend.colorSupport == .palette256)
        var s = SampleScreen()
        s.sheet.push("Gridiron Greats")
        var b = Buffer(size: size)
        s.render(into: &b, now: .zero)
        backend.draw(b)
        backend.flush()
        let lines = backend.screenLines()
        #expect(lines.map(trimmed) == b.lines().map(trimmed))
        #expect(lines[1].hasPrefix("┌ Standings ──"))
        #expect(lines[5].hasPrefix("│東京ドラゴンズ 🏈"))
        // The selected sheet row keeps its bold attribute through ncurses.
        #expect(backend.attributesAt(x: 3, y: 10) & cn_a_bold() != 0)
    }

    @Test func wideCharactersKeepColumnsAlignedThroughNcurses() throws {
        let size = Size(width: 120, height: 40)
        let backend = try NcursesBackend.headless(size: size)
        defer { backend.close() }
        var s = SampleScreen()
        s.sheet.setDetent(.peek, now: .zero, animated: false)
        var b = Buffer(size: size)
        s.render(into: &b, now: .zero)
        backend.draw(b)
        backend.flush()
        let lines = backend.screenLines()
        #expect(lines.count == 40)
        #expect(lines.allSatisfy { $0.displayWidth == 120 })
        #expect(lines[5].hasPrefix("│東京ドラゴンズ 🏈") && lines[5].hasSuffix("│"))
        #expect(lines[36].hasPrefix("├─ Home ─"))
    }

    @Test func monochromeBackendUsesReverseForSelection() throws {
        let size = Size(width: 60, height: 16)
        let backend = try NcursesBackend.headless(size: size, monochrome: true)
        defer { backend.close() }
        #expect(backend.colorSupport == .none)
        var b = Buffer(size: size)
        SampleScreen().render(into: &b, now: .zero)
        backend.draw(b)
        backend.flush()
        #expect(backend.attributesAt(x: 3, y: 10) & cn_a_reverse() != 0)
        #expect(backend.attributesAt(x: 3, y: 9) & cn_a_reverse() == 0)
    }

    @Test func redrawSendsOnlyChangesAndResizeRepaints() throws {
        let backend = try NcursesBackend.headless(size: Size(width: 20, height: 4))
        defer { backend.close() }
        var b = Buffer(size: backend.size)
        b.set(string: "hello 世界", at: Point(x: 0, y: 0))
        backend.draw(b); backend.flush()
        b.set(string: "J", at: Point(x: 0, y: 0))
        backend.draw(b); backend.flush()
        #expect(trimmed(backend.screenLines()[0]) == "Jello 世界")
        backend.resize(to: Size(width: 30, height: 5))
        #expect(backend.size == Size(width: 30, height: 5))
        var bigger = Buffer(size: backend.size)
        bigger.set(string: "resized", at: Point(x: 2, y: 4))
        backend.draw(bigger); backend.flush()
        let lines = backend.screenLines()
        #expect(lines.count == 5)
        #expect(trimmed(lines[0]) == "")
        #expect(trimmed(lines[4]) == "  resized")
    }

    /// Names with ZWJ sequences, flags, VS16, combining marks, CJK, Zalgo text and control characters, in
    /// a box, drawn through ncurses over a screen full of "#", then moved a row (as when the selection moves and the
    /// list scrolls). ncurses' own screen must be the app's, cell for cell: a cluster the app measured differently
    /// from ncurses leaves a "#" (or the previous frame's text) behind and shifts what follows on the terminal.
    @Test func hardNamesLeaveNothingStaleThroughNcurses() throws {
        let size = Size(width: 40, height: GlyphsTests.hardNames.count + 2)
        let backend = try NcursesBackend.headless(size: size)
        defer { backend.close() }
        func frame(_ names: [String], selected: Int) -> Buffer {
            var b = Buffer(size: size)
            Block(title: "Teams").render(in: Rect(size: size), buffer: &b)
            for (i, name) in names.enumerated() {
                b.set(string: name.padded(toWidth: size.width - 2), at: Point(x: 1, y: i + 1), style: i == selected ? .reverse : .plain)
            }
            return b
        }
        var stale = Buffer(size: size)
        for y in 0..<size.height { stale.set(string: String(repeating: "#", count: size.width), at: Point(x: 0, y: y)) }
        backend.draw(stale); backend.flush()
        let names = GlyphsTests.hardNames
        for (step, b) in [frame(names, selected: 0), frame(Array(names.dropFirst()) + [names[0]], selected: 1),
                          frame(names.reversed(), selected: 2)].enumerated() {
            backend.draw(b); backend.flush()
            let lines = backend.screenLines()
            #expect(lines == b.lines(), "frame \(step)")
            #expect(!lines.joined().contains("#"), "frame \(step): nothing of the screen before is left")
            #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("│") && $0.hasSuffix("│") }, "frame \(step)")
        }
    }

    @Test func unknownOrDumbTerminalsAreRefused() {
        #expect(TerminalPreflight.terminfoRefusal(term: "xterm-256color") == nil)
        #expect(TerminalPreflight.terminfoRefusal(term: "no-such-terminal-xyz")?.reason.contains("unknown terminal") == true)
        #expect(TerminalPreflight.terminfoRefusal(term: "dumb")?.reason.contains("cannot move the cursor") == true)
    }

    /// ncurses alone writes a framed screen as many small writes (it empties its buffer before each character
    /// outside ASCII); through `FrameBatch` the same kind of frame reaches the terminal in one write, whole and in
    /// order. A SOCK_SEQPACKET socket keeps each write a message of its own, so the test counts writes.
    @Test func aFrameReachesTheTerminalInOneWrite() throws {
        #expect(TerminalPreflight.ensureUTF8Locale())
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
        let reader = pair[1]
        defer { close(reader) }
        #expect(fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK) == 0)
        let out = try #require(fdopen(pair[0], "w"))
        let inp = try #require(fopen("/dev/null", "r"))
        let screen = try #require(newterm("xterm-256color", out, inp))
        defer { endwin(); delscreen(screen); fclose(out); fclose(inp) }
        set_term(screen)
        resizeterm(12, 40)

        /// The writes waiting on the socket: how many, and their bytes joined.
        func drain() -> (writes: Int, text: String) {
            var writes = 0, bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = recv(reader, &chunk, chunk.count, 0)
                guard n > 0 else { break }
                writes += 1; bytes += chunk.prefix(n)
            }
            return (writes, String(decoding: bytes, as: UTF8.self))
        }
        func drawFrame(_ label: String) {
            for y in Int32(0)..<10 {
                var line = Array("│ \(label) \(y) ·│".unicodeScalars.map { wchar_t(bitPattern: $0.value) }) + [0]
                mvwaddwstr(cn_stdscr(), y, 0, &line)
            }
            clearok(cn_stdscr(), true)   // the whole frame, not only what changed since the last one
            wnoutrefresh(cn_stdscr())
        }
        _ = drain()

        drawFrame("plain")
        doupdate()
        let plain = drain()
        #expect(plain.writes >= 10, "ncurses by itself: \(plain.writes) writes")
        #expect(plain.text.contains("plain 9"))

        let batch = try #require(FrameBatch(fd: fileno(out)))
        for label in ["first", "second"] {
            let sent = batch.run(flushing: out) { drawFrame(label); doupdate() }
            let batched = drain()
            #expect(batched.writes == 1)
            #expect(sent == batched.text.utf8.count)
            #expect(batched.text.contains("\(label) 0") && batched.text.contains("\(label) 9"))
            #expect(batched.text.contains("│") && batched.text.contains("·"))
        }
    }
}

@Suite struct TerminalPreflightTests {
    @Test func refusesWithoutTTYOrUsableTERM() {
        #expect(TerminalPreflight.refusal(stdinIsTTY: false, stdoutIsTTY: true, term: "xterm")?.reason.contains("TTY") == true)
        #expect(TerminalPreflight.refusal(stdinIsTTY: true, stdoutIsTTY: false, term: "xterm") != nil)
        #expect(TerminalPreflight.refusal(stdinIsTTY: true, stdoutIsTTY: true, term: nil)?.reason.contains("TERM is not set") == true)
        #expect(TerminalPreflight.refusal(stdinIsTTY: true, stdoutIsTTY: true, term: "")?.reason.contains("TERM is not set") == true)
        #expect(TerminalPreflight.refusal(stdinIsTTY: true, stdoutIsTTY: true, term: "dumb")?.reason.contains("dumb") == true)
        #expect(TerminalPreflight.refusal(stdinIsTTY: true, stdoutIsTTY: true, term: "xterm-256color") == nil)
    }

    @Test func refusalsAreOneLine() {
        let r = TerminalPreflight.refusal(stdinIsTTY: false, stdoutIsTTY: false, term: nil)!
        #expect(!r.reason.contains("\n"))
    }

    @Test func colorSupportHonoursNoColor() {
        #expect(ColorSupport.noColorRequested(["NO_COLOR": "1"]))
        #expect(!ColorSupport.noColorRequested(["NO_COLOR": ""]))
        #expect(!ColorSupport.noColorRequested([:]))
        #expect(ColorSupport.detect(colors: 256, monochrome: false) == .palette256)
        #expect(ColorSupport.detect(colors: 8, monochrome: false) == .basic8)
        #expect(ColorSupport.detect(colors: 0, monochrome: false) == .none)
        #expect(ColorSupport.detect(colors: 256, monochrome: true) == .none)
    }
}
