import Testing
@testable import Terminal

@Suite struct BufferTests {
    @Test func setStringWritesAndReportsWidth() {
        var b = Buffer(size: Size(width: 10, height: 2))
        let n = b.set(string: "hello", at: Point(x: 2, y: 1))
        #expect(n == 5)
        #expect(b.lines() == ["          ", "  hello   "])
    }

    @Test func wideCharactersTakeTwoCellsAndReadNaturally() {
        var b = Buffer(size: Size(width: 6, height: 1))
        b.set(string: "a日b", at: Point(x: 0, y: 0))
        #expect(b[1, 0].width == 2)
        #expect(b[2, 0].isContinuation)
        #expect(b.lines() == ["a日b  "])
    }

    @Test func wideCharacterAtRightEdgeBecomesSpace() {
        var b = Buffer(size: Size(width: 4, height: 1))
        b.fill(b.area, with: Cell("x"))
        b.set(string: "abc日", at: Point(x: 0, y: 0))
        #expect(b.lines() == ["abc "])
        var c = Buffer(size: Size(width: 8, height: 1))
        c.set(string: "日本語", at: Point(x: 0, y: 0), maxWidth: 5)
        #expect(c.lines() == ["日本    "])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var b = Buffer(size: Size(width: 4, height: 1))
        b.set(string: "日本", at: Point(x: 0, y: 0))
        b.set(string: "x", at: Point(x: 1, y: 0))
        #expect(b.lines() == [" x本"])
        b.set(string: "y", at: Point(x: 2, y: 0))
        #expect(b.lines() == [" xy "])
    }

    @Test func maxWidthClipsText() {
        var b = Buffer(size: Size(width: 10, height: 1))
        b.set(string: "abcdefgh", at: Point(x: 0, y: 0), maxWidth: 3)
        #expect(b.lines() == ["abc       "])
    }

    @Test func changesReportOnlyDifferingCells() {
        var a = Buffer(size: Size(width: 5, height: 2))
        a.set(string: "hello", at: Point(x: 0, y: 0))
        var b = a
        b.set(string: "j", at: Point(x: 0, y: 0))
        #expect(b.changes(from: a).map { Point(x: $0.x, y: $0.y) } == [Point(x: 0, y: 0)])
        #expect(b.changes(from: nil).count == 10)
        #expect(b.changes(from: b).isEmpty)
    }

    @Test func monochromeTurnsBackgroundHighlightsIntoReverse() {
        let highlight = Style(foreground: .white, background: .indexed(24))
        #expect(highlight.degraded(to: .none) == Style(attributes: .reverse))
        #expect(Style(foreground: .red, attributes: .bold).degraded(to: .none) == .bold)
        #expect(Style(foreground: .indexed(196)).degraded(to: .basic8).foreground == .red)
        #expect(Style(foreground: .indexed(21)).degraded(to: .basic8).foreground == .blue)
        #expect(Style(foreground: .indexed(46)).degraded(to: .basic8).foreground == .green)
        #expect(Style(foreground: .indexed(226)).degraded(to: .basic8).foreground == .yellow)
        #expect(Style(foreground: .indexed(250)).degraded(to: .basic8).foreground == .white)
        #expect(Style(foreground: .indexed(236)).degraded(to: .basic8).foreground == .black)
        #expect(Style(foreground: .indexed(59)).degraded(to: .basic8).foreground == .black)  // dark grey cube entry
        #expect(Style(foreground: .indexed(12)).degraded(to: .basic8).foreground == .blue)
    }
}
