import ClubhouseCLI
import ClubhouseData
import ClubhousePostgres
import ClubhouseDomain
import ClubhouseRemote
import ClubhouseServer
import Foundation

/// The embedded engine is what the league server serves.
extension EmbeddedServerBackend: LeagueServerBackend {}

/// `clubhouse serve [--listen HOST:PORT] [--tls-cert FILE --tls-key FILE | --allow-plain-http] [--database PATH|postgres://…] [--db-pool N] [--db-timeout SECONDS] [--read-cache N] [--max-streams N] [--ssh-host-secret-file PATH] [--trusted-proxy ADDR,…]`: the league server (JSON over HTTP or HTTPS,
/// server-sent events, the draft clock for every live room). On PostgreSQL several instances may share one database. Prints its URL; one log line per request on standard error; stops
/// gracefully on SIGTERM/SIGINT (exit 0); with TLS, SIGHUP reads the certificate and key again (a renewal needs no restart).
enum ServeCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        // Taken by sigwait below, never by a handler: block them before any thread starts (threads inherit the mask).
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        // With TLS, SIGHUP reloads the certificate (taken by the same sigwait); without, it keeps its default (stop).
        if args.options["tls-cert"] != nil || args.options["tls-key"] != nil { sigaddset(&stopSignals, SIGHUP) }
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
        // HTTPS: the certificate (chain) and its private key, both PEM; the key file must be private (0600).
        var tlsFiles: (cert: String, key: String)?
        switch (args.options["tls-cert"], args.options["tls-key"]) {
        case (nil, nil): break
        case (let cert?, let key?):
            switch readTLS(cert: cert, key: key) {
            case .success(let credentials): options.http.tls = credentials
            case .failure(let problem):
                Output.error("clubhouse serve: \(problem.description)")
                return 2
            }
            tlsFiles = (cert, key)
        default:
            Output.error("clubhouse serve: --tls-cert and --tls-key go together (the certificate and its private key, PEM)\nTry 'clubhouse serve --help'.")
            return 2
        }
        // Plain HTTP beyond this machine carries passwords and session tokens in the clear: only when the operator
        // says so (a TLS proxy in front on a network they trust).
        if tlsFiles == nil, !args.flags.contains("allow-plain-http"), let refusal = plainHTTPRefusal(host: options.http.host) {
            Output.error("clubhouse serve: \(refusal)\nTry 'clubhouse serve --help'.")
            return 2
        }
        if let credentials = options.http.tls, let warning = credentials.validityWarning(now: Date()) {
            Output.error("clubhouse serve: warning: \(warning)")
            LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"tls.certificate_not_valid\",\"note\":\(jsonString(warning))}")
        }
        // An SSH host beside this server (clubhouse host-ssh) signs its keys' owners in with this secret.
        if let file = args.options["ssh-host-secret-file"] {
            do { options.sshHostSecret = try SSHHostSecret.read(file) } catch {
                Output.error("clubhouse serve: \(error.description)")
                return 2
            }
        }
        // Behind a reverse proxy: its X-Forwarded-For names the client (for the sign-in limits), from it only.
        if let list = args.options["trusted-proxy"] {
            guard let ranges = IPAddressRange.list(list) else {
                Output.error("clubhouse serve: --trusted-proxy wants addresses or CIDR ranges, like 127.0.0.1,10.0.0.0/8\nTry 'clubhouse serve --help'.")
                return 2
            }
            options.trustedProxies = ranges
        }
        // GET /metrics beyond this machine: for whoever sends this token.
        if let file = args.options["metrics-token-file"] {
            do throws(OwnerOnlyFile.Problem) {
                let token = String(decoding: try OwnerOnlyFile.read(file, naming: "the metrics token file"), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                guard token.utf8.count >= 16, token.utf8.count <= 512, token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                    Output.error("clubhouse serve: the metrics token file \(file) must hold one line of 16 to 512 visible ASCII characters")
                    return 2
                }
                options.metricsToken = token
            } catch {
                Output.error("clubhouse serve: \(error.description)")
                return 2
            }
        }
        // A season kept up to date from nflverse while serving (`--refresh-season YEAR --every 10m [--from BASE_URL]`).
        var refresh: (season: Int, every: Duration, base: String)?
        if let text = args.options["refresh-season"] {
            guard text.count == 4, let year = Int(text), SeasonReader.plausibleSeasons.contains(year) else {
                Output.error("clubhouse serve: --refresh-season wants a year like 2026, not '\(text)'\nTry 'clubhouse serve --help'.")
                return 2
            }
            guard let every = SeasonRefresher.duration(args.options["every"] ?? "10m") else {
                Output.error("clubhouse serve: --every wants a duration like 10m, 30s or 1h\nTry 'clubhouse serve --help'.")
                return 2
            }
            var base = args.options["from"] ?? SeasonCommand.defaultBase
            guard let url = URL(string: base), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                Output.error("clubhouse serve: --from wants an http:// or https:// address laid out like nflverse's releases\nTry 'clubhouse serve --help'.")
                return 2
            }
            while base.hasSuffix("/") { base.removeLast() }
            refresh = (year, every, base)
        } else if args.options["every"] != nil || args.options["from"] != nil {
            Output.error("clubhouse serve: --every and --from go with --refresh-season YEAR\nTry 'clubhouse serve --help'.")
            return 2
        }
        if let raw = args.options["read-cache"] {
            guard let n = Int(raw), (0...1_000_000).contains(n) else {
                Output.error("clubhouse serve: --read-cache wants a number of answers from 0 (none) to 1000000\nTry 'clubhouse serve --help'.")
                return 2
            }
            options.readCacheEntries = n
        }
        // Live followers: the event-stream cap, as far as the open-file limit allows (raised up to the hard limit).
        var wantedStreams = options.maxStreams
        if let raw = args.options["max-streams"] {
            guard let n = Int(raw), (1...1_000_000).contains(n) else {
                Output.error("clubhouse serve: --max-streams wants a number of open event streams from 1 to 1000000\nTry 'clubhouse serve --help'.")
                return 2
            }
            wantedStreams = n
        }
        let budget = OpenFiles.budget(streams: wantedStreams)
        options.maxStreams = budget.streams
        options.http.maxConnections = budget.connections
        if !budget.asAsked {
            let limit = OpenFiles.current()
            let note = "the open-file limit (soft \(limit.soft), hard \(limit.hard)) is too low for \(wantedStreams) event streams: "
                + "serving at most \(budget.streams) (and \(budget.connections) connections); raise it (ulimit -n, or LimitNOFILE= in the unit) for more"
            LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"serve.open_files\",\"max_streams\":\(budget.streams),"
                                       + "\"wanted\":\(wantedStreams),\"note\":\(jsonString(note))}")
        }
        guard let hooks = webhookOptions(args) else { return 2 }
        var path = args.options["database"]
        if let p = path, p.hasPrefix("sqlite:") { path = String(p.dropFirst("sqlite:".count)) }
        // PostgreSQL's connection pool: its size and every call's deadline.
        var pool = PostgresDatabase.Options(maxConnections: 16)
        pool.callTimeout = .seconds(5)
        if let raw = args.options["db-pool"] {
            guard let n = Int(raw), (1...1000).contains(n) else {
                Output.error("clubhouse serve: --db-pool wants a number of connections from 1 to 1000\nTry 'clubhouse serve --help'.")
                return 2
            }
            pool.maxConnections = n
        }
        if let raw = args.options["db-timeout"] {
            guard let seconds = Double(raw), seconds >= 0.1, seconds <= 600 else {
                Output.error("clubhouse serve: --db-timeout wants seconds from 0.1 to 600, like 5\nTry 'clubhouse serve --help'.")
                return 2
            }
            pool.callTimeout = .milliseconds(Int(seconds * 1000))
        }
        pool.connectTimeout = min(pool.connectTimeout, pool.callTimeout)
        if args.options["db-pool"] != nil || args.options["db-timeout"] != nil, !(path.map(PostgresURL.isPostgres) ?? false) {
            Output.error("clubhouse serve: --db-pool and --db-timeout are for a PostgreSQL database (--database postgres://…)\nTry 'clubhouse serve --help'.")
            return 2
        }
        let service: LeagueService
        let backend: EmbeddedServerBackend
        let seasonTarget: SeasonTarget
        let events: any LeagueEventSource
        let where_: String
        /// The SQLite file, whose clocks run in one process at a time (ClockLease); nil on PostgreSQL.
        var sqliteFile: String?
        if let url = path, PostgresURL.isPostgres(url) {
            // Several instances may share this database: each migrates (one at a time) and the first seeds.
            do {
                let pg = try PostgresDatabase(url: url, options: pool)
                options.databasePool = { let c = pg.connectionCount; return DatabasePoolUse(open: c.open, idle: c.idle, max: pg.maxConnections) }
                try PostgresSchema.migrate(pg)
                try seedIfEmpty(pg)
                service = LeagueService(store: PostgresLeagueStore(database: pg), clock: WallClock.current(), accounts: .sodium, webhooks: hooks.network)
                seasonTarget = .postgres(pg)
                // One LISTEN connection, and one read per commit, for the request server's events, the draft clock and the
                // season clock alike (`SharedEventSource`).
                events = SharedEventSource(PostgresEventSource(database: pg))
                where_ = "PostgreSQL \(pg.description), up to \(pool.maxConnections + 1) connections"
            } catch {
                Output.error("clubhouse serve: \(error)")
                return 1
            }
        } else {
            let db: Database
            do { db = try OpenDatabase.open(explicitPath: path, seed: .world) } catch {
                Output.error("clubhouse serve: \(error)")
                return 1
            }
            service = LeagueService(store: SQLiteLeagueStore(database: db), clock: WallClock.current(), accounts: .sodium, webhooks: hooks.network)
            seasonTarget = .sqlite(db)
            var source = SQLiteEventSource(database: db)
            // What a follower of the file drops (a look that failed, a file it can't open) is said in the log.
            source.problem = { problem in
                LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"events.failed\",\"problem\":\(ServeCommand.jsonString(problem))}")
            }
            events = source
            where_ = "database \(db.path)"
            sqliteFile = db.path
        }
        // A league the clocks skip (its stored data needs the commissioner, or its step fails) is said once, with its id.
        let skipped: SkippedLeagueLog = { s in
            LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"clock.skipped\",\"clock\":\"\(s.clock)\","
                                       + "\"league\":\(s.league.rawValue),\"reason\":\(ServeCommand.jsonString(s.reason))}")
        }
        var embedded = EmbeddedServerBackend(service: service, events: events)
        // The draft and season clocks run beside the server (LeagueClocks). On SQLite they run in the process holding
        // the file's clock lease, as in the app: an app opened on the same file (an admin's `clubhouse --database`)
        // leaves them to this server instead of ticking beside it, and the server takes them over if that app held
        // them first. PostgreSQL instances all tick (the pick's primary key picks one winner). They report how late
        // they act into the server's metrics.
        if let sqliteFile { embedded.clocks.coordination = .lease(database: sqliteFile) }
        embedded.clocks.log = skipped
        // A step the clocks drop (a plan or heartbeat that can't be read or written) is said once; tried again.
        embedded.clocks.failed = { f in
            LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"clock.failed\",\"clock\":\"\(f.clock)\",\"step\":\"\(f.step)\","
                                       + (f.league.map { "\"league\":\($0.rawValue)," } ?? "") + "\"reason\":\(ServeCommand.jsonString(f.reason))}")
        }
        let metrics = options.metrics
        embedded.clocks.lag = { clock, seconds in metrics.clockLag(clock, seconds: seconds) }
        backend = embedded
        let server = LeagueServer(backend: backend, options: options)
        do { try server.start() } catch {
            Output.error("clubhouse serve: \(error)")
            return 1
        }
        // Webhooks are posted by this process, beside its clocks; never by a write, which only appends the events.
        var delivery = hooks.delivery
        delivery.log = { line in
            LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"webhook.failed\",\"note\":\(ServeCommand.jsonString(line))}")
        }
        let deliverer: WebhookDeliverer
        do { deliverer = try WebhookDeliverer(service: service, options: delivery) } catch {
            Output.error("clubhouse serve: --webhook-ca: \(error.reason)")
            return 2
        }
        deliverer.start()
        let refresher = refresh.map { r in
            Task.detached { await SeasonRefresher(season: r.season, base: r.base, every: r.every, target: seasonTarget, service: service).run() }
        }
        FileHandle.standardOutput.write(Data("Clubhouse league server on \(server.url) (\(where_)); Ctrl-C stops it.\n".utf8))
        if let refresh {
            FileHandle.standardOutput.write(Data("Refreshing the \(refresh.season) season from \(refresh.base) every \(args.options["every"] ?? "10m").\n".utf8))
        }
        LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"serve.start\",\"url\":\"\(server.url)\"}")

        // SIGTERM/SIGINT (blocked since the start, so every thread inherits the block): this thread waits for one,
        // then stop accepting, end streams, finish requests in flight, exit 0 (within 5 s). SIGHUP (with TLS) reads
        // the certificate and key again: new connections get them; a bad pair keeps the old one.
        var signal: Int32 = 0
        while true {
            sigwait(&stopSignals, &signal)
            guard signal == SIGHUP, let tlsFiles else { break }
            switch readTLS(cert: tlsFiles.cert, key: tlsFiles.key) {
            case .success(let credentials):
                server.reloadTLS(credentials)
                LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"tls.reloaded\",\"certificate\":\(jsonString(credentials.summary))}")
                if let warning = credentials.validityWarning(now: Date()) {
                    LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"tls.certificate_not_valid\",\"note\":\(jsonString(warning))}")
                }
            case .failure(let problem):
                LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"tls.reload_failed\",\"reason\":\(jsonString(problem.description))}")
            }
        }
        let done = DispatchSemaphore(value: 0)
        refresher?.cancel()
        deliverer.stop()
        Task.detached {
            await server.stop(grace: .seconds(4))
            done.signal()
        }
        done.wait()
        LeagueServer.standardError("{\"at\":\"\(RequestLogTime.now())\",\"event\":\"serve.stop\"}")
        LineLog.standardError.flush()
        return 0
    }

    /// `--webhook-allow CIDR` (repeatable, or comma-separated), `--webhook-ca FILE`, `--webhook-retry-base SECONDS`
    /// (or `CLUBHOUSE_WEBHOOK_RETRY_BASE`); nil when one is wrong (said on standard error).
    static func webhookOptions(_ args: ParsedArguments) -> (network: WebhookNetwork, delivery: WebhookDeliverer.Options)? {
        var allowed: [IPAddressRange] = []
        for item in args.repeated["webhook-allow"] ?? [] {
            guard let ranges = IPAddressRange.list(item) else {
                Output.error("clubhouse serve: --webhook-allow wants a network like 127.0.0.0/8 or fd12::/16, not '\(item)'\nTry 'clubhouse serve --help'.")
                return nil
            }
            allowed += ranges
        }
        var delivery = WebhookDeliverer.Options()
        delivery.caFile = args.options["webhook-ca"]
        // Said before the database is opened (and a new one seeded), as every other wrong option is.
        if let file = delivery.caFile {
            do { _ = try TLSTrust(caFile: file) } catch {
                Output.error("clubhouse serve: --webhook-ca: \(error.reason)")
                return nil
            }
        }
        if let raw = args.options["webhook-retry-base"] ?? ProcessInfo.processInfo.environment["CLUBHOUSE_WEBHOOK_RETRY_BASE"] {
            guard let seconds = Double(raw), seconds >= 0.01, seconds <= 3600 else {
                Output.error("clubhouse serve: --webhook-retry-base wants seconds from 0.01 to 3600, like 10\nTry 'clubhouse serve --help'.")
                return nil
            }
            delivery.retryBase = seconds
            delivery.poll = min(delivery.poll, seconds)
        }
        return (.system(allowing: allowed), delivery)
    }

    struct TLSFilesError: Error, CustomStringConvertible {
        var description: String
    }

    /// The certificate in `cert` and the private key in `key` (a file only its owner can read), parsed and matched.
    static func readTLS(cert: String, key: String) -> Result<TLSCredentials, TLSFilesError> {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: cert, isDirectory: &isDirectory), isDirectory.boolValue {
            return .failure(TLSFilesError(description: "the TLS certificate \(cert) is a directory — give the certificate's PEM file (e.g. certbot's fullchain.pem in it)"))
        }
        guard let certificate = FileManager.default.contents(atPath: cert) else {
            return .failure(TLSFilesError(description: "the TLS certificate file \(cert) can't be read: \(String(cString: strerror(errno)))"))
        }
        let keyBytes: Data
        do throws(OwnerOnlyFile.Problem) { keyBytes = try OwnerOnlyFile.read(key, naming: "the TLS key file") } catch {
            return .failure(TLSFilesError(description: error.description))
        }
        do throws(TLSCredentials.Problem) { return .success(try TLSCredentials(certificatePEM: certificate, keyPEM: keyBytes)) } catch {
            return .failure(TLSFilesError(description: "the TLS certificate \(cert) and key \(key) can't be used: \(error.description)"))
        }
    }

    /// Why `host` may not serve plain HTTP (nil: a loopback address, which never leaves this machine).
    static func plainHTTPRefusal(host: String) -> String? {
        if host == "localhost" || IPAddress(host)?.isLoopback == true { return nil }
        return "\(host) is not a loopback address, and without TLS every password and session token would cross the network "
            + "in the clear — give --tls-cert and --tls-key, or --allow-plain-http if a TLS proxy on a network you trust is in front"
    }

    /// `text` as a JSON string literal (quotes and escapes included).
    static func jsonString(_ text: String) -> String {
        (try? String(decoding: JSONEncoder().encode(text), as: UTF8.self)) ?? "\"\""
    }

    /// A PostgreSQL database with no account and no league gets the demo world: seeded in a private in-memory SQLite
    /// database by the same code as the app's, then copied over.
    private static func seedIfEmpty(_ pg: PostgresDatabase) throws {
        let used = try pg.scalar("SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM leagues)", as: Int64.self) ?? 0
        guard used == 0 else { return }
        FileHandle.standardOutput.write(Data("Setting up the 2019 demo season in \(pg.description)…\n".utf8))
        let seed = try Database.inMemory()
        try seed.migrate()
        try DemoWorld.seedIfNeeded(seed)
        try PostgresSeeder.copyIfEmpty(from: seed, to: pg)
    }
}
