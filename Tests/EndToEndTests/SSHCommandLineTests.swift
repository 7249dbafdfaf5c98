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

    @Test func sessionWithoutKeyInformationRefusesInOneLine() throws {
        let home = try TemporaryHome()
        var env = home.environment
        env["SSH_USER_AUTH"] = ""
        let r = try Binary.run(["ssh-session", "--database", home.url.path + "/db.sqlite", "--devices-dir", home.url.path + "/devices"],
                               environment: env)
        #expect(r.status == 2)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains("SSH_USER_AUTH"))
        #expect(!FileManager.default.fileExists(atPath: home.url.path + "/devices"), "nothing is created for a refused session")

        // A session that signed in with a password (no publickey line) is refused too.
        let auth = home.url.path + "/auth"
        try "password\n".write(toFile: auth, atomically: true, encoding: .utf8)
        env["SSH_USER_AUTH"] = auth
        let r2 = try Binary.run(["ssh-session", "--database", home.url.path + "/db.sqlite"], environment: env)
        #expect(r2.status == 2)
        #expect(r2.err.contains("did not sign in with an SSH key"), "\(r2.err)")
    }

    @Test func linkedPolicyRefusesAnUnlinkedKey() throws {
        let home = try TemporaryHome()
        let auth = home.url.path + "/auth"
        try "publickey ssh-ed25519 \(Self.key)\n".write(toFile: auth, atomically: true, encoding: .utf8)
        var env = home.environment
        env["SSH_USER_AUTH"] = auth
        env["TERM"] = "xterm-256color"
        let r = try Binary.run(["ssh-session", "--database", home.url.path + "/db.sqlite", "--policy", "linked"], environment: env)
        #expect(r.status == 2)
        #expect(r.err.contains("SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM"), "\(r.err)")
        #expect(r.err.contains("not linked"), "\(r.err)")
    }

    @Test func authorizedKeysCommandEchoesUnderOpenAndFiltersUnderLinked() throws {
        let home = try TemporaryHome()
        let db = home.url.path + "/db.sqlite"
        let open = try Binary.run(["ssh-authorized-keys", "--database", db, "--policy", "open", "ssh-ed25519", Self.key])
        #expect(open.status == 0)
        #expect(open.out == "ssh-ed25519 \(Self.key)\n")

        let linked = try Binary.run(["ssh-authorized-keys", "--database", db, "--policy", "linked", "ssh-ed25519", Self.key])
        #expect(linked.status == 0)
        #expect(linked.out.isEmpty, "an unlinked key is not authorized")
        #expect(!FileManager.default.fileExists(atPath: db), "the key check never creates a database")

        let bad = try Binary.run(["ssh-authorized-keys", "--policy", "open", "ssh-rsa", Self.key])
        #expect(bad.status == 1)
        #expect(bad.out.isEmpty)
        #expect(try Binary.run(["ssh-authorized-keys", "ssh-ed25519"]).status == 2)
    }
}
