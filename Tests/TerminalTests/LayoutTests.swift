import Testing
@testable import Terminal

@Suite struct LayoutTests {
    let area = Rect(x: 0, y: 0, width: 100, height: 40)

    @Test func lengthAndFillShareTheRest() {
        let rows = area.rows([.length(1), .fill(1), .length(1)])
        #expect(rows.map(\.height) == [1, 38, 1])
        #expect(rows.map(\.y) == [0, 1, 39])
    }

    @Test func fillWeightsSplitProportionallyAndSumToArea() {
        let cols = Rect(x: 0, y: 0, width: 10, height: 1).columns([.fill(1), .fill(1), .fill(1)])
        #expect(cols.map(\.width).reduce(0, +) == 10)
        #expect(cols.map(\.width).sorted() == [3, 3, 4])
        let weighted = Rect(x: 0, y: 0, width: 90, height: 1).columns([.fill(1), .fill(2)])
        #expect(weighted.map(\.width) == [30, 60])
    }

    @Test func percentagesRoundToTheExactTotal() {
        for width in [7, 10, 33, 61, 120, 199] {
            let cols = Rect(x: 0, y: 0, width: width, height: 1).columns([.percentage(33), .percentage(33), .percentage(34)])
            #expect(cols.map(\.width).reduce(0, +) == width, "width \(width)")
            #expect(cols[1].x == cols[0].right && cols[2].x == cols[1].right)
        }
        #expect(area.columns([.percentage(25), .fill(1)]).map(\.width) == [25, 75])
    }

    @Test func minGrowsWhenThereIsNoFill() {
        #expect(area.rows([.length(2), .min(5)]).map(\.height) == [2, 38])
        #expect(area.rows([.min(5), .fill(1)]).map(\.height) == [5, 35])
    }

    @Test func overConstrainedShrinksMinimumsBeforeLengths() {
        let r = Rect(x: 0, y: 0, width: 10, height: 5).rows([.length(1), .min(10), .length(1)])
        #expect(r.map(\.height) == [1, 3, 1])
        #expect(r.map(\.height).reduce(0, +) == 5)
    }

    @Test func spacingLeavesGapsBetweenAreas() {
        let cols = Rect(x: 2, y: 0, width: 21, height: 1).columns([.fill(1), .fill(1)], spacing: 1)
        #expect(cols == [Rect(x: 2, y: 0, width: 10, height: 1), Rect(x: 13, y: 0, width: 10, height: 1)])
    }

    @Test func emptyAreaYieldsEmptyRects() {
        let rows = Rect.zero.rows([.length(3), .fill(1)])
        #expect(rows.allSatisfy { $0.isEmpty })
    }
}
