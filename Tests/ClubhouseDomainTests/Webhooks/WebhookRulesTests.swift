import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// The webhook rules without a store: which addresses a hook may post to (and what the operator's
/// `--webhook-allow` changes), the URL check, the retry schedule, the receivers' formats and the signature.
@Suite struct WebhookRulesTests {
    static func ip(_ s: String) -> IPAddress { IPAddress(s)! }

    @Test func refusedNetworksAreNamedAndEverythingElseIsAllowed() {
        let net = WebhookNetwork()
        let named: [(String, String)] = [
            ("127.0.0.1", "a loopback address"), ("127.255.0.9", "a loopback address"), ("::1", "a loopback address"),
            ("10.0.0.1", "a private address"), ("172.16.0.1", "a private address"), ("172.31.255.255", "a private address"),
            ("192.168.0.1", "a private address"), ("fc00::1", "a private address"), ("fdff::1", "a private address"),
            ("100.64.0.1", "a shared (carrier-grade NAT) address"), ("100.127.255.255", "a shared (carrier-grade NAT) address"),
            ("169.254.1.1", "a link-local address"), ("fe80::1", "a link-local address"), ("febf::1", "a link-local address"),
            ("169.254.169.254", "the cloud metadata address"), ("fd00:ec2::254", "the cloud metadata address"),
            ("0.0.0.0", "an unspecified address"), ("::", "an unspecified address"), ("::ffff:127.0.0.1", "a loopback address"),
        ]
        for (address, name) in named {
            #expect(net.refusal(Self.ip(address)) == "Webhooks can't post to \(Self.ip(address)), \(name); the server's operator can allow it with serve --webhook-allow.",
                    "\(address)")
        }
        for address in ["203.0.113.10", "172.32.0.1", "172.15.255.255", "100.128.0.1", "192.169.0.1", "11.0.0.1", "2001:db8::1", "fec0::1"] {
            #expect(net.refusal(Self.ip(address)) == nil, "\(address)")
        }
    }

    @Test func theOperatorsNetworksAreAllowedAndNothingElse() throws {
        let net = WebhookNetwork(allowed: [IPAddressRange("127.0.0.0/8")!, IPAddressRange("fd12::/16")!])
        #expect(net.refusal(Self.ip("127.0.0.1")) == nil && net.refusal(Self.ip("fd12:3::1")) == nil)
        #expect(net.refusal(Self.ip("10.0.0.1")) != nil && net.refusal(Self.ip("fd13::1")) != nil && net.refusal(Self.ip("::1")) != nil)
        #expect(try net.addresses(of: "127.0.0.1") == [Self.ip("127.0.0.1")])
        // A name whose addresses include one refused is refused, whichever comes first.
        let mixed = WebhookNetwork(resolve: { _ in [Self.ip("203.0.113.5"), Self.ip("10.0.0.7")] })
        #expect(throws: DomainError.validation(field: "url", message: WebhookNetwork().refusal(Self.ip("10.0.0.7"))!)) { try mixed.addresses(of: "hooks.example") }
        #expect(throws: DomainError.validation(field: "url", message: "The webhook's host hooks.example can't be found")) {
            try WebhookNetwork().addresses(of: "hooks.example")
        }
    }

    @Test func aURLIsHTTPSWithAHostAndNoCredentials() throws {
        let t = try WebhookRules.target("https://discord.com/api/webhooks/1/abc")
        #expect(t.host == "discord.com" && t.port == 443)
        #expect(try WebhookRules.target("https://[::1]:8443/x").host == "::1")
        #expect(try WebhookRules.target("https://[::1]:8443/x").port == 8443)
        #expect(throws: DomainError.validation(field: "url", message: "Webhook URLs are https only (this one is ftp://)")) { try WebhookRules.target("ftp://a.example/") }
        #expect(throws: DomainError.validation(field: "url", message: "A webhook URL is at most 500 characters (it has 520)")) {
            try WebhookRules.target("https://a.example/" + String(repeating: "x", count: 502))
        }
    }

    @Test func retriesDoubleUpToAnHourAndStopAfterADay() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(WebhookRules.retry(attempts: 1, failingSince: start, now: start, base: 10) == start + 10)
        #expect(WebhookRules.retry(attempts: 4, failingSince: start, now: start + 100, base: 10) == start + 180)
        #expect(WebhookRules.retry(attempts: 20, failingSince: start, now: start + 1000, base: 10) == start + 1000 + 3600)
        #expect(WebhookRules.retry(attempts: 30, failingSince: start, now: start + 24 * 3600, base: 10) == nil)
    }

    static let line = ActivityLine(id: 42, at: Date(timeIntervalSince1970: 1_572_000_000), kind: .trades, event: .tradeExecuted,
                                   text: "Trade executed: Bits and Bytes", details: ["Bits gets A", "Bytes gets B"], teams: [TeamID(1), TeamID(2)])

    @Test func eachReceiverGetsItsFormat() throws {
        func object(_ f: WebhookFormat) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: WebhookPayload.body(Self.line, league: LeagueID(7), leagueName: "Gridiron Greats", format: f)) as? [String: Any])
        }
        let discord = try object(.discord)
        #expect(discord["content"] as? String == "Gridiron Greats: Trade executed: Bits and Bytes")
        let embed = try #require((discord["embeds"] as? [[String: Any]])?.first)
        #expect(embed["description"] as? String == "Bits gets A\nBytes gets B" && embed["timestamp"] as? String == "2019-10-25T10:40:00Z")
        let slack = try object(.slack)
        #expect(slack["text"] as? String == "Gridiron Greats: Trade executed: Bits and Bytes")
        let blocks = try #require(slack["blocks"] as? [[String: Any]])
        #expect(blocks.map { $0["type"] as? String } == ["section", "context"])
        #expect((blocks[0]["text"] as? [String: Any])?["text"] as? String == "Gridiron Greats: Trade executed: Bits and Bytes")
        let json = String(decoding: WebhookPayload.body(Self.line, league: LeagueID(7), leagueName: "Gridiron Greats", format: .json), as: UTF8.self)
        #expect(json == #"{"at":"2019-10-25T10:40:00Z","details":["Bits gets A","Bytes gets B"],"event":"trade.executed","id":42,"kind":"trades","league":7,"leagueName":"Gridiron Greats","teams":[1,2],"text":"Trade executed: Bits and Bytes"}"#)
    }

    /// RFC 4231, test case 2.
    @Test func theSignatureIsTheHexHMACSHA256OfTheBody() {
        let mac = HMACSHA256.mac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(WebhookPayload.signature(mac) == "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
