import ClubhouseData
import ClubhouseDomain
import ClubhouseServer
import Foundation

/// The embedded engine is what the league server serves.
extension EmbeddedServerBackend: LeagueServerBackend {}

/// `clubhouse serve [--listen HOST:PORT] [--database PATH]`: the league server (JSON over HTTP, server-sent events,
/// the draft clock for every live room). Prints its URL; one log line per request on standard error; stops
/// gracefully on SIGTERM/SIGINT (exit 0).
enum ServeCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        // Taken by sigwait below, never by a handler: block them before any thread starts (threads inherit the mask).
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
        guard args.positionals.isEmpty else {
            Output.error("clubhouse serve: unexpected argument '\(args.positionals[0])'\nTry 'clubhouse serve --help'.")
            return 2
        }
        var options = LeagueServer.Options()
        let listen = args.options["listen"] ?? "127.0.0.1:8787"
        guard let colon = listen.lastIndex(of: ":"), let port = UInt16(listen[listen.index(after: colon)...]), colon > listen.startIndex else {
            Output.error("clubhouse serve: --listen wants HOST:PORT, like 127.0.0.1:8787\nTry 'clubhouse serve --help'.")
            return 2
        }
        options.http.host = String(listen[..<colon])
        options.http.port = port
        var path = args.options["database"]
        if let p = path, p.hasPrefix("sqlite:") { path = String(p.dropFirst("sqlite:".count)) }
        let db: Database
        do { db = try OpenDatabase.open(explicitPath: path, seed: .world) } catch {
            Output.error("clubhouse serve: \(error)")
            return 1
        }
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let server = LeagueServer(backend: EmbeddedServerBackend(service: service, database: db), options: options)
        do { try server.start() } catch {
            Output.error("clubhouse serve: \(error)")
            return 1
        }
        // Running season clocks (a commissioner's 1×/10×/60×) step here too: the server is the one process that ticks.
        let seasonClock = Task.detached { await LiveClockDriver(service: service, databasePath: db.path).run() }
        FileHandle.standardOutput.write(Data("Clubhouse league server on \(server.url) (database \(db.path)); Ctrl-C stops it.\n".utf8))
        LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"serve.start\",\"url\":\"\(server.url)\"}")

        // SIGTERM/SIGINT (blocked since the start, so every thread inherits the block): this thread waits for one,
        // then stop accepting, end streams, finish requests in flight, exit 0 (within 5 s).
        var signal: Int32 = 0
        sigwait(&stopSignals, &signal)
        let done = DispatchSemaphore(value: 0)
        seasonClock.cancel()
        Task.detached {
            await server.stop(grace: .seconds(4))
            done.signal()
        }
        done.wait()
        LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"serve.stop\"}")
        return 0
    }
}
