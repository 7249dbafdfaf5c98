import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// The feed's kinds of a live week, through the contract on both databases and both transports: Gridiron Greats plays
/// 2019's week 9 on its clock from Sunday 20:00 UTC (the early games under way) to Tuesday, in steps. Alice's starters
/// are ruled out by a crafted injury report (one before his game, one whose game has kicked off); she tries to bench
/// a locked starter; the clock passes the close games and late lead changes the stored plays make. Each line is
/// checked against what the stored data says, computed here, never against constants.
@Suite("Contract: the live week in the activity feed", .bothTransports) struct LiveFeedContractTests {
    static let week = 9
    static let start = DemoSeeder.utc("2019-11-03T20:00:00Z")
    /// The clock's steps: a minute (the report is read), then through Sunday and Monday night in pieces.
    static let steps = ["2019-11-03T20:01:00Z", "2019-11-03T23:30:00Z", "2019-11-04T06:00:00Z", "2019-11-05T06:00:00Z"].map(DemoSeeder.utc)

    @Test func aScriptedWeekShowsEachKind() async throws {
        let world = try ContractWorld()
        let league = try await world.league("Gridiron Greats").id
        let alice = try world.person("alice")
        let team = try await world.team(of: alice, in: league)
        let rows = try await world.api().roster(league, team: team).rows.filter { $0.player.position != .def }
        let out = try #require(rows.first { $0.slot.isStarter && !$0.locked }, "Alice has no unlocked starter")
        let lockedOut = try #require(rows.first { $0.slot.isStarter && $0.locked }, "Alice has no locked starter")
        try importReport(world, out: [out, lockedOut])

        // A locked starter to the bench: refused, nothing moved, and the refusal is a line for her team only.
        let refusal = await failure {
            try await world.api(alice).moveInLineup(league, team: team, move: LineupMove(lockedOut.player.id, to: .bench))
        }
        #expect(refusal?.message.contains("kicked off") == true, "\(String(describing: refusal))")
        #expect(try await world.api().roster(league, team: team).rows.first { $0.player.id == lockedOut.player.id }?.slot == lockedOut.slot)
        let names = try world.service.store.read { r in Dictionary(try r.teams(in: league).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a }) }
        func named(_ p: PlayerSummary) -> String { "\(p.name) (\(p.position.rawValue) \(p.nflTeam))" }
        let refused = try await world.api(alice).activity(league, kind: .refusedLineups, limit: 10).lines
        #expect(refused.map(\.text) == ["\(names[team]!) could not move \(named(lockedOut.player)) to \(Slot.bench.rawValue): his game had kicked off"])
        #expect(refused.first?.teams == [team] && refused.first?.event == .lineupRefused)
        #expect(try await world.api().activity(league, kind: .refusedLineups, limit: 10).lines.isEmpty, "only her team's")

        // The late lead change, scripted as a manager would: End Zone Elite (playing Bytes) picks up Daniel Jones, the
        // Giants' quarterback on Monday night, and starts him for Lamar Jackson (Sunday night). Jones's plays in the
        // last two minutes put them ahead of Bytes and then behind again — found by trying every late scorer in every
        // unlocked starting place of the demo's week 9 (no single other move there makes one).
        let elite = try #require(try world.service.store.read { r in try r.teams(in: league).first { $0.name == "End Zone Elite" } })
        let eliteManager = Caller.user(try #require(elite.manager, "End Zone Elite has a manager in the demo"))
        let jones = PlayerID("00-0035710")
        let eliteRows = try await world.api().roster(league, team: elite.id).rows
        let lamar = try #require(eliteRows.first { $0.player.name == "Lamar Jackson" && $0.slot == .qb && !$0.locked }, "\(eliteRows.map(\.player.name))")
        let spare = try #require(eliteRows.last { $0.slot == .bench && !$0.locked }, "a bench player to drop")
        _ = try await world.api(eliteManager).addFreeAgent(league, team: elite.id, player: jones, dropping: spare.player.id)
        _ = try await world.api(eliteManager).moveInLineup(league, team: elite.id, move: LineupMove(jones, to: .qb, swapWith: lamar.player.id))
        let after = try await world.api().roster(league, team: elite.id).rows
        #expect(after.first { $0.player.id == jones }?.slot == .qb && after.first { $0.player.id == lamar.player.id }?.slot == .bench)

        var from = Self.start
        var expectedClose: [String] = [], expectedLeads: [String] = []
        for to in Self.steps {
            let expected = try expectedLiveLines(world, league: league, names: names, from: from, to: to, closeSoFar: expectedClose.count)
            expectedClose += expected.close; expectedLeads += expected.leads
            _ = try await world.api(alice).advanceClock(league, to: to)
            from = to
        }

        // The starter ruled out before his game is a line; the one whose game had kicked off is not.
        let outs = try await world.api().activity(league, kind: .startersOut, limit: 10).lines
        #expect(outs.map(\.text) == ["\(names[team]!)'s starter \(named(out.player)) is ruled out of week 9"], "\(outs.map(\.text))")
        #expect(outs.first?.details == ["Out — Hamstring · Did Not Participate In Practice"] && outs.first?.teams == [team])

        let close = try await world.api().activity(league, kind: .closeGames, limit: 50).lines
        #expect(!expectedClose.isEmpty, "week 9 has a close game in its last quarter")
        #expect(Set(close.map(\.text)) == Set(expectedClose) && close.count == expectedClose.count, "\(close.map(\.text)) vs \(expectedClose)")
        let leads = try await world.api().activity(league, kind: .leadChanges, limit: 50).lines
        #expect(!expectedLeads.isEmpty, "the scripted lineup makes a lead change in Monday night's last two minutes")
        #expect(Set(leads.map(\.text)) == Set(expectedLeads) && leads.count == expectedLeads.count, "\(leads.map(\.text)) vs \(expectedLeads)")
        #expect(leads.contains { $0.text.hasPrefix("Lead change (Q4 1:52): End Zone Elite go ahead of Bytes") }, "\(leads.map(\.text))")
        #expect((close + leads).allSatisfy { $0.teams.count == 2 })
        // The whole feed holds them among its lines.
        let all = try await world.api(alice).activity(league, limit: ActivityFeed.maxLimit).lines
        for kind in [ActivityKind.refusedLineups, .startersOut, .closeGames, .leadChanges, .moves] { #expect(all.contains { $0.kind == kind }, "\(kind)") }
    }

    /// Week 9's report rules both players out (crafted in nflverse's layout, imported as `season import` does).
    func importReport(_ world: ContractWorld, out: [RosterRow]) throws {
        let lines = [InjuryImportTests.injuriesHeader] + out.map { r in
            InjuryImportTests.injury(Self.week, r.player.id.rawValue, r.player.position.rawValue, r.player.nflTeam, r.player.name, injury: "Hamstring",
                                     status: "Out", practice: "Did Not Participate In Practice")
        }
        let dir = TempDir()
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir.file("injuries_2019.csv"), atomically: true, encoding: .utf8)
        let set = try SeasonFileSet.scan(dir.path)
        switch ContractBackend.current {
        case .sqlite: _ = try world.database.transaction { try SeasonImport.importSeasons(set, only: 2019, session: $0, now: ContractWorld.seededAt) }
        case .postgres: _ = try world.postgres!.database.transaction { try SeasonImport.importSeasons(set, only: 2019, session: $0, now: ContractWorld.seededAt) }
        }
        // Every world shares one facts cache keyed by the season data version: this world's version is its own.
        try world.execute("UPDATE meta SET value = '\(9_000_000 + Int.random(in: 0..<1_000_000))' WHERE key = 'season_data_version'")
    }

    /// The close-game and lead-change lines the clock moving from `from` to `to` should write, from the stored plays,
    /// lineups and scoring: each matchup's last game (its starters' latest kickoff), its scores at every play's landing.
    func expectedLiveLines(_ world: ContractWorld, league: LeagueID, names: [TeamID: String], from: Date, to: Date,
                           closeSoFar: Int, swap: (team: TeamID, out: PlayerID, in: PlayerID)? = nil) throws -> (close: [String], leads: [String]) {
        try world.service.store.read { r in
            let l = try #require(try r.league(league))
            let facts = try ContractWorld.facts.facts(r, season: 2019)
            let live = try facts.liveWeek(Self.week, reader: r), scored = facts.scored(l.settings.scoring)
            var starters: [TeamID: [PlayerID]] = [:]
            for roster in try r.rosters(in: league) { starters[roster.teamID] = roster.entries.filter { $0.slot.isStarter }.map(\.playerID) }
            if let swap { starters[swap.team] = (starters[swap.team] ?? []).map { $0 == swap.out ? swap.in : $0 } }
            var landings = Set<Date>()
            for (id, g) in live.games {
                let game = try #require(facts.game(id: id))
                landings.insert(game.finalAt)
                for p in g.plays where !p.isResidual { landings.insert(game.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: p.elapsed))) }
            }
            let times = landings.filter { $0 > from && $0 <= to }.sorted()
            let alreadyClose = Set(try r.events(in: league, kinds: [.closeGame], before: nil, limit: 100).compactMap {
                try $0.decodedBody(as: LeagueEvent.CloseGame.self).map { Set([$0.score.leader.team, $0.score.trailer.team]) }
            })
            var close: [String] = [], leads: [String] = []
            for m in try r.matchups(in: league) where m.matchup.week == Self.week && !m.isFinal {
                guard let away = m.matchup.away else { continue }
                let home = m.matchup.home
                let ids = (starters[home] ?? []) + (starters[away] ?? [])
                guard let last = ids.compactMap({ facts.game(of: $0, week: Self.week, live: live) }).max(by: { ($0.kickoff, $0.id) < ($1.kickoff, $1.id) }) else { continue }
                func total(_ t: TeamID, _ at: Date) -> Points { (starters[t] ?? []).reduce(.zero) { $0 + scored.points($1, week: Self.week, at: at, live: live) } }
                let fourth = last.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: 2700))
                let twoLeft = last.kickoff.addingTimeInterval(GameClock.wallOffset(elapsed: 3480))
                let counted = times.filter { $0 >= fourth && $0 <= last.finalAt }
                guard let first = counted.first else { continue }
                let before = max(from, first.addingTimeInterval(-0.001))
                var leader: TeamID? = total(home, before) == total(away, before) ? nil : (total(home, before) > total(away, before) ? home : away)
                var closeDone = alreadyClose.contains([home, away])
                for t in counted {
                    let h = total(home, t), a = total(away, t)
                    let (up, down, upP, downP) = h >= a ? (home, away, h, a) : (away, home, a, h)
                    let clock = t >= last.finalAt ? "Final" : GameClock.label(elapsed: GameClock.elapsed(atOffset: t.timeIntervalSince(last.kickoff)))
                    let shown = { (p: Points) in p.shown(l.settings.decimals) }
                    if !closeDone, t < last.finalAt, upP - downP <= Points(hundredths: 800) {
                        close.append("Close game in the fourth quarter (\(clock)): \(names[up]!) \(shown(upP))–\(shown(downP)) \(names[down]!)")
                        closeDone = true
                    }
                    guard h != a else { continue }
                    if let was = leader, was != up, t >= twoLeft {
                        leads.append("Lead change (\(clock)): \(names[up]!) go ahead of \(names[down]!) \(shown(upP))–\(shown(downP))")
                    }
                    leader = up
                }
            }
            return (close, leads)
        }
    }
}
