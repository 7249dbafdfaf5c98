import ClubhouseDomain
@testable import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData

/// Reads can be revalidated — deterministic bytes (sorted keys), a strong `ETag`, `If-None-Match`
/// → 304 with no body, and `Cache-Control` that lets anyone revalidate a public answer and keeps a signed-in one private.
@Suite("Server: revalidation") struct ServerRevalidationTests {
    static func remoteWorld() throws -> ContractWorld { try ContractTransport.$current.withValue(.remote) { try ContractWorld() } }

    /// `If-None-Match` as RFC 9110 reads it: `*`, or a list of tags with optional spaces, weak ones compared weakly.
    @Test func ifNoneMatchReadsAListOfTagsAndAStar() {
        let tag = "\"00ff\""
        #expect(Revalidation.matches(tag, tag))
        #expect(Revalidation.matches("  *\t", tag))
        #expect(Revalidation.matches("\"aa\", \"00ff\"", tag))
        #expect(Revalidation.matches("\"aa\",W/\"00ff\" ", tag))
        #expect(Revalidation.matches(" W/\"00ff\"", tag))
        #expect(!Revalidation.matches("\"aa\", \"00f\"", tag))
        #expect(!Revalidation.matches("00ff", tag), "a tag is quoted")
        #expect(!Revalidation.matches("", tag))
        #expect(!Revalidation.matches(" , ", tag))
        #expect(!Revalidation.matches("\"aa\", *", tag), "a star is the whole header or nothing")
    }

    /// The keys of the outermost JSON object, in the order they were written.
    static func topLevelKeys(_ body: Data) -> [String] {
        let bytes = Array(body)
        var keys: [String] = [], depth = 0, i = 0, inString = false, start = 0
        while i < bytes.count {
            let c = bytes[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") {
                    inString = false
                    // A key at depth 1 is a string followed by a colon.
                    if depth == 1, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ":") {
                        keys.append(String(decoding: bytes[start..<i], as: UTF8.self))
                    }
                }
            } else if c == UInt8(ascii: "\"") { inString = true; start = i + 1 }
            else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
            else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") { depth -= 1 }
            i += 1
        }
        return keys
    }

    @Test func aReadHasAStrongETagAnd304sWhenNothingChanged() async throws {
        let world = try Self.remoteWorld()
        let http = RawHTTP(port: world.server!.port)
        let path = "/v1/leagues/1/standings"
        let first = try #require(await io { http.request("GET", path) })
        let again = try #require(await io { http.request("GET", path) })
        #expect(first.status == 200)
        let tag = try #require(first.headers["etag"])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34, "a strong tag: \(tag)")
        #expect(again.headers["etag"] == tag && again.body == first.body, "the same answer is the same bytes and tag")
        #expect(first.headers["cache-control"] == "public, no-cache", "anyone may keep it, and must ask again each time")

        let same = try #require(await io { http.request("GET", path, headers: ["If-None-Match": tag]) })
        #expect(same.status == 304)
        #expect(same.body.isEmpty)
        #expect(same.headers["etag"] == tag)
        // A list, a weak form of the tag and `*` match too; another tag doesn't.
        #expect(await io { http.request("GET", path, headers: ["If-None-Match": "\"0000\", W/\(tag)"]) }?.status == 304)
        #expect(await io { http.request("GET", path, headers: ["If-None-Match": "*"]) }?.status == 304)
        #expect(await io { http.request("GET", path, headers: ["If-None-Match": "\"0000000000000000000000000000000\""]) }?.status == 200)
        #expect(await io { http.request("HEAD", path, headers: ["If-None-Match": tag]) }?.status == 304)
    }

    @Test func aChangeGivesANewTagAndTheOldOneGetsTheWholeAnswer() async throws {
        let world = try Self.remoteWorld()
        let alice = try world.person("alice")
        let http = RawHTTP(port: world.server!.port)
        let path = "/v1/leagues/1/chat"
        let before = try #require(await io { http.request("GET", path) })
        let tag = try #require(before.headers["etag"])
        _ = try await world.api(alice).sendChat(LeagueID(1), text: "new tag please")
        let after = try #require(await io { http.request("GET", path, headers: ["If-None-Match": tag]) })
        #expect(after.status == 200)
        #expect(after.headers["etag"] != tag)
        #expect(String(decoding: after.body, as: UTF8.self).contains("new tag please"))
    }

    @Test func signedInAnswersArePrivateAndErrorsAndWritesAreNotKept() async throws {
        let world = try Self.remoteWorld()
        let token = world.newSessionToken(try world.signUp("Zed").userID!)
        let http = RawHTTP(port: world.server!.port)
        let mine = try #require(await io { http.request("GET", "/v1/me/leagues", headers: ["Authorization": "Bearer " + token]) })
        #expect(mine.status == 200)
        #expect(mine.headers["cache-control"] == "private, no-cache")
        #expect(mine.headers["etag"] != nil)
        let missing = try #require(await io { http.request("GET", "/v1/leagues/999999/standings") })
        #expect(missing.status == 404)
        #expect(missing.headers["cache-control"] == "no-store" && missing.headers["etag"] == nil)
        let chat = #"{"text":"hello"}"#
        let wrote = try #require(await io { http.request("POST", "/v1/leagues/1/chat", headers: ["Authorization": "Bearer " + token,
                                                                                                "Content-Type": "application/json"],
                                                          body: Array(chat.utf8)) })
        #expect(wrote.headers["cache-control"] == "no-store" && wrote.headers["etag"] == nil, "\(wrote.status)")
    }

    @Test func answersAreWrittenWithSortedKeysSoEveryInstanceSendsTheSameBytes() async throws {
        let world = try Self.remoteWorld()
        let http = RawHTTP(port: world.server!.port)
        for path in ["/v1/leagues/1", "/v1/leagues/1/draft", "/v1/players/00-0033280?league=1", "/v1/meta"] {
            let answer = try #require(await io { http.request("GET", path) })
            let keys = Self.topLevelKeys(answer.body)
            #expect(keys.count >= 2, "\(path)")
            #expect(keys == keys.sorted(), "\(path): \(keys)")
        }
    }

    /// The remote client asks again with the page's tag, and on 304 answers what it already had (decoded once).
    @Test func theRemoteClientAsksWithItsTagAndReusesItsPageOn304() async throws {
        let world = try Self.remoteWorld()
        let alice = try world.person("alice")
        let api = world.api()
        let first = try await api.standings(LeagueID(1))
        let second = try await api.standings(LeagueID(1))
        #expect(first == second)
        let chat = try await api.chatMessages(LeagueID(1), after: nil)
        _ = try await world.api(alice).sendChat(LeagueID(1), text: "something new")
        let newer = try await api.chatMessages(LeagueID(1), after: nil)
        #expect(newer.last?.body == "something new" && newer != chat, "a changed page is read whole")

        let http = RawHTTP(port: world.server!.port)
        let text = try #require(await io { http.request("GET", "/metrics") }.map { String(decoding: $0.body, as: UTF8.self) })
        #expect(ServerMetricsTests.sample(text, #"clubhouse_http_requests_total{method="GET",route="/v1/leagues/{league}/standings",status="200"}"#) == 1)
        #expect(ServerMetricsTests.sample(text, #"clubhouse_http_requests_total{method="GET",route="/v1/leagues/{league}/standings",status="304"}"#) == 1)
        #expect(ServerMetricsTests.sample(text, #"clubhouse_http_requests_total{method="GET",route="/v1/leagues/{league}/chat",status="200"}"#) == 2)
    }
}
