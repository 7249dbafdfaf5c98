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
