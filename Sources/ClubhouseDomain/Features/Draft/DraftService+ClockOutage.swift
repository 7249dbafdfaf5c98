import Foundation

// MARK: - A draft clock that stood still because no clock driver ran (README.md, “When the league server was down”)

/// The rule for a time when no process ran the draft clocks (the league server down, the only app closed): such time
/// counts against nobody. Each running clock driver writes a heartbeat — one stored row, every planning pass — and a
/// driver that starts (or finds it stood still itself) looks at it first: after a gap longer than `threshold`, every
/// running draft or auction whose clock ran out in the gap, or was running through it, gets back the time it had
/// left at the last heartbeat, at least `leastBack`, from now; the room says so in its chat. Only then does it tick.
public enum ClockOutage {
    /// How often a running clock driver writes the heartbeat (its planning pass).
    public static let heartbeatInterval: TimeInterval = 5
    /// A gap since the last heartbeat longer than this — three beats missed — means no driver ran; a shorter one
    /// (a restart, a slow pass) changes nothing.
    public static let threshold: TimeInterval = 15
    /// The least time a clock gets back.
    public static let leastBack: TimeInterval = 15

    /// "The league server was unreachable for 45 s: Bytes has 30 s back."
    public static func sentence(outage: Int, back: Int, who: String) -> String {
        "The league server was unreachable for \(outage) s: \(who) has \(back) s back."
    }
}

extension Draft {
    /// Gives a running clock back the time it had at `lastAlive` (at least `ClockOutage.leastBack`), counted from
    /// `now`. Returns the seconds given, or nil when nothing changes: not running (a paused draft keeps its frozen
    /// time), a soft timer, or a deadline that had passed while a driver still ran (it was due then).
    public mutating func restoreClock(lastAlive: Date, now: Date) -> TimeInterval? {
        guard status == .running, let deadline, deadline > lastAlive, now > lastAlive else { return nil }
        let back = max(ClockOutage.leastBack, deadline.timeIntervalSince(lastAlive)).rounded(.up)
        self.deadline = now.addingTimeInterval(back)
        return back
    }
}

extension DraftService {
    /// The clock driver's beat, once a planning pass: records that a driver runs now, in one write. When `restoring`
    /// (the driver has just started, or it stood still itself for longer than the threshold) and the stored heartbeat
    /// is older than `ClockOutage.threshold`, first gives every running room its time back (`Draft.restoreClock`) with
    /// a `draft.restored` event and a line in the room's chat. The check is made inside the write, so of several
    /// processes starting at once only the first gives time back; the others find the fresh heartbeat.
    /// Returns the leagues whose clocks were given time back.
    @discardableResult
    public func clockHeartbeat(restoring: Bool) throws -> [LeagueID] {
        try store.write { w in
            let now = clock.now()
            let last = try w.clockHeartbeat()
            var restored: [LeagueID] = []
            if restoring, let last, now.timeIntervalSince(last) > ClockOutage.threshold {
                for league in try w.leagues() where league.state == .drafting && league.needsCommissioner == nil {
                    // A room that can't be read is left as it is (the clock driver logs it); the others get their time.
                    // A failure of the database itself fails the whole write (a conflict with another process: retried).
                    if try w.ifPossible({ try restoreClock(w, league: league, lastAlive: last, now: now) }) == true { restored.append(league.id) }
                }
            }
            if last.map({ now > $0 }) ?? true { try w.setClockHeartbeat(now) }
            return restored
        }
    }

    /// One room's clock after an outage: the draft written back, the event, the chat line. False when nothing moved.
    private func restoreClock(_ w: any LeagueStoreWriter, league: League, lastAlive: Date, now: Date) throws -> Bool {
        guard var draft = try w.draft(in: league.id), let back = draft.restoreClock(lastAlive: lastAlive, now: now) else { return false }
        let teams = try w.teams(in: league.id)
        let name = { (team: TeamID) in teams.first { $0.id == team }?.name ?? "the team on the clock" }
        let onClock: TeamID?, who: String
        if draft.type == .auction {
            let nomination = try w.openNomination(in: league.id)
            if let nomination {
                onClock = nil
                who = "the bidding on \(try facts(w, league: league.id).summary(nomination.player).name)"
            } else {
                let room = AuctionRoom(draft: draft, picks: try w.picks(in: league.id), sales: try w.auctionSales(in: league.id), pool: DraftRankings(scored: []),
                                       rules: DraftRosterRules(league.settings), settings: AuctionSettings(league.settings))
                onClock = room.nominator
                who = onClock.map(name) ?? "the nomination"
            }
        } else {
            onClock = draft.isComplete ? nil : DraftRoom.owner(ofPick: draft.currentPick, draft: draft, pickOwners: try w.pickOwners(in: league.id))
            who = onClock.map(name) ?? "the pick"
        }
        let outage = Int(now.timeIntervalSince(lastAlive).rounded()), seconds = Int(back)
        try w.setDraft(draft)
        try w.appendEvent(league: league.id, LeagueEvent.DraftClockRestored(pick: draft.currentPick, team: onClock, outage: outage, back: seconds), at: now)
        let line = ChatMessage(id: 0, leagueID: league.id, userID: nil, teamID: nil, authorName: "",
                               body: ClockOutage.sentence(outage: outage, back: seconds, who: who), at: now)
        try w.appendEvent(league: league.id, LeagueEvent.Chat(message: try w.insertChatMessage(line)), at: now)
        return true
    }
}
