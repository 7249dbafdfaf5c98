import Testing
@testable import ClubhouseDomain

/// The one binary search (`firstIndex(after:)`) that the live game's running lines and the week's play moments use.
@Suite struct SortedSearchTests {
    @Test func firstIndexAfterCountsTheElementsAtOrBeforeTheValue() {
        let times = [10, 20, 20, 30, Int.max]
        #expect(times.firstIndex(after: 5) == 0, "before every play")
        #expect(times.firstIndex(after: 10) == 1, "a play at the moment counts")
        #expect(times.firstIndex(after: 20) == 3, "equal times all count")
        #expect(times.firstIndex(after: 29) == 3)
        #expect(times.firstIndex(after: 1_000) == 4, "a residual (Int.max) only at the end of the game")
        #expect(times.firstIndex(after: Int.max) == 5)
        #expect([Int]().firstIndex(after: 0) == 0)
    }

    @Test func itAgreesWithALinearScanOnEverySmallCase() {
        for n in 0...9 {
            let sorted = (0..<n).map { $0 / 2 * 3 }   // duplicates and gaps
            for v in -1...15 {
                #expect(sorted.firstIndex(after: v) == (sorted.firstIndex(where: { $0 > v }) ?? sorted.count), "n \(n), value \(v)")
            }
        }
    }

    @Test func itWorksOnASliceWithItsOwnIndices() {
        let slice = [1, 2, 3, 4, 5, 6][2...]   // indices 2..<6
        #expect(slice.firstIndex(after: 4) == 4)
        #expect(slice.firstIndex(after: 0) == 2)
    }
}
