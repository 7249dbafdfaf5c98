import Testing
@testable import Terminal

@Suite struct SheetTests {
    let body = Rect(x: 0, y: 1, width: 60, height: 14)

    @Test func detentHeightsWithinBody() {
        let m = SheetMetrics()
        #expect(m.height(for: .peek, in: 14) == 3)   // header + one row + bottom border
        #expect(m.height(for: .half, in: 14) == 7)
        #expect(m.height(for: .full, in: 14) == 14)
        #expect(m.height(for: .half, in: 4) == 3)    // never smaller than peek
    }

    @Test func layoutSplitsBoardAboveSheet() {
        let s = SheetState(root: "Home", detent: .half)
        let l = s.layout(in: body, now: .zero)
        #expect(l.board == Rect(x: 0, y: 1, width: 60, height: 7))
        #expect(l.sheet == Rect(x: 0, y: 8, width: 60, height: 7))
    }

    @Test func plusAndMinusStepThroughDetents() {
        var s = SheetState(root: "Home", detent: .peek)
        s.grow(now: .zero, animated: false)
        #expect(s.detent == .half)
        s.grow(now: .zero, animated: false)
        s.grow(now: .zero, animated: false)
        #expect(s.detent == .full)
        s.shrink(now: .zero, animated: false)
        #expect(s.detent == .half)
    }

    @Test func detentChangeAnimatesWithin150ms() {
        var s = SheetState(root: "Home", detent: .peek)
        s.setDetent(.full, now: .seconds(1))
        let t0 = Duration.seconds(1)
        #expect(s.detent == .full)                       // the target is known at once (input never waits)
        #expect(s.position(at: t0) == 0)
        let mid = s.position(at: t0 + .milliseconds(40))
        #expect(mid > 0 && mid < 2)
        #expect(s.isAnimating(at: t0 + .milliseconds(100)))
        #expect(s.nextFrameDelay(at: t0 + .milliseconds(100)) != nil)
        #expect(s.position(at: t0 + .milliseconds(150)) == 2)
        #expect(!s.isAnimating(at: t0 + .milliseconds(150)))
        #expect(s.nextFrameDelay(at: t0 + .milliseconds(150)) == nil)
        // Heights grow monotonically frame by frame.
        let heights = stride(from: 0, through: 150, by: 16).map {
            s.layout(in: body, now: t0 + .milliseconds(Int64($0))).sheet.height
        }
        #expect(heights == heights.sorted())
        #expect(heights.first == 3 && heights.last == 14)
    }

    @Test func reducedMotionJumpsStraightToTheDetent() {
        var s = SheetState(root: "Home", detent: .peek)
        s.setDetent(.full, now: .zero, animated: false)
        #expect(s.position(at: .zero) == 2)
        #expect(!s.isAnimating(at: .zero))
    }

    @Test func changingDetentMidAnimationStartsFromCurrentPosition() {
        var s = SheetState(root: "Home", detent: .peek)
        s.setDetent(.full, now: .zero)
        let p = s.position(at: .milliseconds(50))
        s.setDetent(.peek, now: .milliseconds(50))
        #expect(s.position(at: .milliseconds(50)) == p)
        #expect(s.position(at: .milliseconds(200)) == 0)
    }

    @Test func escapeFollowsSpecOrder() {
        var s = SheetState(root: "Home", detent: .half)
        s.push("League"); s.push("Week 9")
        var outcomes: [EscapeOutcome] = []
        outcomes.append(s.handleEscape(hasActiveFilter: true, now: .zero))
        #expect(s.stack.count == 3)     // clearing the filter is the caller's job; nothing else moved
        outcomes.append(s.handleEscape(hasActiveFilter: false, now: .zero))
        outcomes.append(s.handleEscape(hasActiveFilter: false, now: .zero))
        outcomes.append(s.handleEscape(hasActiveFilter: false, now: .zero))
        outcomes.append(s.handleEscape(hasActiveFilter: false, now: .zero))
        outcomes.append(s.handleEscape(hasActiveFilter: false, now: .zero))
        #expect(outcomes == [.clearFilter, .poppedPage, .poppedPage, .collapsedToPeek, .focusedBoard, .none])
        #expect(s.stack == ["Home"] && s.detent == .peek && s.focus == .board)
    }

    @Test func pushFocusesSheetAndRootNeverPops() {
        var s = SheetState(root: "Home", focus: .board)
        s.push("League")
        #expect(s.focus == .sheet && s.top == "League")
        let popped = s.pop(), again = s.pop()
        #expect(popped == "League" && again == nil)
        #expect(s.top == "Home")
    }

    @Test func draggingTheTopEdgeChangesDetent() {
        var s = SheetState(root: "Home", detent: .peek)
        let headerRow = s.layout(in: body, now: .zero).sheet.y
        #expect(headerRow == 12)
        let offEdge = s.handleMouse(MouseEvent(.press(.left), x: 10, y: 5), in: body, now: .zero)
        #expect(!offEdge)                                                                     // not on the edge
        let pressed = s.handleMouse(MouseEvent(.press(.left), x: 10, y: headerRow), in: body, now: .zero)
        let dragged = s.handleMouse(MouseEvent(.drag(.left), x: 10, y: 3), in: body, now: .zero)
        #expect(pressed && dragged)
        #expect(s.layout(in: body, now: .zero).sheet.y == 3)                                 // follows the mouse
        let released = s.handleMouse(MouseEvent(.release(.left), x: 10, y: 3), in: body, now: .zero, animated: false)
        #expect(released)
        #expect(s.detent == .full)                                                            // 12 rows: nearest is full (14)
        #expect(s.layout(in: body, now: .zero).sheet.height == 14)
    }

    @Test func dragReleaseSnapsToNearestDetentAndAnimates() {
        var s = SheetState(root: "Home", detent: .full)
        _ = s.handleMouse(MouseEvent(.press(.left), x: 0, y: 1), in: body, now: .zero)
        _ = s.handleMouse(MouseEvent(.drag(.left), x: 0, y: 9), in: body, now: .zero)
        _ = s.handleMouse(MouseEvent(.release(.left), x: 0, y: 9), in: body, now: .zero)
        #expect(s.detent == .half)
        #expect(s.layout(in: body, now: .zero).sheet.height == 6)        // starts where the mouse left it
        #expect(s.layout(in: body, now: .milliseconds(150)).sheet.height == 7)
    }

    @Test func breadcrumbTruncatesFromTheLeft() {
        let titles = ["Home", "Gridiron Greats", "Week 9", "Bits vs Bytes"]
        #expect(Breadcrumb.text(titles, width: 80) == "Home › Gridiron Greats › Week 9 › Bits vs Bytes")
        #expect(Breadcrumb.text(titles, width: 30) == "… › Week 9 › Bits vs Bytes")
        #expect(Breadcrumb.text(titles, width: 18) == "… › Bits vs Bytes")
        #expect(Breadcrumb.text(titles, width: 8) == "…s Bytes")
        #expect(Breadcrumb.text(["Home", "東京ドラゴンズ"], width: 12) == "…ドラゴンズ")
    }

    @Test func sheetFrameShowsBreadcrumbAndDetent() {
        let titles = ["Home", "Gridiron Greats", "Week 9"]
        var b = Buffer(size: Size(width: 42, height: 3))
        b.render(SheetFrame(titles: titles, trailing: "half"), in: b.area)
        #expect(b.text().components() == [
            "├─ … › Gridiron Greats › Week 9 ── half ─┤",
            "│                                        │",
            "└────────────────────────────────────────┘",
        ])
        var narrow = Buffer(size: Size(width: 40, height: 1))
        narrow.render(SheetFrame(titles: titles, trailing: "half", atTop: true), in: narrow.area)
        #expect(narrow.text() == "┌─ … › Week 9 ────────────────── half ─┐")
    }
}

