import ClubhouseDomain
import Foundation
import Synchronization
import Testing
@testable import ClubhouseRemote
import CGnuTLS
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the remote client refuses: a redirect (the session token must never reach another origin), and an https://
/// certificate it can't trust, each with a sentence saying why.
@Suite("Remote transport: trust") struct RemoteTrustTests {
    typealias RawServer = PlainHTTPTests.RawServer

    /// A 302 to another origin is an error, not followed: the other server never hears from the client.
    @Test func aRedirectToAnotherOriginIsNotFollowedAndTheTokenStaysHome() async throws {
        let heads = Mutex<[String]>([])
        let elsewhere = try RawServer { head in
            heads.withLock { $0.append(head) }
            return (PlainHTTPTests.ok("[]"), false)
        }
        let tokensSeen = Mutex(0)
        let server = try RawServer { head in
            if head.contains("Bearer secret-token") { tokensSeen.withLock { $0 += 1 } }
            return ("HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:\(elsewhere.port)/v1/leagues\r\nContent-Length: 0\r\n\r\n", false)
        }
        let api = RemoteLeagueAPI(server: URL(string: "http://127.0.0.1:\(server.port)")!, token: { "secret-token" })
        await #expect(throws: DomainError.self) { _ = try await api.publicLeagues(filter: LeagueFilter()) }
        do { _ = try await api.publicLeagues(filter: LeagueFilter()) } catch DomainError.transport(let message) {
            #expect(message.contains("answered with a redirect, which clubhouse doesn't follow"), "\(message)")
        }
        #expect(tokensSeen.withLock { $0 } > 0, "the token went to the server it was meant for")
        // A request of our own to the redirect's target, after the client's calls have returned: the target accepts
        // connections in the order they were made, so one from the client would have been accepted (and read) first.
        let http = SocketHTTP(idleTimeout: 2, requestTimeout: 30, maxResponseBytes: 1 << 20)
        // (The target notes a request's head before it answers, so the answer means the head is noted.)
        let ours = elsewhere.get("/after-the-client", http)
        #expect((try? ours.get()) != nil, "the target answered our own request: \(ours)")
        #expect(elsewhere.accepted.count == 1, "the redirect's target was never contacted by the client")
        #expect(heads.withLock { $0.count == 1 && $0[0].hasPrefix("GET /after-the-client ") }, "\(heads.withLock { $0 })")
    }

    /// GnuTLS's verification status (measured against openssl s_server: an unknown CA 0x42, expired with an unknown CA
    /// 0x442, another host with an unknown CA 0x4042) becomes one sentence, the most telling reason first: a certificate
    /// for another host name, or an expired one, is said as such even when its CA is unknown too.
    @Test func eachCertificateProblemGetsItsOwnSentence() {
        let unknownCA = GNUTLS_CERT_INVALID.rawValue | GNUTLS_CERT_SIGNER_NOT_FOUND.rawValue
        #expect(TLSRefusal.sentence(status: unknownCA, caFile: nil).contains("is not trusted (self-signed, or signed by a CA this machine doesn't know: give your club's CA with --ca-file"))
        #expect(TLSRefusal.sentence(status: unknownCA, caFile: "/etc/club/ca.pem")
                == "the server's certificate is not trusted (signed neither by the CA in /etc/club/ca.pem nor by one this machine knows)")
        #expect(TLSRefusal.sentence(status: unknownCA | GNUTLS_CERT_EXPIRED.rawValue, caFile: nil) == "the server's certificate has expired")
        #expect(TLSRefusal.sentence(status: GNUTLS_CERT_INVALID.rawValue | GNUTLS_CERT_EXPIRED.rawValue, caFile: "ca.pem") == "the server's certificate has expired")
        #expect(TLSRefusal.sentence(status: unknownCA | GNUTLS_CERT_UNEXPECTED_OWNER.rawValue, caFile: nil) == "the server's certificate is for another host name")
        #expect(TLSRefusal.sentence(status: unknownCA | GNUTLS_CERT_UNEXPECTED_OWNER.rawValue | GNUTLS_CERT_EXPIRED.rawValue, caFile: nil)
                == "the server's certificate is for another host name")
        #expect(TLSRefusal.sentence(status: GNUTLS_CERT_INVALID.rawValue | GNUTLS_CERT_NOT_ACTIVATED.rawValue, caFile: nil).contains("not valid yet"))
        #expect(TLSRefusal.noSecureConnection("An unexpected TLS packet was received.").contains("is it an https:// server?"))
    }

    /// A CA file that can't be used is refused with the reason, before any connection.
    @Test func anUnusableCAFileIsRefusedWithTheReason() throws {
        #expect(throws: TLSTrust.Unusable.self) { try TLSTrust(caFile: "/nonexistent/ca.pem") }
        do { _ = try TLSTrust(caFile: "/nonexistent/ca.pem") } catch { #expect(error.reason == "the CA file /nonexistent/ca.pem can't be read: No such file or directory") }
        let notPEM = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-ca-\(UUID().uuidString).pem")
        try Data("hello\n".utf8).write(to: notPEM)
        defer { try? FileManager.default.removeItem(at: notPEM) }
        do { _ = try TLSTrust(caFile: notPEM.path); Issue.record("a file with no certificate accepted") } catch {
            #expect(error.reason.hasPrefix("the CA file \(notPEM.path) holds no readable PEM certificate"), "\(error.reason)")
        }
    }
}
