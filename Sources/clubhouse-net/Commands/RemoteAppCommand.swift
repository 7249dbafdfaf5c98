import ClubhouseCLI
import ClubhouseData
import ClubhouseDomain
import ClubhouseRemote
import ClubhouseUI
import Foundation
import Synchronization
import Terminal

/// `clubhouse --server URL`: the app as a client of a league server (run in `clubhouse-net`, which `clubhouse` execs
/// for it). `clubhouse ssh-session` runs the same path with the SSH device it identified.
enum RemoteAppCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        guard case .url(let url)? = AppCommand.serverOption(args) else { return 2 }
        let trust: TLSTrust?
        switch loadTrust(caFile: AppCommand.caFile(args)) {
        case .success(let t): trust = t
        case .failure(let unusable):
            Output.error("clubhouse: \(unusable.reason)\nTry 'clubhouse --help'.")
            return 2
        }
        return run(url, noColor: args.flags.contains("no-color"), trust: trust)
    }

    /// What https:// trusts: the system's CAs, plus `caFile`'s (nil: the system's alone, loaded when first needed).
    static func loadTrust(caFile: String?) -> Result<TLSTrust?, TLSTrust.Unusable> {
        guard let caFile else { return .success(nil) }
        do { return .success(try TLSTrust(caFile: caFile)) } catch { return .failure(error) }
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
    static func run(_ url: URL, noColor: Bool, ssh: RemoteSSH? = nil, trust: TLSTrust? = nil) -> Int32 {
        // An https:// server whose certificate can't be trusted: said at once, before the terminal is taken. What the
        // server serves is learnt here too: keys for operations it doesn't have are shown disabled, with the reason.
        var meta: ServerMeta?
        switch preflight(url, trust: trust) {
        case .refused(let refusal):
            Output.error("clubhouse: the server at \(RemoteLeagueAPI.origin(of: url)) is refused: \(refusal)")
            return 1
        case .reached(let m): meta = m
        case .unreachable: meta = nil
        }
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
                    notices.append(AppCommand.fileName(path))
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
        let api = device.map { RemoteLeagueAPI(server: url, session: $0.session, idleTimeout: idle, requestTimeout: total, trust: trust) }
            ?? RemoteLeagueAPI(server: url, idleTimeout: idle, requestTimeout: total, trust: trust)
        api.sshHostSecret = ssh?.hostSecret
        // sshd's "client_ip client_port server_ip server_port": the server's sign-in limits count the SSH client by it.
        api.sshClientAddress = ssh == nil ? nil : env["SSH_CONNECTION"]?.split(separator: " ").first.map(String.init)
        let host = origin.split(separator: "/").last.map(String.init) ?? origin
        let overSSH = ssh != nil
        let status: @Sendable () -> String? = {
            // An app and server that don't speak one API say what to update, first (it may be why things fail).
            let mismatch = api.versionMismatch
            switch api.connection {
            case .online: return mismatch ?? (overSSH ? nil : "on " + host)
            case .offline(let asOf?):
                let f = DateFormatter(); f.dateFormat = "HH:mm"
                return (overSSH ? "league server" : host) + " offline · as of " + f.string(from: asOf) + (mismatch.map { " · " + $0 } ?? "")
            case .offline(nil): return (overSSH ? "league server" : host) + " offline" + (mismatch.map { " · " + $0 } ?? "")
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
                                       notices: notices.isEmpty ? [] : [AppCommand.movedAsideNotice(notices)],
                                       serverStatus: status,
                                       serverWarning: AppCommand.isPlainHTTPToAnotherMachine(url) ? "plain HTTP" : nil, serverMeta: meta)
        // The top bar says "offline" (or drops it) as soon as the transport knows, even on a page where nothing ticks.
        return AppCommand.runInTerminal(program, monochrome: monochrome, environment: env,
                                        onStart: { mailbox in api.onConnectionChange { mailbox.post(.serverStatusChanged(reachable: $0 == .online)) } })
    }

    /// One `GET /v1/meta` before the app starts (`RemoteLeagueAPI.preflight`), waited for.
    static func preflight(_ url: URL, trust: TLSTrust?) -> RemoteLeagueAPI.Preflight {
        let answer = Mutex<RemoteLeagueAPI.Preflight>(.unreachable), done = DispatchSemaphore(value: 0)
        Task.detached {
            let api = RemoteLeagueAPI(server: url, idleTimeout: 5, requestTimeout: 10, trust: trust)
            let result = await api.preflight()
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 }
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
