import Foundation
import Testing
@testable import ClubhouseData

@Suite struct SSHDConfigurationTests {
    func config(binary: String = "/opt/clubhouse/bin/clubhouse", secret: String = "/st/ssh-host-secret",
                policy: SSHDConfiguration.Policy = .open) -> SSHDConfiguration {
        SSHDConfiguration(
            port: 2222, listenAddress: "0.0.0.0", hostKeyPath: "/st/ssh_host_ed25519_key", pidFilePath: "/st/sshd.pid",
            binaryPath: binary, serverURL: "http://127.0.0.1:8787", hostSecretPath: secret, devicesDirectory: "/st/devices", policy: policy,
            authorizedKeysCommand: [binary, "ssh-authorized-keys", "--server", "http://127.0.0.1:8787", "--ssh-host-secret-file", secret,
                                    "--policy", policy.rawValue],
            user: "draft")
    }

    /// The directives as sshd reads them: keyword (case-insensitive) → the rest of the line.
    func directives(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            #expect(result[parts[0].lowercased()] == nil, "\(parts[0]) appears twice")
            result[parts[0].lowercased()] = String(parts[1])
        }
        return result
    }

    @Test func everyRequiredDirectiveIsPresent() {
        let d = directives(config().render())
        let expected: [String: String] = [
            "port": "2222", "listenaddress": "0.0.0.0", "hostkey": "/st/ssh_host_ed25519_key", "pidfile": "/st/sshd.pid",
            "exposeauthinfo": "yes", "pubkeyauthentication": "yes", "passwordauthentication": "no",
            "kbdinteractiveauthentication": "no", "permitrootlogin": "prohibit-password", "usepam": "no",
            "allowtcpforwarding": "no", "x11forwarding": "no", "allowagentforwarding": "no", "permittunnel": "no",
            "permituserenvironment": "no", "permittty": "yes", "loglevel": "INFO", "authorizedkeysfile": "none",
            "authorizedkeyscommanduser": "draft", "allowusers": "draft", "disableforwarding": "yes",
            // Draft night: sixty logins in one second must not meet sshd's default MaxStartups 10:30:100.
            "maxstartups": "256:30:1024", "persourcemaxstartups": "128", "logingracetime": "60",
        ]
        for (key, value) in expected { #expect(d[key] == value, "\(key)") }
        // Every session is a client of the league server, with the secret that lets it sign a key's owner in.
        #expect(d["forcecommand"] == "/opt/clubhouse/bin/clubhouse ssh-session --server http://127.0.0.1:8787 --ssh-host-secret-file /st/ssh-host-secret --devices-dir /st/devices --policy open")
        #expect(d["authorizedkeyscommand"] == "/opt/clubhouse/bin/clubhouse ssh-authorized-keys --server http://127.0.0.1:8787 --ssh-host-secret-file /st/ssh-host-secret --policy open %t %k")
    }

    @Test func pathsWithSpacesAndQuotesAreQuoted() {
        var c = config(binary: "/home/al ice/My Apps/clubhouse", secret: "/home/al ice/it's secret", policy: .linked)
        // sshd wants the key check's program unquoted (the line must start with "/"): host-ssh runs a binary at such
        // a path through its wrapper script instead.
        #expect(!SSHDConfiguration.isPlainProgramPath(c.binaryPath))
        c.authorizedKeysCommand = ["/st/authorized-keys-command"]
        let d = directives(c.render())
        // ForceCommand runs through the account's shell: POSIX single quotes.
        #expect(d["forcecommand"] == #"'/home/al ice/My Apps/clubhouse' ssh-session --server http://127.0.0.1:8787 --ssh-host-secret-file '/home/al ice/it'\''s secret' --devices-dir /st/devices --policy linked"#)
        // AuthorizedKeysCommand is split by sshd itself: double quotes.
        #expect(d["authorizedkeyscommand"] == "/st/authorized-keys-command %t %k")
    }

    @Test func forceCommandSurvivesARealShell() throws {
        let c = config(binary: "/tmp/a b/c'lub\"house $HOME", secret: "/d/`x`.secret")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        // printf each argument on its own line, the way the shell split the ForceCommand.
        p.arguments = ["-c", "printf '%s\\n' " + c.forceCommand]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(out.split(separator: "\n").map(String.init)
                == ["/tmp/a b/c'lub\"house $HOME", "ssh-session", "--server", "http://127.0.0.1:8787", "--ssh-host-secret-file", "/d/`x`.secret",
                    "--devices-dir", "/st/devices", "--policy", "open"])
    }

    @Test func quoting() {
        #expect(ShellQuote.quote("/usr/bin/x") == "/usr/bin/x")
        #expect(ShellQuote.quote("") == "''")
        #expect(ShellQuote.quote("a b") == "'a b'")
        #expect(SSHDQuote.quote(#"a "b" \c"#) == #""a \"b\" \\c""#)
    }
}

/// The generated configuration passes OpenSSH's own check (`sshd -t`), paths with spaces included.
@Suite struct SSHDConfigurationAcceptedBySSHDTests {
    static var canRun: Bool {
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen")
    }

    @Test(.enabled(if: canRun, "needs root, sshd and ssh-keygen (make test installs openssh-server/client)"))
    func sshdAcceptsTheConfiguration() throws {
        let dir = TempDir()
        let state = dir.file("my state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try SSHDConfiguration.ensurePrivilegeSeparationDirectory()
        #expect(Processes.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", state + "/host key"]).status == 0)
        for policy in SSHDConfiguration.Policy.allCases {
            let config = SSHDConfiguration(
                port: 2222, listenAddress: "127.0.0.1", hostKeyPath: state + "/host key", pidFilePath: state + "/sshd.pid",
                binaryPath: "/usr/bin/true", serverURL: "http://127.0.0.1:8787", hostSecretPath: state + "/ssh-host-secret",
                devicesDirectory: state + "/devices", policy: policy,
                authorizedKeysCommand: ["/usr/bin/true", "--ssh-host-secret-file", state + "/ssh-host-secret"], user: "root")
            try config.render().write(toFile: state + "/sshd_config", atomically: true, encoding: .utf8)
            let checked = Processes.run(["/usr/sbin/sshd", "-t", "-f", state + "/sshd_config"])
            #expect(checked.status == 0, "sshd -t: \(checked.output)")
            // sshd's view of the effective settings (`-T`) keeps the forced command whole.
            let effective = Processes.run(["/usr/sbin/sshd", "-T", "-f", state + "/sshd_config", "-C", "user=root,host=localhost,addr=127.0.0.1"])
            #expect(effective.output.contains("forcecommand \(config.forceCommand)"), "\(effective.output)")
            #expect(effective.output.contains("exposeauthinfo yes"))
            #expect(effective.output.contains("passwordauthentication no"))
            #expect(effective.output.contains("maxstartups 256:30:1024"), "\(effective.output)")
            #expect(effective.output.contains("persourcemaxstartups 128"))
        }
    }

}

// MARK: Paths sshd would mangle

extension SSHDConfigurationTests {

    @Test func aPercentInAPathIsEscapedSoSshdRunsTheKeyCheckWithThePathAsItIs() {
        let c = config(secret: "/srv/100%/secret %h")
        let line = directives(c.render())["authorizedkeyscommand"] ?? ""
        #expect(line.contains("100%%/secret %%h"))
        #expect(SSHDConfiguration.sshdArguments(line) == c.authorizedKeysCommand + ["%t", "%k"])
        // Unescaped, sshd would refuse the unknown token (and every login with it).
        #expect(SSHDConfiguration.sshdArguments("/bin/x --database /srv/100%/db %t %k") == nil)
    }

    @Test func pathsSshdCannotHoldAreRefusedInWords() {
        #expect(SSHDConfiguration.pathProblem("/tmp/a\nb.sqlite")?.contains("control character") == true)
        #expect(SSHDConfiguration.pathProblem("/tmp/a\rb")?.contains("control character") == true)
        #expect(SSHDConfiguration.pathProblem("/tmp/tab\there")?.contains("control character") == true)
        #expect(SSHDConfiguration.pathProblem("/tmp/back\\slash")?.contains("backslash") == true)
        for fine in ["/tmp/100%/db", "/tmp/it's \"quoted\" #1/db", "/tmp/ünï cödé/db"] {
            #expect(SSHDConfiguration.pathProblem(fine) == nil, "\(fine)")
        }
    }

    @Test func theEffectiveConfigurationIsComparedWithWhatWasMeant() {
        let c = config(secret: "/srv/it's 100%.secret")
        let effective = """
            port 2222
            hostkey /st/ssh_host_ed25519_key
            pidfile /st/sshd.pid
            forcecommand \(c.forceCommand)
            authorizedkeyscommand \(c.authorizedKeysCommandLine)
            """
        #expect(c.mismatch(effective: effective) == nil)
        let broken = effective.replacingOccurrences(of: "100%%", with: "100%")
        #expect(c.mismatch(effective: broken)?.contains("would not run the key check") == true)
        #expect(c.mismatch(effective: effective.replacingOccurrences(of: "port 2222", with: "port 22"))?.hasPrefix("port is '22'") == true)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd") && geteuid() == 0))
    func realSshdReadsAHostileSecretPathAsMeant() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sshd-cfg-\(UUID().uuidString)/a%h b'c\"d#e").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: (dir as NSString).deletingLastPathComponent) }
        let keygen = Process()
        keygen.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        keygen.arguments = ["-q", "-t", "ed25519", "-N", "", "-f", dir + "/key"]
        try keygen.run(); keygen.waitUntilExit()
        let user = String(cString: getpwuid(geteuid())!.pointee.pw_name)
        let c = SSHDConfiguration(port: 2299, listenAddress: "127.0.0.1", hostKeyPath: dir + "/key", pidFilePath: dir + "/pid",
                                  binaryPath: "/usr/bin/true", serverURL: "http://127.0.0.1:8787", hostSecretPath: dir + "/secret",
                                  devicesDirectory: dir + "/devices",
                                  policy: .open, authorizedKeysCommand: ["/usr/bin/true", "--ssh-host-secret-file", dir + "/secret"], user: user)
        try c.render().write(toFile: dir + "/sshd_config", atomically: true, encoding: .utf8)
        // Each test makes what it needs: sshd -T refuses to run without its folder, and another test making it first
        // must not be what this one passes by.
        try SSHDConfiguration.ensurePrivilegeSeparationDirectory()
        let sshd = Process()
        sshd.executableURL = URL(fileURLWithPath: "/usr/sbin/sshd")
        sshd.arguments = ["-T", "-f", dir + "/sshd_config", "-C", "user=\(user),host=localhost,addr=127.0.0.1"]
        let pipe = Pipe()
        sshd.standardOutput = pipe
        sshd.standardError = pipe
        try sshd.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sshd.waitUntilExit()
        #expect(sshd.terminationStatus == 0, "\(out)")
        #expect(c.mismatch(effective: out) == nil, "\(out)")
    }
}
