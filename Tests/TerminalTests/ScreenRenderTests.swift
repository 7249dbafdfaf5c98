import Testing
@testable import Terminal

/// The board-under-sheet screen rendered through `HeadlessBackend` at the sizes the app supports.
@Suite struct ScreenRenderTests {
    func sample(_ detent: SheetDetent) -> SampleScreen {
        var s = SampleScreen()
        s.sheet.push("Gridiron Greats")
        s.sheet.push("Week 9")
        s.sheet.setDetent(detent, now: .zero, animated: false)
        return s
    }

    @Test func peekAt60x16() {
        #expect(sample(.peek).lines(Size(width: 60, height: 16)).map(trimmed) == [
            " Clubhouse League · Gridiron Greats · Week 9 alice · ? help",
            "┌ Standings ───────────────────────────────────────────────┐",
            "│Team                                           W-L      PF│",
            "│Gridiron Greats                                7-1  1021.4│",
            "│Bits vs Bytes                                  5-3   980.0│",
            "│東京ドラゴンズ 🏈                              4-4   950.2│",
            "│Null Pointers                                  2-6   801.9│",
            "│                                                          │",
            "│                                                          │",
            "│                                                          │",
            "│                                                          │",
            "│                                                          │",
            "├─ Home › Gridiron Greats › Week 9 ───────────────── peek ─┤",
            "│東京ドラゴンズ 🏈 88.0 – 91.5 Null Pointers               │",
            "└──────────────────────────────────────────────────────────┘",
            " j/k move · enter open · esc back · tab board/sheet",
        ])
    }

    @Test func halfAt60x16() {
        #expect(sample(.half).lines(Size(width: 60, height: 16)).map(trimmed) == [
            " Clubhouse League · Gridiron Greats · Week 9 alice · ? help",
            "┌ Standings ───────────────────────────────────────────────┐",
            "│Team                                           W-L      PF│",
            "│Gridiron Greats                                7-1  1021.4│",
            "│Bits vs Bytes                                  5-3   980.0│",
            "│東京ドラゴンズ 🏈                              4-4   950.2│",
            "│Null Pointers                                  2-6   801.9│",
            "│                                                          │",
            "├─ Home › Gridiron Greats › Week 9 ───────────────── half ─┤",
            "│Gridiron Greats 112.4 – 98.1 Bits vs Bytes                │",
            "│東京ドラゴンズ 🏈 88.0 – 91.5 Null Pointers               │",
            "│Lambda Legends 77.2 – 101.0 Monad Mashers                 │",
            "│Heap Heroes 64.5 – 99.9 Stack Smashers                    │",
            "│                                                          │",
            "└──────────────────────────────────────────────────────────┘",
            " j/k move · enter open · esc back · tab board/sheet",
        ])
    }

    @Test func fullAt60x16() {
        let lines = sample(.full).lines(Size(width: 60, height: 16)).map(trimmed)
        #expect(lines[1] == "┌─ Home › Gridiron Greats › Week 9 ───────────────── full ─┐")
        #expect(lines[2] == "│Gridiron Greats 112.4 – 98.1 Bits vs Bytes                │")
        #expect(lines[14] == "└──────────────────────────────────────────────────────────┘")
        #expect(!lines.joined().contains("Standings"))
    }

    @Test(arguments: [Size(width: 60, height: 16), Size(width: 120, height: 40), Size(width: 200, height: 60)],
          SheetDetent.allCases)
    func everyDetentFillsTheScreenExactly(size: Size, detent: SheetDetent) {
        let lines = sample(detent).lines(size)
        #expect(lines.count == size.height)
        #expect(lines.allSatisfy { $0.displayWidth == size.width })
        #expect(lines[0].hasPrefix(" Clubhouse League"))
        #expect(lines[0].hasSuffix("alice · ? help "))
        #expect(lines[size.height - 1].hasPrefix(" j/k move · enter open"))
        // The sheet header sits where the layout says, and the frame closes just above the footer.
        let body = BoardSheetLayout.body(of: Rect(size: size))
        let headerRow = SheetMetrics().split(body, sheetHeight: SheetMetrics().height(for: detent, in: body.height)).sheet.y
        #expect(lines[headerRow].contains("Home › Gridiron Greats › Week 9"))
        #expect(lines[headerRow].contains(" \(detent) "))
        #expect(lines[size.height - 2].hasPrefix("└") && lines[size.height - 2].hasSuffix("┘"))
        if detent != .full { #expect(lines[1].hasPrefix("┌ Standings")) }
    }

    @Test func wideScreenShowsEveryFooterHint() {
        let lines = sample(.half).lines(Size(width: 200, height: 60))
        #expect(trimmed(lines[59]) == " j/k move · enter open · esc back · tab board/sheet · +/- sheet size · / filter")
        #expect(lines[30].hasPrefix("├─ Home › Gridiron Greats › Week 9 ──"))
    }

    @Test func tooSmallScreenBelow60x16() {
        for size in [Size(width: 59, height: 16), Size(width: 60, height: 15), Size(width: 30, height: 8)] {
            let lines = sample(.half).lines(size)
            let text = lines.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: " ")
            #expect(text == "Terminal too small: \(size), needs 60×16", "\(size)")
        }
    }

    @Test func animatedDetentRendersIntermediateFrames() {
        var s = sample(.peek)
        s.sheet.setDetent(.full, now: .seconds(1))
        let header = { (ms: Int64) -> Int in
            s.lines(Size(width: 60, height: 16), now: .seconds(1) + .milliseconds(ms))
                .firstIndex { $0.contains("Home › Gridiron") }!
        }
        #expect(header(0) == 12)
        #expect(header(50) < 12 && header(50) > 1)
        #expect(header(150) == 1)
    }

    @Test func noColorDegradesStylesAndKeepsSelectionReverse() {
        let s = sample(.half)
        let size = Size(width: 60, height: 16)
        let backend = HeadlessBackend(size: size, colorSupport: .none)
        var b = Buffer(size: size)
        s.render(into: &b, now: .seconds(10))
        backend.draw(b)
        let screen = backend.screen
        #expect(screen.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        // Selected sheet row (index 1 → screen row 10) and board row (row 3) are reverse video.
        #expect(screen[5, 10].style.attributes.contains(.reverse))
        #expect(screen[5, 3].style.attributes.contains(.reverse))
        #expect(!screen[5, 9].style.attributes.contains(.reverse))
        // Same text as in colour.
        #expect(backend.lines() == s.lines(size))
        // In colour the highlight keeps its colours and no reverse is added.
        let colour = HeadlessBackend(size: size, colorSupport: .palette256)
        colour.draw(b)
        #expect(colour.screen[5, 10].style.background == .indexed(24))
        #expect(!colour.screen[5, 10].style.attributes.contains(.reverse))
        let eight = HeadlessBackend(size: size, colorSupport: .basic8)
        eight.draw(b)
        #expect(eight.screen[5, 10].style.background == .cyan)   // 24 is #005f87
    }

    @Test func headlessBackendSendsOnlyChangedCells() {
        let size = Size(width: 60, height: 16)
        let backend = HeadlessBackend(size: size)
        var s = sample(.half)
        var b = Buffer(size: size)
        s.render(into: &b, now: .zero)
        backend.draw(b)
        #expect(backend.lastChangeCount > 800)
        backend.draw(b)
        #expect(backend.lastChangeCount == 0)
        s.list.move(by: 1, count: 4, viewport: 5)
        var next = Buffer(size: size)
        s.render(into: &next, now: .zero)
        backend.draw(next)
        #expect(backend.lastChangeCount > 0 && backend.lastChangeCount <= 2 * 58)   // two rows changed style
        #expect(backend.lines() == next.lines())
        backend.resize(to: Size(width: 80, height: 20))
        var resized = Buffer(size: Size(width: 80, height: 20))
        s.render(into: &resized, now: .zero)
        backend.draw(resized)
        #expect(backend.lastChangeCount == resized.changes(from: nil).count)
    }
}

/// A line without trailing spaces.
func trimmed(_ s: String) -> String {
    var t = Substring(s)
    while t.last == " " { t = t.dropLast() }
    return String(t)
}

extension String {
    /// Without leading and trailing spaces.
    func trimmingSpaces() -> String {
        var t = Substring(self)
        while t.first == " " { t = t.dropFirst() }
        while t.last == " " { t = t.dropLast() }
        return String(t)
    }
}
