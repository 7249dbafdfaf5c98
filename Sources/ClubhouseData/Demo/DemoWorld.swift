import ClubhouseDomain
import Foundation

/// The demo world `clubhouse` opens onto on first run: the 2019 season (and 2018's totals, for its rankings), imported
/// from the shipped nflverse files by `SeasonImport` like any season, plus leagues in every state,
/// whose history is made by running the real rules (autopick drafts, weekly lineups, waivers, scoring)
/// on each league's season clock — nothing written by hand. Deterministic: the same code seeds the same world.
public enum DemoWorld {
    /// Meta key recording that the demo world was seeded.
    public static let seededKey = "demo_world"

    /// Seeds the season and the demo leagues unless already done. Returns whether it seeded now.
    /// `now` is real time: the live bot draft's clock runs from it.
    @discardableResult
    public static func seedIfNeeded(_ db: Database, now: Date = Date()) throws -> Bool {
        // Every later start finds the seed marker: one read, no write lock, no cache resizing.
        if try db.scalar("SELECT value FROM meta WHERE key = ?", [seededKey], as: String.self) != nil { return false }
        // Seeding is one transaction of a few MB: with SQLite's default 2 MB page cache it would spill dirty pages
        // into the WAL and read them back. A larger cache for its duration keeps it in memory; restored afterwards.
        let cacheSize = try db.scalar("PRAGMA cache_size", as: Int64.self)
        let isSmall = cacheSize.map { $0 < 0 ? $0 > -65536 : $0 < 16384 } ?? false   // negative: KiB; positive: pages
        if isSmall { try db.execute("PRAGMA cache_size = -65536") }
        defer { if isSmall, let cacheSize { try? db.execute("PRAGMA cache_size = \(cacheSize)") } }
        return try db.transaction { c in
            if try c.scalar("SELECT value FROM meta WHERE key = ?", [seededKey], as: String.self) != nil { return false }
            try seedSeasonIfNeeded(db, now: now)
            try DemoSeeder(store: SQLiteLeagueStore(database: db), realNow: now).seed()
            try c.run("INSERT INTO meta (key, value) VALUES (?, ?)", [seededKey, "2019 v1"])
            return true
        }
    }

    /// The season the demo leagues replay.
    public static let season = 2019

    /// Imports the shipped seasons (2019, 2018's totals) unless the file has 2019 already.
    public static func seedSeasonIfNeeded(_ db: Database, now: Date = Date()) throws {
        try db.transaction { c in
            guard try c.scalar("SELECT 1 FROM seasons WHERE season = ?", [season], as: Int.self) == nil else { return }
            try SeasonImport.importShipped(session: c, now: now)
        }
    }
}

/// One demo league: what it is and how far its season has gone.
struct DemoLeagueSpec {
    enum Phase {
        /// Open for joining; `managed` teams have people, the rest are open; the draft is scheduled.
        case open(managed: Int)
        /// Every team has a manager; the draft is scheduled.
        case full
        /// Drafting now against bots: `picksMade` picks are in, the rest tick live on real time.
        case drafting(picksMade: Int)
        /// Drafted, then played up to this moment of the 2019 season.
        case played(until: Date)
    }
    var name: String
    var isPublic: Bool
    var settings: LeagueSettings
    var phase: Phase
    var teamNames: [String]
    /// How fast its season clock runs once seeded (off: it stays where the seed left it).
    var liveSpeed: ClockSpeed = .off
}

struct DemoSeeder {
    let store: SQLiteLeagueStore
    let realNow: Date
    /// One season-facts cache for every demo league: the facts (and their per-scoring values) load once, not per league.
    let factsCache = SeasonFactsCache()

    static func utc(_ iso: String) -> Date {
        ISO8601.parse(iso)!
    }

    /// Preseason on the demo clock: two weeks before the 2019 opener.
    static let preseason = utc("2019-08-22T12:00:00Z")
    static let draftDay = utc("2019-09-01T19:00:00Z")

    static let people = [
        "Alice Moreno", "Ben Okafor", "Chloé Dubois", "Dev Patel", "Emma Lindqvist", "Farid Haddad", "Grace Kim",
        "Hiro Tanaka", "Isla Murphy", "Jonas Weber", "Kemi Adeyemi", "Liam O'Brien", "Mei Chen", "Nina Rossi",
        "Omar Siddiqui", "Priya Nair", "Quinn Baker", "Rosa Alvarez", "Sam Taylor", "Tomás García", "Uma Iyer",
        "Victor Petrov", "Wen Li", "Ximena Cruz", "Yusuf Demir", "Zoe Walsh", "山田 太郎", "Ana Sousa", "Bjørn Olsen", "Carmen Ruiz",
    ]

    static let teamNames = [
        "Bits", "Bytes", "Gridiron Gurus", "Blitz Brigade", "Hail Marys", "Red Zone Rebels", "Pocket Passers", "End Zone Elite",
        "Fourth & Long", "Sack Masters", "Touchdown Titans", "Pigskin Pirates", "Audible Alchemists", "Two-Point Tacticians",
        "The Waiver Wire", "Nickel Package", "Play Action Heroes", "Goal Line Stand", "Draft Day Steals", "Bye Week Blues",
        "Lambeau Leapers", "Hurry-Up Offense", "Flea Flickers", "Pick Sixers", "Coffin Corners", "Onside Kickers",
        "Screen Pass Society", "Statue of Liberty", "Wildcat Formation", "Prevent Defense", "Neutral Zone", "Hang Time",
    ]

    func specs() -> [DemoLeagueSpec] {
        var gridiron = LeagueSettings()
        gridiron.scoring = .preset(.halfPPR)
        var bots = LeagueSettings()
        bots.teamCount = 12; bots.scoring = .preset(.ppr); bots.pickClockSeconds = 60
        var champs = LeagueSettings()
        champs.teamCount = 8; champs.scoring = .preset(.ppr); champs.waiverType = .faab
        var playoffs = LeagueSettings()
        playoffs.teamCount = 12; playoffs.scoring = .preset(.standard); playoffs.playoffTeams = 6
        playoffs.playoffWeeks = 15...17; playoffs.draftType = .thirdRoundReversal
        var open = LeagueSettings()
        open.teamCount = 10; open.waiverType = .faab
        var full = LeagueSettings()
        full.teamCount = 8; full.draftType = .linear
        var office = LeagueSettings()
        office.teamCount = 6; office.scoring = .preset(.ppr)
        let n = Self.teamNames
        return [
            DemoLeagueSpec(name: "Gridiron Greats", isPublic: true, settings: gridiron,
                           phase: .played(until: Self.utc("2019-11-03T20:00:00Z")), teamNames: Array(n[0..<10]), liveSpeed: .x10),
            DemoLeagueSpec(name: "Sunday Funday", isPublic: true, settings: open, phase: .open(managed: 6), teamNames: Array(n[10..<20])),
            DemoLeagueSpec(name: "Bot Bowl Live", isPublic: true, settings: bots, phase: .drafting(picksMade: 17), teamNames: Array(n[20..<32])),
            DemoLeagueSpec(name: "Champions Circle", isPublic: true, settings: champs,
                           phase: .played(until: Self.utc("2019-12-25T12:00:00Z")), teamNames: Array(n[2..<10])),
            DemoLeagueSpec(name: "Playoff Push", isPublic: true, settings: playoffs,
                           phase: .played(until: Self.utc("2019-12-17T12:00:00Z")), teamNames: Array(n[12..<24])),
            DemoLeagueSpec(name: "Full House", isPublic: true, settings: full, phase: .full, teamNames: Array(n[24..<32])),
            DemoLeagueSpec(name: "Office League", isPublic: false, settings: office,
                           phase: .played(until: Self.utc("2019-10-06T16:00:00Z")), teamNames: Array(n[14..<20])),
        ]
    }

    /// Every demo person signs in with `<first name>@demo.clubhouse` (ASCII first names; `user<N>` otherwise) and
    /// this password, so anyone can try the commissioner's side of a demo league. README says so.
    static let demoPassword = "clubhouse-demo"

    func seed() throws {
        // One Argon2id hash for every demo account (~90 ms once, not per person): they share the published password.
        let hash = try SodiumPasswordHasher().hash(Self.demoPassword)
        let users = try store.write { w in
            try Self.people.enumerated().map { i, name in
                let handle = name.split(separator: " ").first.map { String($0).lowercased() } ?? "user\(i)"
                let email = "\(handle.unicodeScalars.allSatisfy(\.isASCII) ? handle : "user\(i)")@demo.clubhouse"
                return try w.insertUser(email: email, displayName: name, passwordHash: hash, at: Self.preseason)
            }
        }
        for (i, spec) in specs().enumerated() {
            try seed(spec, index: i, users: users)
        }
    }

    /// Creates one league and plays it forward to its phase.
    func seed(_ spec: DemoLeagueSpec, index: Int, users: [UserID]) throws {
        let clock = ManualClock(Self.preseason)
        let service = LeagueService(store: store, clock: clock, factsCache: factsCache)
        // Managers rotate through the demo people so several leagues share faces.
        let managers = (0..<spec.settings.teamCount).map { users[(index * 7 + $0) % users.count] }
        let commissioner = Caller.user(managers[0])
        let id = try service.leagues.createLeague(name: spec.name, settings: spec.settings, isPublic: spec.isPublic, teamName: spec.teamNames[0],
                                          season: DemoWorld.season, seasonClock: Self.preseason, replay: true, seed: UInt64(index + 1),
                                          caller: commissioner)
        let managedCount: Int = switch spec.phase {
        case .open(let m): m
        case .drafting: 1
        default: spec.settings.teamCount
        }
        try store.write { w in
            for (i, var team) in try w.teams(in: id).enumerated() {
                team.name = spec.teamNames[i % spec.teamNames.count]
                team.manager = i < managedCount ? managers[i] : nil
                // The demo's people aren't at the keyboard: their teams draft on autopick (after a bot's think time),
                // so a person who joins can draft a whole room without waiting out absent managers' clocks.
                team.autopick = team.manager != nil
                try w.updateTeam(team)
            }
            guard var league = try w.league(id) else { return }
            league.draftScheduledAt = Self.draftDay
            try w.updateLeague(league)
            if var draft = try w.draft(in: id) { draft.scheduledAt = Self.draftDay; try w.setDraft(draft) }
        }
        switch spec.phase {
        case .open, .full:
            return
        case .drafting(let picksMade):
            try draft(id, service: service, clock: clock, upTo: picksMade)
            // From here the room runs on real time: restart the clock on the pick now on the clock.
            try store.write { w in
                guard var d = try w.draft(in: id) else { return }
                d.pickOpenedAt = realNow
                d.deadline = d.pickClockSeconds.map { realNow.addingTimeInterval(Double($0)) }
                d.startedAt = realNow.addingTimeInterval(-Double(picksMade) * 4)
                try w.setDraft(d)
                if var me = try w.teams(in: id).first(where: { $0.manager != nil }) { me.autopick = false; try w.updateTeam(me) }
            }
        case .played(let until):
            try draft(id, service: service, clock: clock, upTo: nil)
            try play(id, service: service, clock: clock, until: until, commissioner: commissioner)
            // The mid-season league is in the middle of its Sunday: its clock runs at 10× from the first start on.
            if spec.liveSpeed != .off {
                try store.write { w in try w.setClockRun(ClockRun(leagueID: id, speed: spec.liveSpeed, tickedAt: realNow)) }
            }
        }
    }

    /// Runs the draft through the real room: every team on autopick, the clock stepped past each deadline.
    func draft(_ id: LeagueID, service: LeagueService, clock: ManualClock, upTo limit: Int?) throws {
        try store.write { w in
            for var t in try w.teams(in: id) { t.autopick = true; try w.updateTeam(t) }
        }
        clock.set(Self.draftDay)
        let commissioner = try store.read { try $0.league(id)?.commissioner }.map(Caller.user) ?? .anonymous
        _ = try service.draft.startDraft(id, caller: commissioner)
        var made = 0
        while limit.map({ made < $0 }) ?? true {
            clock.advance(by: 6)
            guard try service.draft.tickDraft(id) != nil else {
                if try store.read({ try $0.draft(in: id)?.status }) == .complete { break }
                continue
            }
            made += 1
        }
        try store.write { w in
            for var t in try w.teams(in: id) where t.manager != nil { t.autopick = false; try w.updateTeam(t) }
        }
    }

    /// Plays the season week by week up to `until`: managers set their best lineup before each week and
    /// put in a few waiver claims; the clock engine processes waivers and finalizes weeks on the way.
    func play(_ id: LeagueID, service: LeagueService, clock: ManualClock, until: Date, commissioner: Caller) throws {
        var rng = SeededRandom(seed: UInt64(bitPattern: id.rawValue) &* 7919)
        let facts = try service.facts(season: DemoWorld.season)
        for week in facts.calendar.weekNumbers {
            guard let kickoff = facts.calendar.kickoff(ofWeek: week) else { continue }
            // Tuesday before the week: claims in, then the clock passes Wednesday's waiver run.
            let tuesday = SeasonCalendar.opening(before: kickoff).addingTimeInterval(-20 * 3600)
            let league = try store.read { try $0.league(id) }!
            if league.state == .complete { break }
            if tuesday > league.clock, tuesday < until {
                try advance(id, to: tuesday, service: service, clock: clock, facts: facts, commissioner: commissioner)
                try placeClaims(id, facts: facts, week: week, rng: &rng)
            }
            let beforeKickoff = kickoff.addingTimeInterval(-3600)
            let clockNow = try store.read { try $0.league(id)!.clock }
            if beforeKickoff < until, beforeKickoff > clockNow {
                try advance(id, to: beforeKickoff, service: service, clock: clock, facts: facts, commissioner: commissioner)
            }
            if beforeKickoff < until { try setBestLineups(id, facts: facts, week: week) }
            if beforeKickoff >= until { break }
        }
        if try store.read({ try $0.league(id)!.clock }) < until {
            try advance(id, to: until, service: service, clock: clock, facts: facts, commissioner: commissioner)
        }
    }

    /// Moves the league's season clock to `target`, stopping at each waiver run and each week's end on the way with the
    /// seeding's own clock set to that moment: what happens there (waiver results, final scores) is stamped when it
    /// happened on the season clock, as in a league that lived through it — not all at the moment the demo was seeded.
    func advance(_ id: LeagueID, to target: Date, service: LeagueService, clock: ManualClock, facts: SeasonFacts, commissioner: Caller) throws {
        let from = try store.read { try $0.league(id)!.clock }
        let ends = facts.calendar.weekNumbers.compactMap { facts.calendar.weekFinal($0) }.filter { $0 > from && $0 < target }
        for stop in Set(WaiverSchedule.runs(between: from, and: target) + ends + [target]).sorted() {
            clock.set(stop)
            _ = try service.season.advanceClock(id, to: stop, caller: commissioner)
        }
    }

    /// A manager's projection: points per game so far this season, else last season's per game; zero on a bye.
    /// `scored` is the season under the league's scoring.
    func projection(_ player: PlayerID, week: Int, league: League, scored: ScoredSeason) -> Points {
        let facts = scored.facts
        guard let p = facts.players[player], facts.game(for: player, week: week) != nil else { return .zero }
        // A manager benches a player who sat out his team's last game (injured, released, benched).
        if let last = (1..<max(1, week)).reversed().first(where: { facts.game(team: p.nflTeam, week: $0)?.isFinal(at: league.clock) == true }),
           facts.stats(player, week: last, finalAt: league.clock) == nil {
            return .zero
        }
        let games = facts.gamesPlayed(player, finalAt: league.clock)
        if games > 0 {
            let total = scored.seasonPoints(player, finalAt: league.clock)
            return Points(hundredths: total.hundredths / games)
        }
        guard let prior = facts.priorSeason[player], prior.games > 0,
              let points = scored.priorSeasonPoints(player) else { return .zero }
        return Points(hundredths: points.hundredths / prior.games)
    }

    func setBestLineups(_ id: LeagueID, facts: SeasonFacts, week: Int) throws {
        try store.write { w in
            guard let league = try w.league(id) else { return }
            let scored = facts.scored(league.settings.scoring)
            for roster in try w.rosters(in: id) {
                let best = LineupRules.defaultLineup(for: roster, players: facts.players, settings: league.settings) {
                    projection($0, week: week, league: league, scored: scored)
                }
                try w.setRoster(best)
            }
        }
    }

    /// A few teams claim the best available player of last week, dropping their weakest bench player.
    func placeClaims(_ id: LeagueID, facts: SeasonFacts, week: Int, rng: inout SeededRandom) throws {
        guard week > 1 else { return }
        try store.write { w in
            guard let league = try w.league(id) else { return }
            let scored = facts.scored(league.settings.scoring)
            let rosters = try w.rosters(in: id)
            let rostered = Set(rosters.flatMap(\.playerIDs))
            let lastWeek = facts.weeklyStats(week: week - 1)
                .filter { !rostered.contains($0.playerID) && facts.players[$0.playerID] != nil }
                .map { s in (s.playerID, scored.points(s.playerID, week: week - 1, finalAt: .distantFuture)) }
                .sorted { ($1.1, $0.0) < ($0.1, $1.0) }
            var claimed = Set<PlayerID>()
            let claimants = rosters.shuffled(using: &rng).prefix(3)
            for (i, roster) in claimants.enumerated() {
                guard let target = lastWeek.dropFirst(i / 2).first(where: { !claimed.contains($0.0) }) else { continue }
                let position = facts.players[target.0]!.position
                guard let drop = roster.entries.filter({ $0.slot == .bench && facts.players[$0.playerID]?.position == position })
                        .min(by: { projection($0.playerID, week: week, league: league, scored: scored) < projection($1.playerID, week: week, league: league, scored: scored) })
                else { continue }
                claimed.insert(target.0)
                let team = try w.teams(in: id).first { $0.id == roster.teamID }!
                let bid = league.settings.waiverType == .faab ? min(team.faabRemaining, Int.random(in: 1...18, using: &rng)) : 0
                _ = try w.insertWaiverClaim(WaiverClaim(id: 0, leagueID: id, teamID: roster.teamID, addPlayer: target.0,
                                                        dropPlayer: drop.playerID, bid: bid, rank: 1, createdAt: league.clock))
            }
        }
    }
}
