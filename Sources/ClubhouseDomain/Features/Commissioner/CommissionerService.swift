import Foundation

/// The commissioner's tools before the draft: settings, the draft order, the draft's date.
/// Reached from the root as `LeagueService.commissioner`; the shared parts (store, clocks, facts, access checks) through
/// `core` (`LeagueServicePart`).
public struct CommissionerService: LeagueServicePart {
    let core: LeagueService
}

// MARK: - Commissioner (README.md, “Be a demo commissioner”): settings before the draft, the draft order and date.
// Room control (pause, resume, undo, pick for a team, autopick) is in DraftService+Control.swift.

extension CommissionerService {
    /// Commissioner: replaces the league's settings before the draft starts. A new team count adds bot teams or
    /// removes bot teams (never a managed one); the draft order keeps its teams and appends new ones.
    /// Stored settings that need the commissioner (`League.needsCommissioner`) may be replaced in any state: that is
    /// their repair, which keeps the league's teams and touches nothing else once the draft has started.
    @discardableResult
    public func updateSettings(_ id: LeagueID, settings: LeagueSettings, caller: Caller) throws -> League {
        _ = try signedIn(caller)
        return try store.write { w in
            var league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "change the league settings")
            if league.needsCommissioner?.part == .settings, league.state != .predraft {
                return try repairSettings(w, league: league, settings: settings)
            }
            if league.state != .predraft, league.settings.withTradeSettings(of: settings).withKeeperSettings(of: settings) == settings {
                // After the draft has started only the trade settings (review, deadline, picks, expiry) and the keeper
                // settings (what the next season keeps) may change.
                try settings.validate()
                league.settings = settings
                try w.updateLeague(league)
                try w.appendEvent(league: id, LeagueEvent.LeagueUpdated(teams: settings.teamCount), at: clock.now())
                return league
            }
            try requirePredraft(league, "Settings lock once the draft of \(league.name) starts")
            try settings.validate()
            var teams = try w.teams(in: id).sorted { $0.id < $1.id }
            let managed = teams.filter { !$0.isBot }.count
            guard settings.teamCount >= managed else {
                throw DomainError.validation(field: "teamCount", message: "\(managed) teams have managers — the league can't have fewer teams")
            }
            // Fewer teams: the newest bot teams go. More: new bots.
            while teams.count > settings.teamCount, let bot = teams.last(where: \.isBot) {
                try w.deleteTeam(bot.id)
                teams.removeAll { $0.id == bot.id }
            }
            while teams.count < settings.teamCount {
                let t = Team(id: TeamID(0), leagueID: id, name: "Team \(teams.count + 1)", manager: nil,
                             waiverPriority: teams.count + 1, faabRemaining: settings.faabBudget)
                teams.append(Team(id: try w.insertTeam(t), leagueID: id, name: t.name, manager: nil, waiverPriority: t.waiverPriority,
                                  faabRemaining: t.faabRemaining))
            }
            let old = try w.draft(in: id)
            let ids = Set(teams.map(\.id))
            let order = (old?.order ?? []).filter { ids.contains($0) } + teams.map(\.id).filter { !(old?.order ?? []).contains($0) }
            var changed = league
            changed.settings = settings
            try w.setDraft(DraftRoom.scheduledDraft(for: changed, order: order, scheduledAt: old?.scheduledAt))
            for var t in teams {
                t.faabRemaining = settings.faabBudget
                t.waiverPriority = (Array(order.reversed()).firstIndex(of: t.id) ?? 0) + 1
                try w.updateTeam(t)
            }
            league.settings = settings
            league.needsCommissioner = nil
            try w.updateLeague(league)
            try w.appendEvent(league: id, LeagueEvent.LeagueUpdated(teams: settings.teamCount), at: clock.now())
            return league
        }
    }

    /// Replaces stored settings that need the commissioner after the draft has started: valid settings for the teams
    /// the league has; the draft, rosters and schedule stay as they are.
    private func repairSettings(_ w: any LeagueStoreWriter, league start: League, settings: LeagueSettings) throws -> League {
        var league = start
        try settings.validate()
        let teams = try w.teams(in: league.id).count
        guard settings.teamCount == teams else {
            throw DomainError.validation(field: "teamCount", message: "\(league.name) has drafted with \(teams) teams — its settings must keep them")
        }
        league.settings = settings
        league.needsCommissioner = nil
        try w.updateLeague(league)
        try w.appendEvent(league: league.id, LeagueEvent.LeagueUpdated(teams: settings.teamCount), at: clock.now())
        return league
    }

    /// Commissioner: sets the draft's slot order (every team exactly once) before the draft starts.
    @discardableResult
    public func setDraftOrder(_ id: LeagueID, order: [TeamID], caller: Caller) throws -> Draft {
        _ = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "set the draft order")
            return try writeDraftOrder(w, league: league, order: order)
        }
    }

    /// Commissioner: a fresh random draft order from `generator` (seeded in tests).
    @discardableResult
    public func randomizeDraftOrder(_ id: LeagueID, caller: Caller, using generator: inout some RandomNumberGenerator) throws -> Draft {
        _ = try signedIn(caller)
        let seed = generator.next()
        return try store.write { w in
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "set the draft order")
            var rng = SeededRandom(seed: seed)
            return try writeDraftOrder(w, league: league, order: DraftOrder.random(teams: try w.teams(in: id).map(\.id), using: &rng))
        }
    }

    /// Commissioner: when the draft is planned (real time, in the future), or nil for "not scheduled".
    /// The draft still starts only when the commissioner starts it.
    @discardableResult
    public func scheduleDraft(_ id: LeagueID, at date: Date?, caller: Caller) throws -> League {
        _ = try signedIn(caller)
        return try store.write { w in
            var league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "schedule the draft")
            try requirePredraft(league, "The draft of \(league.name) has already started")
            let now = clock.now()
            // The draft date is a moment of the league's season, on its clock (README.md, “Be a demo commissioner”), like every date the league shows:
            // after the clock, within a year of it, inside the league's window.
            if let date { try league.checkDraftDate(date) }
            league.draftScheduledAt = date
            try w.updateLeague(league)
            if var draft = try w.draft(in: id) {
                draft.scheduledAt = date
                try w.setDraft(draft)
            }
            try w.appendEvent(league: id, LeagueEvent.DraftScheduled(at: date), at: now)
            return league
        }
    }

    /// Writes a validated order; waiver priority follows it (reverse draft order).
    func writeDraftOrder(_ w: any LeagueStoreWriter, league: League, order: [TeamID]) throws -> Draft {
        guard var draft = try w.draft(in: league.id) else { throw DomainError.notFound("The draft of \(league.name)") }
        guard draft.status == .scheduled, league.state == .predraft else {
            throw DomainError.conflict("The draft of \(league.name) has already started — its order is set")
        }
        let teams = try w.teams(in: league.id)
        try DraftOrder.validate(order: order, teams: teams.map(\.id))
        draft.order = order
        try w.setDraft(draft)
        for var t in teams {
            t.waiverPriority = (Array(order.reversed()).firstIndex(of: t.id) ?? 0) + 1
            try w.updateTeam(t)
        }
        try w.appendEvent(league: league.id, LeagueEvent.DraftOrderSet(order: order), at: clock.now())
        return draft
    }
}
