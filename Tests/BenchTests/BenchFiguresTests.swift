import Testing
@testable import clubhouse_bench

/// The small pure pieces the benchmarks report with.
@Suite struct BenchFiguresTests {
    @Test func percentilesAreNearestRankOverTheSortedSamples() {
        var s = Samples()
        for v in (1...100).reversed() { s.ms.append(Double(v)) }
        #expect(s.p50 == 50)
        #expect(s.p99 == 99)
        #expect(s.percentile(100) == 100)
        #expect(s.max == 100)
        var few = Samples()
        few.ms = [30, 10, 20]
        #expect(few.p50 == 20)
        #expect(few.p99 == 30, "with few samples p99 is the largest")
        #expect(Samples().p50.isNaN)
    }

    @Test func smapsRollupGivesPrivateAsCleanPlusDirty() {
        let text = """
        55d0c6a4e000-7ffd5b9f6000 ---p 00000000 00:00 0                          [rollup]
        Rss:               21480 kB
        Pss:               12034 kB
        Pss_Dirty:          6120 kB
        Shared_Clean:       9200 kB
        Shared_Dirty:          0 kB
        Private_Clean:      2160 kB
        Private_Dirty:      10120 kB
        Referenced:        21480 kB
        """
        let m = ProcessMemory.parse(smapsRollup: text)
        #expect(m?.privateKiB == 12280)
        #expect(m?.pssKiB == 12034)
        #expect(m?.rssKiB == 21480)
        #expect(ProcessMemory.parse(smapsRollup: "Rss: 1 kB") == nil)
    }

    @Test func statGivesUserPlusSystemTimeEvenWithSpacesInTheName() {
        let stat = "4242 (club house) S 1 4242 4242 34816 4242 4194560 900 0 0 0 250 50 0 0 20 0 3 0 1000 100000 2000"
        #expect(MemoryBench.cpuSeconds(stat: stat, ticksPerSecond: 100) == 3.0)
        #expect(MemoryBench.cpuSeconds(stat: "garbage", ticksPerSecond: 100) == 0)
    }

    @Test func needlesMatchWhatTheBoardAndTheRoomHeaderWrite() {
        // The needle is built on the board's own short name (`Player.shortName`, pinned in the Domain's tests).
        #expect(FanOutBench.boardNeedle("Christian McCaffrey") == "•C. Mc")
        #expect(FanOutBench.boardNeedle("Odell Beckham Jr.") == "•O. Be")
        #expect(FanOutBench.boardNeedle("Cher") == "•Cher")
        #expect(FanOutBench.headerNeedle(nextPick: 7) == "· pick 7 · on the clock")
    }
}
