import Foundation
import Testing
@testable import ClubhouseDomain

/// The trade rules on boards built by hand — a proposal's checks, the re-check before execution, what an
/// execution moves, traded picks in the draft order — and properties over many random leagues and trade sequences.
@Suite struct TradeRulesTests {
    static let positions: [Position] = [.qb, .rb, .wr, .te, .k, .def]
    static let clock = Date(timeIntervalSince1970: 1_568_000_000)

    /// A league of `teams` teams with `perTeam` players each (positions cycling), in season, week 3.
    static func board(teams: Int = 4, perTeam: Int = 6, state: LeagueState = .inSeason, settings: LeagueSettings = LeagueSettings(),
                      draft: Draft? = nil) -> TradeBoard {
        var s = settings
        s.teamCount = max(3, teams)
        let league = League(id: LeagueID(1), name: "Test League", isPublic: true, commissioner: UserID(1), settings: s, state: state,
                            clock: clock, createdAt: clock)
        var players: [PlayerID: Player] = [:]
        var rosters: [TeamID: Roster] = [:]
        var team: [Team] = []
        for t in 1...teams {
            let id = TeamID(Int64(t))
            team.append(Team(id: id, leagueID: league.id, name: "Team \(t)", manager: t == 1 ? nil : UserID(Int64(t)), waiverPriority: t, faabRemaining: 100))
            var roster = Roster(teamID: id)
            for n in 0..<perTeam {
                let pid = PlayerID("p\(t)-\(n)")
                players[pid] = Player(id: pid, fullName: "Player \(t)-\(n)", firstName: "P", lastName: "\(t)-\(n)",
                                      position: positions[n % positions.count], nflTeam: "CAR")
                roster.entries.append(RosterEntry(playerID: pid, slot: .bench, acquisition: .draft, acquiredAt: clock))
            }
            rosters[id] = roster
        }
        return TradeBoard(league: league, teams: team, rosters: rosters, players: players, draft: draft, picksMade: [], pickOwners: [:],
                          week: 3, locked: [])
    }

    static func refusal(_ p: TradeProposal, on board: TradeBoard) -> DomainError? {
        do throws(DomainError) { _ = try TradeRules.validate(p, on: board); return nil } catch { return error }
    }

    @Test func aFairSwapIsValidAndMovesExactlyItsPlayers() throws {
        let board = Self.board()
        let p = TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p2-1"]), get: TradeAssets(players: ["p3-1"]))
        #expect(Self.refusal(p, on: board) == nil)
        #expect(TradeRules.recheck(p, on: board) == nil)
        let x = TradeRules.execution(of: p, on: board, leagueID: board.league.id, at: Self.clock)
        let two = try #require(x.rosters.first { $0.teamID == TeamID(2) }), three = try #require(x.rosters.first { $0.teamID == TeamID(3) })
        #expect(two.contains("p3-1") && !two.contains("p2-1"))
        #expect(three.contains("p2-1") && !three.contains("p3-1"))
        #expect(two.entry(for: "p3-1")?.acquisition == .trade && two.entry(for: "p3-1")?.slot == .bench)
        #expect(x.transactions.map(\.kind) == [.trade, .trade])
        #expect(Set(x.transactions.map { "\($0.teamID.rawValue) +\($0.added!.rawValue)" }) == ["3 +p2-1", "2 +p3-1"])
    }

    @Test func refusalsNameTheFieldInASentence() {
        let board = Self.board()
        let cases: [(TradeProposal, DomainError)] = [
            (TradeProposal(team: TeamID(2), with: TeamID(2), give: TradeAssets(players: ["p2-1"])),
             .validation(field: "with", message: "A team can't trade with itself")),
            (TradeProposal(team: TeamID(2), with: TeamID(3)), .validation(field: "give", message: "A trade moves at least one player or pick")),
            (TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p3-1"])),
             .validation(field: "give", message: "Player 3-1 isn't on Team 2's roster")),
            (TradeProposal(team: TeamID(2), with: TeamID(3), get: TradeAssets(players: ["p2-1"])),
             .validation(field: "get", message: "Player 2-1 isn't on Team 3's roster")),
            (TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p2-1"]), drops: ["p2-1"]),
             .validation(field: "players", message: "Player 2-1 is named twice in the trade")),
            (TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p2-1"]), drops: ["p4-1"]),
             .validation(field: "drops", message: "Player 4-1 (a drop) isn't on Team 2's roster")),
            // The proposer names only its own drops; the other team chooses its own when it accepts.
            (TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p2-1"]), drops: ["p3-4"]),
             .validation(field: "drops", message: "Player 3-4 is Team 3's — Team 3 chooses its own drops when it accepts")),
            (TradeProposal(team: TeamID(2), with: TeamID(9), give: TradeAssets(players: ["p2-1"])), .notFound("Team 9 in Test League")),
            (TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(picks: [DraftPickRef(round: 1, team: TeamID(2))])),
             .validation(field: "picks", message: "The draft of Test League is over — its picks can't be traded")),
            (TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p2-1"]), note: String(repeating: "x", count: 201)),
             .validation(field: "note", message: "A trade note is 1–200 characters (it has 201)")),
        ]
        for (p, expected) in cases { #expect(Self.refusal(p, on: board) == expected) }
    }

    @Test func theDeadlineClosesProposalsAndExecutions() {
        var board = Self.board()
        board.week = 12
        let p = TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p2-1"]))
        #expect(Self.refusal(p, on: board) == .conflict("The trade deadline of Test League (week 11) has passed"))
        #expect(TradeRules.recheck(p, on: board) == "The trade deadline of Test League (week 11) has passed")
        board.week = 11
        #expect(Self.refusal(p, on: board) == nil)
    }

    @Test func aRosterOverItsLimitsNeedsDrops() {
        var settings = LeagueSettings()
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .te: 1, .k: 1, .def: 1, .bench: 0, .ir: 0]   // 6 places
        settings.positionMaxima = [:]
        let board = Self.board(settings: settings)
        let twoForOne = TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p2-1"]),
                                      get: TradeAssets(players: ["p3-1", "p3-2"]))
        #expect(Self.refusal(twoForOne, on: board)
                == .validation(field: "drops", message: "Team 2 would hold 7 players outside IR — 6 is the most — name drops to make room"))
        var withDrop = twoForOne
        withDrop.drops = ["p2-5"]
        #expect(Self.refusal(withDrop, on: board) == nil)
        let x = TradeRules.execution(of: withDrop, on: board, leagueID: board.league.id, at: Self.clock)
        #expect(x.rosters.allSatisfy { $0.entries.count <= 6 })
        #expect(x.dropped == ["p2-5"])
    }

    /// The receiving side's roster limit doesn't refuse the offer — its team chooses its own drops when it
    /// accepts, in the same sentence the builder and the server use; a bot drops its least valuable players.
    @Test func theReceivingTeamChoosesItsOwnDropsWhenItAccepts() throws {
        var settings = LeagueSettings()
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1, .te: 1, .k: 1, .def: 1, .bench: 0, .ir: 1]   // 6 places outside IR, 1 IR
        settings.positionMaxima = [:]
        var board = Self.board(settings: settings)
        // Team 3 has one more player, on IR: it holds 6 outside IR, so the IR player doesn't count.
        board.rosters[TeamID(3)]!.entries.append(RosterEntry(playerID: "p2-9", slot: .ir, acquisition: .draft, acquiredAt: Self.clock))
        board.players["p2-9"] = Player(id: "p2-9", fullName: "Player 2-9", firstName: "P", lastName: "2-9", position: .rb, nflTeam: "CAR")
        let twoForOne = TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p2-1", "p2-2"]),
                                      get: TradeAssets(players: ["p3-1"]))
        #expect(Self.refusal(twoForOne, on: board) == nil, "the proposer doesn't name Team 3's drops")
        func acceptance(_ drops: [PlayerID]) -> DomainError? {
            do throws(DomainError) { _ = try TradeRules.acceptance(twoForOne, drops: drops, on: board); return nil } catch { return error }
        }
        #expect(acceptance([]) == .validation(field: "drops", message: "Team 3 would hold 7 players outside IR — 6 is the most — choose drops to make room"))
        #expect(acceptance(["p3-1"]) == .validation(field: "drops", message: "Player 3-1 leaves Team 3 in the trade — he can't be dropped too"))
        #expect(acceptance(["p3-5"]) == nil)
        let accepted = try TradeRules.acceptance(twoForOne, drops: ["p3-5"], on: board)
        #expect(accepted.drops == ["p3-5"] && TradeRules.recheck(accepted, on: board) == nil)
        #expect(TradeRules.cheapestDrops(for: TeamID(3), in: twoForOne, on: board, value: { $0 == "p3-4" ? 0.5 : 5 }) == ["p3-4"])
    }

    @Test func aLockedPlayerOrAPlayerGoneInvalidatesTheRecheck() {
        var board = Self.board()
        let p = TradeProposal(team: TeamID(2), with: TeamID(3), give: TradeAssets(players: ["p2-1"]), get: TradeAssets(players: ["p3-1"]))
        board.locked = ["p3-1"]
        #expect(TradeRules.recheck(p, on: board) == "Player 3-1's game has kicked off — he can't change teams until next week")
        board.locked = []
        board.rosters[TeamID(3)]!.entries.removeAll { $0.playerID == "p3-1" }
        #expect(TradeRules.recheck(p, on: board) == "Player 3-1 is no longer on Team 3's roster")
    }

    @Test func picksTradeWhileTheDraftRunsAndTheirNewOwnerMakesThem() {
        let order = [TeamID(1), TeamID(2), TeamID(3), TeamID(4)]
        var draft = Draft(leagueID: LeagueID(1), status: .running, order: order, rounds: 3, type: .snake, pickClockSeconds: 90)
        var board = Self.board(perTeam: 0, state: .drafting, draft: draft)
        board.rosters = [:]
        let pick = DraftPickRef(round: 2, team: TeamID(4))      // overall 5 in a snake (round 2 runs 4, 3, 2, 1)
        #expect(board.overallNumber(of: pick) == 5)
        let p = TradeProposal(team: TeamID(4), with: TeamID(2), give: TradeAssets(picks: [pick]), get: TradeAssets(picks: [DraftPickRef(round: 3, team: TeamID(2))]))
        #expect(Self.refusal(p, on: board) == nil)
        let x = TradeRules.execution(of: p, on: board, leagueID: board.league.id, at: Self.clock)
        #expect(x.pickOwners == [pick: TeamID(2), DraftPickRef(round: 3, team: TeamID(2)): TeamID(4)])
        // The draft asks who owns pick N: pick 5 is now Team 2's, the rest as the snake says.
        draft.currentPick = 5
        let room = DraftRoom(draft: draft, picks: [], pool: DraftRankings(scored: []), rules: DraftRosterRules(board.league.settings),
                             pickOwners: x.pickOwners)
        #expect(room.onTheClock == TeamID(2))
        #expect(room.owner(ofPick: 4) == TeamID(4))
        let makers = (1...12).map { room.owner(ofPick: $0) }
        #expect(makers == [1, 2, 3, 4, 2, 3, 2, 1, 1, 4, 3, 4].map { TeamID(Int64($0)) }, "pick 5 is Team 2's, pick 10 (Team 2's third) Team 4's")
        // Linear and third-round reversal ask the same question.
        for type in [DraftType.linear, .thirdRoundReversal] {
            var other = draft
            other.type = type
            let number = DraftOrder.picks(of: TeamID(4), order: order, type: type, rounds: 2).last!
            #expect(DraftRoom.owner(ofPick: number, draft: other, pickOwners: x.pickOwners) == TeamID(2))
        }
        // A pick already made can't be traded, and one the team doesn't own can't be given.
        board.picksMade = [Pick(number: 5, round: 2, teamID: TeamID(2), playerID: "x", source: .manager, madeAt: Self.clock)]
        #expect(Self.refusal(p, on: board) == .validation(field: "give", message: "The round 2 pick of Team 4 was already made"))
        board.picksMade = []
        board.pickOwners = x.pickOwners
        #expect(Self.refusal(p, on: board) == .validation(field: "give", message: "Team 4 doesn't own the round 2 pick of Team 4"))
        // A round the draft doesn't have: said in a sentence that reads.
        let beyond = TradeProposal(team: TeamID(4), with: TeamID(2), give: TradeAssets(picks: [DraftPickRef(round: 99, team: TeamID(4))]),
                                   get: p.get)
        let refusal = Self.refusal(beyond, on: board)
        #expect(refusal?.message.hasPrefix("The round 99 pick of Team 4 isn't in the draft (rounds 1–") == true, "\(String(describing: refusal))")
        var noPicks = board.league.settings
        noPicks.tradePicks = false
        board.league.settings = noPicks
        #expect(Self.refusal(p, on: board) == .validation(field: "picks", message: "Draft picks can't be traded in Test League"))
    }

    /// Autopick counts the picks a team owns, not rounds minus its picks: with its last own pick it must fill its
    /// kicker; with two more traded picks to come it takes value first (a first K only in the last two picks).
    @Test func autopickCountsTheTeamsOwnPicksLeftWhenPicksWereTraded() {
        var settings = LeagueSettings()
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 0, .te: 0, .flex: 0, .k: 1, .def: 0, .bench: 2, .ir: 0]   // 5 rounds
        settings.positionMaxima = [:]
        var draft = Draft(leagueID: LeagueID(1), status: .running, order: [TeamID(1), TeamID(2), TeamID(3)], rounds: 5, type: .linear,
                          pickClockSeconds: 90)
        draft.currentPick = 13    // round 5 (linear): picks 13, 14, 15 are Teams 1, 2, 3's
        let held = ["hq", "hr", "hr2", "hw"].enumerated().map { i, id in
            Pick(number: 1 + 3 * i, round: i + 1, teamID: TeamID(1), playerID: PlayerID(id), source: .bot, madeAt: Self.clock)
        }
        let scored: [(id: PlayerID, position: Position, points: Points?)] = [
            ("rb1", .rb, 300), ("k1", .k, 100), ("hq", .qb, 50), ("hr", .rb, 50), ("hr2", .rb, 40), ("hw", .wr, 40),
        ]
        let pool = DraftRankings(scored: scored), rules = DraftRosterRules(settings)
        let alone = DraftRoom(draft: draft, picks: held, pool: pool, rules: rules)
        #expect(alone.autopickChoice(for: TeamID(1), queues: DraftQueues()) == "k1", "its last pick must fill the K slot")
        let traded = DraftRoom(draft: draft, picks: held, pool: pool, rules: rules,
                               pickOwners: [DraftPickRef(round: 5, team: TeamID(2)): TeamID(1), DraftPickRef(round: 5, team: TeamID(3)): TeamID(1)])
        #expect(traded.autopickChoice(for: TeamID(1), queues: DraftQueues()) == "rb1", "three picks left: value first, the K later")
    }

    @Test func theVetoThresholdIsAThirdOfTheOtherPeopleRoundedUp() {
        let p = TradeProposal(team: TeamID(2), with: TeamID(3))
        func teams(_ people: Int, bots: Int) -> [Team] {
            (0..<(people + bots)).map { i in
                Team(id: TeamID(Int64(i + 1)), leagueID: LeagueID(1), name: "T", manager: i < people ? UserID(Int64(i + 1)) : nil,
                     waiverPriority: 1, faabRemaining: 0)
            }
        }
        // Teams 2 and 3 are people and party to the trade; the rest are the others.
        #expect(TradeRules.vetoThreshold(for: p, teams: teams(12, bots: 0)) == 4)   // 10 others → 4
        #expect(TradeRules.vetoThreshold(for: p, teams: teams(5, bots: 5)) == 1)    // 3 others → 1
        #expect(TradeRules.vetoThreshold(for: p, teams: teams(9, bots: 0)) == 3)    // 7 others → 3
        #expect(TradeRules.vetoThreshold(for: p, teams: teams(3, bots: 7)) == 1)    // 1 other → 1
        let onlyTheTwo = teams(3, bots: 7).map { t in var t = t; if t.id == TeamID(1) { t.manager = nil }; return t }
        #expect(TradeRules.vetoThreshold(for: p, teams: onlyTheTwo) == 0)           // no other person: nobody can veto
    }

    // MARK: Properties over random leagues and trade sequences

    @Test(arguments: 0..<40)
    func randomTradeSequencesKeepRostersSoundAndMoveExactlyWhatTheySaid(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919 &+ 17)
        var settings = LeagueSettings()
        let bench = Int(rng.next() % 4)
        settings.rosterSlots = [.qb: 1, .rb: 2, .wr: 2, .te: 1, .flex: 0, .k: 1, .def: 1, .bench: bench, .ir: 0]
        settings.positionMaxima = [.qb: 2, .rb: 4, .wr: 4, .te: 2, .k: 2, .def: 2]
        let teams = 3 + Int(rng.next() % 6)
        var board = Self.board(teams: teams, perTeam: 6, settings: settings)
        let capacity = RosterRules.activeCapacity(settings)
        var executed = 0
        for _ in 0..<60 {
            let a = TeamID(Int64(1 + Int(rng.next() % UInt64(teams)))), b = TeamID(Int64(1 + Int(rng.next() % UInt64(teams))))
            func some(_ team: TeamID, max: Int) -> [PlayerID] {
                let ids = board.roster(team).playerIDs.shuffled(using: &rng)
                return Array(ids.prefix(Int(rng.next() % UInt64(max + 1))))
            }
            let give = some(a, max: 3), get = some(b, max: 3)
            let dropPool = board.roster(a).playerIDs.filter { !give.contains($0) && !get.contains($0) }
            let drops = Array(dropPool.shuffled(using: &rng).prefix(Int(rng.next() % 2)))
            let p = TradeProposal(team: a, with: b, give: TradeAssets(players: give), get: TradeAssets(players: get), drops: drops)
            guard Self.refusal(p, on: board) == nil, TradeRules.recheck(p, on: board) == nil else { continue }
            let before = board.rosters
            let x = TradeRules.execution(of: p, on: board, leagueID: board.league.id, at: Self.clock)
            for r in x.rosters { board.rosters[r.teamID] = r }
            executed += 1
            // No player on two rosters.
            let all = board.rosters.values.flatMap(\.playerIDs)
            #expect(Set(all).count == all.count, "a player is on two rosters after \(p)")
            // Every roster within its limits (the trade refused anything that would break one it kept).
            for r in x.rosters {
                #expect(r.entries.count <= max(capacity, before[r.teamID]!.entries.count))
                for pos in Position.allCases {
                    let n = r.entries.filter { board.players[$0.playerID]?.position == pos }.count
                    let had = before[r.teamID]!.entries.filter { board.players[$0.playerID]?.position == pos }.count
                    #expect(n <= max(settings.positionMaxima[pos] ?? .max, had))
                }
            }
            // Exactly what it said: each side's players moved to the other, drops left both, nobody else moved.
            for player in give { #expect(board.roster(b).contains(player) && !board.roster(a).contains(player)) }
            for player in get { #expect(board.roster(a).contains(player) && !board.roster(b).contains(player)) }
            for player in drops { #expect(!board.roster(a).contains(player) && !board.roster(b).contains(player)) }
            for (team, roster) in before where team != a && team != b { #expect(board.rosters[team] == roster) }
            let moved = Set(give + get + drops)
            for team in [a, b] {
                let kept = Set(before[team]!.playerIDs).subtracting(moved)
                #expect(kept.isSubset(of: Set(board.roster(team).playerIDs)))
            }
        }
        #expect(executed > 0, "the sequence executed some trades")
    }

    /// Random pick-and-player trades during a running draft: every pick keeps exactly one owner, each team's players plus
    /// picks still to make never pass its roster size, and each executed trade moved exactly the picks it named.
    @Test(arguments: 0..<25)
    func randomPickTradesDuringADraftKeepEveryPickOwnedOnceAndRostersFillable(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed) &* 104_729 &+ 3)
        let teams = 3 + Int(rng.next() % 8)
        var settings = LeagueSettings()
        settings.rosterSlots = [.qb: 1, .rb: 2, .wr: 2, .te: 1, .flex: 1, .k: 1, .def: 1, .bench: Int(rng.next() % 4), .ir: 0]
        settings.positionMaxima = [:]
        let order = (1...teams).map { TeamID(Int64($0)) }.shuffled(using: &rng)
        let type = DraftType.allCases[Int(rng.next() % 3)]
        var draft = Draft(leagueID: LeagueID(1), status: .running, order: order, rounds: settings.draftRounds, type: type, pickClockSeconds: 90)
        // Some picks made already: each by its maker then, one player each.
        let made = Int(rng.next() % UInt64(teams * 3))
        var board = Self.board(teams: teams, perTeam: 0, state: .drafting, settings: settings, draft: draft)
        for n in 0..<made {
            let team = DraftRoom.owner(ofPick: n + 1, draft: draft, pickOwners: board.pickOwners)
            let pid = PlayerID("d\(n)")
            board.players[pid] = Player(id: pid, fullName: "Drafted \(n)", firstName: "D", lastName: "\(n)", position: Self.positions[n % 6], nflTeam: "CAR")
            board.rosters[team, default: Roster(teamID: team)].entries.append(RosterEntry(playerID: pid, slot: .bench, acquisition: .draft, acquiredAt: Self.clock))
            board.picksMade.append(Pick(number: n + 1, round: DraftOrder.round(forPick: n + 1, teamCount: teams), teamID: team, playerID: pid, source: .bot, madeAt: Self.clock))
        }
        draft.currentPick = made + 1
        board.draft = draft
        let capacity = RosterRules.activeCapacity(settings)
        var executed = 0
        for _ in 0..<40 {
            let a = order[Int(rng.next() % UInt64(teams))], b = order[Int(rng.next() % UInt64(teams))]
            func picks(_ t: TeamID) -> [DraftPickRef] {
                Array(board.unmadePicks(ownedBy: t).shuffled(using: &rng).prefix(Int(rng.next() % 3)))
            }
            func players(_ t: TeamID) -> [PlayerID] { Array(board.roster(t).playerIDs.shuffled(using: &rng).prefix(Int(rng.next() % 2))) }
            let p = TradeProposal(team: a, with: b, give: TradeAssets(players: players(a), picks: picks(a)), get: TradeAssets(players: players(b), picks: picks(b)))
            guard Self.refusal(p, on: board) == nil, TradeRules.recheck(p, on: board) == nil else { continue }
            let x = TradeRules.execution(of: p, on: board, leagueID: board.league.id, at: Self.clock)
            executed += 1
            for r in x.rosters { board.rosters[r.teamID] = r }
            for (pick, owner) in x.pickOwners { board.pickOwners[pick] = owner }
            for pick in p.give.picks { #expect(board.owner(of: pick) == b) }
            for pick in p.get.picks { #expect(board.owner(of: pick) == a) }
            // Every unmade pick is owned by exactly one team, and the draft's makers cover each number once.
            let unmade = order.flatMap { board.unmadePicks(ownedBy: $0) }
            #expect(unmade.count == teams * settings.draftRounds - made)
            #expect(Set(unmade).count == unmade.count)
            for team in order {
                let total = board.roster(team).entries.count + board.unmadePicks(ownedBy: team).count
                #expect(total <= capacity, "\(team) would end the draft with \(total) of \(capacity)")
            }
            let makers = (made + 1...teams * settings.draftRounds).map { DraftRoom.owner(ofPick: $0, draft: draft, pickOwners: board.pickOwners) }
            for team in order {
                #expect(makers.filter { $0 == team }.count == board.unmadePicks(ownedBy: team).count, "the draft asks the same owners")
            }
        }
        #expect(executed > 0, "the sequence executed some trades")
    }

    // MARK: Bots

    /// Trade values where player "pT-N" is worth 100 + (6 − N) × 1000 (one game left, no replacement): each roster's
    /// first player is its best.
    static func values(_ board: TradeBoard) -> TradeValues {
        TradeValues(lines: Dictionary(uniqueKeysWithValues: board.players.values.map { p in
            let n = Int(p.id.rawValue.split(separator: "-").last!)!
            return (p.id, TradeValues.Line(position: p.position, gamesPrior: 1, pointsPrior: Double(100 + (6 - n) * 1_000), gamesLeft: 1))
        }), valuation: DraftValuation(teamCount: 0, rosterSlots: [:]))
    }

    @Test func aBotTakesAnOverpayRefusesALopsidedAskAndAnswersTheSameEveryTime() {
        let board = Self.board()          // team 1 is the bot
        let values = Self.values(board)
        func trade(_ p: TradeProposal, id: Int64 = 1) -> Trade {
            Trade(id: TradeID(id), leagueID: board.league.id, state: .proposed, proposal: p, proposedBy: UserID(2), createdAt: Self.clock,
                  expiresAt: Self.clock)
        }
        // Team 2 offers its two best for the bot's worst: taken whatever the temperament; the reverse is refused.
        let generous = TradeProposal(team: TeamID(2), with: TeamID(1), give: TradeAssets(players: ["p2-0", "p2-1"]), get: TradeAssets(players: ["p1-5"]))
        let greedy = TradeProposal(team: TeamID(2), with: TeamID(1), give: TradeAssets(players: ["p2-5"]), get: TradeAssets(players: ["p1-0", "p1-1"]))
        for seed in UInt64(1)...20 {
            #expect(TradeBot.answer(trade(generous), on: board, values: values, seed: seed) == .accept(drops: []))
            guard case .reject(let why) = TradeBot.answer(trade(greedy), on: board, values: values, seed: seed) else {
                Issue.record("a lopsided ask wasn't refused"); continue
            }
            // The refusal says why, in the values' terms.
            #expect(why.hasPrefix("Team 1 values what it would get at ") && why.contains(" and what it would give at ")
                    && why.contains("— it wants at least"), "\(why)")
            let d = TradeBot.delay(for: TradeID(Int64(seed)), seed: seed)
            #expect((20...90).contains(d) && d == TradeBot.delay(for: TradeID(Int64(seed)), seed: seed))
        }
        // Close calls: the same seed and trade always give the same answer, and a counter is a valid offer back.
        var counters = 0
        for id in Int64(1)...30 {
            let close = TradeProposal(team: TeamID(2), with: TeamID(1), give: TradeAssets(players: ["p2-2"]), get: TradeAssets(players: ["p1-1"]))
            let a = TradeBot.answer(trade(close, id: id), on: board, values: values, seed: 9)
            #expect(a == TradeBot.answer(trade(close, id: id), on: board, values: values, seed: 9))
            var answeringACounter = trade(close, id: id)
            answeringACounter.countersTradeID = TradeID(id + 100)
            if case .counter = TradeBot.answer(answeringACounter, on: board, values: values, seed: 9) {
                Issue.record("a counter offer was countered again")
            }
            if case .counter(let back) = a {
                counters += 1
                #expect(back.team == TeamID(1) && back.with == TeamID(2) && back.give.players == ["p1-1"] && back.get.players.count == 2)
                #expect(Self.refusal(back, on: board) == nil)
            }
        }
        #expect(counters > 0, "some close calls are countered (the counter checks above ran)")
    }
}
