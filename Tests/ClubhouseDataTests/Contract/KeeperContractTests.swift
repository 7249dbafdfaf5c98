import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// A keeper league renewed into the next season, on both transports and both databases: "Playoff Push" made a keeper
/// league (keeper settings may change until the league is renewed), played to its end on the clock, renewed into a
/// crafted 2020; a team declares keepers from its final 2019 roster at round cost — a first-year keeper drafted in
/// round 5 costs round 4, and a second keeper costing round 4 too (an undrafted player, with `undraftedKeeperRound` 4)
/// is pushed to round 3; too many, a player not on the roster, another team's keepers and a manager after the deadline
/// are refused with one sentence each; the commissioner sets them after the deadline; the draft starts with the kept
/// players in their cost rounds' picks and nothing else carried over.
@Suite("Contract: keeper leagues", .bothTransports) struct KeeperContractTests {
    typealias Renewal = RenewalContractTests

    /// The old league's team with a round-5 pick still on its final roster (never dropped), an undrafted player and
    /// another drafted one: the member's own team when it has them, else the first that does.
    func keeperTeam(_ world: ContractWorld, old: LeagueID, prefer: TeamID) async throws
        -> (team: TeamID, round5: PlayerID, undrafted: PlayerID, other: PlayerID) {
        let api = world.api()
        let board = try await api.draftBoard(old)
        let teams = try await api.league(old).teams.map(\.id)
        var seen: [String] = []
        for team in [prefer] + teams.filter({ $0 != prefer }) {
            let roster = try await api.roster(old, team: team).rows.map(\.player.id)
            func dropped(_ p: PlayerID) throws -> Bool {
                try world.scalar("SELECT count(*) FROM transactions WHERE league_id = ? AND dropped = ? AND kind <> 'trade'", [old, p.rawValue],
                                 as: Int.self) ?? 0 > 0
            }
            let round5 = try board.picks.first { $0.pick.round == 5 && $0.pick.teamID == team && roster.contains($0.pick.playerID) }
                .map(\.pick.playerID).flatMap { try dropped($0) ? nil : $0 }
            let undrafted = roster.first { p in !board.picks.contains { $0.pick.playerID == p } }
            seen.append("team \(team.rawValue): round 5 \(round5?.rawValue ?? "-"), undrafted \(undrafted?.rawValue ?? "-")")
            let drafted = roster.first { p in p != round5 && board.picks.contains { $0.pick.playerID == p } }
            if let round5, let undrafted, let other = drafted {
                return (team, round5, undrafted, other)
            }
        }
        Issue.record("no team with a round-5 keeper and an undrafted player: \(seen)")
        throw DomainError.notFound("a keeper team")
    }

    /// Crafted moves of 2019 players by `team`, a month before the season's end: each a trade's or a drop's move of the
    /// player away (the history a keeper's cost reads: any drop but a trade's resets it).
    static func record(_ moves: [(kind: String, player: PlayerID)], team: TeamID, league: LeagueID, in world: ContractWorld) throws {
        let at = Renewal.after2019.timeIntervalSince1970 - 30 * 86_400
        for (kind, player) in moves {
            try world.execute("""
                INSERT INTO transactions (league_id, team_id, kind, added, dropped, bid, at)
                VALUES (\(league.rawValue), \(team.rawValue), '\(kind)', NULL, '\(player.rawValue)', NULL, \(at))
                """)
        }
    }

    @Test func aKeeperLeagueRenewsAndItsKeepersFillTheirCostRoundsPicks() async throws {
        let world = try ContractWorld()
        let old = try await world.league("Playoff Push").id
        let commissioner = try #require(try world.scalar("SELECT commissioner_id FROM leagues WHERE id = ?", [old], as: Int64.self))
        let commish = Caller.user(UserID(commissioner))
        let api = world.api(commish)

        // A keeper league now: two keepers, round cost, undrafted players cost round 4, due 48 hours before the draft.
        var settings = try await api.league(old).league.settings
        settings.leagueType = .keeper; settings.keeperCount = 2; settings.undraftedKeeperRound = 4; settings.keeperDeadlineHours = 48
        var auction = settings
        auction.keeperCost = .auction
        #expect(await failure { try await api.updateSettings(old, settings: auction) }
                == .validation(field: "keeperCost", message: "An auction-priced keeper needs an auction draft — pick the auction draft, "
                               + "or keepers at a round's cost (keeperCost \"round\")"))
        _ = try await api.updateSettings(old, settings: settings)
        _ = try await api.advanceClock(old, to: Renewal.after2019)

        // The team keeping players, and its manager (the commissioner keeps for a bot team).
        let memberID = try #require(try world.scalar("SELECT manager_id FROM teams WHERE league_id = ? AND manager_id <> ? ORDER BY id LIMIT 1",
                                                     [old, commissioner], as: Int64.self))
        let member = Caller.user(UserID(memberID))
        let memberOld = try await world.team(of: member, in: old)
        let (oldTeam, round5, undrafted, other) = try await keeperTeam(world, old: old, prefer: memberOld)
        let keeperManager = try world.scalar("SELECT manager_id FROM teams WHERE id = ?", [oldTeam], as: Int64.self).map { Caller.user(UserID($0)) } ?? commish

        // Crafted 2019 history: `other` was dropped once during the season (and is back on the team), `round5` came to
        // the team through a trade's move of him: a drop costs him his drafted round, a trade doesn't.
        try Self.record([("drop", other), ("trade", round5)], team: oldTeam, league: old, in: world)
        try Renewal.store2020(in: world, alsoPlaying: [round5, undrafted])
        let renewed = try await api.renewLeague(old)
        let next = try await api.league(renewed)
        #expect(next.league.settings.leagueType == .keeper && next.league.settings.keeperCount == 2)
        let oldName = try await api.league(old).teams.first { $0.id == oldTeam }!.name
        let team = try #require(next.teams.first { $0.name == oldName }?.id)
        let names = try await world.api().league(renewed).teams

        // Before anything is declared: every team may keep from its final 2019 roster, each at its cost alone.
        let before = try await world.api().keepers(renewed)
        #expect(before.keeperCount == 2 && before.deadline == nil && before.open && before.fromSeason == 2019)
        let redraftKeepers = try await world.api().keepers(try await world.league("Gridiron Greats").id)
        #expect(redraftKeepers.fromSeason == nil && redraftKeepers.teams.isEmpty, "a redraft league keeps no players")
        let mine = try #require(before.teams.first { $0.team == team })
        #expect(mine.keepers.isEmpty)
        #expect(mine.candidates.first { $0.player == round5 }?.cost == KeeperCostView(round: 4), "drafted in round 5, kept a first year: round 4")
        #expect(mine.candidates.first { $0.player == undrafted }?.cost == KeeperCostView(round: 4), "undrafted: undraftedKeeperRound")
        #expect(mine.candidates.first { $0.player == other }?.cost == KeeperCostView(round: 4), "dropped and re-added: the undrafted round")
        #expect(mine.candidates.allSatisfy { $0.years == 1 && $0.refusal == nil })

        // Declared in order: the round-5 pick keeps round 4; the undrafted player, also round 4, is pushed to round 3.
        let keeper = world.api(keeperManager)
        let set = try await keeper.setKeepers(renewed, team: team, players: [round5, undrafted])
        let declared = try #require(set.teams.first { $0.team == team }).keepers
        #expect(declared.map(\.player) == [round5, undrafted])
        #expect(declared.map(\.cost) == [KeeperCostView(round: 4), KeeperCostView(round: 3)])
        #expect(declared.allSatisfy { $0.years == 1 })
        // Declaring again in another order keeps the first-declared one first (its round stays).
        let again = try await keeper.setKeepers(renewed, team: team, players: [undrafted, round5])
        #expect(try #require(again.teams.first { $0.team == team }).keepers.map(\.cost) == [KeeperCostView(round: 4), KeeperCostView(round: 3)])

        // Refusals, one sentence each, and nothing changes.
        let teamName = names.first { $0.id == team }!.name
        #expect(await failure { try await keeper.setKeepers(renewed, team: team, players: [round5, undrafted, other]) }
                == .validation(field: "players", message: "A team keeps at most 2 players (not 3)"))
        let stranger = try #require(try world.scalar("""
            SELECT player_id FROM roster_entries WHERE league_id = ? AND team_id <> ? ORDER BY player_id LIMIT 1
            """, [old, oldTeam], as: String.self))
        let strangerName = try await world.api().player(PlayerID(stranger), league: nil).player.name
        #expect(await failure { try await keeper.setKeepers(renewed, team: team, players: [PlayerID(stranger)]) }
                == .validation(field: "players", message: "\(strangerName) wasn't on \(teamName)'s final 2019 roster — only its players can be kept"))
        let otherTeam = try #require(next.teams.first { $0.id != team })
        let outsider = try world.signUp("Outsider")
        #expect(await failure { try await world.api(outsider).setKeepers(renewed, team: team, players: []) }
                == .forbidden("Only \(teamName)'s manager (or the commissioner) can set its keepers"))
        #expect(await failure { try await world.api().setKeepers(renewed, team: team, players: []) } == .unauthenticated)
        if keeperManager != commish {
            #expect(await failure { try await keeper.setKeepers(renewed, team: otherTeam.id, players: []) }
                    == .forbidden("Only \(otherTeam.name)'s manager (or the commissioner) can set its keepers"))
        }
        #expect(try await world.api().keepers(renewed).teams.first { $0.team == team }?.keepers.map(\.player) == [round5, undrafted])

        // The draft's date puts the deadline (48 hours before it) behind the league's clock: managers are refused,
        // the commissioner may still set any team's keepers.
        let draftAt = next.league.clock.addingTimeInterval(24 * 3_600)
        _ = try await api.scheduleDraft(renewed, at: draftAt)
        let deadline = draftAt.addingTimeInterval(-48 * 3_600)
        let closed = try await world.api().keepers(renewed)
        #expect(closed.deadline == deadline && !closed.open)
        if keeperManager != commish {
            #expect(await failure { try await keeper.setKeepers(renewed, team: team, players: [round5]) }
                    == .conflict("Keepers were due \(ISO8601.format(deadline)) (48 hours before the draft) — only the commissioner can set them now"))
        }
        _ = try await api.setKeepers(renewed, team: team, players: [round5, undrafted])

        // The draft starts: each kept player fills his team's pick in his cost round, a made pick from the first
        // moment; nothing else was carried over.
        let draft = try await api.startDraft(renewed)
        let board = try await world.api().draftBoard(renewed)
        #expect(board.picks.count == 2)
        for (player, round) in [(round5, 4), (undrafted, 3)] {
            let pick = try #require(board.picks.first { $0.pick.playerID == player }?.pick)
            #expect(pick.round == round && pick.teamID == team && pick.source == .keeper)
            #expect(DraftRoom.owner(ofPick: pick.number, draft: board.draft, pickOwners: [:]) == team, "the team's own pick of that round")
        }
        #expect(!board.picks.contains { $0.pick.number == draft.currentPick }, "the pick on the clock is one not yet made")
        #expect(try world.scalar("SELECT count(*) FROM roster_entries WHERE league_id = ?", [renewed], as: Int.self) == 2,
                "the two keepers are the only players on any roster of the new season")
        let onRoster = try await world.api().roster(renewed, team: team).rows.map(\.player.id)
        #expect(Set(onRoster) == [round5, undrafted])
        // Nobody else can draft a kept player, and an undo never reaches a keeper's pick.
        let onClock = DraftRoom.owner(ofPick: draft.currentPick, draft: board.draft, pickOwners: [:])
        let taken = await failure { try await api.pickForTeam(renewed, expectedPick: draft.currentPick, expectedTeam: onClock, player: round5) }
        let kept = try #require(board.picks.first { $0.pick.playerID == round5 })
        #expect(taken == .conflict("\(kept.player.name) was already drafted (pick \(kept.pick.number))"), "named as the board names him")
        #expect(await failure { try await api.undoLastPick(renewed) } == .conflict("No pick has been made — there is nothing to undo"))
        // Keepers are set once the draft has started.
        #expect(await failure { try await api.setKeepers(renewed, team: team, players: [round5]) }
                == .conflict("The draft of Playoff Push has started — its keepers are in it and can't change"))
    }

    @Test func keepersNeedAKeeperLeagueRenewedFromASeason() async throws {
        let world = try ContractWorld()
        let (id, commish, _) = try await world.newLeague(teams: 4)
        let team = try await world.team(of: commish, in: id)
        #expect(await failure { try await world.api(commish).setKeepers(id, team: team, players: []) }
                == .conflict("Test League isn't a keeper league — its commissioner can make it one in its settings"))
        var settings = try await world.api().league(id).league.settings
        settings.leagueType = .keeper
        _ = try await world.api(commish).updateSettings(id, settings: settings)
        #expect(await failure { try await world.api(commish).setKeepers(id, team: team, players: []) }
                == .conflict("Test League 2019 has no season before it to keep players from — keepers come with renewing a league"))
        // The read answers with no keepers: there is no season before to keep from.
        let none = try await world.api().keepers(id)
        #expect(none.fromSeason == nil && none.teams.isEmpty && !none.open)
    }
}
