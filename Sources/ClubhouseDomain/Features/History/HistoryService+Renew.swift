import Foundation

// MARK: - Renewing a league into the next season (README.md, “Real seasons”, “Next season”)
//
// A league plays one season. When its last week is final, its commissioner renews it into the next season stored in
// the database: a new league with its own id, the same name, members, team names, settings, visibility and chat, and a
// fresh draft not yet scheduled. The two are linked both ways (`League.previousLeague` / `nextLeague`), and the old one is
// read-only history from then on (`existingLeague` inside a write refuses it). A redraft league carries nothing else; a
// keeper league's teams then declare keepers from their final rosters (`KeepersService.swift`), and traded future picks
// land in the new season's draft order (or stay future picks of the new league); a dynasty league carries every roster
// over whole (each player in his slot, the taxi squad's too) and its draft becomes a rookie draft (`DynastyRules`).

extension HistoryService {
    /// Chat messages a renewal carries into the next season: the latest, as many as the room shows at once.
    static let renewedChatMessages = 100

    /// Commissioner: renews league `id`, whose season is over, into the next season; returns the new league's id.
    /// Refused (in this order) signed out, for anyone but the commissioner, when the league was already renewed (naming
    /// its next season's league), before its last week is final, while its stored data waits for the commissioner, and
    /// when the next season isn't stored with a schedule (naming the command that brings it in).
    public func renewLeague(_ id: LeagueID, seed: UInt64? = nil, caller: Caller) throws -> LeagueID {
        let user = try signedIn(caller)
        return try store.write { w in
            // The plain lookup: a league already renewed gets its own sentence below, naming its next season.
            let old = try existingLeague(w as any LeagueStoreReader, id)
            guard old.commissioner == user else { throw DomainError.forbidden("Only the commissioner can renew \(old.name)") }
            let nextSeason = old.season + 1
            if let next = old.nextLeague {
                throw DomainError.conflict("\(old.name) \(old.season) was already renewed: its \(nextSeason) season is league \(next.rawValue)")
            }
            guard old.state == .complete else {
                throw DomainError.conflict("\(old.name) can be renewed once its \(old.season) season is over (its last week final)")
            }
            if let repair = old.needsCommissioner { throw DomainError.conflict(repair.sentence) }
            guard let info = try w.seasons().first(where: { $0.season == nextSeason && $0.isPlayable }) else {
                throw DomainError.conflict("The \(nextSeason) season isn't in this database yet — "
                                           + "'clubhouse season fetch \(nextSeason)' (or 'season import') brings it in")
            }
            let now = clock.now()
            // The next season is replayed on the league's own clock unless it is the one being played now (as a new
            // league on it would be).
            let live = info.isCurrent(at: now)
            var league = League(id: LeagueID(0), name: old.name, season: nextSeason, isPublic: old.isPublic, commissioner: old.commissioner,
                                settings: old.settings, state: .predraft, clock: live ? now : (info.replayStart ?? now), createdAt: now,
                                followsRealTime: live)
            league.previousLeague = old.id
            let oldTeams = try w.teams(in: old.id).sorted { $0.id < $1.id }
            let newID = try core.leagues.insertNewLeague(w, league, teams: oldTeams.map { (name: $0.name, manager: $0.manager) }, seed: seed, now: now)
            // The league's conversation goes on: its latest messages (as many as the room shows) carry over, each by its
            // author, on the author's team of the new season.
            let newTeams = try w.teams(in: newID).sorted { $0.id < $1.id }
            let teamFor = Dictionary(zip(oldTeams.map(\.id), newTeams.map(\.id)), uniquingKeysWith: { a, _ in a })
            // Traded future picks carry over to each team's successor: the new season's become its draft's traded picks
            // (the draft and the keepers' cost rounds read them as any traded pick), later seasons' stay future picks.
            for (pick, owner) in try w.futurePickOwners(in: old.id).sorted(by: { $0.key < $1.key }) {
                guard let season = pick.season, season >= nextSeason, let original = teamFor[pick.team], let holder = teamFor[owner] else { continue }
                try w.setPickOwner(DraftPickRef(season: season == nextSeason ? nil : season, round: pick.round, team: original), owner: holder, in: newID)
            }
            if old.settings.leagueType == .dynasty { try carryDynasty(w, from: old, to: newID, teamFor: teamFor, now: now) }
            // A reply points at its copied message (or at nothing, when what it answered didn't carry over); reactions
            // stay with the old season.
            var copied: [Int64: Int64] = [:]
            for message in try w.chatMessages(in: old.id, after: nil, limit: Self.renewedChatMessages) {
                var copy = message
                copy.id = 0; copy.leagueID = newID; copy.teamID = message.teamID.flatMap { teamFor[$0] }
                copy.replyTo = message.replyTo.flatMap { copied[$0] }; copy.reactions = []
                copied[message.id] = try w.insertChatMessage(copy)
            }
            // History keeps no running clock.
            if let run = try w.clockRun(old.id), run.speed != .off {
                try w.setClockRun(ClockRun(leagueID: old.id, speed: .off, tickedAt: now))
            }
            try w.appendEvent(league: old.id, LeagueEvent.LeagueRenewed(next: newID, season: nextSeason), at: now)
            return newID
        }
    }

    /// A dynasty league's renewal: every roster over whole to each team's successor, and a rookie draft in the reverse
    /// of the final standings (the runner-up second-to-last, the champion last); waiver priority follows that order.
    private func carryDynasty(_ w: any LeagueStoreWriter, from old: League, to newID: LeagueID, teamFor: [TeamID: TeamID], now: Date) throws {
        for roster in try w.rosters(in: old.id) {
            guard let team = teamFor[roster.teamID] else { continue }
            for entry in roster.entries { try w.addRosterEntry(entry, team: team, in: newID) }
        }
        let places = try Self.finalPlaces(w, old)
        let order = DynastyRules.rookieOrder(standings: places.standings, champion: places.champion, runnerUp: places.runnerUp).compactMap { teamFor[$0] }
        guard let league = try w.league(newID) else { return }
        try w.setDraft(DraftRoom.scheduledDraft(for: league, order: order))
        for var team in try w.teams(in: newID) {
            team.waiverPriority = (order.firstIndex(of: team.id) ?? order.count) + 1
            try w.updateTeam(team)
        }
    }
}
