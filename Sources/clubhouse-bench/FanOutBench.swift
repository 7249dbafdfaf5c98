import ClubhouseData
import ClubhouseDomain
import Foundation

/// Pick fan-out (the goal: everyone in the room sees a new pick within 100 ms on one host; README.md, “Performance”): real `clubhouse`
/// processes on pseudo-terminals sit in draft rooms; the bench commits picks through the real LeagueService
/// on the same database file and times how long until each client's screen shows the pick.
enum FanOutBench {
    struct Options {
        var app: String
        var rooms: Int
        var clientsPerRoom = 12
        var picksPerRoom: Int
        /// Mean time between two picks in one room (jittered ±50%, so picks don't line up with the poll).
        var pickInterval: Duration
        var directory: URL
        /// Clients are `clubhouse ssh-session` processes (as sshd's ForceCommand runs them for `host-ssh`), each a client
        /// of one `clubhouse serve` on the bench's database, instead of apps on the database file.
        var sshSessions = false
        /// Auction rooms: a player on the block, and each step a bid (by the next team's manager) instead of a pick;
        /// the client shows it in the room's bid line ("High bid $N — Team").
        var bids = false
    }

    struct Result {
        /// Commit → the board's grid shows the player in the pick's cell ("•F. Last", the newest-pick mark).
        var board = Samples()
        /// Commit → the room's header moves on to the next pick ("· pick N+1 · on the clock").
        var header = Samples()
        var clients = 0
        var picks = 0
        var missed = 0
        /// Private memory (Private_Clean + Private_Dirty) and PSS of the clients, in KiB, read while they sat in the room.
        var privateKiB: [Int] = []
        /// Private_Dirty alone of each client (KiB), settled in the room beside the others.
        var privateDirtyKiB: [Int] = []
        /// CPU of the clients sitting in the running rooms for 5 s before the picks, per client (fraction of a core).
        var idleCPU = 0.0
        /// With `sshSessions`: CPU the league server used while the picks went out, per pick (ms).
        var serverCPUPerPickMS: Double?
        var pssKiB: [Int] = []
        var setup: Duration = .zero
        /// CPU the clients used while the picks went out, per client and pick (ms).
        var cpuPerClientPickMS = 0.0
        /// `draftsDue()` on this database, p50 (ms): every app's draft clock driver runs it on every draft event of any league.
        var draftsDueMS = 0.0
    }

    /// One pick a client is waiting to see.
    struct Expectation {
        var pick: Int
        var boardNeedle: String
        var headerNeedle: String
        var committed: ContinuousClock.Instant
        var boardSeen = false
        var headerSeen = false
    }

    final class Room {
        let league: LeagueID
        let name: String
        let commissioner: UserID
        /// Every team's manager, in the league's team order (the bidders of an auction room).
        var managers: [UserID] = []
        var clients: [PTYClient] = []
        var nextPick = 1
        var lastNeedle = ""
        /// An auction room's nomination on the block, its high bid and the index of the high bidder's manager.
        var nomination: NominationID?
        var highBid = 1
        var highBidder = 0
        init(league: LeagueID, name: String, commissioner: UserID) {
            self.league = league; self.name = name; self.commissioner = commissioner
        }
    }

    static let clock = ContinuousClock()

    static func run(_ o: Options) throws -> Result {
        let started = clock.now
        let dbPath = o.directory.appendingPathComponent("fanout-\(o.rooms).sqlite").path
        let (service, rooms) = try prepare(path: dbPath, rooms: o.rooms, teams: o.clientsPerRoom, auction: o.bids)
        var result = Result()
        defer { for room in rooms { for c in room.clients { c.stop() } } }
        let server = o.sshSessions ? try LeagueServerProcess(app: o.app, database: dbPath, directory: o.directory) : nil
        defer { server?.stop() }

        // Start each room's clients and walk them into the room, one room at a time (240 cold starts at once
        // would only measure the scheduler).
        for (r, room) in rooms.enumerated() {
            for i in 0..<o.clientsPerRoom {
                let home = o.directory.appendingPathComponent("client-\(r)-\(i)").path
                if let server {
                    var env = environment(home: home)
                    env["SSH_USER_AUTH"] = try server.keyFile(index: r * o.clientsPerRoom + i)
                    room.clients.append(try PTYClient(executable: o.app, arguments: server.sessionArguments, environment: env))
                } else {
                    room.clients.append(try PTYClient(executable: o.app, arguments: ["--database", dbPath], environment: environment(home: home)))
                }
            }
            try enterRoom(room, all: rooms.flatMap(\.clients), shown: o.bids ? bidNeedle(1) : headerNeedle(nextPick: 1))
        }
        let everyone = rooms.flatMap(\.clients)
        // Let the replays of the event log and the first loads settle.
        PTYClient.poll(everyone, timeout: .seconds(1))
        _ = PTYClient.wait(for: everyone, timeout: .seconds(2)) { false }
        result.setup = clock.now - started
        for c in everyone {
            if let m = ProcessMemory.read(pid: c.pid) {
                result.privateKiB.append(m.privateKiB); result.pssKiB.append(m.pssKiB); result.privateDirtyKiB.append(m.privateDirtyKiB)
            }
        }
        // Sitting in the running rooms, no pick: what a session costs while nothing happens.
        let idleBefore = everyone.map { MemoryBench.cpuTime(pid: $0.pid) }.reduce(0, +)
        let idleStart = clock.now
        _ = PTYClient.wait(for: everyone, timeout: .seconds(5)) { false }
        let idleUsed = everyone.map { MemoryBench.cpuTime(pid: $0.pid) }.reduce(0, +) - idleBefore
        result.idleCPU = idleUsed / Samples.milliseconds(clock.now - idleStart) * 1000 / Double(max(1, everyone.count))
        result.clients = everyone.count
        var due = Samples()
        for _ in 0..<20 { due.add(try clock.measure { _ = try service.draft.draftsDue() }) }
        result.draftsDueMS = due.p50

        // Picks: every room picks every `pickInterval` (jittered), rooms staggered.
        var waiting: [ObjectIdentifier: Expectation] = [:]
        var schedule: [(at: ContinuousClock.Instant, room: Room)] = []
        let pickStart = clock.now + .milliseconds(200)
        for (r, room) in rooms.enumerated() {
            var t = pickStart + o.pickInterval * (Double(r) / Double(rooms.count))
            for _ in 0..<o.picksPerRoom {
                schedule.append((t, room))
                t = t + o.pickInterval * Double.random(in: 0.5...1.5)
            }
        }
        schedule.sort { $0.at < $1.at }
        let timeout = Duration.seconds(10)
        // CLUBHOUSE_BENCH_TRACE=FILE: a line per client and pick, "committed-ms pick client-pid shown-after-ms committed-unix-time" (to see
        // which picks make the p99: those that meet another room's, or something else).
        let trace = ProcessInfo.processInfo.environment["CLUBHOUSE_BENCH_TRACE"].flatMap { path in
            FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
        }
        defer { try? trace?.close() }

        func settle(_ c: PTYClient) {
            let key = ObjectIdentifier(c)
            guard var e = waiting[key] else { return }
            let now = clock.now
            guard now - e.committed <= timeout else { return }  // counted as missed by expire
            if !e.boardSeen, c.shows(e.boardNeedle) {
                e.boardSeen = true; result.board.add(now - e.committed)
                trace?.write(Data("\(Samples.milliseconds(e.committed - pickStart)) \(e.pick) \(c.pid) \(Samples.milliseconds(now - e.committed)) \(Date().timeIntervalSince1970 - Samples.milliseconds(now - e.committed) / 1000)\n".utf8))
            }
            if !e.headerSeen, c.shows(e.headerNeedle) { e.headerSeen = true; result.header.add(now - e.committed) }
            waiting[key] = e.boardSeen && e.headerSeen ? nil : e
        }
        func expire(before: ContinuousClock.Instant) {
            for (k, e) in waiting where e.committed < before {
                result.missed += (e.boardSeen ? 0 : 1) + (e.headerSeen ? 0 : 1)
                waiting[k] = nil
            }
        }

        let cpuBefore = everyone.map { MemoryBench.cpuTime(pid: $0.pid) }.reduce(0, +)
        let serverBefore = server.map { MemoryBench.cpuTime(pid: $0.pid) } ?? 0
        var next = 0
        while next < schedule.count || !waiting.isEmpty {
            let now = clock.now
            if next < schedule.count, schedule[next].at <= now {
                let room = schedule[next].room
                next += 1
                // A client still waiting for this room's previous pick missed it.
                for c in room.clients { settle(c) }
                for c in room.clients where waiting[ObjectIdentifier(c)] != nil {
                    let e = waiting.removeValue(forKey: ObjectIdentifier(c))!
                    result.missed += (e.boardSeen ? 0 : 1) + (e.headerSeen ? 0 : 1)
                }
                if o.bids {
                    // One needle: the bid line (the header's clock moves every second anyway).
                    guard let amount = try commitBid(service, room) else { continue }
                    let committed = clock.now
                    result.picks += 1
                    for c in room.clients {
                        var e = Expectation(pick: amount, boardNeedle: bidNeedle(amount), headerNeedle: "", committed: committed)
                        e.headerSeen = true
                        waiting[ObjectIdentifier(c)] = e
                    }
                    continue
                }
                guard let (pick, name) = try commitPick(service, room) else { continue }
                let committed = clock.now
                result.picks += 1
                for c in room.clients {
                    waiting[ObjectIdentifier(c)] = Expectation(pick: pick, boardNeedle: boardNeedle(name), headerNeedle: headerNeedle(nextPick: pick + 1),
                                                               committed: committed)
                }
                continue
            }
            expire(before: now - timeout)
            let until = next < schedule.count ? schedule[next].at - now : .milliseconds(50)
            for c in PTYClient.poll(everyone, timeout: min(until, .milliseconds(50))) { settle(c) }
        }
        let used = everyone.map { MemoryBench.cpuTime(pid: $0.pid) }.reduce(0, +) - cpuBefore
        result.cpuPerClientPickMS = result.picks == 0 ? 0 : used * 1000 / Double(result.picks * o.clientsPerRoom)
        if let server, result.picks > 0 {
            result.serverCPUPerPickMS = (MemoryBench.cpuTime(pid: server.pid) - serverBefore) * 1000 / Double(result.picks)
        }
        return result
    }

    // MARK: - Needles

    /// What the board's grid shows in the cell of the newest pick: "•" and the start of the short name
    /// (the cell is about 8 columns wide at 120 columns with 12 teams).
    static func boardNeedle(_ fullName: String) -> String {
        "•" + String(Player.shortName(fullName).prefix(5))
    }

    /// The room header once pick `nextPick - 1` is in.
    static func headerNeedle(nextPick: Int) -> String { "· pick \(nextPick) · on the clock" }

    /// An auction room's bid line once the high bid is `amount`.
    static func bidNeedle(_ amount: Int) -> String { "High bid $\(amount) — " }

    // MARK: - Setup

    /// A fresh database: the season data, `rooms` public 12-team leagues with a manager on every team (so
    /// no bot picks by itself) and no pick clock, every draft started. With `auction`, auction leagues on their longest
    /// clocks (no sale while the bench bids), the best player put up at $1 in each.
    static func prepare(path: String, rooms: Int, teams: Int, auction: Bool = false) throws -> (LeagueService, [Room]) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        try DemoWorld.seedSeasonIfNeeded(db)
        // The app seeds the demo world into a database without this mark: the bench wants only its own leagues.
        try db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('\(DemoWorld.seededKey)', 'bench')")
        let store = SQLiteLeagueStore(database: db)
        let service = LeagueService(store: store)
        let now = Date()
        let users = try store.write { w in
            try (0..<(rooms * teams)).map { try w.insertUser(email: "bench\($0)@bench.invalid", displayName: "Bench \($0)", passwordHash: "!", at: now) }
        }
        var settings = LeagueSettings()
        settings.teamCount = teams
        settings.pickClockSeconds = nil
        if auction {
            settings.draftType = .auction
            settings.nominationSeconds = 300
            settings.bidSeconds = 120
            settings.bidResetSeconds = 1
        }
        let preseason = ISO8601.parse("2019-08-22T12:00:00Z")!
        var out: [Room] = []
        for r in 0..<rooms {
            let managers = Array(users[(r * teams)..<((r + 1) * teams)])
            let name = String(format: "Bench Room %02d", r + 1)
            let id = try service.leagues.createLeague(name: name, settings: settings, isPublic: true, seasonClock: preseason, caller: .user(managers[0]))
            try store.write { w in
                for (i, var team) in try w.teams(in: id).enumerated() {
                    team.manager = managers[i]; team.autopick = false
                    try w.updateTeam(team)
                }
            }
            _ = try service.draft.startDraft(id, caller: .user(managers[0]))
            let room = Room(league: id, name: name, commissioner: managers[0])
            let teamsInOrder = try store.read { r in try r.teams(in: id) }
            room.managers = teamsInOrder.map { $0.manager ?? managers[0] }
            if auction {
                // Each room's bid clock counts down from its nomination, and every session in it draws the countdown
                // once a second. Real rooms are nominated minutes apart, so their clocks tick at any point of a second;
                // nominated one after another here, all 20 ticked within the same quarter second, and every second
                // 240 sessions drew at once (2 cores busy for 250 ms: the 20-room p99 was a bid that fell in it).
                // Room r is nominated at r/rooms into a second, so the rooms' ticks spread over it as real ones do.
                let second = Date().timeIntervalSince1970
                let wait = (Double(r) / Double(rooms) - (second - second.rounded(.down)) + 1).truncatingRemainder(dividingBy: 1)
                Thread.sleep(forTimeInterval: wait)
                let best = try service.draft.draftablePlayers(id, caller: .user(managers[0]))[0]
                let board = try service.auction.nominate(id, player: best.player.id, bid: 1, caller: .user(managers[0]))
                room.nomination = board.nomination?.id
                room.highBidder = teamsInOrder.firstIndex { $0.id == board.nomination?.highBidder } ?? 0
            }
            out.append(room)
        }
        return (service, out)
    }

    static func environment(home: String) -> [String: String] {
        for sub in ["state", "config", "data"] {
            try? FileManager.default.createDirectory(atPath: home + "/" + sub, withIntermediateDirectories: true)
        }
        return [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": home,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
            // Sheet animations only cost CPU while pages open; picks don't animate.
            "CLUBHOUSE_REDUCED_MOTION": "1",
        ]
    }

    /// Walks every client of `room` from Home into the draft room: / filter by the league's name, Enter,
    /// Enter opens it, d opens the draft room.
    static func enterRoom(_ room: Room, all: [PTYClient], shown: String) throws {
        let filter = room.name.lowercased()
        try step(room, all: all, "Home lists the leagues", until: { $0.shows("Public leagues (") })
        for c in room.clients { c.type("/" + filter + "\r") }
        try step(room, all: all, "the filter matches one league", until: { $0.shows(room.name) && $0.shows("(1/") })
        for c in room.clients { c.type("\r") }
        try step(room, all: all, "the league page opens", until: { $0.shows("s standings") })
        for c in room.clients { c.type("d") }
        try step(room, all: all, "the draft room shows \"\(shown)\"", until: { $0.shows(shown) })
    }

    static func step(_ room: Room, all: [PTYClient], _ what: String, until done: @escaping (PTYClient) -> Bool) throws {
        // A remote client whose read timed out on a busy host says "offline" and waits for a reload: r asks again.
        var retried: Set<ObjectIdentifier> = []
        let ok = PTYClient.wait(for: all, timeout: .seconds(60)) {
            for c in room.clients where !done(c) && c.shows("offline") && !retried.contains(ObjectIdentifier(c)) {
                retried.insert(ObjectIdentifier(c)); c.type("r")
            }
            return room.clients.allSatisfy(done)
        }
        if !ok {
            let stuck = room.clients.first { !done($0) }!
            throw BenchFailure(description: "\(room.name): waiting for \(what), a client's screen shows:\n\(stuck.screen.text)")
        }
    }

    /// The next team's manager (after the high bidder, in team order) bids the minimum over the high bid. Returns the amount.
    static func commitBid(_ service: LeagueService, _ room: Room) throws -> Int? {
        guard let n = room.nomination else { return nil }
        let bidder = (room.highBidder + 1) % room.managers.count
        let amount = room.highBid + 1
        _ = try service.auction.bid(room.league, nomination: n, amount: amount, caller: .user(room.managers[bidder]))
        room.highBid = amount
        room.highBidder = bidder
        return amount
    }

    /// The commissioner picks the best available player for the team on the clock (one whose board mark
    /// differs from the last pick's, so the two can't be confused). Returns the pick number and the name.
    static func commitPick(_ service: LeagueService, _ room: Room) throws -> (Int, String)? {
        let caller = Caller.user(room.commissioner)
        for candidate in try service.draft.draftablePlayers(room.league, caller: caller).prefix(40) {
            let needle = boardNeedle(candidate.player.name)
            guard needle != room.lastNeedle else { continue }
            do {
                let owner = try service.draft.draftBoard(room.league, caller: caller).owner(ofPick: room.nextPick)
                let pick = try service.draft.pickForTeam(room.league, expectedPick: room.nextPick, expectedTeam: owner, player: candidate.player.id, caller: caller)
                room.nextPick = pick.number + 1
                room.lastNeedle = needle
                return (pick.number, candidate.player.name)
            } catch is DomainError {
                continue  // e.g. a position maximum: the next best player
            }
        }
        return nil
    }
}
