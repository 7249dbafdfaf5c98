import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseData
@testable import ClubhouseRemote
@testable import ClubhouseServer

/// Over HTTP: the sign-in limit counts the client's address as the server sees it (never the device name the
/// client sends), a trusted proxy's `X-Forwarded-For` is honoured from that proxy only, the SSH host's sessions are
/// counted by their SSH client and key, new accounts are limited per address, and writes per account.
@Suite(.bothBackendsOverHTTP) struct ServerSignInLimitTests {
    static let dana = "dana@example.com", password = "correct horse"

    func world(_ configure: @escaping (inout LeagueServer.Options) -> Void = { _ in }) throws -> ContractWorld {
        let world = try ContractWorld(server: configure)
        _ = try world.service.accounts.createAccount(email: Self.dana, password: Self.password, displayName: "Dana")
        return world
    }

    /// Five wrong guesses, each at another email (so no account's own limit is reached), from `client`.
    func fiveWrongGuesses(_ client: FromAddress, device: (Int) -> String? = { _ in nil }, headers: (Int) -> [String: String] = { _ in [:] }) async {
        for i in 0..<AccountRules.maxFailedSignIns {
            let answer = await client.signIn("guess\(i)@example.com", "wrong password", device: device(i), headers: headers(i))
            #expect(answer?.status == 422, "guess \(i): \(String(describing: answer?.status))")
        }
    }

    @Test func aNewDeviceNameEachTryDoesNotGetPastTheAddressLimit() async throws {
        let world = try world()
        let attacker = FromAddress(port: world.server!.port, source: "127.0.0.2")
        await fiveWrongGuesses(attacker) { "rotating-\($0)" }
        // A sixth try under yet another device name — even with the right password — waits out the minute.
        let sixth = await attacker.signIn(Self.dana, Self.password, device: "rotating-5")
        #expect(sixth?.status == 429 && sixth?.errorCode == "rate_limited")
        #expect(sixth?.headers["retry-after"] == "60")
        #expect(await attacker.signIn(Self.dana, Self.password)?.status == 429, "nor without a name")
        // Another address is not locked out.
        #expect(await FromAddress(port: world.server!.port, source: "127.0.0.3").signIn(Self.dana, Self.password, device: "rotating-5")?.status == 200)
    }

    @Test func clientsThatNameNoDeviceDoNotShareOneBucket() async throws {
        let world = try world()
        await fiveWrongGuesses(FromAddress(port: world.server!.port, source: "127.0.0.2"))
        #expect(await FromAddress(port: world.server!.port, source: "127.0.0.3").signIn(Self.dana, Self.password)?.status == 200)
    }

    @Test func forwardedForCountsOnlyWhenATrustedProxySendsIt() async throws {
        let world = try world { $0.trustedProxies = [IPAddressRange("127.0.0.2")!] }
        let proxy = FromAddress(port: world.server!.port, source: "127.0.0.2")
        let stranger = FromAddress(port: world.server!.port, source: "127.0.0.3")
        // From a peer that isn't a trusted proxy the header is ignored: a new made-up address each try doesn't help.
        await fiveWrongGuesses(stranger, headers: { ["X-Forwarded-For": "198.51.100.\($0)"] })
        #expect(await stranger.signIn(Self.dana, Self.password, headers: ["X-Forwarded-For": "198.51.100.99"])?.status == 429)
        // Through the proxy, each client is its own.
        await fiveWrongGuesses(proxy, headers: { _ in ["X-Forwarded-For": "203.0.113.9"] })
        #expect(await proxy.signIn(Self.dana, Self.password, headers: ["X-Forwarded-For": "203.0.113.9"])?.status == 429)
        // The client wrote the left entry itself; the proxy appended what it saw: the right-most untrusted one counts.
        #expect(await proxy.signIn(Self.dana, Self.password, headers: ["X-Forwarded-For": "203.0.113.50, 203.0.113.9"])?.status == 429)
        // A proxy that adds a line of its own after the client's (HAProxy does) — every line is read, the last one last.
        let body = #"{"email":"dana@example.com","password":"correct horse"}"#
        let head = "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
            + "X-Forwarded-For: 203.0.113.51\r\nX-Forwarded-For: 203.0.113.9\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        let twoLines = await io { proxy.exchange(Array((head + body).utf8)) }
        #expect(twoLines?.status == 429)
        #expect(await proxy.signIn(Self.dana, Self.password, headers: ["X-Forwarded-For": "203.0.113.10"])?.status == 200)
        #expect(await proxy.signIn(Self.dana, Self.password)?.status == 200, "the proxy's own requests are its own")
    }

    @Test func anIPv6ClientIsCountedByItsSlash64() async throws {
        let world = try world { $0.trustedProxies = [IPAddressRange("127.0.0.2")!] }
        let proxy = FromAddress(port: world.server!.port, source: "127.0.0.2")
        await fiveWrongGuesses(proxy, headers: { ["X-Forwarded-For": "2001:db8:1:2::\($0 + 1)"] })
        #expect(await proxy.signIn(Self.dana, Self.password, headers: ["X-Forwarded-For": "[2001:db8:1:2:ffff:ffff:ffff:ffff]:443"])?.status == 429)
        #expect(await proxy.signIn(Self.dana, Self.password, headers: ["X-Forwarded-For": "2001:db8:1:3::1"])?.status == 200)
    }

    /// Every SSH session reaches the server from the SSH host's loopback address: the host, proven by its secret,
    /// forwards the SSH client's address and names the session's key, and those are counted instead.
    @Test func theSSHHostsSessionsAreCountedByTheirSSHClientNotTheLoopback() async throws {
        let world = try world()
        let host = FromAddress(port: world.server!.port, source: "127.0.0.1")
        let secret = ["X-Clubhouse-SSH-Host": ContractWorld.sshHostSecret]
        // One SSH client trying a new key each time is still one client.
        await fiveWrongGuesses(host, device: { "ssh:SHA256:key\($0)" }, headers: { _ in secret.merging(["X-Forwarded-For": "198.51.100.7"]) { $1 } })
        #expect(await host.signIn(Self.dana, Self.password, device: "ssh:SHA256:fresh", headers: secret.merging(["X-Forwarded-For": "198.51.100.7"]) { $1 })?
            .status == 429)
        // Another person on the same SSH host is not locked out.
        #expect(await host.signIn(Self.dana, Self.password, device: "ssh:SHA256:other", headers: secret.merging(["X-Forwarded-For": "198.51.100.8"]) { $1 })?
            .status == 200)
        // Without a forwarded address, the key the host vouches for is the bucket — not the loopback every session shares.
        await fiveWrongGuesses(host, device: { _ in "ssh:SHA256:lonely" }, headers: { _ in secret })
        #expect(await host.signIn(Self.dana, Self.password, device: "ssh:SHA256:lonely", headers: secret)?.status == 429)
        #expect(await host.signIn(Self.dana, Self.password, device: "ssh:SHA256:someone", headers: secret)?.status == 200)
        // A wrong secret proves nothing: refused, whatever it forwards.
        let wrong = await host.signIn(Self.dana, Self.password, device: "ssh:SHA256:x", headers: ["X-Clubhouse-SSH-Host": "not the secret"])
        #expect(wrong?.status == 403)
    }

    /// The SSH session's own transport sends what the host knows: its secret, the SSH client's address, the key.
    @Test func theSSHSessionsTransportForwardsItsSSHClient() async throws {
        let world = try world()
        let stateDir = TempDir()
        let fp = "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"
        let device = try LocalStateDirectory.resolve(environment: ["XDG_STATE_HOME": stateDir.path], sshKeyFingerprint: fp)
        let session = try #require(try world.sessionAPI(device) as? RemoteLeagueAPI)
        session.sshClientAddress = "198.51.100.20"
        for i in 0..<AccountRules.maxFailedSignIns {
            #expect(await failure { try await session.signIn(email: "guess\(i)@example.com", password: "wrong password") } == AccountRules.wrongCredentials)
        }
        #expect(await failure { try await session.signIn(email: Self.dana, password: Self.password) } == .rateLimited(retryAfterSeconds: 60))
        // Its SSH client was forwarded: another key from that client is limited too; its key, from another client, too.
        let host = FromAddress(port: world.server!.port, source: "127.0.0.1")
        let secret = ["X-Clubhouse-SSH-Host": ContractWorld.sshHostSecret]
        #expect(await host.signIn(Self.dana, Self.password, device: "ssh:SHA256:second", headers: secret.merging(["X-Forwarded-For": "198.51.100.20"]) { $1 })?
            .status == 429)
        #expect(await host.signIn(Self.dana, Self.password, device: "ssh:" + fp, headers: secret.merging(["X-Forwarded-For": "198.51.100.21"]) { $1 })?
            .status == 429)
        // A session of another SSH client with another key is not.
        #expect(await host.signIn(Self.dana, Self.password, device: "ssh:SHA256:another", headers: secret.merging(["X-Forwarded-For": "198.51.100.21"]) { $1 })?
            .status == 200)
    }

    @Test func newAccountsAreLimitedPerAddress() async throws {
        let world = try world()
        let office = FromAddress(port: world.server!.port, source: "127.0.0.2")
        for i in 0..<AccountRules.maxNewAccounts {
            #expect(await office.createAccount("office\(i)@example.com")?.status == 200)
        }
        let refused = await office.createAccount("office10@example.com")
        #expect(refused?.status == 429 && refused?.errorCode == "limit_reached")
        #expect(refused?.headers["retry-after"] == "3600")
        #expect(refused?.errorMessage == "Too many new accounts from this address — try again in 60 min")
        #expect(await FromAddress(port: world.server!.port, source: "127.0.0.3").createAccount("home@example.com")?.status == 200)
        #expect(try world.scalar("SELECT count(*) FROM users WHERE email LIKE 'office%'", as: Int.self) == 10)
    }
}

/// Writes are limited per account: a second session of the same account shares the first one's bucket.
@Suite struct ServerWriteLimitTests {
    @Test func twoSessionsOfOneAccountShareItsWriteLimit() async throws {
        let world = try ContractTransport.$current.withValue(.remote) {
            try ContractWorld { $0.writeBurst = 3; $0.writesPerSecond = 0.001 }
        }
        let alice = try world.person("alice").userID!
        let first = world.newSessionToken(alice), second = world.newSessionToken(alice)
        let other = world.newSessionToken(try world.signUp("Other").userID!)
        let http = RawHTTP(port: world.server!.port)
        func rename(_ token: String) async -> Int? {
            await io { http.request("PUT", "/v1/me", headers: ["Content-Type": "application/json", "Authorization": "Bearer " + token],
                                    body: Array(#"{"displayName":"Renamed"}"#.utf8))?.status }
        }
        #expect(await rename(first) == 200)
        #expect(await rename(first) == 200)
        #expect(await rename(second) == 200)
        #expect(await rename(second) == 429, "signing in again bought no more writes")
        #expect(await rename(first) == 429)
        #expect(await rename(other) == 200, "another account has its own")
    }

    @Test func aFullLimiterForgetsIdleBucketsBeforeBusyOnes() {
        let limiter = WriteLimiter(perSecond: 1, burst: 2)
        let start = ContinuousClock.now
        #expect(limiter.take("busy", now: start) == nil && limiter.take("busy", now: start) == nil)
        #expect(limiter.take("busy", now: start) == 1)
        for i in 1..<WriteLimiter.maxBuckets { _ = limiter.take("idle\(i)", now: start - .seconds(10)) }
        // Full: the next new key makes room by forgetting buckets that have refilled, not the busy one.
        #expect(limiter.take("newcomer", now: start) == nil)
        #expect(limiter.take("busy", now: start) == 1, "still empty")
    }
}

/// Addresses as `X-Forwarded-For` and `--trusted-proxy` write them.
@Suite struct ClientAddressTests {
    @Test func addressesParseInTheFormsProxiesWrite() {
        #expect(IPAddress("203.0.113.7")?.description == "203.0.113.7")
        #expect(IPAddress(" 203.0.113.7:5678 ")?.description == "203.0.113.7")
        #expect(IPAddress("2001:DB8::1")?.description == "2001:db8::1")
        #expect(IPAddress("[2001:db8::1]")?.description == "2001:db8::1")
        #expect(IPAddress("[2001:db8::1]:443")?.description == "2001:db8::1")
        #expect(IPAddress("::ffff:203.0.113.7") == IPAddress("203.0.113.7"), "an IPv4 client seen by a dual-stack socket")
        for bad in ["", "unknown", "example.com", "203.0.113", "203.0.113.7:99999", "[2001:db8::1", "[2001:db8::1]x", "fe80::1%eth0",
                    "203.0.113.7, 10.0.0.1", "_hidden"] {
            #expect(IPAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func anIPv6AddressIsCountedByItsSlash64AndIPv4ByItself() {
        #expect(IPAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")?.limitBucket == "2001:db8:1:2::/64")
        #expect(IPAddress("2001:db8:1:2::1")?.limitBucket == IPAddress("2001:db8:1:2:ffff::")?.limitBucket)
        #expect(IPAddress("2001:db8:1:3::1")?.limitBucket != IPAddress("2001:db8:1:2::1")?.limitBucket)
        #expect(IPAddress("203.0.113.7")?.limitBucket == "203.0.113.7")
    }

    @Test func rangesMatchTheirPrefixOnly() throws {
        let ten = try #require(IPAddressRange("10.0.0.0/8"))
        #expect(ten.contains(IPAddress("10.255.1.2")!) && !ten.contains(IPAddress("11.0.0.1")!))
        #expect(!ten.contains(IPAddress("::ffff:11.0.0.1")!) && ten.contains(IPAddress("::ffff:10.0.0.1")!))
        let odd = try #require(IPAddressRange("192.168.4.0/22"))
        #expect(odd.contains(IPAddress("192.168.7.255")!) && !odd.contains(IPAddress("192.168.8.0")!))
        let v6 = try #require(IPAddressRange("2001:db8::/32"))
        #expect(v6.contains(IPAddress("2001:db8:ffff::1")!) && !v6.contains(IPAddress("2001:db9::1")!) && !v6.contains(IPAddress("10.0.0.1")!))
        #expect(IPAddressRange("127.0.0.1")?.contains(IPAddress("127.0.0.1")!) == true)
        #expect(IPAddressRange("127.0.0.1")?.contains(IPAddress("127.0.0.2")!) == false)
        #expect(IPAddressRange.list("127.0.0.1, 10.0.0.0/8,::1")?.count == 3)
        for bad in ["", "10.0.0.0/33", "10.0.0.0/", "10.0.0.1:80", "[::1]", "::1/129", "localhost", "10.0.0.0/8,", "10.0.0.0/-1"] {
            #expect(IPAddressRange.list(bad) == nil, "\(bad)")
        }
    }

    @Test func forwardedForIsReadFromTheRightPastTrustedProxies() {
        let trusted = IPAddressRange.list("10.0.0.0/8,127.0.0.1")!
        #expect(ForwardedFor.client("203.0.113.7", trusted: trusted)?.description == "203.0.113.7")
        #expect(ForwardedFor.client("6.6.6.6, 203.0.113.7", trusted: trusted)?.description == "203.0.113.7", "the client's own entry is never reached")
        #expect(ForwardedFor.client("6.6.6.6, 203.0.113.7, 10.1.2.3", trusted: trusted)?.description == "203.0.113.7", "past a second proxy")
        #expect(ForwardedFor.client("garbage, 203.0.113.7", trusted: trusted)?.description == "203.0.113.7")
        #expect(ForwardedFor.client("203.0.113.7, garbage", trusted: trusted) == nil, "a chain that can't be followed: the peer counts")
        #expect(ForwardedFor.client("10.0.0.1, 127.0.0.1", trusted: trusted) == nil, "only proxies: the peer counts")
        #expect(ForwardedFor.client("", trusted: trusted) == nil)
    }

    @Test func theClientIsThePeerUnlessThePeerIsTrusted() {
        let trusted = IPAddressRange.list("10.0.0.5")!
        func client(_ peer: String, _ xff: String?, sshHost: Bool = false) -> String? {
            let request = HTTPRequest(method: "POST", path: "/v1/sessions", headers: xff.map { ["x-forwarded-for": $0] } ?? [:], peer: IPAddress(peer))
            return LeagueServer.client(of: request, trustedProxies: trusted, fromSSHHost: sshHost)?.description
        }
        #expect(client("198.51.100.1", "203.0.113.7") == "198.51.100.1")
        #expect(client("10.0.0.5", "203.0.113.7") == "203.0.113.7")
        #expect(client("10.0.0.5", nil) == "10.0.0.5")
        #expect(client("127.0.0.1", "203.0.113.7") == "127.0.0.1")
        #expect(client("127.0.0.1", "203.0.113.7", sshHost: true) == "203.0.113.7")
    }
}
