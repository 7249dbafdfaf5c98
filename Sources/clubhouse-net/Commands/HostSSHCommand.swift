import ClubhouseCLI
import ClubhouseData
import ClubhouseRemote
import Foundation

/// `clubhouse host-ssh`: hosts the app over SSH with the system's OpenSSH server (ARCHITECTURE.md §5).
/// Writes a host key, an `sshd_config` and (when needed) a root-owned AuthorizedKeysCommand wrapper
/// into its state folder, checks that sshd reads the configuration as meant (`sshd -T`), then runs `sshd -D -e`
/// through a keeper (`SSHDSupervisor`) until SIGINT/SIGTERM/SIGHUP — or until it is killed outright — when the
/// apps are ended first (restoring their clients' terminals), then sshd and every connection it started.
enum HostSSHCommand {
    struct Failure: Error { var message: String; var status: Int32 = 1 }

    static func run(_ args: ParsedArguments) -> Int32 {
        do { return try host(args) } catch {
            Output.error("clubhouse host-ssh: \(error.message)")
            return error.status
        }
    }

    private static func host(_ args: ParsedArguments) throws(Failure) -> Int32 {
        let env = ProcessInfo.processInfo.environment
        guard args.positionals.isEmpty else {
            throw Failure(message: "unexpected argument '\(args.positionals[0])'\nTry 'clubhouse host-ssh --help'.", status: 2)
        }
        let portText = args.options["port"] ?? "2222"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw Failure(message: "--port must be a number from 1 to 65535, not '\(portText)'", status: 2)
        }
        let listen = args.options["listen"] ?? "0.0.0.0"
        guard !listen.isEmpty, !listen.contains(where: { $0 == " " || $0 == "\"" || $0 == "\n" }) else {
            throw Failure(message: "--listen must be an address, e.g. 0.0.0.0 or 127.0.0.1", status: 2)
        }
        let policyText = args.options["policy"] ?? "open"
        guard let policy = SSHDConfiguration.Policy(rawValue: policyText) else {
            throw Failure(message: "--policy must be open or linked, not '\(policyText)'", status: 2)
        }

        // The league server sessions are clients of: one started here beside sshd, or (--server) another one.
        var remote: (url: String, secretFile: String)?
        // A club's own CA for an https:// --server: sessions and the key check trust it beside the system's CAs.
        var caFile: String?
        if let raw = args.options["server"] {
            guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                  !raw.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" || $0 == "%" || $0 == "\\" }) else {
                throw Failure(message: "--server wants a URL like https://league.example.org:8787, not '\(raw)'", status: 2)
            }
            // Every session's password and token would cross to another machine unencrypted.
            if let refusal = AppCommand.plainHTTPRefusal(url, allowed: args.flags.contains("allow-plain-http")) {
                throw Failure(message: refusal, status: 2)
            }
            guard args.options["database"] == nil else {
                throw Failure(message: "--server and --database can't be used together: the server at \(raw) has its own database", status: 2)
            }
            guard let file = args.options["ssh-host-secret-file"] else {
                throw Failure(message: "--server needs --ssh-host-secret-file PATH: the secret that server was started with (clubhouse serve --ssh-host-secret-file)", status: 2)
            }
            do { _ = try SSHHostSecret.read(file) } catch { throw Failure(message: error.description, status: 2) }
            remote = (RemoteLeagueAPI.origin(of: url), StateDirectory.absolute(file))
            if let file = args.options["ca-file"] {
                guard url.scheme == "https" else {
                    throw Failure(message: "--ca-file goes with --server https://…: it names the CA that server's certificate is signed by", status: 2)
                }
                if case .failure(let unusable) = RemoteAppCommand.loadTrust(caFile: file) { throw Failure(message: unusable.reason, status: 2) }
                caFile = StateDirectory.absolute(file)
            }
        } else if args.options["ca-file"] != nil {
            throw Failure(message: "--ca-file goes with --server https://…: the league server started here speaks plain HTTP on loopback", status: 2)
        } else if args.options["ssh-host-secret-file"] != nil {
            throw Failure(message: "--ssh-host-secret-file goes with --server (without it, host-ssh makes its own secret for the server it starts)", status: 2)
        }

        // Every path that goes into sshd_config, checked before anything is created: sshd reads that file line by
        // line, so a newline would break it after the database had been seeded at a broken path.
        let stateOption = args.options["state-dir"]
        let stateDirPlanned = StateDirectory.absolute(stateOption ?? StateDirectory.clubhouse(environment: env) + "/ssh")
        var plannedPaths: [(String, String)] = [("--state-dir", stateDirPlanned), ("the clubhouse binary", executablePath())]
        if remote == nil, let location = try? DatabaseLocation.resolve(explicitPath: args.options["database"], environment: env) {
            plannedPaths.insert(("--database", StateDirectory.absolute(location.path)), at: 0)
        }
        if let remote { plannedPaths.append(("--ssh-host-secret-file", remote.secretFile)) }
        if let caFile { plannedPaths.append(("--ca-file", caFile)) }
        if stateOption == nil { plannedPaths.append(("the devices folder", StateDirectory.absolute(StateDirectory.clubhouse(environment: env) + "/devices"))) }
        for (what, path) in plannedPaths {
            if let problem = SSHDConfiguration.pathProblem(path) {
                throw Failure(message: "\(what) \(String(reflecting: path)) \(problem); choose a path without it", status: 2)
            }
        }
        // The port: free now, or say so before anything else (an sshd that can't bind would only fail later).
        if let problem = PortProbe.bindProblem(address: listen, port: port) {
            throw Failure(message: problem)
        }

        let isRoot = geteuid() == 0
        // Whom sshd logs people in as: the account running this, or (as root) --user NAME.
        var sessionUser: SessionAccount?
        if let name = args.options["user"] {
            guard isRoot else {
                throw Failure(message: "--user needs root: only an sshd running as root can log people in as another account (without --user, sessions run as you)", status: 2)
            }
            sessionUser = try SessionAccount.named(name)
        }

        // Preconditions, each with what to do about it.
        guard let sshd = Processes.find("sshd", environment: env) else {
            throw Failure(message: "OpenSSH's server (sshd) is not installed: apt-get install openssh-server")
        }
        guard let keygen = Processes.find("ssh-keygen", environment: env) else {
            throw Failure(message: "ssh-keygen is not installed: apt-get install openssh-client")
        }
        let account: Account
        if let u = sessionUser { account = Account(name: u.name, shell: u.shell, lockedPasswordField: Account.shadowLocked(u.name)) } else {
            account = try Account.current()
        }
        if isRoot {
            if let locked = account.lockedPasswordField, locked {
                throw Failure(message: """
                    the account '\(account.name)' is locked (its password field starts with '!'), and sshd refuses
                    key logins to locked accounts. Allow key logins without setting a password:
                        usermod -p '*' \(account.name)
                    """)
            }
            do { try SSHDConfiguration.ensurePrivilegeSeparationDirectory() } catch { throw Failure(message: "\(error)") }
        }
        if !isRoot, let warning = nonRootPTYWarning() { Output.error("clubhouse host-ssh: warning: \(warning)") }
        if account.shell.hasSuffix("/nologin") || account.shell.hasSuffix("/false") {
            throw Failure(message: "the account '\(account.name)' has no login shell (\(account.shell)); sshd runs the app through it. Give it one: usermod -s /bin/sh \(account.name)")
        }

        // The database (for the server started here): created and seeded now, so the server starts on a ready one, then
        // closed — only the server has it open.
        var databasePath: String?
        if remote == nil {
            do { databasePath = StateDirectory.absolute(try OpenDatabase.open(explicitPath: args.options["database"], seed: .world).path) } catch {
                throw Failure(message: error.description)
            }
        }

        // The state folder.
        let clubhouseState = StateDirectory.clubhouse(environment: env)
        let stateDir = StateDirectory.absolute(args.options["state-dir"] ?? clubhouseState + "/ssh")
        let devicesDir = args.options["state-dir"] != nil ? stateDir + "/devices" : StateDirectory.absolute(clubhouseState + "/devices")
        do {
            try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(atPath: devicesDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(message: "cannot create \(stateDir): \(error.localizedDescription)")
        }

        // An sshd left from an earlier run on this state folder (say host-ssh was killed with SIGKILL)
        // still holds the port: say so rather than let the new one fail to bind.
        let configPath = stateDir + "/sshd_config"
        if let pidText = try? String(contentsOfFile: stateDir + "/sshd.pid", encoding: .utf8),
           let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0, Processes.isAlive(pid),
           let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
           String(decoding: cmdline, as: UTF8.self).contains(configPath) {
            throw Failure(message: "an sshd from an earlier 'clubhouse host-ssh' is still running on \(stateDir) (pid \(pid)); stop it first: kill \(pid)")
        }

        // The host key: generated once, kept across restarts so clients' known_hosts stay valid.
        let hostKey = stateDir + "/ssh_host_ed25519_key"
        if !FileManager.default.fileExists(atPath: hostKey) {
            let made = Processes.run([keygen, "-q", "-t", "ed25519", "-N", "", "-C", "clubhouse-host", "-f", hostKey])
            guard made.status == 0 else { throw Failure(message: "ssh-keygen could not create the host key:\n\(made.output)") }
        }
        let hostFingerprint = (try? String(contentsOfFile: hostKey + ".pub", encoding: .utf8))
            .flatMap { try? SSHPublicKey(line: $0).fingerprint }

        // The server started here: a loopback port free now, and a fresh secret only this account (or --user's) reads.
        var localServer: SSHDSupervisor.LocalServer?
        let serverURL: String, secretFile: String
        if let remote {
            (serverURL, secretFile) = remote
        } else {
            guard let serverPort = PortProbe.freeLoopbackPort() else { throw Failure(message: "cannot find a free loopback port for the league server") }
            secretFile = stateDir + "/ssh-host-secret"
            do { try SSHHostSecret.generate(secretFile) } catch {
                throw Failure(message: "cannot write \(secretFile): \(error.localizedDescription)")
            }
            serverURL = "http://127.0.0.1:\(serverPort)"
            localServer = .init(listen: "127.0.0.1:\(serverPort)", database: databasePath ?? "", secretFile: secretFile, log: stateDir + "/server.log")
        }

        let binary = StateDirectory.absolute(executablePath())
        let keysCommand = try authorizedKeysCommand(binary: binary, server: serverURL, secretFile: secretFile, caFile: caFile, policy: policy,
                                                    stateDir: stateDir, isRoot: isRoot)
        if let sessionUser {
            try handOver(to: sessionUser, database: databasePath, secretFile: secretFile, caFile: caFile, stateDir: stateDir, devicesDir: devicesDir,
                         binary: binary, keysCommand: keysCommand[0])
        }
        var config = SSHDConfiguration(
            port: port, listenAddress: listen, hostKeyPath: hostKey, pidFilePath: stateDir + "/sshd.pid",
            binaryPath: binary, serverURL: serverURL, hostSecretPath: secretFile, devicesDirectory: devicesDir, policy: policy,
            authorizedKeysCommand: keysCommand, user: account.name)
        config.caFile = caFile
        do { try writeFile(configPath, config.render(), mode: 0o600) } catch {
            throw Failure(message: "cannot write \(configPath): \(error.localizedDescription)")
        }
        // sshd's own reading of the configuration (as a connection for the account would get it) must be what was
        // meant: the ports, paths and commands exactly, and the key check's arguments after sshd's %-expansion.
        let check = Processes.run([sshd, "-T", "-f", configPath, "-C", "user=\(account.name),host=localhost,addr=127.0.0.1"])
        guard check.status == 0 else {
            throw Failure(message: "sshd rejected the configuration \(configPath):\n\(check.output)")
        }
        if let mismatch = config.mismatch(effective: check.output) {
            throw Failure(message: "sshd would not read the configuration \(configPath) as meant: \(mismatch)")
        }

        let host = listen == "0.0.0.0" || listen == "::" ? hostName() : (listen.contains(":") ? "[\(listen)]" : listen)
        let supervisor = SSHDSupervisor(binary: binary, sshd: sshd, configPath: configPath, listen: listen, port: port, server: localServer)
        let serverLine = localServer.map { "league server: \(serverURL) (started here; its log: \($0.log))\n  database:   \(databasePath ?? "")" }
            ?? "league server: \(serverURL)"
        // The banner only once sshd answers on the port.
        return try supervisor.run { print("""
            Hosting Clubhouse League over SSH on \(listen) port \(port) (policy: \(policy.rawValue)).
              \(serverLine)
              state:      \(stateDir)
              host key:   \(hostFingerprint ?? hostKey)
            Connect with:  ssh -p \(port) \(account.name)@\(host)
            \(policy == .open ? "Any SSH key may connect; each key is its own device." : "Only keys linked to an account may connect.")
            Stop with Ctrl-C.
            """)
            fflush(nil)
        }
    }

    /// `--user`: sessions (and sshd's key check) run as that account, so it gets the database and the devices
    /// folder, and must be able to reach the binary, the key check and the database's folder; the state folder
    /// stays root's, opened just enough (0711) to walk through to devices/.
    private static func handOver(to user: SessionAccount, database: String?, secretFile: String, caFile: String?, stateDir: String, devicesDir: String,
                                 binary: String, keysCommand: String) throws(Failure) {
        // Sessions and the key check read the host secret (0600, theirs); the league server here runs as root.
        if secretFile.hasPrefix(stateDir + "/") { _ = chmod(stateDir, 0o711); try user.take(secretFile) }
        if let problem = user.problem(secretFile, .read) {
            throw Failure(message: "\(problem); sessions run as \(user.name) and read the SSH host secret, so it must be theirs (chown \(user.name) \(secretFile))")
        }
        // The database stays the account's (a `clubhouse serve` unit running as it shares it; SQLite run as root keeps
        // the -wal and -shm files owned like the database).
        if let database { try handOverDatabase(to: user, database: database) }
        if devicesDir.hasPrefix(stateDir + "/") { _ = chmod(stateDir, 0o711) }
        try user.take(devicesDir, recursive: true)
        if let caFile, let problem = user.problem(caFile, .read) {
            throw Failure(message: "\(problem); sessions run as \(user.name) and check the server's certificate against --ca-file, so they must be able to read it (it holds no secret: chmod 644 \(caFile))")
        }
        for (path, need) in [(devicesDir, SessionAccount.Need.folder), (binary, .execute), (keysCommand, .execute)] {
            if let problem = user.problem(path, need) {
                throw Failure(message: "\(problem). Sessions run as \(user.name): install the binary where it can reach it (e.g. install -m 755 \(binary) /usr/local/bin/clubhouse) and pick a --state-dir it can walk into (e.g. /var/lib/clubhouse/ssh)")
            }
        }
    }

    private static func handOverDatabase(to user: SessionAccount, database: String) throws(Failure) {
        let databaseDir = (database as NSString).deletingLastPathComponent
        if let problem = user.problem(databaseDir, .folder) {
            throw Failure(message: """
                \(problem); SQLite keeps its -wal and -shm files beside the database, so its folder must be writable
                by \(user.name). Give it a folder of its own, e.g.
                    install -d -o \(user.name) /var/lib/clubhouse && clubhouse host-ssh --user \(user.name) --database /var/lib/clubhouse/league.sqlite
                """)
        }
        for suffix in ["", "-wal", "-shm", "-journal", ".clocks"] { try user.take(database + suffix) }
    }

    /// What sshd runs to vet a key. sshd insists on a root-owned path nobody else can write: the binary
    /// itself when it qualifies, else a small wrapper script in the state folder, else (as root) one
    /// under /run.
    private static func authorizedKeysCommand(binary: String, server: String, secretFile: String, caFile: String?, policy: SSHDConfiguration.Policy,
                                              stateDir: String, isRoot: Bool) throws(Failure) -> [String] {
        let direct = [binary, "ssh-authorized-keys", "--server", server, "--ssh-host-secret-file", secretFile] + (caFile.map { ["--ca-file", $0] } ?? [])
            + ["--policy", policy.rawValue]
        // sshd wants the program path unquoted at the start of the line: a path that needs quoting goes through the wrapper.
        let binaryProblem = SafePath.problem(binary)
            ?? (SSHDConfiguration.isPlainProgramPath(binary) ? nil : "a path with spaces or other characters sshd can't take unquoted")
        if binaryProblem == nil { return direct }
        let script = """
            #!/bin/sh
            # Written by 'clubhouse host-ssh': sshd's AuthorizedKeysCommand must live on a root-owned path.
            exec \(direct.map(ShellQuote.quote).joined(separator: " ")) "$@"

            """
        var candidates = [stateDir]
        if isRoot { candidates.append("/run/clubhouse-ssh/" + String(SHA256.hex(Array(stateDir.utf8)).prefix(16))) }
        var problems = ["\(binary): \(binaryProblem!)"]
        for dir in candidates {
            let path = dir + "/authorized-keys-command"
            guard SSHDConfiguration.isPlainProgramPath(path) else {
                problems.append("\(path): a path with spaces or other characters sshd can't take unquoted"); continue
            }
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                // Under /run the folders stay open to walk through (the script holds no secret), so a --user account
                // that sshd runs the key check as can reach it.
                if dir != stateDir { _ = chmod("/run/clubhouse-ssh", 0o755); _ = chmod(dir, 0o755) }
                try writeFile(path, script, mode: 0o755)
            } catch {
                problems.append("\(path): \(error.localizedDescription)")
                continue
            }
            if let problem = SafePath.problem(path) { problems.append("\(path): \(problem)"); continue }
            return [path]
        }
        throw Failure(message: """
            sshd runs its AuthorizedKeysCommand only from a root-owned path that no one else can write,
            and there is none here:
              \(problems.joined(separator: "\n  "))
            Install the binary somewhere root owns and run it from there, e.g.
              sudo install -m 755 \(binary) /usr/local/bin/clubhouse && /usr/local/bin/clubhouse host-ssh
            """)
    }

    /// An sshd that is not root cannot chown a connection's PTY: logins then fail with "chown(/dev/pts/N)
    /// … Operation not permitted" unless /dev/pts hands new PTYs to the tty group already (gid=5 mount option,
    /// as systemd mounts it). Containers often mount it without.
    private static func nonRootPTYWarning() -> String? {
        guard let mounts = Processes.procText("/proc/self/mounts") else { return nil }
        guard let line = mounts.split(separator: "\n").last(where: { $0.split(separator: " ").dropFirst().first == "/dev/pts" }) else { return nil }
        let options = line.split(separator: " ").dropFirst(3).first.map { $0.split(separator: ",") } ?? []
        if options.contains(where: { $0.hasPrefix("gid=") }) { return nil }
        return """
            /dev/pts is mounted without a gid= option, so an sshd that is not root cannot hand a connection its
            terminal (sshd logs "chown(/dev/pts/N, …) failed"). Host as root, or on a system that mounts devpts
            with gid=5 (standard Debian does).
            """
    }

    private static func writeFile(_ path: String, _ text: String, mode: mode_t) throws {
        try PrivateFile.write(Data(text.utf8), to: path, mode: mode)
    }

    /// The running binary's absolute path (sshd needs it for ForceCommand).
    private static func executablePath() -> String { ShippedData.executablePath }

    private static func hostName() -> String {
        var buf = [CChar](repeating: 0, count: 256)
        guard gethostname(&buf, buf.count - 1) == 0 else { return "HOST" }
        let name = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "HOST" : name
    }
}

/// The system account sshd logs everyone in as: the one running host-ssh.
struct Account {
    var name: String
    var shell: String
    /// true: the shadow password field starts with '!' (locked); nil: unknown (not root).
    var lockedPasswordField: Bool?

    static func current() throws(HostSSHCommand.Failure) -> Account {
        guard let pw = getpwuid(geteuid()) else { throw .init(message: "cannot find the current account in the password database") }
        let name = String(cString: pw.pointee.pw_name)
        let shell = pw.pointee.pw_shell.map { String(cString: $0) } ?? "/bin/sh"
        return Account(name: name, shell: shell, lockedPasswordField: shadowLocked(name))
    }

    /// Whether `name`'s password field is locked ('!'); nil when unknown (only root reads /etc/shadow;
    /// Glibc's module does not import <shadow.h>).
    static func shadowLocked(_ name: String) -> Bool? {
        guard geteuid() == 0, let shadow = try? String(contentsOfFile: "/etc/shadow", encoding: .utf8) else { return nil }
        var locked: Bool?
        for line in shadow.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 1, fields[0] == name { locked = fields[1].hasPrefix("!") }
        }
        return locked
    }
}
