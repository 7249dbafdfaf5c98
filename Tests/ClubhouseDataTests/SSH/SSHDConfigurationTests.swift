import Foundation
import Testing
@testable import ClubhouseData

@Suite struct SSHDConfigurationTests {
    func config(binary: String = "/opt/clubhouse/bin/clubhouse", database: String = "/var/lib/clubhouse/league.sqlite",
                policy: SSHDConfiguration.Policy = .open) -> SSHDConfiguration {
        SSHDConfiguration(
            port: 2222, listenAddress: "0.0.0.0", hostKeyPath: "/st/ssh_host_ed25519_key", pidFilePath: "/st/sshd.pid",
            binaryPath: binary, databasePath: database, devicesDirectory: "/st/devices", policy: policy,
            authorizedKeysCommand: [binary, "ssh-authorized-keys", "--database", database, "--policy", policy.rawValue],
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
        ]
        for (key, value) in expected { #expect(d[key] == value, "\(key)") }
        #expect(d["forcecommand"] == "/opt/clubhouse/bin/clubhouse ssh-session --database /var/lib/clubhouse/league.sqlite --devices-dir /st/devices --policy open")
        #expect(d["authorizedkeyscommand"] == "/opt/clubhouse/bin/clubhouse ssh-authorized-keys --database /var/lib/clubhouse/league.sqlite --policy open %t %k")
    }

    @Test func pathsWithSpacesAndQuotesAreQuoted() {
        let c = config(binary: "/home/al ice/My Apps/clubhouse", database: "/home/al ice/it's.sqlite", policy: .linked)
        let d = directives(c.render())
        // ForceCommand runs through the account's shell: POSIX single quotes.
        #expect(d["forcecommand"] == #"'/home/al ice/My Apps/clubhouse' ssh-session --database '/home/al ice/it'\''s.sqlite' --devices-dir /st/devices --policy linked"#)
        // AuthorizedKeysCommand is split by sshd itself: double quotes.
        #expect(d["authorizedkeyscommand"] == #""/home/al ice/My Apps/clubhouse" ssh-authorized-keys --database "/home/al ice/it's.sqlite" --policy linked %t %k"#)
    }

    @Test func forceCommandSurvivesARealShell() throws {
        let c = config(binary: "/tmp/a b/c'lub\"house $HOME", database: "/d/`x`.sqlite")
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
                == ["/tmp/a b/c'lub\"house $HOME", "ssh-session", "--database", "/d/`x`.sqlite", "--devices-dir", "/st/devices", "--policy", "open"])
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
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        #expect(try run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", state + "/host key"]).status == 0)
        for policy in SSHDConfiguration.Policy.allCases {
            let config = SSHDConfiguration(
                port: 2222, listenAddress: "127.0.0.1", hostKeyPath: state + "/host key", pidFilePath: state + "/sshd.pid",
                binaryPath: "/usr/bin/true", databasePath: dir.file("league db.sqlite"), devicesDirectory: state + "/devices",
                policy: policy, authorizedKeysCommand: ["/usr/bin/true", "--database", dir.file("league db.sqlite")], user: "root")
            try config.render().write(toFile: state + "/sshd_config", atomically: true, encoding: .utf8)
            let checked = try run(["/usr/sbin/sshd", "-t", "-f", state + "/sshd_config"])
            #expect(checked.status == 0, "sshd -t: \(checked.output)")
            // sshd's view of the effective settings (`-T`) keeps the forced command whole.
            let effective = try run(["/usr/sbin/sshd", "-T", "-f", state + "/sshd_config", "-C", "user=root,host=localhost,addr=127.0.0.1"])
            #expect(effective.output.contains("forcecommand \(config.forceCommand)"), "\(effective.output)")
            #expect(effective.output.contains("exposeauthinfo yes"))
            #expect(effective.output.contains("passwordauthentication no"))
        }
    }

    private func run(_ argv: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
