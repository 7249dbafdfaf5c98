import ClubhouseDomain
import Foundation
import Synchronization
import Testing
@testable import ClubhouseRemote
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
        try await Task.sleep(for: .milliseconds(200))
        #expect(elsewhere.accepted.count == 0, "the redirect's target was never contacted")
        #expect(heads.withLock { $0.isEmpty })
    }

    /// libcurl's words (with OpenSSL, as URLSession on Linux reports them: URLError -1 with this description), measured
    /// against openssl s_server with each kind of certificate, become one sentence each.
    @Test func eachCertificateProblemGetsItsOwnSentence() {
        func sentence(_ message: String) -> String? {
            TLSRefusal.sentence(for: URLError(URLError.Code(rawValue: -1)!, userInfo: [NSLocalizedDescriptionKey: message]))
        }
        #expect(sentence("SSL certificate problem: self-signed certificate")?.contains("is not trusted (self-signed") == true)
        #expect(sentence("SSL certificate problem: unable to get local issuer certificate")?.contains("is not trusted") == true)
        #expect(sentence("SSL certificate problem: certificate has expired") == "the server's certificate has expired")
        #expect(sentence("SSL: no alternative certificate subject name matches target host name '127.0.0.1'")
                == "the server's certificate is for another host name")
        #expect(sentence("SSL certificate problem: certificate is not yet valid")?.contains("not valid yet") == true)
        #expect(sentence("error:0A00010B:SSL routines::wrong version number")?.contains("no secure connection could be made") == true)
        // Foundation's own codes, should a Foundation report them.
        #expect(TLSRefusal.sentence(for: URLError(.serverCertificateHasBadDate)) == "the server's certificate has expired")
        #expect(TLSRefusal.sentence(for: URLError(.serverCertificateUntrusted))?.contains("not trusted") == true)
        // Not about TLS: no sentence (the server is unreachable, as for http://).
        #expect(sentence("Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server") == nil)
    }
}
