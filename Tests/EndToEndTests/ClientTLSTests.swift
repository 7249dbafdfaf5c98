import ClubhouseData
import Foundation
import Testing

/// `clubhouse --server URL`: plain http:// only to this machine unless --allow-plain-http; an https:// server whose
/// certificate isn't trusted is refused with a sentence before the app starts (never retried over http://).
@Suite struct ClientTLSTests {
    @Test func plainHTTPToAnotherMachineIsRefusedUnlessAllowed() throws {
        for url in ["http://10.0.0.5:8787", "http://league.example.org", "http://[2001:db8::1]:8787"] {
            let r = try Binary.run(["--server", url])
            #expect(r.status == 2, "\(url): \(r.err)")
            #expect(r.err.contains("is plain HTTP to another machine: passwords and session tokens would cross the network unencrypted"), "\(url): \(r.err)")
            let env = try Binary.run([], environment: ["CLUBHOUSE_SERVER": url])
            #expect(env.status == 2 && env.err.contains("is plain HTTP to another machine"), "\(url): \(env.err)")
            // Allowed: past the check (here to the terminal check, since the test has no terminal).
            let allowed = try Binary.run(["--server", url, "--allow-plain-http"])
            #expect(!allowed.err.contains("plain HTTP"), "\(url): \(allowed.err)")
        }
        // This machine: accepted as it is.
        for url in ["http://127.0.0.1:1", "http://127.8.0.1:1", "http://localhost:1", "http://[::1]:1"] {
            let r = try Binary.run(["--server", url])
            #expect(!r.err.contains("plain HTTP"), "\(url): \(r.err)")
        }
        // host-ssh's sessions would send every password over it too.
        let host = try Binary.run(["host-ssh", "--server", "http://10.0.0.5:8787", "--ssh-host-secret-file", "/nonexistent"])
        #expect(host.status == 2 && host.err.contains("is plain HTTP to another machine"), "\(host.err)")
    }

    /// Against openssl s_server: a self-signed certificate, and ones signed by a CA this machine doesn't know (valid,
    /// expired, for another host), are refused at start with status 1. libcurl checks the chain first, so with an unknown
    /// CA an expired or wrong-host certificate reads "not trusted" too (their own sentences are unit-tested in
    /// RemoteTrustTests with libcurl's measured words).
    @Test(.timeLimit(.minutes(2))) func anUntrustedCertificateIsRefusedWithASentence() throws {
        let certs = try TestCertificates()
        for name in ["self-signed", "good", "expired", "other-host"] {
            let port = try SSHHost.freeLoopbackPort()
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            server.arguments = ["s_server", "-quiet", "-accept", "127.0.0.1:\(port)", "-cert", certs.cert(name), "-key", certs.key(name), "-www"]
            server.standardOutput = FileHandle.nullDevice; server.standardError = FileHandle.nullDevice
            try server.run()
            // SIGKILL: the test process's children inherit its blocked SIGTERM.
            defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
            #expect(Wait.blockingUntil(.seconds(10), every: .milliseconds(100)) { (try? TestCertificates.shell("openssl s_client -connect 127.0.0.1:$1 </dev/null", String(port)).status) == 0 })
            let r = try Binary.run(["--server", "https://127.0.0.1:\(port)"])
            #expect(r.status == 1, "\(name): \(r.err)")
            #expect(r.err.contains("clubhouse: the server at https://127.0.0.1:\(port) is refused: the server's certificate is not trusted"), "\(name): \(r.err)")
            if name == "self-signed" { #expect(r.err.contains("not trusted (self-signed"), "\(r.err)") }
        }
    }
}
