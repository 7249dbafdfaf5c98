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

    /// A writer descheduled past the window between its last WAL write and the index update that makes its commit
    /// visible (nothing reports that update): one more look a second after the last write, however long the fallback;
    /// after it, only the next write or the fallback.
    @Test func aCommitNotSeenWithinTheWindowIsLookedForOnceMoreASecondAfterTheWrite() {
        var s = LookSchedule()
        let hour = Duration.seconds(3600)
        #expect(s.waitLimit(fallback: hour, now: t0) == hour, "nothing reported: the fallback")
        s.waited(sawWrite: true, now: t0)
        var now = t0
        while let d = s.next(sawCommit: false, now: now) { now += d; s.waited(sawWrite: false, now: now) }
        #expect(s.waitLimit(fallback: hour, now: now) == LookSchedule.lateLookAfter - (now - t0), "the late look: 1 s after the write")
        #expect(s.waitLimit(fallback: .milliseconds(500), now: now) == .milliseconds(500), "never past the fallback")
        now = t0 + LookSchedule.lateLookAfter
        s.waited(sawWrite: false, now: now)
        #expect(s.next(sawCommit: false, now: now) == nil)
        #expect(s.waitLimit(fallback: hour, now: now) == hour, "one late look, then the fallback")
    }

    @Test func aSeenCommitOrANewWriteCancelsTheLateLook() {
        var s = LookSchedule()
        let hour = Duration.seconds(3600)
        s.waited(sawWrite: true, now: t0)
        var now = t0
        while let d = s.next(sawCommit: false, now: now) { now += d; s.waited(sawWrite: false, now: now) }
        #expect(s.lateLook != nil)
        #expect(s.next(sawCommit: true, now: now) == nil)
        #expect(s.waitLimit(fallback: hour, now: now) == hour, "seen (a look at the fallback's end saw it): no late look")
        s.waited(sawWrite: true, now: t0)
        now = t0
        while let d = s.next(sawCommit: false, now: now) { now += d; s.waited(sawWrite: false, now: now) }
        s.waited(sawWrite: true, now: now)
        #expect(s.lateLook == nil && s.next(sawCommit: false, now: now) == .milliseconds(1), "a new write: the window again")
    }
}
