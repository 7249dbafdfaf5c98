/// The `sshd_config` that `clubhouse host-ssh` writes: key-only logins for one account, every
/// connection forced into `clubhouse ssh-session`, nothing forwarded, no shell.
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
    /// The absolute path of the league database.
    public var databasePath: String
    /// Where per-device state goes (`<dir>/<fingerprint>/`).
    public var devicesDirectory: String
    public var policy: Policy
    /// The program sshd runs to ask whether an offered key may log in (`%t %k` are appended);
    /// it must be root-owned and unwritable by others along its whole path.
    public var authorizedKeysCommand: [String]
    /// The account sshd runs that program as, and the only account allowed to log in.
    public var user: String

    public init(port: Int, listenAddress: String, hostKeyPath: String, pidFilePath: String, binaryPath: String,
                databasePath: String, devicesDirectory: String, policy: Policy, authorizedKeysCommand: [String], user: String) {
        self.port = port; self.listenAddress = listenAddress; self.hostKeyPath = hostKeyPath
        self.pidFilePath = pidFilePath; self.binaryPath = binaryPath; self.databasePath = databasePath
        self.devicesDirectory = devicesDirectory; self.policy = policy
        self.authorizedKeysCommand = authorizedKeysCommand; self.user = user
    }

    /// The command every connection runs (through the account's shell, so it is shell-quoted).
    public var forceCommand: String {
        [binaryPath, "ssh-session", "--database", databasePath, "--devices-dir", devicesDirectory, "--policy", policy.rawValue]
            .map(ShellQuote.quote).joined(separator: " ")
    }

    /// The AuthorizedKeysCommand line: sshd splits it itself (quotes allowed) and expands `%t %k`.
    public var authorizedKeysCommandLine: String {
        (authorizedKeysCommand.map(SSHDQuote.quote) + ["%t", "%k"]).joined(separator: " ")
    }

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
