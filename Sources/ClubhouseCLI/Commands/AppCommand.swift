import ClubhouseData
import ClubhouseDomain
import ClubhouseUI
import Foundation
import Terminal

/// `clubhouse`: the full-screen app on the embedded league database, or (`--server URL`) on a league server.
/// (`clubhouse-net` runs the app on a league server: RemoteAppCommand.)
package enum AppCommand {
    /// What one run of the app needs from its caller.
    package struct Options {
        /// `--database PATH`; nil means the XDG default.
        package var databasePath: String?
        package var noColor = false

        package init(databasePath: String?, noColor: Bool) { self.databasePath = databasePath; self.noColor = noColor }
    }

    /// `--server URL` (or `CLUBHOUSE_SERVER`): nil when the app runs on the embedded database; `.invalid` once the
    /// usage error has been said (exit 2).
    package enum ServerOption { case url(URL), invalid }

    package static func serverOption(_ args: ParsedArguments) -> ServerOption? {
        let env = ProcessInfo.processInfo.environment
        guard let raw = args.options["server"] ?? env["CLUBHOUSE_SERVER"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            if args.options["ca-file"] != nil {
                Output.error("clubhouse: --ca-file goes with --server https://…: it names the CA that server's certificate is signed by\nTry 'clubhouse --help'.")
                return .invalid
            }
            return nil
        }
        guard args.options["database"] == nil else {
            Output.error("clubhouse: --server and --database can't be used together\nTry 'clubhouse --help'.")
            return .invalid
        }
        guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            Output.error("clubhouse: --server wants a URL like https://league.example.org:8787, not '\(raw)'\nTry 'clubhouse --help'.")
            return .invalid
        }
        if let refusal = plainHTTPRefusal(url, allowed: args.flags.contains("allow-plain-http")) {
            Output.error("clubhouse: \(refusal)\nTry 'clubhouse --help'.")
            return .invalid
        }
        return .url(url)
    }

    /// The club's own CA for `--server https://…`: `--ca-file FILE`, else `CLUBHOUSE_CA_FILE` (nil: the system's CAs only).
    package static func caFile(_ args: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        args.options["ca-file"] ?? environment["CLUBHOUSE_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// True for `http://` to another machine: what `--allow-plain-http` allows and the top bar then warns about.
    package static func isPlainHTTPToAnotherMachine(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "http" && !isLoopback(host: url.host ?? "")
    }

    /// Why `url` is refused: `http://` to a machine other than this one, unless `allowed` (--allow-plain-http); nil when
    /// it is fine (https://, or http:// on loopback — the SSH host's sessions reach the server beside them so).
    package static func plainHTTPRefusal(_ url: URL, allowed: Bool) -> String? {
        guard isPlainHTTPToAnotherMachine(url), !allowed else { return nil }
        return "\(url.absoluteString) is plain HTTP to another machine: passwords and session tokens would cross the network "
            + "unencrypted. Use https:// (clubhouse serve --tls-cert), or --allow-plain-http on a network you trust"
    }

    /// 127.0.0.0/8, ::1 and localhost: this machine.
    package static func isLoopback(host raw: String) -> Bool {
        var host = raw.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
        }
        return false
    }

    package static func run(_ options: Options) -> Int32 {
        let env = TerminalPreflight.processEnvironment()
        // Check the terminal before touching anything, so a pipe or TERM=dumb gets one line and exit 2.
        TerminalPreflight.ensureUTF8Locale()
        if let refusal = TerminalPreflight.check(environment: env) {
            Output.error("clubhouse: \(refusal.reason)")
            return 2
        }
        // One clock for the app's leagues: the demo world is seeded on it, the league service runs on it, the screen
        // counts down and says "3 h ago" on it (the machine's, unless CLUBHOUSE_TEST_NOW moves or freezes it).
        let clock = WallClock.current()
        let db: Database
        // What the person must hear about, shown in the app (stderr is hidden behind it) and logged.
        var notices: [String] = [], movedAside: [(what: String, to: String)] = [], databaseRecovery: String?
        do {
            // Every page is checked once the first frame is up (startClocks below), not before it.
            db = try OpenDatabase.open(explicitPath: options.databasePath, seed: .world, check: .schemaThenLater, now: clock.now()) { message in
                notices.append("the database"); databaseRecovery = message
            }
        } catch {
            Output.error("clubhouse: \(error)")
            return 1
        }
        let service = LeagueService(store: SQLiteLeagueStore(database: db), clock: clock, accounts: .sodium, webhooks: .system())
        // This device's session (token file, 0600) and pending gated write live in $XDG_STATE_HOME/clubhouse, so a pending join survives the app being killed or the connection
        // dropping. The caller is resolved from the token on every call. Without a usable state folder the app
        // still browses, signed out, and keeps a pending action in memory only.
        let device: LocalDevice?
        var stateProblem = "no state folder"
        do {
            device = try LocalDevice(environment: env)
            // Read the local files now, so a damaged one is moved aside while it can still be reported.
            for path in device?.checkLocalFiles() ?? [] {
                Output.error("clubhouse: a damaged local file was moved aside to \(path)")
                movedAside.append((what: "local", to: path))
                notices.append(Self.fileName(path))
            }
        } catch {
            Output.error("clubhouse: no local state folder (\(error)); browsing signed out")
            stateProblem = "\(error)"
            device = nil
        }
        let log = device?.log
        log?.record("app.start", ["version": ClubhouseVersion.string, "database": db.path, "device": "local"])
        defer { log?.record("app.exit") }
        let settingsStore = FileSettingsStore(environment: env)
        if let aside = settingsStore.moveAsideIfDamaged() {
            Output.error("clubhouse: unreadable settings were moved aside to \(aside)")
            movedAside.append((what: "settings", to: aside))
            notices.append("settings.json")
        }
        for (what, path) in movedAside { log?.record("local.movedAside", ["file": what, "to": path]) }
        if let databaseRecovery { log?.record("database.movedAside", ["message": databaseRecovery]) }
        let api = device.map { EmbeddedLeagueAPI(service: service, databasePath: db.path, session: $0.session, log: $0.log) }
            ?? EmbeddedLeagueAPI(service: service, databasePath: db.path, withoutStateFolder: stateProblem)
        // The gate notices an ended session from the `.unauthenticated` answers themselves (AppReducer+Gate).
        let monochrome = ClubhouseProgram.monochromeRequested(environment: env, arguments: options.noColor ? ["--no-color"] : [])
        let program = ClubhouseProgram(api: api, settingsStore: settingsStore, monochrome: monochrome, environment: env, now: { clock.now() },
                                       pendingActions: device.map { $0.pendingActions as any PendingActionStoring } ?? InMemoryPendingActionStore(),
                                       notices: notices.isEmpty ? [] : [Self.movedAsideNotice(notices)])

        // Live draft rooms tick, and running season clocks (a commissioner's 1×/10×/60×) step as plays land, from one
        // app process per database: the one holding its clock lease (ClockLease); the others take over within a second
        // when it quits. They start once the first frame has settled (or at the first key, or after 2 s): they open
        // their own connections and followers and load the season's facts, none of which Home's first frame needs.
        var clocks: Task<Void, Never>?
        defer { clocks?.cancel() }
        let startClocks = {
            clocks = Task.detached {
                if let damage = Database.checkLater(path: db.path) {
                    log?.record("database.damaged", ["path": db.path, "found": damage, "remedy": "moved aside at the next start"])
                }
                // A league the clocks skip (its stored data needs the commissioner, or its step fails) is logged once.
                let skipped: SkippedLeagueLog = { s in
                    log?.record("clocks.skipped", ["clock": s.clock, "league": "\(s.league.rawValue)", "reason": s.reason])
                }
                var leagueClocks = LeagueClocks.app(service: service, databasePath: db.path,
                                                    followerProblem: { log?.record("events.failed", ["problem": $0]) })
                leagueClocks.log = skipped
                // A step the clocks drop (a plan or heartbeat that can't be read or written) is logged once; tried again.
                leagueClocks.failed = { f in
                    if let league = f.league {
                        log?.record("clocks.failed", ["clock": f.clock, "step": f.step, "league": "\(league.rawValue)", "reason": f.reason])
                    } else {
                        log?.record("clocks.failed", ["clock": f.clock, "step": f.step, "reason": f.reason])
                    }
                }
                leagueClocks.started = { log?.record("clocks.lease", ["database": db.path]) }
                await leagueClocks.run()
            }
        }

        return runInTerminal(program, monochrome: monochrome, environment: env, whenSettled: startClocks)
    }
}

extension AppCommand {
    /// Runs the app in the terminal until it quits; the exit status (0, 128 + a signal, 2 when the terminal won't do).
    package static func runInTerminal(_ program: ClubhouseProgram, monochrome: Bool, environment env: [String: String],
                                      onStart: (Mailbox<AppAction>) -> Void = { _ in },
                                      whenSettled: @escaping () -> Void = {}) -> Int32 {
        var terminalOptions = TerminalRunner.Options()
        terminalOptions.backend.monochrome = monochrome
        terminalOptions.backend.mouse = program.wantsMouse
        terminalOptions.reducedMotion = env["CLUBHOUSE_REDUCED_MOTION"] != nil
        do {
            switch try TerminalRunner(options: terminalOptions).run(program, environment: env, outbox: program.outbox, onStart: onStart, whenSettled: whenSettled) {
            case .quit, .hangup: return 0
            case .signal(let n): return 128 + n
            }
        } catch {
            Output.error("clubhouse: \(error.reason)")
            return 2
        }
    }
}

extension AppCommand {
    /// The start-up notice naming what was moved aside (one toast line; the paths are on stderr and in the activity log).
    package static func movedAsideNotice(_ names: [String]) -> String {
        "Moved aside as damaged: \(names.joined(separator: ", ")) (paths in clubhouse.log)"
    }

    /// The last path component, for a short notice.
    package static func fileName(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.components(separatedBy: ".corrupt-").first ?? name
    }
}

/// The file-backed pending action (`pending-action.json`, mode 0600) is what the app's gate keeps its write in.
extension PendingActionStore: PendingActionStoring {}
