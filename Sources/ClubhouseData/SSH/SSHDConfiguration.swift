import Foundation
/// The `sshd_config` that `clubhouse host-ssh` writes: key-only logins for one account, every
/// connection forced into `clubhouse ssh-session` (a client of the league server), nothing forwarded, no shell.
public struct SSHDConfiguration: Hashable, Sendable {
    public enum Policy: String, CaseIterable, Sendable {
        /// Any key may connect; the key identifies the device.
        case open
        /// Only keys linked to an account (`ssh_keys`) may connect.
        case linked
    }

    public var port: Int
    public var listenAddress: String
    public var hostKeyPath: String
    public var pidFilePath: String
    /// The absolute path of the clubhouse binary that sessions run.
    public var binaryPath: String
    /// The league server every session is a client of (`http://127.0.0.1:PORT` beside sshd, or `--server URL`).
    public var serverURL: String
    /// The absolute path of the file holding the secret the server shares with this SSH host.
    public var hostSecretPath: String
    /// A club's own CA (PEM) an `https://` server's certificate is also checked against (`host-ssh --ca-file`).
    public var caFile: String?
    /// Where per-device state goes (`<dir>/<fingerprint>/`).
    public var devicesDirectory: String
    public var policy: Policy
    /// The program sshd runs to ask whether an offered key may log in (`%t %k` are appended);
    /// it must be root-owned and unwritable by others along its whole path.
    public var authorizedKeysCommand: [String]
    /// The account sshd runs that program as, and the only account allowed to log in.
    public var user: String

    public init(port: Int, listenAddress: String, hostKeyPath: String, pidFilePath: String, binaryPath: String,
                serverURL: String, hostSecretPath: String, devicesDirectory: String, policy: Policy, authorizedKeysCommand: [String], user: String) {
        self.port = port; self.listenAddress = listenAddress; self.hostKeyPath = hostKeyPath
        self.pidFilePath = pidFilePath; self.binaryPath = binaryPath; self.serverURL = serverURL; self.hostSecretPath = hostSecretPath
        self.devicesDirectory = devicesDirectory; self.policy = policy
        self.authorizedKeysCommand = authorizedKeysCommand; self.user = user
    }

    /// The command every connection runs (through the account's shell, so it is shell-quoted).
    public var forceCommand: String {
        ([binaryPath, "ssh-session", "--server", serverURL, "--ssh-host-secret-file", hostSecretPath] + (caFile.map { ["--ca-file", $0] } ?? [])
         + ["--devices-dir", devicesDirectory, "--policy", policy.rawValue])
            .map(ShellQuote.quote).joined(separator: " ")
    }

    /// The AuthorizedKeysCommand line: sshd splits it itself (quotes allowed) and %-expands every argument
    /// (`%t %k` are ours; a literal `%` in a path is written `%%`). The program path is never quoted: sshd
    /// wants the line to start with `/`.
    public var authorizedKeysCommandLine: String {
        let args = authorizedKeysCommand.map { $0.replacingOccurrences(of: "%", with: "%%") }
        let program = args.first.map { [$0] } ?? []
        return (program + args.dropFirst().map(SSHDQuote.quote) + ["%t", "%k"]).joined(separator: " ")
    }

    /// sshd's privilege-separation folder: `sshd -t`, `sshd -T` and every real sshd refuse to run without it
    /// ("Missing privilege separation directory"), and a freshly installed openssh-server whose service never started
    /// has none (`/run` is a tmpfs).
    public static let privilegeSeparationDirectory = "/run/sshd"

    /// Makes `privilegeSeparationDirectory` (mode 0755) when it is missing; a sentence when it can't be made.
    public static func ensurePrivilegeSeparationDirectory() throws {
        let path = privilegeSeparationDirectory
        guard !FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw SSHDFolderFailure(message: "sshd needs \(path) (its privilege-separation folder) and it could not be created: \(error.localizedDescription)")
        }
    }

    /// Why `path` can't be written into sshd_config, or nil: sshd reads the file line by line (no newline or other
    /// control character can be carried), and its quoting can't hold a backslash reliably. `%` is fine (escaped).
    public static func pathProblem(_ path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return "contains a control character (a newline, tab or similar), which sshd's configuration can't hold"
        }
        if path.contains("\\") { return "contains a backslash, which sshd's configuration can't hold reliably" }
        return nil
    }

    /// True when `path` can start an AuthorizedKeysCommand line as it is (sshd wants it unquoted, from `/`).
    public static func isPlainProgramPath(_ path: String) -> Bool {
        path.hasPrefix("/") && path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:=@,".contains($0)) }
    }

    /// The arguments sshd runs for `line` (an AuthorizedKeysCommand value as `sshd -T` prints it), split and
    /// %-expanded the way sshd does it with `%t`/`%k` left as they are; nil where sshd would fail (bad quoting, an
    /// unknown `%` token).
    public static func sshdArguments(_ line: String) -> [String]? {
        var args: [String] = [], current = "", inArg = false, quote: Character?
        var chars = Array(line)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if quote == nil, c == " " || c == "\t" {
                if inArg { args.append(current); current = ""; inArg = false }
                continue
            }
            inArg = true
            if c == "\\", let next = chars.first, next == "'" || next == "\"" || next == "\\" || (quote == nil && next == " ") {
                current.append(next); chars = chars.dropFirst()
            } else if quote == nil, c == "'" || c == "\"" {
                quote = c
            } else if let q = quote, c == q {
                quote = nil
            } else {
                current.append(c)
            }
        }
        guard quote == nil else { return nil }
        if inArg { args.append(current) }
        var expanded: [String] = []
        for arg in args {
            var out = "", it = arg.makeIterator()
            while let c = it.next() {
                guard c == "%" else { out.append(c); continue }
                switch it.next() {
                case "%": out.append("%")
                case "t": out += "%t"
                case "k": out += "%k"
                default: return nil
                }
            }
            expanded.append(out)
        }
        return expanded
    }

    /// Compares what sshd will use (`sshd -T` output) with what was meant; nil when they agree, else the first
    /// difference in words.
    public func mismatch(effective: String) -> String? {
        var values: [String: String] = [:]
        for line in effective.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let key = String(line[..<space]).lowercased()
            if values[key] == nil { values[key] = String(line[line.index(after: space)...]) }
        }
        let meant: [(String, String)] = [("port", "\(port)"), ("hostkey", hostKeyPath), ("pidfile", pidFilePath),
                                          ("forcecommand", forceCommand)]
        for (key, value) in meant where values[key] != value {
            return "\(key) is \(values[key].map { "'\($0)'" } ?? "missing"), not '\(value)'"
        }
        guard let line = values["authorizedkeyscommand"], let args = Self.sshdArguments(line) else {
            return "sshd would not run the key check as written: \(values["authorizedkeyscommand"] ?? "missing")"
        }
        guard args == authorizedKeysCommand + ["%t", "%k"] else {
            return "sshd would run the key check as \(args), not \(authorizedKeysCommand)"
        }
        return nil
    }

    /// How many logins may be in progress at once (not yet authenticated): sshd refuses 30 % of new ones from `start`,
    /// rising to all at `full`, and at most `perSource` from one address.
    public static let crowd = (start: 256, full: 1024, perSource: 128)

    public func render() -> String {
        """
        # Written by 'clubhouse host-ssh'; rewritten on every start. Do not edit.
        Port \(port)
        ListenAddress \(SSHDQuote.quote(listenAddress))
        HostKey \(SSHDQuote.quote(hostKeyPath))
        PidFile \(SSHDQuote.quote(pidFilePath))
        LogLevel INFO

        # Keys only, and only for the hosting account.
        AllowUsers \(user)
        PermitRootLogin prohibit-password
        PubkeyAuthentication yes
        PasswordAuthentication no
        KbdInteractiveAuthentication no
        HostbasedAuthentication no
        PermitEmptyPasswords no
        UsePAM no
        StrictModes yes
        AuthorizedKeysFile none
        AuthorizedKeysCommand \(authorizedKeysCommandLine)
        AuthorizedKeysCommandUser \(user)

        # Every connection is the app; the key it signed in with is exposed to it.
        ExposeAuthInfo yes
        ForceCommand \(forceCommand)
        PermitTTY yes
        PermitUserEnvironment no
        PermitUserRC no
        AcceptEnv LANG LC_*

        # Nothing else.
        AllowTcpForwarding no
        AllowStreamLocalForwarding no
        AllowAgentForwarding no
        X11Forwarding no
        PermitTunnel no
        DisableForwarding yes
        GatewayPorts no
        PrintMotd no
        PrintLastLog no
        UseDNS no
        ClientAliveInterval 15
        ClientAliveCountMax 4

        # Draft night: a league's worth of people (or a whole community) connect in the same second. sshd's default
        # MaxStartups 10:30:100 drops logins still in key exchange beyond ten; these start refusing at \(Self.crowd.start)
        # unauthenticated connections (\(Self.crowd.perSource) from one address: a draft party behind one router), and
        # give a login on a busy host a minute to finish.
        MaxStartups \(Self.crowd.start):30:\(Self.crowd.full)
        PerSourceMaxStartups \(Self.crowd.perSource)
        LoginGraceTime 60

        """
    }
}

/// POSIX shell quoting: `it's` → `'it'\''s'`; plain words stay as they are.
public enum ShellQuote {
    public static func quote(_ s: String) -> String {
        if !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:=@%,".contains($0)) }) { return s }
        return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Quoting for sshd_config arguments that sshd splits itself: double quotes, with `"` and `\` escaped.
public enum SSHDQuote {
    public static func quote(_ s: String) -> String {
        if !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:=@,".contains($0)) }) { return s }
        return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// `SSHDConfiguration.ensurePrivilegeSeparationDirectory` could not make the folder.
public struct SSHDFolderFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
