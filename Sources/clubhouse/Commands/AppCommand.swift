import ClubhouseData
import ClubhouseDomain
import ClubhouseUI
import Foundation
import Terminal

/// `clubhouse`: the full-screen app on the embedded league database, or (`--server URL`) on a league server.
/// `clubhouse ssh-session` runs the remote path with the SSH device it identified.
enum AppCommand {
    /// What one run of the app needs from its caller.
    struct Options {
        /// `--database PATH`; nil means the XDG default.
        var databasePath: String?
        var noColor = false
    }

    static func run(_ args: ParsedArguments) -> Int32 {
        let env = ProcessInfo.processInfo.environment
        if let raw = args.options["server"] ?? env["CLUBHOUSE_SERVER"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard args.options["database"] == nil else {
                Output.error("clubhouse: --server and --database can't be used together\nTry 'clubhouse --help'.")
                return 2
            }
            guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                Output.error("clubhouse: --server wants a URL like http://127.0.0.1:8787, not '\(raw)'\nTry 'clubhouse --help'.")
                return 2
            }
            return runRemote(url, noColor: args.flags.contains("no-color"))
        }
        return run(Options(databasePath: args.options["database"], noColor: args.flags.contains("no-color")))
    }

    /// An SSH session hosted by `clubhouse host-ssh`, as a client of the league server beside it: the key's device
    /// folder (already this process's XDG_STATE_HOME) keeps its session and pending action, and the host secret lets
    /// it sign the key's owner in.
    struct RemoteSSH {
        var key: SSHKeyDevice
        var hostSecret: String
    }

    /// `clubhouse --server URL`: the same app on a league server. The session token and pending action are kept per
    /// server origin (`$XDG_STATE_HOME/clubhouse/servers/<origin>/`); the top bar says which server, and when it
    /// can't be reached, since when the pages shown are. Over SSH (`ssh`) they are kept in the key's device folder
    /// instead, and the top bar names the server only while it can't be reached.
    static func runRemote(_ url: URL, noColor: Bool, ssh: RemoteSSH? = nil) -> Int32 {
        let env = TerminalPreflight.processEnvironment()
        TerminalPreflight.ensureUTF8Locale()
        if let refusal = TerminalPreflight.check(environment: env) {
            Output.error("clubhouse: \(refusal.reason)")
            return 2
        }
        let origin = RemoteLeagueAPI.origin(of: url)
        let device: LocalDevice?
        var notices: [String] = []
        do {
            if let ssh {
                device = try LocalDevice(environment: env, sshKeyFingerprint: ssh.key.fingerprint, separateDevices: false)
                for path in device?.checkLocalFiles() ?? [] {
                    Output.error("clubhouse: a damaged local file was moved aside to \(path)")
                    notices.append(Self.fileName(path))
                }
            } else {
                let base = try LocalStateDirectory.resolve(environment: env)
                device = try LocalDevice(directory: LocalStateDirectory(path: base.path + "/servers/" + LocalStateDirectory.safeName(origin)))
                for path in device?.movedAside ?? [] { Output.error("clubhouse: a damaged local file was moved aside to \(path)") }
            }
        } catch {
            Output.error("clubhouse: no local state folder (\(error)); browsing signed out")
            device = nil
        }
        let log = device?.log
        log?.record("app.start", ["version": ClubhouseVersion.string, "server": origin,
                                  "device": ssh.map { "ssh \($0.key.fingerprint)" } ?? "local"])
        defer { log?.record("app.exit") }
        // Over SSH the server is beside sshd (or the club's own): a slow answer means a busy host, not a lost network, so
        // it gets longer before the page says "offline" (15 s without a byte, 30 s in all).
        let (idle, total): (TimeInterval, TimeInterval) = ssh == nil ? (5, 15) : (15, 30)
        let api = device.map { RemoteLeagueAPI(server: url, session: $0.session, idleTimeout: idle, requestTimeout: total) }
            ?? RemoteLeagueAPI(server: url, idleTimeout: idle, requestTimeout: total)
        api.sshHostSecret = ssh?.hostSecret
        let host = origin.split(separator: "/").last.map(String.init) ?? origin
        let overSSH = ssh != nil
        let status: @Sendable () -> String? = {
            switch api.connection {
            case .online: return overSSH ? nil : "on " + host
            case .offline(let asOf?):
                let f = DateFormatter(); f.dateFormat = "HH:mm"
                return (overSSH ? "league server" : host) + " offline · as of " + f.string(from: asOf)
            case .offline(nil): return (overSSH ? "league server" : host) + " offline"
            }
        }
        let settingsStore = FileSettingsStore(environment: env)
        if overSSH, let aside = settingsStore.moveAsideIfDamaged() {
            Output.error("clubhouse: unreadable settings were moved aside to \(aside)")
            notices.append("settings.json")
        }
        let monochrome = ClubhouseProgram.monochromeRequested(environment: env, arguments: noColor ? ["--no-color"] : [])
        let program = ClubhouseProgram(api: api, settingsStore: settingsStore, monochrome: monochrome, environment: env,
                                       pendingActions: device.map { $0.pendingActions as any PendingActionStoring } ?? InMemoryPendingActionStore(),
                                       sshKey: ssh?.key,
                                       notices: notices.isEmpty ? [] : [Self.movedAsideNotice(notices)],
                                       serverStatus: status)
        var terminalOptions = TerminalRunner.Options()
        terminalOptions.backend.monochrome = monochrome
        terminalOptions.backend.mouse = program.wantsMouse
        terminalOptions.reducedMotion = env["CLUBHOUSE_REDUCED_MOTION"] != nil
        do {
            switch try TerminalRunner(options: terminalOptions).run(program, environment: env) {
            case .quit, .hangup: return 0
            case .signal(let n): return 128 + n
            }
        } catch {
            Output.error("clubhouse: \(error.reason)")
            return 2
        }
    }

    static func run(_ options: Options) -> Int32 {
        let env = TerminalPreflight.processEnvironment()
        // Check the terminal before touching anything, so a pipe or TERM=dumb gets one line and exit 2.
        TerminalPreflight.ensureUTF8Locale()
        if let refusal = TerminalPreflight.check(environment: env) {
            Output.error("clubhouse: \(refusal.reason)")
            return 2
        }
        let db: Database
        // What the person must hear about, shown in the app (stderr is hidden behind it) and logged.
        var notices: [String] = [], movedAside: [(what: String, to: String)] = [], databaseRecovery: String?
        do {
            // Every page is checked once the first frame is up (startClocks below), not before it.
            db = try OpenDatabase.open(explicitPath: options.databasePath, seed: .world, check: .schemaThenLater) { message in
                notices.append("the database"); databaseRecovery = message
            }
        } catch {
            Output.error("clubhouse: \(error)")
            return 1
        }
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
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
        let program = ClubhouseProgram(api: api, settingsStore: settingsStore, monochrome: monochrome, environment: env,
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
                guard let lease = await ClockLease.acquire(database: db.path) else { return }
                log?.record("clocks.lease", ["database": db.path])
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await DraftClockDriver(service: service, databasePath: db.path).run() }
                    group.addTask { await LiveClockDriver(service: service, databasePath: db.path).run() }
                }
                withExtendedLifetime(lease) {}
            }
        }

        var terminalOptions = TerminalRunner.Options()
        terminalOptions.backend.monochrome = monochrome
        terminalOptions.backend.mouse = program.wantsMouse
        terminalOptions.reducedMotion = env["CLUBHOUSE_REDUCED_MOTION"] != nil
        do {
            switch try TerminalRunner(options: terminalOptions).run(program, environment: env, whenSettled: startClocks) {
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
    static func movedAsideNotice(_ names: [String]) -> String {
        "Moved aside as damaged: \(names.joined(separator: ", ")) (paths in clubhouse.log)"
    }

    /// The last path component, for a short notice.
    static func fileName(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.components(separatedBy: ".corrupt-").first ?? name
    }

    /// The app's view of the SSH key: whom it is linked to now (asked of the league server), and whether linking it
    /// was declined before (`link-declined` in the key's device folder).
    static func sshKey(fingerprint: String, publicKey: String, stateDirectory: String, linkedName: String?) -> SSHKeyDevice {
        let declinedFile = stateDirectory + "/link-declined"
        return SSHKeyDevice(fingerprint: fingerprint, publicKey: publicKey, linkedAccountName: linkedName,
                            linkDeclined: FileManager.default.fileExists(atPath: declinedFile),
                            rememberDeclined: { try? PrivateFile.write(Data("no\n".utf8), to: declinedFile) })
    }
}

/// The file-backed pending action (`pending-action.json`, mode 0600) is what the app's gate keeps its write in.
extension PendingActionStore: PendingActionStoring {}
