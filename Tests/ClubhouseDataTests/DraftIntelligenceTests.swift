import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData

/// Draft intelligence on the real season: value-over-replacement rankings per league, bots that draft like people
/// (seeded, reproducible), and the measurement the domain README reports.
@Suite struct DraftIntelligenceTests {
    static var facts: SeasonFacts { SeasonFactsDerivedValuesTests.facts }
    static let t0 = Date(timeIntervalSince1970: 1_567_364_400)  // 2019-09-01 19:00 UTC

    static func settings(teams: Int, preset: ScoringPreset, qbSlots: Int = 1) -> LeagueSettings {
        var s = LeagueSettings()
        s.teamCount = teams; s.scoring = .preset(preset); s.rosterSlots[.qb] = qbSlots
        return s
    }

    static func name(_ id: PlayerID) -> String { facts.players[id]?.fullName ?? id.rawValue }

    // MARK: - Rankings

    /// 12 teams, PPR, one QB slot: 12 QBs start, so the replacement QB is the 13th (281.30 PPR points in 2018) and
    /// Mahomes' 417.08 is worth 135.78 — less than the 12th-best value overall (Zach Ertz, TE2: 280.30 − TE
    /// replacement 120.50 = 159.80). So no QB is in the top 12; Mahomes is 17th, and the next QB (Matt Ryan, 73.66) 30th.
    @Test func oneQBTwelveTeamPPRKeepsQuarterbacksOutOfTheTopTwelve() {
        let r = Self.facts.draftRankings(Self.settings(teams: 12, preset: .ppr))
        #expect(r.replacement[.qb] == Points("281.30"))
        #expect(r.replacement[.te] == Points("120.50"))
        let top12 = Array(r.players.prefix(12))
        #expect(!top12.contains { $0.position == .qb }, "\(top12.map { Self.name($0.playerID) })")
        #expect(top12.last.map { Self.name($0.playerID) } == "Zach Ertz" && top12.last?.value == Points("159.80"))
        let qbs = r.players(at: .qb)
        #expect(Self.name(qbs[0].playerID) == "Patrick Mahomes" && qbs[0].priorPoints == Points("417.08") && qbs[0].value == Points("135.78"))
        #expect(qbs[0].overallRank == 17 && qbs[1].overallRank == 30)
        // "Unless his value says so": the order is the value order, whatever the position.
        #expect(zip(r.players, r.players.dropFirst()).allSatisfy { $0.value >= $1.value })
        // The raw-points order the bots used to draft by had Mahomes first.
        #expect(Self.facts.draftRankings(ScoringRules.preset(.ppr)).players.first?.playerID == qbs[0].playerID)
    }

    /// Two QB slots: 24 QBs start, the replacement QB falls to 168.40 and Mahomes (248.68) ranks first, with 12 QBs
    /// in the top 30 instead of 1.
    @Test func twoQBLeaguesRankQuarterbacksHigher() {
        let one = Self.facts.draftRankings(Self.settings(teams: 12, preset: .ppr))
        let two = Self.facts.draftRankings(Self.settings(teams: 12, preset: .ppr, qbSlots: 2))
        #expect(two.replacement[.qb] == Points("168.40"))
        #expect(two.players.first?.position == .qb && two.players.first?.value == Points("248.68"))
        for (a, b) in zip(one.players(at: .qb).prefix(12), two.players(at: .qb).prefix(12)) {
            #expect(b.overallRank < a.overallRank, "\(Self.name(a.playerID)): \(a.overallRank) → \(b.overallRank)")
        }
        #expect(one.players.prefix(30).filter { $0.position == .qb }.count == 2)
        #expect(two.players.prefix(30).filter { $0.position == .qb }.count == 12)
    }

    @Test func rookiesRankRightAfterTheVeteransOfTheirPosition() {
        let r = Self.facts.draftRankings(Self.settings(teams: 12, preset: .halfPPR))
        for pos in Position.allCases {
            let list = r.players(at: pos)
            guard let firstRookie = list.firstIndex(where: \.isRookie) else { continue }
            let afterFirstRookie = list[firstRookie...]
            #expect(afterFirstRookie.allSatisfy { $0.isRookie }, "\(pos): a veteran after a rookie")
            let lowest = list[..<firstRookie].map(\.value).min() ?? .zero
            #expect(list[firstRookie].value == min(.zero, lowest))
        }
    }

    // MARK: - Bots

    /// A full draft of bots (every team without a manager) through the real room, ticking at each think time.
    /// `temperaments: false` gives every team a manager on autopick instead (the same rules without temperament or noise).
    static func botDraft(_ settings: LeagueSettings, seed: UInt64, order: [TeamID]? = nil, temperaments: Bool = true) throws -> DraftRoom {
        let ids = order ?? (1...settings.teamCount).map { TeamID(Int64($0)) }
        let teams = ids.map { Team(id: $0, leagueID: LeagueID(1), name: "Bot \($0.rawValue)", manager: temperaments ? nil : UserID($0.rawValue),
                                   waiverPriority: 1, faabRemaining: 100, autopick: !temperaments) }
        let draft = Draft(leagueID: LeagueID(1), status: .scheduled, order: ids, rounds: settings.draftRounds, type: settings.draftType,
                          pickClockSeconds: 90)
        var room = DraftRoom(draft: draft, picks: [], pool: facts.draftRankings(settings), rules: DraftRosterRules(settings), botSeed: seed)
        try room.start(now: t0)
        while room.draft.status != .complete {
            guard let due = room.botDeadline(teams: teams), try room.tick(now: due, teams: teams, queues: DraftQueues()) != nil else {
                throw DomainError.conflict("no pick at pick \(room.draft.currentPick)")
            }
        }
        return room
    }

    static func roster(_ room: DraftRoom, _ team: TeamID) -> Roster {
        Roster(teamID: team, entries: room.picks(of: team).map { RosterEntry(playerID: $0.playerID, slot: .bench, acquisition: .draft, acquiredAt: $0.madeAt) })
    }

    /// Why a roster can't field a legal lineup in `week` (its best lineup by that week's points), or nil when it can:
    /// every starting slot filled by an eligible player.
    static func lineupProblem(_ roster: Roster, settings: LeagueSettings, week: Int) -> String? {
        let scored = facts.scored(settings.scoring)
        let lineup = LineupRules.defaultLineup(for: roster, players: facts.players, settings: settings) {
            scored.points($0, week: week, finalAt: .distantFuture)
        }
        var filled: [Slot: Int] = [:]
        for e in lineup.entries where e.slot.isStarter {
            guard let p = facts.players[e.playerID], e.slot.accepts(p.position) else { return "\(e.playerID) can't play \(e.slot)" }
            filled[e.slot, default: 0] += 1
        }
        for (slot, n) in settings.rosterSlots where slot.isStarter && filled[slot, default: 0] != n {
            return "\(slot.rawValue): \(filled[slot, default: 0]) of \(n) filled"
        }
        return nil
    }

    @Test(arguments: ScoringPreset.allCases)
    func everyBotRosterFieldsALegalLineupEveryWeekInEveryLeagueSize(preset: ScoringPreset) throws {
        var failures: [String] = []
        for teams in LeagueSettings.allowedTeamCounts {
            let settings = Self.settings(teams: teams, preset: preset)
            let room = try Self.botDraft(settings, seed: UInt64(teams) &* 7919 &+ 17)
            #expect(room.picks.count == teams * settings.draftRounds)
            for team in room.draft.order {
                var held: [Position: Int] = [:]
                for p in room.positions(of: team) { held[p, default: 0] += 1 }
                for (p, n) in held where n > settings.positionMaxima[p]! { failures.append("\(teams) teams: \(team) has \(n) \(p.rawValue)") }
                let roster = Self.roster(room, team)
                for week in 1...17 {
                    if let problem = Self.lineupProblem(roster, settings: settings, week: week) {
                        failures.append("\(preset) \(teams) teams, \(team) week \(week): \(problem)"); break
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func botsDraftLikePeople() throws {
        let settings = Self.settings(teams: 12, preset: .ppr)
        let rules = DraftRosterRules(settings)
        for seed in UInt64(1)...5 {
            let room = try Self.botDraft(settings, seed: seed)
            for team in room.draft.order {
                let picks = room.picks(of: team).compactMap { room.pool.ranking(of: $0.playerID) }
                var held: [Position: Int] = [:]
                for p in picks { held[p.position, default: 0] += 1 }
                // Never past a maximum, every starting slot filled, no third QB; one K and one DEF, plus at most one
                // more of either with the last pick (a bye-week cover: a different bye).
                #expect(Position.allCases.allSatisfy { rules.allows($0, given: held.merging([$0: -1]) { $0 + $1 }) })
                #expect(rules.openStarterSlots(given: held) == 0)
                #expect(held[.qb, default: 0] <= 2 && held[.k, default: 0] + held[.def, default: 0] <= 3)
                #expect(held[.k, default: 0] >= 1 && held[.def, default: 0] >= 1)
                let kdef = picks.enumerated().filter { $0.element.position == .k || $0.element.position == .def }
                // K and DEF late: in the last three rounds of fifteen; a second of a kind only in the last round.
                for (round, p) in kdef {
                    #expect(round + 1 >= settings.draftRounds - 2, "seed \(seed) \(team): \(p.position.rawValue) in round \(round + 1)")
                    if kdef.filter({ $0.element.position == p.position }).count == 2, kdef.last?.element == p {
                        #expect(round + 1 == settings.draftRounds)
                        #expect(Set(kdef.filter { $0.element.position == p.position }.map(\.element.byeWeek)).count == 2)
                    }
                }
                // The QB/RB/WR/TE/FLEX starters come first: the first seven picks fill them.
                var first: [Position: Int] = [:]
                for p in picks.prefix(7) { first[p.position, default: 0] += 1 }
                #expect(first[.qb] == 1 && first[.te, default: 0] >= 1 && first[.rb, default: 0] >= 2 && first[.wr, default: 0] >= 2, "seed \(seed) \(team): \(first)")
            }
        }
    }

    @Test func seededTwelveTeamDraftsDifferAndEachIsReproducible() throws {
        let settings = Self.settings(teams: 12, preset: .ppr)
        var seen: [[PlayerID]: UInt64] = [:]
        for seed in UInt64(100)..<UInt64(110) {
            let picks = try Self.botDraft(settings, seed: seed).picks.map(\.playerID)
            #expect(seen[picks] == nil, "seeds \(seen[picks] ?? 0) and \(seed) drafted the same")
            seen[picks] = seed
            #expect(try Self.botDraft(settings, seed: seed).picks.map(\.playerID) == picks, "seed \(seed) is not reproducible")
        }
    }

    @Test func aPersonsAutopickTakesTheQueueThenTheRankingsWithRosterNeeds() throws {
        let settings = Self.settings(teams: 12, preset: .ppr)
        let r = Self.facts.draftRankings(settings)
        let rules = DraftRosterRules(settings)
        let kicker = r.players(at: .k)[3].playerID
        #expect(Autopick.choose(queue: [kicker], rankings: r, taken: [], team: [], rules: rules) == kicker)
        // No queue: the best value (Barkley); holding two RBs, two WRs and a TE, the need is QB or FLEX —
        // and FLEX's best (an RB/WR/TE) beats the best QB by value.
        #expect(Autopick.choose(queue: [], rankings: r, taken: [], team: [], rules: rules) == r.players[0].playerID)
        let held = [r.players(at: .rb)[0], r.players(at: .rb)[1], r.players(at: .wr)[0], r.players(at: .wr)[1], r.players(at: .te)[0]]
        let taken = Set(held.map(\.playerID))
        let choice = try #require(Autopick.choose(queue: [], rankings: r, taken: taken, team: held, rules: rules))
        #expect(r.position(of: choice) != .k && r.position(of: choice) != .def)
        #expect(choice == r.available(excluding: taken).first { $0.position != .k && $0.position != .def }?.playerID)
    }
}
