import Testing
@testable import ClubhouseData

/// When an event follower looks at the file again (`LookSchedule`): soon and often while a reported write's commit
/// isn't visible, again from the start for a newer write, and only on the next write once the commit is seen or the
/// window after the last write has passed.
@Suite struct LookScheduleTests {
    let t0 = ContinuousClock.now

    @Test func aWriteWhoseCommitIsNotYetVisibleIsLookedForAfter1248AndThenEvery16Ms() {
        var s = LookSchedule()
        #expect(s.next(sawCommit: false, now: t0) == nil, "nothing reported: wait for a write")
        s.waited(sawWrite: true, now: t0)
        var now = t0
        var waits: [Duration] = []
        while let wait = s.next(sawCommit: false, now: now) {
            waits.append(wait)
            now += wait
            s.waited(sawWrite: false, now: now)
        }
        #expect(Array(waits.prefix(6)) == [.milliseconds(1), .milliseconds(2), .milliseconds(4), .milliseconds(8), .milliseconds(16), .milliseconds(16)])
        #expect(waits.max() == LookSchedule.longest, "never longer than 16 ms between two looks (128 ms before)")
        #expect(now - t0 >= LookSchedule.window && now - t0 < LookSchedule.window + LookSchedule.longest,
                "it keeps looking for the window after the write, then waits for the next one")
    }

    @Test func aNewerWriteStartsTheCountAgainAndASeenCommitEndsIt() {
        var s = LookSchedule()
        s.waited(sawWrite: true, now: t0)
        var now = t0
        for _ in 0..<4 { now += s.next(sawCommit: false, now: now)!; s.waited(sawWrite: false, now: now) }
        #expect(s.next(sawCommit: false, now: now) == .milliseconds(16))
        // 100 ms on, another write of the same transaction: the window again from it, from 1 ms again.
        now = t0 + .milliseconds(100)
        s.waited(sawWrite: true, now: now)
        #expect(s.next(sawCommit: false, now: now + .milliseconds(120)) == .milliseconds(1))
        // The commit is seen: wait for the next write.
        #expect(s.next(sawCommit: true, now: now) == nil)
        s.waited(sawWrite: false, now: now + .seconds(1))
        #expect(s.next(sawCommit: false, now: now + .seconds(1)) == nil, "the fallback passing is not a write")
    }
}
