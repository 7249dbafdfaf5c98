import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhousePostgres

/// Two real `clubhouse serve` processes on one PostgreSQL database run a bot draft on real time (both run the draft
/// clock); one is killed with SIGKILL mid-draft, and the draft finishes through the other with every pick once.
@Suite("PostgreSQL: an instance killed mid-draft", .enabled(if: ContractPostgres.url != nil, Comment(rawValue: PostgresStoreTests.skipped)))
struct PostgresInstanceKillTests {
    /// `CLUBHOUSE_BIN` (set by `make test`), else the debug build.
    static var binary: String {
        if let p = ProcessInfo.processInfo.environment["CLUBHOUSE_BIN"], !p.isEmpty { return p }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/clubhouse").path
    }

    /// A `serve` on a free loopback port (or on `chosen` again), once it listens or has ended; what it prints goes to
    /// `log` (said when the test fails). A port another process took before serve could listen on it (serve says
    /// "cannot listen on" and ends; three test processes run side by side) is tried again: a new one, or `chosen` until
    /// it frees, within two minutes.
    func serve(_ url: String, port chosen: Int? = nil, log: URL) async throws -> (Process, Int) {
        let deadline = ContinuousClock.now + .seconds(120)
        while true {
            let port = try chosen ?? Self.freePort()
            if !FileManager.default.fileExists(atPath: log.path) { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
            let out = try FileHandle(forWritingTo: log)
            let from = Int(out.seekToEndOfFile())
            let p = Process()
            p.executableURL = URL(fileURLWithPath: Self.binary)
            p.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--database", url]
            p.standardOutput = out
            p.standardError = out
            try p.run()
            _ = await Wait.until(max(.zero, deadline - ContinuousClock.now)) { !p.isRunning || Self.listening(port) }
            let said = ((try? Data(contentsOf: log)) ?? Data()).dropFirst(from)
            guard !p.isRunning, String(decoding: said, as: UTF8.self).contains("cannot listen on"), ContinuousClock.now < deadline else {
                return (p, port)
            }
            if chosen != nil { _ = await Wait.until(max(.zero, deadline - ContinuousClock.now), every: .milliseconds(200)) { !Self.listening(port) } }
        }
    }

    /// A loopback port the kernel picks (bound to, read, let go).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard fd >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// What an instance printed, for a failure's comment.
    static func printed(_ what: String, _ log: URL) -> Comment {
        Comment(rawValue: what + " — " + ((try? String(contentsOf: log, encoding: .utf8)).map { "it printed:\n" + $0 } ?? "no output"))
    }

    /// True once something accepts TCP connections on the loopback `port` (serve listens after migrating).
    static func listening(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    @Test func theDraftFinishesThroughTheOtherInstanceWithEveryPickOnce() async throws {
        let world = try ContractBackend.$current.withValue(.postgres) { try ContractWorld() }
        let url = world.postgres!.url
        // A small bot draft on real time: 3 teams × 3 rounds, the commissioner's team on autopick (2–5 s a pick).
        let service = LeagueService(store: PostgresLeagueStore(database: try PostgresDatabase(url: url)), accounts: fastAccountPorts)
        let commissioner = try service.accounts.createAccount(email: "kill@example.com", password: "kill test password", displayName: "Kim")
        var settings = LeagueSettings()
        settings.teamCount = 3
        settings.rosterSlots = [.qb: 1, .rb: 1, .wr: 1]
        settings.pickClockSeconds = 5
        settings.playoffTeams = 2
        let caller = Caller.user(commissioner.user.id)
        let league = try service.leagues.createLeague(name: "Kill Test Draft", settings: settings, isPublic: true, teamName: "Kim's",
                                              seasonClock: DemoSeeder.preseason, caller: caller)
        let team = try #require(try service.draft.draftBoard(league, caller: caller).capabilities.myTeam)
        _ = try service.draft.setAutopick(league, team: team, on: true, caller: caller)

        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let (firstLog, secondLog) = (logs.appendingPathComponent("first.log"), logs.appendingPathComponent("second.log"))
        let (first, firstPort) = try await serve(url, log: firstLog)
        let (second, secondPort) = try await serve(url, log: secondLog)
        defer {
            for p in [first, second] where p.isRunning { p.terminate(); p.waitUntilExit() }
            try? FileManager.default.removeItem(at: logs)
        }
        // Both instances up before the clock starts: a late start would find every pick overdue and make them all at once.
        // An instance that ends instead ends the wait, and what it printed is said.
        _ = await Wait.until(.seconds(120)) {
            !first.isRunning || !second.isRunning || (Self.listening(firstPort) && Self.listening(secondPort))
        }
        try #require(Self.listening(firstPort), Self.printed("the first instance listens", firstLog))
        try #require(Self.listening(secondPort), Self.printed("the second instance listens", secondLog))
        _ = try service.draft.startDraft(league, caller: caller)
        let total = 9
        @Sendable func picks() -> [Pick] { (try? service.store.read { try $0.picks(in: league) }) ?? [] }

        // Mid-draft: instance 1 dies without a word. A thread of its own watches for the second pick and kills at once:
        // under a full parallel test run the cooperative pool can be busy for many seconds (the bots pick every 2–5 s),
        // and a wait on it would see the draft already over.
        let watcher = KillWatcher(pid: first.processIdentifier, afterPicks: 2, picks: { picks().count }, limit: 120)
        #expect(await Wait.until(.seconds(180)) { watcher.done }, "the watcher ends")
        let picksAtKill = try #require(watcher.picksAtKill, "the instances never ticked the draft to a second pick")
        first.waitUntilExit()
        #expect(picksAtKill < total, "killed mid-draft")

        #expect(await Wait.until(.seconds(180)) { (try? service.store.read { try $0.draft(in: league) })??.status == .complete },
                "the other instance finishes the draft")
        let made = picks()
        #expect(made.map(\.number) == Array(1...total), "every pick once, none lost")
        #expect(Set(made.map(\.playerID)).count == total, "no player twice")
        #expect(second.isRunning)
    }
}

extension PostgresInstanceKillTests {
    /// A follower of a draft room reads its event stream on one instance; that instance is killed with SIGKILL right
    /// after picks it may not have sent yet; more picks are made while the follower is away; it resumes on the other
    /// instance with `Last-Event-ID`; then the killed instance is started again on its port and the follower moves back
    /// to it the same way. What it got, in order, is every event of the league since it began: none missed, none twice.
    @Test func aStreamResumedAfterItsInstanceIsKilledMissesNoEvent() async throws {
        let world = try ContractBackend.$current.withValue(.postgres) { try ContractWorld() }
        let url = world.postgres!.url
        let service = LeagueService(store: PostgresLeagueStore(database: try PostgresDatabase(url: url)), accounts: fastAccountPorts)
        let commissioner = try service.accounts.createAccount(email: "resume@example.com", password: "resume test password", displayName: "Ria")
        var settings = LeagueSettings()
        settings.teamCount = 4
        settings.pickClockSeconds = nil
        let caller = Caller.user(commissioner.user.id)
        let league = try service.leagues.createLeague(name: "Resume Test Draft", settings: settings, isPublic: true, teamName: "Ria's",
                                              seasonClock: DemoSeeder.preseason, caller: caller)
        _ = try service.draft.startDraft(league, caller: caller)
        /// The commissioner makes the pick on the clock (the best player the rules allow that team).
        @Sendable func pick() throws {
            // Read again when the pick moved on meanwhile (the instances' clocks may pick for an open team).
            for _ in 0..<5 {
                let board = try service.draft.draftBoard(league, caller: caller)
                for candidate in try service.draft.draftablePlayers(league, caller: caller).prefix(20) {
                    do {
                        _ = try service.draft.pickForTeam(league, expectedPick: board.draft.currentPick, expectedTeam: board.owner(ofPick: board.draft.currentPick),
                                                    player: candidate.player.id, caller: caller)
                        return
                    } catch is DomainError {
                        // A position already full on that roster, or the pick is no longer the one read.
                        if try service.draft.draftBoard(league, caller: caller).draft.currentPick != board.draft.currentPick { break }
                    }
                }
            }
            throw NoPlayerToPick()
        }

        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let (firstLog, secondLog) = (logs.appendingPathComponent("first.log"), logs.appendingPathComponent("second.log"))
        var (first, firstPort) = try await serve(url, log: firstLog)
        let (second, secondPort) = try await serve(url, log: secondLog)
        defer {
            for p in [first, second] where p.isRunning { p.terminate(); p.waitUntilExit() }
            try? FileManager.default.removeItem(at: logs)
        }
        _ = await Wait.until(.seconds(120)) { !first.isRunning || !second.isRunning || (Self.listening(firstPort) && Self.listening(secondPort)) }
        try #require(Self.listening(firstPort), Self.printed("the first instance listens", firstLog))
        try #require(Self.listening(secondPort), Self.printed("the second instance listens", secondLog))

        let start = try world.events.lastEventID()
        let path = ServiceRoutes.eventsPath(league: league)
        func follow(_ port: Int, from id: Int64) async throws -> RawSSE {
            let sse = try #require(await io { RawSSE(port: UInt16(port), path: path, headers: ["Last-Event-ID": "\(id)"]) })
            try #require(sse.status == 200)
            return sse
        }
        @Sendable func isPick(_ f: RawSSE.Frame) -> Bool { f.event == LeagueEvent.Kind.pickMade.rawValue }

        // On the first instance: three picks arrive.
        let onFirst = try await follow(firstPort, from: start)
        for _ in 0..<3 { try pick() }
        var got = await io { var n = 0; return onFirst.frames { isPick($0) && { n += 1; return n == 3 }() } }
        #expect(got.filter(isPick).count == 3)
        // Two more picks, and the instance dies at once: what it sent of them before dying is read, then the end.
        for _ in 0..<2 { try pick() }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        got += await io { onFirst.framesUntilEnd() }
        #expect(onFirst.ended, "the stream ends with its instance")
        // While the follower is away, three more picks (through no instance at all: they reach the database).
        for _ in 0..<3 { try pick() }

        // It resumes on the other instance from the last id it got, and two more picks come.
        let onSecond = try await follow(secondPort, from: got.last?.id ?? start)
        for _ in 0..<2 { try pick() }
        let lastBeforeRestart = try #require(try world.events.events(after: start, league: league, limit: 1000).last).id
        got += await io { onSecond.frames { $0.id == lastBeforeRestart } }

        // The killed instance starts again on its port; the follower moves back to it, and a last pick comes.
        (first, firstPort) = try await serve(url, port: firstPort, log: firstLog)
        _ = await Wait.until(.seconds(120)) { !first.isRunning || Self.listening(firstPort) }
        try #require(Self.listening(firstPort), Self.printed("the first instance listens again", firstLog))
        let again = try await follow(firstPort, from: got.last?.id ?? start)
        try pick()
        let last = try #require(try world.events.events(after: start, league: league, limit: 1000).last).id
        got += await io { again.frames { $0.id == last } }

        // Up to the last event waited for: the instances' own clocks may add picks for the league's open teams after it
        // (a loaded machine gives them time to), which the follower hasn't been asked to wait for.
        let all = try world.events.events(after: start, league: league, limit: 1000).filter { $0.id <= last }
        #expect(got.compactMap(\.id) == all.map(\.id), "every event once, in order, across the kill and the restart")
        let picksStored = all.filter { $0.kind == .pickMade }.count
        #expect(got.filter(isPick).count == picksStored && picksStored >= 11, "\(got.filter(isPick).count) picks followed, \(picksStored) stored")
        #expect(second.isRunning)
    }
}

struct NoPlayerToPick: Error {}

/// Polls on its own thread until `afterPicks` picks exist, then SIGKILLs `pid` and records how many picks there were.
final class KillWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var _done = false
    private var _picksAtKill: Int?
    var done: Bool { lock.withLock { _done } }
    var picksAtKill: Int? { lock.withLock { _picksAtKill } }

    init(pid: pid_t, afterPicks: Int, picks: @escaping @Sendable () -> Int, limit: TimeInterval) {
        let thread = Thread { [self] in
            var seen = 0
            let reached = Wait.blockingUntil(.seconds(limit), every: .milliseconds(10)) { seen = picks(); return seen >= afterPicks }
            if reached { kill(pid, SIGKILL) }
            lock.withLock { _picksAtKill = reached ? seen : nil; _done = true }
        }
        thread.start()
    }
}
