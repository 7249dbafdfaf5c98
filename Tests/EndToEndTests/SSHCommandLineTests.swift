import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// The SSH commands' command-line behaviour, without sshd: usage errors, the key check sshd runs,
/// and the session's refusal when there is no key information.
@Suite struct SSHCommandLineTests {
    static let key = "AAAAC3NzaC1lZDI1NTE5AAAAIDmCtWqg85jOx1REslgnsC72kNefWfcnPRf8gnzfzyD/"

    @Test func hostSSHHelpAndBadUsage() throws {
        let help = try Binary.run(["host-ssh", "--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("--policy"))
        #expect(help.out.contains("usermod -p '*' USER"))
        #expect(try Binary.run(["--help"]).out.contains("host-ssh"))
        for bad in [["--port", "0"], ["--port", "http"], ["--policy", "everyone"], ["extra"], ["--bogus"]] {
            let r = try Binary.run(["host-ssh"] + bad)
            #expect(r.status == 2, "\(bad): \(r.err)")
            #expect(r.err.hasPrefix("clubhouse"), "\(bad): \(r.err)")
        }
    }

    @Test func hostSSHUserNeedsRootAndARealLoginAccount() throws {
        let home = try TemporaryHome()
        let db = ["--database", home.url.path + "/db.sqlite", "--state-dir", home.url.path + "/state"]
        let missing = try Binary.run(["host-ssh", "--user", "no-such-account-xyz"] + db, environment: home.environment)
        #expect(missing.status == 2, "\(missing.err)")
        if geteuid() == 0 {
            #expect(missing.err.contains("--user no-such-account-xyz: there is no such account"), "\(missing.err)")
            // nobody has no login shell (sshd runs the app through it): refused before anything is written.
            if getpwnam("nobody") != nil, SSHHostingTests.canRun {
                let nobody = try Binary.run(["host-ssh", "--user", "nobody"] + db, environment: home.environment)
                #expect(nobody.status == 1)
                #expect(nobody.err.contains("the account 'nobody'"), "\(nobody.err)")
                #expect(!FileManager.default.fileExists(atPath: home.url.path + "/db.sqlite"))
            }
        } else {
            #expect(missing.err.contains("--user needs root"), "\(missing.err)")
        }
    }

    /// A secret file as host-ssh writes one (0600).
    static func secretFile(_ home: TemporaryHome) throws -> String {
        let path = home.url.path + "/ssh-host-secret"
        try "0123456789abcdef0123456789abcdef\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    @Test func sessionWithoutKeyInformationRefusesInOneLine() throws {
        let home = try TemporaryHome()
        var env = home.environment
        env["SSH_USER_AUTH"] = ""
        let server = ["--server", "http://127.0.0.1:9", "--ssh-host-secret-file", try Self.secretFile(home)]
        let r = try Binary.run(["ssh-session"] + server + ["--devices-dir", home.url.path + "/devices"], environment: env)
        #expect(r.status == 2)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains("SSH_USER_AUTH"))
        #expect(!FileManager.default.fileExists(atPath: home.url.path + "/devices"), "nothing is created for a refused session")

        // A session that signed in with a password (no publickey line) is refused too.
        let auth = home.url.path + "/auth"
        try "password\n".write(toFile: auth, atomically: true, encoding: .utf8)
        env["SSH_USER_AUTH"] = auth
        let r2 = try Binary.run(["ssh-session"] + server, environment: env)
        #expect(r2.status == 2)
        #expect(r2.err.contains("did not sign in with an SSH key"), "\(r2.err)")
    }

    @Test func aSessionNeedsTheServerAndAPrivateSecret() throws {
        let home = try TemporaryHome()
        let auth = home.url.path + "/auth"
        try "publickey ssh-ed25519 \(Self.key)\n".write(toFile: auth, atomically: true, encoding: .utf8)
        var env = home.environment
        env["SSH_USER_AUTH"] = auth
        env["TERM"] = "xterm-256color"
        let noServer = try Binary.run(["ssh-session", "--devices-dir", home.url.path + "/devices"], environment: env)
        #expect(noServer.status == 2)
        #expect(noServer.err.contains("--server"), "\(noServer.err)")
        let secret = try Self.secretFile(home)
        chmod(secret, 0o644)
        let open = try Binary.run(["ssh-session", "--server", "http://127.0.0.1:9", "--ssh-host-secret-file", secret], environment: env)
        #expect(open.status == 1)
        #expect(open.err.contains("is readable by others"), "\(open.err)")
        // serve refuses such a file too, before it listens.
        let serve = try Binary.run(["serve", "--listen", "127.0.0.1:\(try Ports.free())", "--database", home.url.path + "/db.sqlite",
                                    "--ssh-host-secret-file", secret], environment: home.environment)
        #expect(serve.status == 2)
        #expect(serve.err.contains("is readable by others") && serve.err.contains("chmod 600"), "\(serve.err)")
    }

    /// The key check and a session under `--policy linked` ask the league server (with the host secret) whom a key is
    /// linked to; neither opens a database.
    @Test(.timeLimit(.minutes(10))) func linkedPolicyAsksTheServer() throws {
        let home = try TemporaryHome()
        let secret = try Self.secretFile(home)
        let dbPath = home.url.path + "/db.sqlite"
        let server = try RemoteDraftTests.Server.start(database: dbPath, home: home, arguments: ["--ssh-host-secret-file", secret])
        let port = server.port
        try #require(Wait.blockingUntil(.seconds(180), every: .milliseconds(100)) { server.output.contains("Clubhouse league server on http://127.0.0.1:\(port)") }, "\(server.output)")
        let url = ["--server", "http://127.0.0.1:\(port)", "--ssh-host-secret-file", secret]

        let auth = home.url.path + "/auth"
        try "publickey ssh-ed25519 \(Self.key)\n".write(toFile: auth, atomically: true, encoding: .utf8)
        var env = home.environment
        env["SSH_USER_AUTH"] = auth
        env["TERM"] = "xterm-256color"
        let r = try Binary.run(["ssh-session"] + url + ["--devices-dir", home.url.path + "/devices", "--policy", "linked"], environment: env)
        #expect(r.status == 2)
        #expect(r.err.contains("SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM"), "\(r.err)")
        #expect(r.err.contains("not linked"), "\(r.err)")

        let unlinked = try Binary.run(["ssh-authorized-keys"] + url + ["--policy", "linked", "ssh-ed25519", Self.key])
        #expect(unlinked.status == 0, "\(unlinked.err)")
        #expect(unlinked.out.isEmpty, "an unlinked key is not authorized")

        // Linked to an account (through the league's own use case, as the app's "Link this key?" does): let in.
        let db = try Database(path: dbPath)
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        let ann = try service.accounts.createAccount(email: "ann@ssh.example", password: "ann draft night", displayName: "Ann")
        try service.accounts.linkSSHKey(fingerprint: "SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM", publicKey: "ssh-ed25519 \(Self.key)",
                               caller: .user(ann.user.id))
        let linked = try Binary.run(["ssh-authorized-keys"] + url + ["--policy", "linked", "ssh-ed25519", Self.key])
        #expect(linked.status == 0, "\(linked.err)")
        #expect(linked.out == "ssh-ed25519 \(Self.key)\n")

        // A wrong secret is refused by the server: the key check says so and lets nobody in.
        let wrong = home.url.path + "/wrong-secret"
        try "not-the-servers-secret-at-all\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        chmod(wrong, 0o600)
        let refused = try Binary.run(["ssh-authorized-keys", "--server", "http://127.0.0.1:\(port)", "--ssh-host-secret-file", wrong,
                                      "--policy", "linked", "ssh-ed25519", Self.key])
        #expect(refused.status == 1)
        #expect(refused.out.isEmpty)
        #expect(refused.err.contains("only through the club's SSH host"), "\(refused.err)")
        #expect(server.stop() == 0)
    }

    @Test func authorizedKeysCommandEchoesUnderOpenAndFiltersUnderLinked() throws {
        let open = try Binary.run(["ssh-authorized-keys", "--policy", "open", "ssh-ed25519", Self.key])
        #expect(open.status == 0)
        #expect(open.out == "ssh-ed25519 \(Self.key)\n")

        // Under linked, without a server to ask, nobody is let in.
        let linked = try Binary.run(["ssh-authorized-keys", "--policy", "linked", "ssh-ed25519", Self.key])
        #expect(linked.status == 2)
        #expect(linked.out.isEmpty, "an unknown key is not authorized")

        let bad = try Binary.run(["ssh-authorized-keys", "--policy", "open", "ssh-rsa", Self.key])
        #expect(bad.status == 1)
        #expect(bad.out.isEmpty)
        #expect(try Binary.run(["ssh-authorized-keys", "ssh-ed25519"]).status == 2)
    }
}
