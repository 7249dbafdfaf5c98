import ClubhouseData
import ClubhouseDomain
import Foundation

/// The auction's pace (the goal: a 12-team, 15-spot, $200 auction with 11 bots at default clocks in under 75
/// minutes of draft time): the league made with `createLeague` on the 2019 demo season, the commissioner's own team on
/// autopick (an absent manager), and the room driven by `tickDraft` on a manual clock that jumps to each moment
/// `draftDue` names — so the figure is draft time on the clock, not wall time. Also the mean of price ÷ auction value
/// over the sales and the largest share of a budget left unspent.
enum AuctionBench {
    struct Result {
        var draftSeconds: Double
        var sales: Int
        var meanRatio: Double
        var mostUnspent: Double
        var ticks: Int
        var wall: Duration
    }

    static func run(teams: Int = 12, budget: Int = 200, slots: [Slot: Int]? = nil, clocks: (nominate: Int, bid: Int)? = nil,
                    verbose: Bool = false) throws -> Result {
        let db = try Database.inMemory()
        _ = try db.migrate()
        try DemoWorld.seedIfNeeded(db)
        let start = Date(timeIntervalSince1970: 1_566_475_200)   // 2019-08-22 12:00 UTC, the demo's preseason
        let clock = ManualClock(start)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: clock, accounts: .sodium)
        let person = try service.accounts.createAccount(email: "bench@auction.example", password: "auction bench night", displayName: "Bench")
        var settings = LeagueSettings()
        settings.teamCount = teams
        settings.draftType = .auction
        settings.auctionBudget = budget
        if let slots { settings.rosterSlots = slots }
        if let clocks { settings.nominationSeconds = clocks.nominate; settings.bidSeconds = clocks.bid }
        let caller = Caller.user(person.user.id)
        let league = try service.leagues.createLeague(name: "Auction Bench", settings: settings, isPublic: true, season: DemoWorld.season,
                                              seasonClock: start, replay: true, seed: 44, caller: caller)
        let mine = try service.draft.draftBoard(league, caller: caller).capabilities.myTeam!
        _ = try service.draft.setAutopick(league, team: mine, on: true, caller: caller)
        let values = Dictionary(try service.draft.draftablePlayers(league, caller: caller).compactMap { p in p.auctionValue.map { (p.player.id, $0) } },
                                uniquingKeysWith: { a, _ in a })
        _ = try service.draft.startDraft(league, caller: caller)
        let began = clock.now()
        var ticks = 0
        let (_, wall) = try Bench.time {
            while try service.draft.draftBoard(league, caller: .anonymous).draft.status != .complete, ticks < 100_000 {
                guard let due = try service.draft.draftDue(league) else { break }
                if due > clock.now() { clock.set(due) }
                if try service.draft.tickDraft(league) == nil { clock.advance(by: 0.05) }
                ticks += 1
            }
        }
        let board = try service.draft.draftBoard(league, caller: .anonymous)
        guard board.draft.status == .complete else { throw BenchFailure(description: "the auction did not complete (\(board.picks.count) sold)") }
        if verbose {
            for p in board.picks {
                print("    #\(p.pick.number) \(p.player.name) value $\(values[p.pick.playerID] ?? 0) → team \(p.pick.teamID) $\(p.pick.price ?? 0)")
            }
        }
        let ratios = board.picks.map { Double($0.pick.price ?? 0) / Double(max(1, values[$0.pick.playerID] ?? 1)) }
        let left = board.auction?.teams.map { Double($0.budgetLeft) / Double(budget) } ?? []
        return Result(draftSeconds: clock.now().timeIntervalSince(began), sales: board.picks.count,
                      meanRatio: ratios.reduce(0, +) / Double(max(1, ratios.count)), mostUnspent: left.max() ?? 0, ticks: ticks, wall: wall)
    }

    static func report() throws {
        print("Auction draft time (12 teams × 15 spots, $200, 11 bots + an absent manager, default clocks 30/20/10 s; simulated clock)")
        let r = try run()
        print("  draft time \(fmt(r.draftSeconds / 60, 1)) min on the clock (goal: under 75) · \(r.sales) sales · "
              + "mean price ÷ value \(fmt(r.meanRatio, 3)) · most unspent \(fmt(r.mostUnspent * 100, 1)) % of a budget · "
              + "\(r.ticks) clock steps in \(fmt(Samples.milliseconds(r.wall) / 1000, 2)) s wall")
        let small = try run(teams: 8, budget: 60, slots: [.qb: 1, .rb: 1, .wr: 1, .te: 0, .flex: 0, .k: 0, .def: 0, .bench: 0, .ir: 0],
                            clocks: (5, 5), verbose: ProcessInfo.processInfo.environment["AUCTION_BENCH_VERBOSE"] != nil)
        print("  8 teams × 3 spots, $60, 5 s clocks: \(fmt(small.draftSeconds / 60, 1)) min on the clock · mean price ÷ value \(fmt(small.meanRatio, 3)) · "
              + "most unspent \(fmt(small.mostUnspent * 100, 1)) %")
        print()
    }
}
