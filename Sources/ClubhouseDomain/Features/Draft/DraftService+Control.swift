import Foundation

// MARK: - The draft room (ClubhouseDomain/README.md, “Draft”): the commissioner's room control and each manager's queue (the room's chat is the league chat, `Features/Chat`).

extension DraftService {
    // MARK: Commissioner

    /// Commissioner: pauses a running draft (nobody can pick; the clock is frozen).
    @discardableResult
    public func pauseDraft(_ id: LeagueID, caller: Caller) throws -> Draft {
        try roomCommand(id, caller: caller, doing: "pause the draft", event: LeagueEvent.DraftPaused.init(pick:),
                        auction: { room, now in try room.pause(now: now) }) { room, now in try room.pause(now: now) }
    }

    /// Commissioner: resumes a paused draft; the team on the clock gets a fresh clock.
    @discardableResult
    public func resumeDraft(_ id: LeagueID, caller: Caller) throws -> Draft {
        try roomCommand(id, caller: caller, doing: "resume the draft", event: LeagueEvent.DraftResumed.init(pick:),
                        auction: { room, now in try room.resume(now: now) }) { room, now in try room.resume(now: now) }
    }

    /// Commissioner: undoes the last pick (the player leaves the roster, the pick goes back on the clock).
    /// A complete draft can't be undone: the season has begun.
    @discardableResult
    public func undoLastPick(_ id: LeagueID, caller: Caller) throws -> Draft {
        _ = try signedIn(caller)
        return try store.write { w in
            let facts = try self.facts(w, league: id)
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "undo picks")
            if try w.draft(in: id)?.type == .auction {
                guard try w.draft(in: id)?.status != .complete else {
                    throw DomainError.conflict("The draft of \(league.name) is complete — its sales can't be undone")
                }
                return try core.auction.undoLastSale(w, league: league, facts: facts)
            }
            var room = try draftRoom(w, league: league, facts: facts)
            guard room.draft.status != .complete else {
                throw DomainError.conflict("The draft of \(league.name) is complete — its picks can't be undone")
            }
            let removed = try room.undoLastPick(now: clock.now())
            guard let first = removed.first else { return room.draft }
            try w.deletePicks(in: id, from: first.number)
            let gone = Set(removed.map(\.playerID))
            for var roster in try w.rosters(in: id) where roster.entries.contains(where: { gone.contains($0.playerID) }) {
                roster.entries.removeAll { gone.contains($0.playerID) && $0.acquisition == .draft }
                try w.setRoster(roster)
            }
            try w.setDraft(room.draft)
            try w.appendEvent(league: id, LeagueEvent.PickUndone(pick: first.number), at: clock.now())
            return room.draft
        }
    }

    /// Commissioner: makes the pick for the team on the clock (an absent manager). `expectedPick` and `expectedTeam`
    /// (required: the team she saw on the clock) guard against staleness — a pick traded meanwhile is refused.
    public func pickForTeam(_ id: LeagueID, expectedPick: Int, expectedTeam: TeamID?, player: PlayerID, caller: Caller) throws -> Pick {
        _ = try signedIn(caller)
        return try store.write { w in
            let facts = try self.facts(w, league: id)
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: "pick for a team")
            var room = try draftRoom(w, league: league, facts: facts)
            guard room.draft.type != .auction else {
                throw DomainError.conflict("\(league.name) drafts by auction — nominate for the team whose turn it is, or assign a player at a price")
            }
            guard room.onTheClock != nil else {
                throw DomainError.conflict(room.draft.status == .scheduled ? "The draft hasn't started yet" : "The draft is complete")
            }
            let teams = try w.teams(in: id)
            let pick: Pick
            do throws(DomainError) {
                let team = try commissionerPickTeam(expectedTeam, room: room)
                pick = try room.makePick(expectedPickNumber: expectedPick, team: team, player: player, by: .commissioner, now: clock.now())
            } catch {
                throw facts.naming(error, players: [player], teams: teams)
            }
            try record(pick, room: room, league: league, writer: w)
            return pick
        }
    }

    /// Commissioner (any team) or the team's own manager: autopick every pick of a team, or stop doing so.
    @discardableResult
    public func setAutopick(_ id: LeagueID, team teamID: TeamID, on: Bool, caller: Caller) throws -> Team {
        let user = try signedIn(caller)
        return try store.write { w in
            let league = try existingLeague(w, id)
            let team: Team
            if league.commissioner == user {
                guard let t = try w.teams(in: id).first(where: { $0.id == teamID }) else {
                    throw DomainError.notFound("Team \(teamID.rawValue) in \(league.name)")
                }
                team = t
            } else {
                team = try managedTeam(w, teamID, league: league, user: user, doing: "switch its autopick")
            }
            guard try w.draft(in: id)?.status != .complete else { throw DomainError.conflict("The draft of \(league.name) is complete") }
            let updated = team.settingAutopick(on)
            try w.updateTeam(updated)
            try w.appendEvent(league: id, LeagueEvent.AutopickToggled(team: teamID, on: on), at: clock.now())
            return updated
        }
    }

    /// One commissioner command on the room, written with its event.
    private func roomCommand<Body: LeagueEventBody>(_ id: LeagueID, caller: Caller, doing action: String, event: (_ pick: Int) -> Body,
                             auction: (inout AuctionRoom, Date) throws -> Void,
                             _ command: (inout DraftRoom, Date) throws -> Void) throws -> Draft {
        _ = try signedIn(caller)
        return try store.write { w in
            let facts = try self.facts(w, league: id)
            let league = try existingLeague(w, id)
            try requireCommissioner(league, caller: caller, doing: action)
            let now = clock.now()
            let draft: Draft
            if try w.draft(in: id)?.type == .auction {
                var room = try core.auction.auctionRoom(w, league: league, facts: facts)
                try auction(&room, now)
                draft = room.draft
            } else {
                var room = try draftRoom(w, league: league, facts: facts)
                try command(&room, now)
                draft = room.draft
            }
            try w.setDraft(draft)
            try w.appendEvent(league: id, event(draft.currentPick), at: now)
            return draft
        }
    }

    // MARK: A manager's queue

    /// The caller's draft queue in the league (empty when signed out or without a team).
    public func myQueue(_ id: LeagueID, caller: Caller) throws -> [PlayerSummary] {
        guard let user = caller.userID else { return [] }
        return try store.read { r in
            let facts = try self.facts(r, league: id)
            let league = try existingLeague(r, id)
            guard let team = try r.teams(in: league.id).first(where: { $0.manager == user }) else { return [] }
            return try r.queue(team: team.id).map(facts.summary)
        }
    }

    /// Edits the caller's queue; returns it as it now stands. Drafted players can't be queued.
    @discardableResult
    public func editQueue(_ id: LeagueID, _ edit: DraftQueueEdit, caller: Caller) throws -> [PlayerSummary] {
        let user = try signedIn(caller)
        return try store.write { w in
            let facts = try self.facts(w, league: id)
            let league = try existingLeague(w, id)
            let team = try myTeam(w, league: league, user: user)
            guard let draft = try w.draft(in: id), draft.status != .complete, league.state == .predraft || league.state == .drafting else {
                throw DomainError.conflict("The draft of \(league.name) is over — queues are closed")
            }
            var queues = DraftQueues([team.id: try w.queue(team: team.id)])
            let taken = Set(try w.picks(in: id).map(\.playerID))
            do throws(DomainError) {
                switch edit {
                case .add(let p):
                    guard facts.players[p] != nil else { throw .notFound("Player \(p)") }
                    try queues.add(p, for: team.id, taken: taken)
                case .remove(let p): try queues.remove(p, for: team.id)
                case .move(let p, let index): try queues.move(p, for: team.id, to: index)
                case .reorder(let order): try queues.reorder(for: team.id, to: order)
                }
            } catch {
                let named: [PlayerID?] = switch edit {
                case .add(let p), .remove(let p), .move(let p, _): [p]
                case .reorder: []
                }
                throw facts.naming(error, players: named)
            }
            let queue = queues.queue(for: team.id)
            try w.setQueue(team: team.id, players: queue)
            try w.appendEvent(league: id, LeagueEvent.QueueChanged(team: team.id), at: clock.now())
            return queue.map(facts.summary)
        }
    }
}

extension DraftService {
    /// The team a commissioner's pick is for: the one she names (`expectedTeam`, the team she saw on the clock), which
    /// the room then checks is still on the clock — a pick traded meanwhile is refused, never made for its new owner.
    /// A request that names no team (a client from before `expectedTeam`) picks for the team on the clock only while
    /// the pick is its original team's: a traded pick must be named, so a pick traded a moment before never lands on
    /// its new owner unasked.
    func commissionerPickTeam(_ expectedTeam: TeamID?, room: DraftRoom) throws(DomainError) -> TeamID {
        if let expectedTeam { return expectedTeam }
        let number = room.draft.currentPick
        let owner = room.owner(ofPick: number), original = DraftOrder.team(forPick: number, order: room.draft.order, type: room.draft.type)
        guard owner == original else {
            throw .conflict("Pick \(number) was traded to \(owner) — name the team you are picking for (expectedTeam); nothing was picked")
        }
        return owner
    }
}
