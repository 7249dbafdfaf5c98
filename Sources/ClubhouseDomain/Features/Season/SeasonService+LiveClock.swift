import Foundation

// MARK: - The running season clock: it moves on its own at the commissioner's speed, one step whenever plays land.

extension SeasonService {
    /// Real seconds a step may cover at most: a clock nobody has run for longer (every app closed) resumes where it
    /// stopped instead of jumping ahead.
    public static let clockStepGapLimit: TimeInterval = 30
    /// A running clock is brought up to date at least this often (real seconds) even when no play lands.
    public static let clockKeepAlive: TimeInterval = 15
    /// A league on the season being played keeps its clock at the wall clock: stepped when a play, kickoff or final
    /// lands, and at least this often (so waiver runs and the "now" its pages show are never more than a minute late).
    public static let realTimeKeepAlive: TimeInterval = 60

    /// Refuses to move the clock of a league that follows real time, in one sentence.
    func requireReplay(_ league: League) throws {
        guard !league.followsRealTime else {
            throw DomainError.conflict("\(league.name) plays the \(league.season) season as it happens: its clock is the real time")
        }
    }
    /// Real seconds between two steps at least: at 60× a Sunday's plays land several a second, and every step is a
    /// write that wakes every process on the database; a second's batch is still "as plays land" to a person.
    public static let clockMinimumStep: TimeInterval = 1

    /// Commissioner: sets how fast the league's season clock runs on its own (off stops it where it is).
    public func setClockSpeed(_ id: LeagueID, speed: ClockSpeed, caller: Caller) throws -> ClockRun {
        try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "set the season clock's speed")
            try requireReplay(league)
            if let repair = league.needsCommissioner, speed != .off { throw DomainError.conflict(repair.sentence) }
            guard league.state == .inSeason || league.state == .playoffs || speed == .off else {
                throw DomainError.conflict(league.state == .complete ? "The season is over — the clock has nowhere to go"
                                                                     : "The season clock runs once the draft is complete")
            }
            let run = ClockRun(leagueID: id, speed: speed, tickedAt: clock.now())
            try w.setClockRun(run)
            try w.appendEvent(league: id, LeagueEvent.ClockAdvanced(speed: speed), at: clock.now())
            return run
        }
    }

    /// The league's clock speed (off when never set).
    public func clockSpeed(_ id: LeagueID) throws -> ClockSpeed {
        try store.read { try $0.clockRun(id)?.speed ?? .off }
    }

    /// Leagues whose clock runs, with when each needs its next step (real time): when the next play, kickoff or final
    /// of its week lands at its speed, else the keep-alive. Cheap: one read, plays of a week loaded once.
    public func clocksDue() throws -> [(LeagueID, Date)] { try clockPlan().due }

    /// `clocksDue`, and the running leagues the driver must leave alone with why: one whose stored data needs the
    /// commissioner, or whose plan failed. One league's failure never hides another's step.
    public func clockPlan() throws -> (due: [(LeagueID, Date)], held: [HeldLeague]) {
        try store.read { r in
            // No clock running (the usual case): the season's facts aren't needed, so they aren't loaded.
            let runs = try r.runningClocks()
            guard !runs.isEmpty else { return ([], []) }
            var due: [(LeagueID, Date)] = [], held: [HeldLeague] = []
            for run in runs {
                do {
                    guard let league = try r.league(run.leagueID) else { continue }
                    if let repair = league.needsCommissioner {
                        held.append(HeldLeague(league: run.leagueID, reason: repair.sentence))
                        continue
                    }
                    due.append((run.leagueID, try nextStep(run, league: league, facts: factsCache.facts(r, season: league.season), reader: r)))
                } catch {
                    held.append(HeldLeague(league: run.leagueID, reason: HeldLeague.reason(error)))
                }
            }
            return (due, held)
        }
    }

    /// When a running clock next needs a step (real time).
    func nextStep(_ run: ClockRun, league: League, facts: SeasonFacts, reader r: any LeagueStoreReader) throws -> Date {
        let keepAlive = run.tickedAt.addingTimeInterval(league.followsRealTime ? Self.realTimeKeepAlive : Self.clockKeepAlive)
        guard run.speed != .off else { return .distantFuture }
        let speed = Double(run.speed.rawValue)
        var next = keepAlive
        if let moment = try facts.nextLiveMoment(after: league.clock, reader: r) {
            next = min(next, run.tickedAt.addingTimeInterval(moment.timeIntervalSince(league.clock) / speed))
        }
        return max(next, run.tickedAt.addingTimeInterval(Self.clockMinimumStep))
    }

    /// One step of a running clock at real time `now`: moves it by the real time since its last step × its speed
    /// (processing waivers and finals on the way, as `advanceClock` does) — but only when a play, kickoff or final
    /// lands in that span or the keep-alive is due, so a quiet stretch writes nothing. Returns the new clock, or nil
    /// when nothing moved. Idempotent across processes: each step re-reads the run inside the write.
    @discardableResult
    public func stepClock(_ id: LeagueID) throws -> Date? {
        // A read first: most wake-ups of most processes find another already stepped.
        let now = clock.now()
        guard try store.read({ r -> Bool in
            guard let run = try r.clockRun(id), run.speed != .off, let league = try r.league(id) else { return false }
            return try nextStep(run, league: league, facts: factsCache.facts(r, season: league.season), reader: r) <= now
        }) else { return nil }
        return try store.write { w in
            guard var run = try w.clockRun(id), run.speed != .off, let league = try w.league(id) else { return nil }
            if let repair = league.needsCommissioner { throw DomainError.conflict(repair.sentence) }
            if league.followsRealTime { return try stepRealTime(w, league: league, run: &run, now: now) }
            guard league.state == .inSeason || league.state == .playoffs else {
                run.speed = .off; try w.setClockRun(run); return nil
            }
            let facts = try factsCache.facts(w, season: league.season)
            guard try nextStep(run, league: league, facts: facts, reader: w) <= now else { return nil }
            let gap = min(max(0, now.timeIntervalSince(run.tickedAt)), Self.clockStepGapLimit)
            // A running clock stops at the latest moment the commissioner could move it to (a season that never completes).
            let limit = league.clockLimit(calendar: facts.calendar)
            let target = min(league.clock.addingTimeInterval(gap * Double(run.speed.rawValue)), limit)
            run.tickedAt = now
            if target >= limit { run.speed = .off }
            try w.setClockRun(run)
            guard target > league.clock else { return nil }
            let report = try advance(w, league: league, to: target)
            if report.state == .complete { run.speed = .off; try w.setClockRun(run) }
            return target
        }
    }

    /// A step of a league that follows real time: its clock to the wall clock, processing waivers and finals on the
    /// way (no limit on the gap: a server down for a day catches up in one step). While it drafts (picks are real
    /// time already) the clock waits; once its season is complete the run stops.
    func stepRealTime(_ w: any LeagueStoreWriter, league: League, run: inout ClockRun, now: Date) throws -> Date? {
        if league.state == .complete { run.speed = .off; try w.setClockRun(run); return nil }
        run.tickedAt = now
        try w.setClockRun(run)
        guard league.state != .drafting, now > league.clock else { return nil }
        let report = try advance(w, league: league, to: now)
        if report.state == .complete { run.speed = .off; try w.setClockRun(run) }
        return now
    }
}
