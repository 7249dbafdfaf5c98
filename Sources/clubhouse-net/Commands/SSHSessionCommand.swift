import ClubhouseCLI
import ClubhouseData
import ClubhouseDomain
import ClubhouseRemote
import Foundation

/// `clubhouse ssh-session --server URL --ssh-host-secret-file PATH --devices-dir DIR --policy open|linked` (internal):
/// what sshd's ForceCommand runs for each connection made to `clubhouse host-ssh`. Identifies the device by the key in
/// `SSH_USER_AUTH`, gives it its own state folder, then runs the app as a client of the league server: no database, no
/// season data, no clocks, no file followers — only what the server's reads and event stream say.
enum SSHSessionCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        let env = ProcessInfo.processInfo.environment
        guard let policy = SSHDConfiguration.Policy(rawValue: args.options["policy"] ?? "open") else {
            Output.error("clubhouse ssh-session: --policy must be open or linked")
            return 2
        }
        // A command given on the ssh line (`ssh host ls`) is not run: everyone gets the app.
        let key: SSHPublicKey
        do { key = try SSHUserAuth.load(environment: env).deviceKey() } catch {
            Output.error("clubhouse: \(error.description)")
            return 2
        }
        let server: URL, secret: String, trust: TLSTrust?
        switch SSHServerOptions.parse(args, command: "ssh-session") {
        case .failure(let problem): Output.error(problem.message); return problem.status
        case .success(let s): (server, secret, trust) = (s.url, s.secret, s.trust)
        }
        let fingerprint = key.fingerprint

        // Whom the key is linked to, from the server (the "K: sign in as Ann" hint, and the linked policy).
        let owner = SSHServerOptions.owner(of: fingerprint, server: server, secret: secret, trust: trust)
        let linkedName: String?
        switch owner {
        case .success(let name): linkedName = name
        case .failure(let error):
            if policy == .linked {
                Output.error("clubhouse: can't ask the league server whom this key is linked to: \(SSHServerOptions.words(error))")
                return 1
            }
            linkedName = nil
        }
        if policy == .linked, linkedName == nil {
            Output.error("clubhouse: this key (\(fingerprint)) is not linked to an account on this host")
            return 2
        }

        // Per-device state: every SSH user shares this system account, so settings, the local
        // session and pending actions live per key fingerprint.
        let devices = args.options["devices-dir"] ?? StateDirectory.clubhouse(environment: env).appending("/devices")
        let deviceDir: String
        do {
            deviceDir = try LocalStateDirectory.deviceFolder(in: devices, fingerprint: fingerprint)
        } catch {
            Output.error("clubhouse: this key's fingerprint (\(fingerprint)) cannot name a device folder")
            return 1
        }
        do {
            for sub in ["", "/config", "/state"] {
                try FileManager.default.createDirectory(atPath: deviceDir + sub, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
        } catch {
            Output.error("clubhouse: cannot create the device folder \(deviceDir): \(error.localizedDescription)")
            return 1
        }
        setenv("XDG_CONFIG_HOME", deviceDir + "/config", 1)
        setenv("XDG_STATE_HOME", deviceDir + "/state", 1)
        setenv("CLUBHOUSE_DEVICE_DIR", deviceDir, 1)
        setenv("CLUBHOUSE_SSH_FINGERPRINT", fingerprint, 1)

        let device = RemoteAppCommand.sshKey(fingerprint: fingerprint, publicKey: key.openSSHLine, stateDirectory: deviceDir, linkedName: linkedName)
        return RemoteAppCommand.run(server, noColor: args.flags.contains("no-color"),
                                    ssh: .init(key: device, hostSecret: secret), trust: trust)
    }
}

/// `--server URL --ssh-host-secret-file PATH`, as the SSH host's internal commands take them.
enum SSHServerOptions {
    struct Problem: Error { var message: String; var status: Int32 }

    static func parse(_ args: ParsedArguments, command: String) -> Result<(url: URL, secret: String, trust: TLSTrust?), Problem> {
        guard let raw = args.options["server"], let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            return .failure(Problem(message: "clubhouse \(command): --server URL (the league server, e.g. http://127.0.0.1:8787) is needed", status: 2))
        }
        guard let file = args.options["ssh-host-secret-file"] else {
            return .failure(Problem(message: "clubhouse \(command): --ssh-host-secret-file PATH is needed", status: 2))
        }
        let secret: String
        do { secret = try SSHHostSecret.read(file) } catch {
            return .failure(Problem(message: "clubhouse \(command): \(error.description)", status: 1))
        }
        // A club's own CA for an https:// server (`host-ssh --ca-file`).
        switch RemoteAppCommand.loadTrust(caFile: args.options["ca-file"]) {
        case .success(let trust): return .success((url, secret, trust))
        case .failure(let unusable): return .failure(Problem(message: "clubhouse \(command): \(unusable.reason)", status: 2))
        }
    }

    /// Asks the server whom `fingerprint` is linked to (nil: nobody), waiting for the answer.
    static func owner(of fingerprint: String, server: URL, secret: String, trust: TLSTrust?) -> Result<String?, any Error> {
        let api = RemoteLeagueAPI(server: server, trust: trust)
        api.sshHostSecret = secret
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.result = .success(try await api.sshKeyOwner(fingerprint: fingerprint)) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return box.result ?? .success(nil)
    }

    /// An error as one sentence (an error the app explains says its own words).
    static func words(_ error: any Error) -> String {
        (error as? any ClubhouseError)?.message ?? "\(error)"
    }

    private final class ResultBox: @unchecked Sendable { var result: Result<String?, any Error>? }
}

/// `clubhouse ssh-authorized-keys --server URL --ssh-host-secret-file PATH [--policy open|linked] TYPE BASE64`
/// (internal): sshd's AuthorizedKeysCommand. Prints the offered key back (so sshd accepts it) when the policy allows
/// it; for `linked` it asks the league server whether the key is linked to an account.
enum SSHAuthorizedKeysCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        guard args.positionals.count == 2 else {
            Output.error("clubhouse ssh-authorized-keys: expected TYPE and BASE64 (sshd's %t %k)")
            return 2
        }
        guard let policy = SSHDConfiguration.Policy(rawValue: args.options["policy"] ?? "open") else {
            Output.error("clubhouse ssh-authorized-keys: --policy must be open or linked")
            return 2
        }
        let key: SSHPublicKey
        do { key = try SSHPublicKey(type: args.positionals[0], base64: args.positionals[1]) } catch {
            Output.error("clubhouse ssh-authorized-keys: \(error.description)")
            return 1
        }
        switch policy {
        case .open:
            print(key.openSSHLine)
        case .linked:
            let server: URL, secret: String, trust: TLSTrust?
            switch SSHServerOptions.parse(args, command: "ssh-authorized-keys") {
            case .failure(let problem): Output.error(problem.message); return problem.status
            case .success(let s): (server, secret, trust) = (s.url, s.secret, s.trust)
            }
            switch SSHServerOptions.owner(of: key.fingerprint, server: server, secret: secret, trust: trust) {
            case .success(let name?): _ = name; print(key.openSSHLine)
            case .success(nil): break
            case .failure(let error):
                Output.error("clubhouse ssh-authorized-keys: can't ask the league server: \(SSHServerOptions.words(error))")
                return 1
            }
        }
        return 0
    }
}
