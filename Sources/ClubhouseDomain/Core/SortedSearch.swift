/// The one binary search over a sorted collection: a live game's running lines (`LiveGame.stats(_:upTo:)`) and a
/// week's play moments (`SeasonFacts.nextLiveMoment(after:reader:)`) read "the plays up to a moment" through it.
extension RandomAccessCollection where Element: Comparable {
    /// In an ascending collection, the index of the first element after `value` (`endIndex` when there is none):
    /// everything before it is ≤ `value`. O(log n).
    func firstIndex(after value: Element) -> Index {
        var lo = startIndex, hi = endIndex
        while lo < hi {
            let mid = index(lo, offsetBy: distance(from: lo, to: hi) / 2)
            if self[mid] <= value { lo = index(after: mid) } else { hi = mid }
        }
        return lo
    }
}
