import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData

/// Strict HTTP: what the server reads is what a proxy in front of it reads. The table of refusals is in
/// ServerBadInputTests; these check what a status alone doesn't show.
@Suite("Server: strict HTTP framing", .serialized) struct ServerFramingTests {
    /// A long idle timeout: a request the server didn't answer would hang past the socket's 60 s read timeout
    /// rather than be closed by the idle timeout.
    static let fixture: BadInputFixture = try! BadInputFixture { $0.http.idleTimeoutSeconds = 600 }

    /// Everything the server answers on one connection for `bytes`, as separate responses.
    static func answers(_ bytes: [UInt8]) async -> [String] {
        let http = fixture.http
        let text = await io { () -> String in
            guard let fd = http.connect() else { return "" }
            defer { close(fd) }
            _ = RawHTTP.send(fd, bytes)
            return String(decoding: RawHTTP.readAll(fd), as: UTF8.self)
        }
        return text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { "HTTP/1.1 " + $0 }
    }

    /// Content-Length and chunked at once, with a second request hidden after the chunked body's end (a proxy that
    /// goes by Content-Length would forward it as part of the body): refused, the connection closed, and the hidden
    /// request — a sign-out — never runs.
    @Test func aRequestHiddenInTheBodyIsNeverRun() async throws {
        let f = Self.fixture
        let token = f.world.newSessionToken(try f.world.person("alice").userID!)
        let hidden = "DELETE /v1/session HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Length: 0\r\n\r\n"
        let body = "0\r\n\r\n" + hidden
        let smuggling = "POST /v1/leagues/2/join-requests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nTransfer-Encoding: chunked\r\n\r\n" + body
        let got = await Self.answers(Array(smuggling.utf8))
        #expect(got.count == 1, "one answer, then the connection closed: \(got)")
        #expect(got.first?.hasPrefix("HTTP/1.1 400") == true && got.first?.contains("malformed_request") == true)
        #expect(got.first?.lowercased().contains("connection: close") == true)
        let me = try #require(await io { f.http.request("GET", "/v1/me", headers: ["Authorization": "Bearer " + token]) })
        #expect(me.status == 200, "the hidden sign-out never ran")
    }

    /// A malformed request closes its connection: a well-formed one pipelined after it on the same connection gets
    /// no answer (it would be read with the malformed one's framing).
    @Test func aMalformedRequestClosesItsConnection() async throws {
        for malformed in ["GET /v1/leagues/1%00 HTTP/1.1\r\nHost: x\r\n\r\n",
                          "GET /v1/leagues/1 HTTP/1.1\r\nHost: x\r\nX-Note: a\rb\r\n\r\n",
                          "POST /v1/leagues/2/join-requests HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}"] {
            let got = await Self.answers(Array((malformed + "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").utf8))
            #expect(got.count == 1 && got[0].hasPrefix("HTTP/1.1 400"), "\(malformed.debugDescription): \(got)")
        }
    }

    /// `Transfer-Encoding: xchunked` leaves the body's end unknown: it is refused as soon as the head is read, not
    /// left to the idle timeout (600 s here; the socket read would give up after 60 s and find no answer).
    @Test func anUnknownTransferCodingIsAnsweredAtOnce() async throws {
        let head = "POST /v1/leagues/2/join-requests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: xchunked\r\n\r\n"
        let f = Self.fixture
        let answer = await io { () -> RawHTTP.Answer? in
            guard let fd = f.http.connect() else { return nil }
            defer { close(fd) }
            _ = RawHTTP.send(fd, Array((head + "2\r\n{}").utf8))   // the body never ends
            return RawHTTP.parse(RawHTTP.readAll(fd))
        }
        #expect(answer?.status == 400 && answer?.errorCode == "malformed_request")
    }

    /// HEAD answers wherever GET does, with GET's status and headers and no body; 405's Allow lists it.
    @Test func headIsAnsweredLikeGetWithoutABody() async throws {
        let f = Self.fixture
        for path in ["/v1/leagues/1", "/v1/leagues/1/standings", "/healthz", "/v1/leagues/987654", "/v1/leagues?name=sunday"] {
            let get = try #require(await io { f.http.request("GET", path) })
            let head = try #require(await io { f.http.request("HEAD", path) })
            #expect(head.status == get.status, "\(path)")
            #expect(head.headers["content-type"] == get.headers["content-type"] && head.headers["content-length"] == get.headers["content-length"])
            #expect(head.body.isEmpty && !get.body.isEmpty)
        }
        let stream = try #require(await io { f.http.request("HEAD", "/v1/events?league=3") })
        #expect(stream.status == 200 && stream.headers["content-type"]?.hasPrefix("text/event-stream") == true && stream.body.isEmpty)
        #expect(f.world.server!.openStreams == 0, "a HEAD opens no stream")
        let put = try #require(await io { f.http.request("PUT", "/v1/leagues/1/standings", headers: BadInput.json, body: Array("{}".utf8)) })
        #expect(put.status == 405 && put.headers["allow"] == "GET, HEAD")
        let pick = try #require(await io { f.http.request("HEAD", BadInput.pick) })
        #expect(pick.status == 405 && pick.headers["allow"] == "POST" && pick.body.isEmpty)
    }

    /// `application/json` with parameters is JSON (the body gets past the media type to the use case, which wants a
    /// session: 401); the request target is decoded once, segment by segment.
    @Test func whatIsWellFormedIsStillRead() async throws {
        let f = Self.fixture
        for type in ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=\"UTF-8\"", "application/json ; charset=utf-8", "application/json;"] {
            let answer = try #require(await io { f.http.request("POST", BadInput.join, headers: ["Content-Type": type], body: Array(#"{"teamName":"Raw"}"#.utf8)) })
            #expect(answer.status == 401, "\(type): \(answer.status) \(answer.errorCode ?? "")")
        }
        let spaced = try #require(await io { f.http.request("GET", "/v1/leagues?name=Sunday+Funday") })
        let escaped = try #require(await io { f.http.request("GET", "/v1/leagues?name=Sunday%20Funday") })
        #expect(spaced.status == 200 && String(decoding: spaced.body, as: UTF8.self).contains("Sunday Funday"))
        let decoded = { (a: RawHTTP.Answer) in (try? JSONSerialization.jsonObject(with: a.body)) as? NSArray }
        #expect(decoded(escaped) != nil && decoded(escaped) == decoded(spaced))
        let player = try #require(await io { f.http.request("GET", "/v1/players/00%2D0033280") })
        #expect(player.status == 200 && String(decoding: player.body, as: UTF8.self).contains("McCaffrey"))
        let chunked = "POST \(BadInput.join) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "12\r\n{\"teamName\":\"Raw\"}\r\n0\r\n\r\n"
        let answer = try #require(await io { f.http.exchange(Array(chunked.utf8)) })
        #expect(answer.status == 401, "a chunked body alone is read: \(answer.status) \(answer.errorCode ?? "")")
    }

    /// The remote transport speaks the strict server: a name filter with spaces, accents and reserved characters is
    /// percent-encoded to ASCII (raw non-ASCII bytes in a URL are refused), and event streams open with a token.
    @Test func theRemoteTransportIsUnderstood() async throws {
        let world = try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        for name in ["Sunday Funday", "Café & Co", "100% #1 ?x=y/z+"] {
            let found = try await world.api().publicLeagues(filter: LeagueFilter(nameContains: name))
            #expect(found.map(\.name) == (name == "Sunday Funday" ? ["Sunday Funday"] : []), "\(name)")
        }
        let office = try await world.league("Office League").id
        let events = world.api(try world.person("mei")).events(league: office, after: 0)
        #expect(await collect(events, count: 1).first?.leagueID == office, "a member follows a private league remotely")
    }

    /// README: a string *over* 4,096 bytes is refused. Exactly 4,096 gets past the JSON layer (to the use case, which
    /// finds a team name that long invalid: 422), counted in UTF-8 bytes with escapes decoded.
    @Test func aStringOfExactly4096BytesIsNotTooLong() async throws {
        let f = Self.fixture
        for name in [String(repeating: "a", count: 4_096), String(repeating: #"\u00e9"#, count: 2_048), String(repeating: #"\n"#, count: 4_096)] {
            let answer = try #require(await io {
                f.http.request("POST", BadInput.join, headers: ["Content-Type": "application/json", "Authorization": "Bearer " + f.valid],
                               body: Array(#"{"teamName":"\#(name)"}"#.utf8))
            })
            #expect(answer.status == 422 && answer.errorCode == "validation", "\(name.prefix(12))…: \(answer.status) \(answer.errorCode ?? "")")
        }
    }

    /// The same limit, at the decoder: bytes of the decoded string, escapes included.
    @Test func stringsAreMeasuredInDecodedUTF8Bytes() throws {
        func decodes(_ text: String) -> Bool {
            (try? StrictJSON.decode(Wire.TeamName.self, from: Array(#"{"teamName":"\#(text)"}"#.utf8))) != nil
        }
        func tooLong(_ text: String) -> Bool {
            do { _ = try StrictJSON.decode(Wire.TeamName.self, from: Array(#"{"teamName":"\#(text)"}"#.utf8)); return false } catch {
                return error.code == "string_too_long"
            }
        }
        #expect(decodes(String(repeating: "a", count: 4_096)) && tooLong(String(repeating: "a", count: 4_097)))
        #expect(decodes(String(repeating: "é", count: 2_048)) && tooLong(String(repeating: "é", count: 2_048) + "a"))
        #expect(decodes(String(repeating: #"\""#, count: 4_096)) && tooLong(String(repeating: #"\""#, count: 4_097)))
        #expect(decodes(String(repeating: #"\u00e9"#, count: 2_048)) && tooLong(String(repeating: #"\u00e9"#, count: 2_049)))
        #expect(decodes(String(repeating: #"\u20ac"#, count: 1_365) + "a") && tooLong(String(repeating: #"\u20ac"#, count: 1_366)))
        #expect(decodes(String(repeating: #"\ud83d\ude00"#, count: 1_024)) && tooLong(String(repeating: #"\ud83d\ude00"#, count: 1_024) + "a"))
    }
}
