import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData

/// One server for the whole suite, over a seeded world, with tokens of every kind.
final class BadInputFixture: @unchecked Sendable {
    let world: ContractWorld
    let http: RawHTTP
    let valid: String, revoked: String, expired: String

    static let shared: BadInputFixture = try! BadInputFixture()

    init(configure: (inout LeagueServer.Options) -> Void = { _ in }) throws {
        world = try ContractTransport.$current.withValue(.remote) { try ContractWorld(server: configure) }
        http = RawHTTP(port: world.server!.port)
        let alice = try world.person("alice").userID!
        valid = world.newSessionToken(alice)
        revoked = world.newSessionToken(alice)
        try world.service.accounts.signOut(token: revoked)
        expired = world.newSessionToken(alice, lifetime: -60)
    }

    /// The request every case is followed by: it must still be answered normally.
    func normalRequestSucceeds() -> Bool { http.request("GET", "/v1/leagues/1/standings")?.status == 200 }
}

/// One bad request: what is sent, and the documented status and code it gets (ClubhouseServer's `ServerErrors`).
struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    let status: Int
    let code: String
    var field: String? = nil
    let request: @Sendable (BadInputFixture) -> [UInt8]
    var testDescription: String { name }

    static let json = ["Content-Type": "application/json"]
    static func post(_ path: String, _ body: String, headers: [String: String] = json) -> @Sendable (BadInputFixture) -> [UInt8] {
        { _ in RawHTTP.bytes("POST", path, headers: headers, body: Array(body.utf8)) }
    }
    static func post(_ path: String, bytes: [UInt8]) -> @Sendable (BadInputFixture) -> [UInt8] {
        { _ in RawHTTP.bytes("POST", path, headers: json, body: bytes) }
    }
    static func get(_ path: String, headers: [String: String] = [:]) -> @Sendable (BadInputFixture) -> [UInt8] {
        { _ in RawHTTP.bytes("GET", path, headers: headers) }
    }
    static func method(_ m: String, _ path: String) -> @Sendable (BadInputFixture) -> [UInt8] {
        { _ in RawHTTP.bytes(m, path, headers: json, body: Array("{}".utf8)) }
    }
    static func authorized(_ header: @escaping @Sendable (BadInputFixture) -> String) -> @Sendable (BadInputFixture) -> [UInt8] {
        { f in RawHTTP.bytes("POST", "/v1/leagues/2/join-requests", headers: ["Content-Type": "application/json", "Authorization": header(f)],
                             body: Array(#"{"teamName":"Raw FC"}"#.utf8)) }
    }

    static let join = "/v1/leagues/2/join-requests"
    static let pick = "/v1/leagues/3/draft/picks"

    static let cases: [BadInput] = [
        // Size
        BadInput(name: "a 70 KiB body", status: 413, code: "body_too_large", request: post(join, "{\"teamName\":\"" + String(repeating: "a", count: 70_000) + "\"}")),
        BadInput(name: "a declared 70 KiB body never sent", status: 413, code: "body_too_large", request: { _ in
            Array("POST \(join) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 71680\r\n\r\n".utf8) }),
        BadInput(name: "a chunked 70 KiB body", status: 413, code: "body_too_large", request: { _ in
            let chunk = String(repeating: "a", count: 10_000)
            var body = ""
            for _ in 0..<7 { body += String(10_000, radix: 16) + "\r\n" + chunk + "\r\n" }
            body += "0\r\n\r\n"
            return RawHTTP.bytes("POST", join, headers: ["Content-Type": "application/json", "Transfer-Encoding": "chunked"], body: Array(body.utf8)) }),
        // Not JSON
        BadInput(name: "a truncated body", status: 400, code: "malformed_json", request: post(join, #"{"teamName": "Raw"#)),
        BadInput(name: "plain text", status: 400, code: "malformed_json", request: post(join, "hello there")),
        BadInput(name: "a JSON list instead of an object", status: 400, code: "malformed_json", request: post(join, "[1,2,3]")),
        BadInput(name: "a bare JSON string", status: 400, code: "malformed_json", request: post(join, "\"teamName\"")),
        BadInput(name: "invalid UTF-8 in a string", status: 400, code: "malformed_json",
                 request: post(join, bytes: Array(#"{"teamName":""#.utf8) + [0xFF, 0xFE, 0xC3] + Array(#""}"#.utf8))),
        BadInput(name: "a NUL byte outside a string", status: 400, code: "malformed_json", request: post(join, bytes: Array(#"{"teamName":"a"}"#.utf8) + [0])),
        // Wrong types, missing and unknown fields
        BadInput(name: "a number for a name", status: 400, code: "invalid_field", field: "teamName", request: post(join, #"{"teamName":5}"#)),
        BadInput(name: "null for a name", status: 400, code: "invalid_field", field: "teamName", request: post(join, #"{"teamName":null}"#)),
        BadInput(name: "a missing field", status: 400, code: "invalid_field", field: "teamName", request: post(join, "{}")),
        BadInput(name: "an unknown field", status: 400, code: "unknown_field", field: "isAdmin", request: post(join, #"{"teamName":"Raw","isAdmin":true}"#)),
        BadInput(name: "text for true/false", status: 400, code: "invalid_field", field: "approve",
                 request: post("/v1/leagues/2/join-requests/1/decision", #"{"approve":"yes"}"#)),
        BadInput(name: "a fraction for a pick number", status: 400, code: "invalid_field", field: "expectedPick",
                 request: post(pick, #"{"expectedPick":1.5,"player":"00-0033280"}"#)),
        BadInput(name: "a pick number beyond 64 bits", status: 400, code: "invalid_field", field: "expectedPick",
                 request: post(pick, #"{"expectedPick":123456789012345678901234567890,"player":"00-0033280"}"#)),
        // 1e400 overflows every JSON number type: the parser itself refuses the body.
        BadInput(name: "a pick number of 1e400", status: 400, code: "malformed_json",
                 request: post(pick, #"{"expectedPick":1e400,"player":"00-0033280"}"#)),
        BadInput(name: "a list of text for a list of ids", status: 400, code: "invalid_field", field: "order[0]",
                 request: { _ in RawHTTP.bytes("PUT", "/v1/leagues/2/draft/order", headers: json, body: Array(#"{"order":["a"]}"#.utf8)) }),
        BadInput(name: "an unknown field inside a list", status: 400, code: "invalid_field", field: "order[0]",
                 request: { _ in RawHTTP.bytes("PUT", "/v1/leagues/2/draft/order", headers: json, body: Array(#"{"order":[{"x":1}]}"#.utf8)) }),
        // Depth and length caps
        BadInput(name: "lists nested 100 deep", status: 400, code: "too_deep",
                 request: post(join, String(repeating: "[", count: 100) + String(repeating: "]", count: 100))),
        BadInput(name: "objects nested 40 deep", status: 400, code: "too_deep",
                 request: post(join, String(repeating: #"{"a":"#, count: 40) + "1" + String(repeating: "}", count: 40))),
        BadInput(name: "a 5,000-byte string", status: 400, code: "string_too_long",
                 request: post(join, #"{"teamName":""# + String(repeating: "é", count: 2_500) + #""}"#)),
        // Media type
        BadInput(name: "a JSON body sent as text/plain", status: 415, code: "unsupported_media_type",
                 request: post(join, #"{"teamName":"Raw"}"#, headers: ["Content-Type": "text/plain"])),
        BadInput(name: "a body without a content type", status: 415, code: "unsupported_media_type", request: post(join, #"{"teamName":"Raw"}"#, headers: [:])),
        // Tokens
        BadInput(name: "a gated write without a token", status: 401, code: "unauthenticated", request: post(join, #"{"teamName":"Raw"}"#)),
        BadInput(name: "Basic instead of Bearer", status: 401, code: "unauthenticated", request: authorized { _ in "Basic YWxpY2U6cGFzcw==" }),
        BadInput(name: "Bearer without a token", status: 401, code: "unauthenticated", request: authorized { _ in "Bearer" }),
        BadInput(name: "a token too short to be one", status: 401, code: "unauthenticated", request: authorized { _ in "Bearer abc" }),
        BadInput(name: "a token nobody was given", status: 401, code: "unauthenticated",
                 request: authorized { _ in "Bearer " + String(repeating: "Z", count: 43) }),
        BadInput(name: "a token of 600 characters", status: 401, code: "unauthenticated",
                 request: authorized { _ in "Bearer " + String(repeating: "a", count: 600) }),
        BadInput(name: "an expired token", status: 401, code: "unauthenticated", request: authorized { "Bearer " + $0.expired }),
        BadInput(name: "a revoked token", status: 401, code: "unauthenticated", request: authorized { "Bearer " + $0.revoked }),
        BadInput(name: "an expired token on a read", status: 401, code: "unauthenticated",
                 request: { f in RawHTTP.bytes("GET", "/v1/leagues/1", headers: ["Authorization": "Bearer " + f.expired]) }),
        BadInput(name: "a valid token on someone else's commissioner page", status: 403, code: "forbidden",
                 request: { f in RawHTTP.bytes("POST", "/v1/leagues/2/draft/start", headers: ["Authorization": "Bearer " + f.valid]) }),
        // Methods and routes
        BadInput(name: "DELETE on the league list", status: 405, code: "method_not_allowed", request: method("DELETE", "/v1/leagues")),
        BadInput(name: "PUT on standings", status: 405, code: "method_not_allowed", request: method("PUT", "/v1/leagues/1/standings")),
        BadInput(name: "POST on /healthz", status: 405, code: "method_not_allowed", request: method("POST", "/healthz")),
        BadInput(name: "GET on a pick", status: 405, code: "method_not_allowed", request: get(pick)),
        BadInput(name: "an unknown version", status: 404, code: "no_route", request: get("/v2/leagues")),
        BadInput(name: "an unknown page of a league", status: 404, code: "no_route", request: get("/v1/leagues/1/secrets")),
        BadInput(name: "the root", status: 404, code: "no_route", request: get("/")),
        BadInput(name: "a doubled slash", status: 404, code: "no_route", request: get("/v1//leagues")),
        BadInput(name: "a dot-dot path", status: 404, code: "no_route", request: get("/v1/leagues/../../etc/passwd")),
        // Ids
        BadInput(name: "a league id that isn't a number", status: 400, code: "bad_parameter", field: "league", request: get("/v1/leagues/abc")),
        BadInput(name: "a negative league id", status: 400, code: "bad_parameter", field: "league", request: get("/v1/leagues/-5")),
        BadInput(name: "a league id beyond 64 bits", status: 400, code: "bad_parameter", field: "league", request: get("/v1/leagues/99999999999999999999999")),
        BadInput(name: "a league id of invalid UTF-8", status: 400, code: "bad_parameter", field: "league", request: get("/v1/leagues/%FF%FE")),
        BadInput(name: "a league that doesn't exist", status: 404, code: "not_found", request: get("/v1/leagues/987654")),
        BadInput(name: "a team that doesn't exist", status: 404, code: "not_found", request: get("/v1/leagues/1/teams/987654/roster")),
        BadInput(name: "a player id with markup", status: 400, code: "bad_parameter", field: "player", request: get("/v1/players/%3Cscript%3E")),
        BadInput(name: "a player that doesn't exist", status: 404, code: "not_found", request: get("/v1/players/00-9999999")),
        BadInput(name: "a week that isn't a number", status: 400, code: "bad_parameter", field: "week", request: get("/v1/leagues/1/scoreboard?week=nine")),
        BadInput(name: "a position that doesn't exist", status: 400, code: "bad_parameter", field: "position", request: get("/v1/leagues/1/players?position=GOALIE")),
        BadInput(name: "events of a league that isn't a number", status: 400, code: "bad_parameter", field: "league", request: get("/v1/events?league=x")),
        BadInput(name: "events after an id that isn't a number", status: 400, code: "bad_parameter",
                 request: get("/v1/events?league=1", headers: ["Last-Event-ID": "yesterday"])),
        BadInput(name: "events of a league that doesn't exist", status: 404, code: "not_found", request: get("/v1/events?league=987654")),
        // Framing: one unambiguous body length, or the connection is closed after a 400
        BadInput(name: "Content-Length and Transfer-Encoding both", status: 400, code: "malformed_request",
                 request: raw("POST \(join) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\n"
                              + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n")),
        BadInput(name: "two Content-Lengths that differ", status: 400, code: "malformed_request",
                 request: raw("POST \(join) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}abc")),
        BadInput(name: "two equal Content-Lengths", status: 400, code: "malformed_request",
                 request: raw("POST \(join) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}")),
        BadInput(name: "Transfer-Encoding: xchunked", status: 400, code: "malformed_request",
                 request: raw("POST \(join) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: xchunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")),
        BadInput(name: "Transfer-Encoding: gzip, chunked", status: 400, code: "malformed_request",
                 request: raw("POST \(join) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")),
        BadInput(name: "Transfer-Encoding twice", status: 400, code: "malformed_request",
                 request: raw("POST \(join) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                              + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")),
        BadInput(name: "chunked on HTTP/1.0", status: 400, code: "malformed_request",
                 request: raw("POST \(join) HTTP/1.0\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")),
        // The head as it arrived: NULs and control characters, line ends, folding, repeated headers
        BadInput(name: "a NUL inside the token", status: 400, code: "malformed_request",
                 request: { f in Array("GET /v1/me/leagues HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer \(f.valid)".utf8) + [0]
                                + Array("junk\r\n\r\n".utf8) }),
        BadInput(name: "a NUL ending the token", status: 400, code: "malformed_request",
                 request: { f in Array("GET /v1/me/leagues HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer \(f.valid)".utf8) + [0]
                                + Array("\r\n\r\n".utf8) }),
        BadInput(name: "a NUL in the request line", status: 400, code: "malformed_request",
                 request: { _ in Array("GET /v1/leagues/1".utf8) + [0] + Array("abc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8) }),
        BadInput(name: "a bare CR in a header", status: 400, code: "malformed_request",
                 request: raw("GET /v1/leagues/1 HTTP/1.1\r\nHost: x\r\nX-Note: a\rb\r\nConnection: close\r\n\r\n")),
        BadInput(name: "a control character in a header", status: 400, code: "malformed_request",
                 request: raw("GET /v1/leagues/1 HTTP/1.1\r\nHost: x\r\nX-Note: a\u{1B}[2Jb\r\nConnection: close\r\n\r\n")),
        BadInput(name: "lines ended by a bare LF", status: 400, code: "malformed_request",
                 request: raw("GET /v1/leagues/1 HTTP/1.1\nHost: x\nConnection: close\n\n")),
        BadInput(name: "a header folded onto the next line", status: 400, code: "malformed_request",
                 request: raw("GET /v1/leagues/1 HTTP/1.1\r\nHost: x\r\nX-Note: a\r\n b\r\nConnection: close\r\n\r\n")),
        BadInput(name: "a space before a header's colon", status: 400, code: "malformed_request",
                 request: raw("GET /v1/leagues/1 HTTP/1.1\r\nHost: x\r\nX-Note : a\r\nConnection: close\r\n\r\n")),
        BadInput(name: "Authorization twice", status: 400, code: "malformed_request",
                 request: { f in RawHTTP.bytes("GET", "/v1/me/leagues", headers: ["Authorization": "Bearer \(f.valid)", "authorization": "Bearer \(f.revoked)"]) }),
        BadInput(name: "Host twice", status: 400, code: "malformed_request",
                 request: raw("GET /v1/leagues/1 HTTP/1.1\r\nHost: x\r\nHost: y\r\nConnection: close\r\n\r\n")),
        BadInput(name: "two spaces after the method", status: 400, code: "malformed_request",
                 request: raw("GET  /v1/leagues/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
        // The request target, decoded segment by segment
        BadInput(name: "%00 in the path", status: 400, code: "malformed_request", request: get("/v1/leagues/1%00abc")),
        BadInput(name: "%00 in a query value", status: 400, code: "malformed_request", request: get("/v1/leagues?name=a%00b")),
        BadInput(name: "%0A in the path", status: 400, code: "malformed_request", request: get("/v1/leagues/1%0A")),
        BadInput(name: "%2F inside a segment", status: 400, code: "malformed_request", request: get("/v1/leagues/1%2Fstandings")),
        BadInput(name: "%2f inside a segment", status: 400, code: "malformed_request", request: get("/v1/leagues%2f1")),
        BadInput(name: "a % without two hex digits", status: 400, code: "malformed_request", request: get("/v1/leagues/1%G1")),
        BadInput(name: "a % at the end of the query", status: 400, code: "malformed_request", request: get("/v1/leagues?name=100%")),
        BadInput(name: "a raw quote in the path", status: 400, code: "malformed_request", request: get("/v1/players/\"x\"")),
        BadInput(name: "a raw non-ASCII byte in the query", status: 400, code: "malformed_request",
                 request: { _ in Array("GET /v1/leagues?name=".utf8) + [0xC3, 0xA9] + Array(" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8) }),
        BadInput(name: "a query parameter given twice", status: 400, code: "bad_parameter", field: "league", request: get("/v1/events?league=1&league=7")),
        // Media type and encoding of the body
        BadInput(name: "application/jsonx", status: 415, code: "unsupported_media_type",
                 request: post(join, #"{"teamName":"Raw"}"#, headers: ["Content-Type": "application/jsonx"])),
        BadInput(name: "application/json-seq", status: 415, code: "unsupported_media_type",
                 request: post(join, #"{"teamName":"Raw"}"#, headers: ["Content-Type": "application/json-seq"])),
        BadInput(name: "a UTF-16 charset", status: 415, code: "unsupported_media_type",
                 request: post(join, #"{"teamName":"Raw"}"#, headers: ["Content-Type": "application/json; charset=utf-16"])),
        BadInput(name: "a charset parameter without a value", status: 415, code: "unsupported_media_type",
                 request: post(join, #"{"teamName":"Raw"}"#, headers: ["Content-Type": "application/json; charset="])),
        BadInput(name: "a UTF-16 body", status: 400, code: "malformed_json",
                 request: post(join, bytes: Array(#"{"teamName":"Raw"}"#.data(using: .utf16LittleEndian)!))),
        BadInput(name: "a UTF-16 body with a byte order mark", status: 400, code: "malformed_json",
                 request: post(join, bytes: Array(#"{"teamName":"Raw"}"#.data(using: .utf16)!))),
        BadInput(name: "a UTF-8 byte order mark", status: 400, code: "malformed_json",
                 request: post(join, bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"teamName":"Raw"}"#.utf8))),
        BadInput(name: "a raw control character in a string", status: 400, code: "malformed_json",
                 request: post(join, bytes: Array(#"{"teamName":"a"#.utf8) + [0x01] + Array(#""}"#.utf8))),
        BadInput(name: "a 4,097-byte string", status: 400, code: "string_too_long",
                 request: post(join, #"{"teamName":""# + String(repeating: "a", count: 4_097) + #""}"#)),
        BadInput(name: "a string of 2,049 escaped é (4,098 bytes)", status: 400, code: "string_too_long",
                 request: post(join, #"{"teamName":""# + String(repeating: #"\u00e9"#, count: 2_049) + #""}"#)),
    ]

    /// Bytes sent exactly as written.
    static func raw(_ text: String) -> @Sendable (BadInputFixture) -> [UInt8] { { _ in Array(text.utf8) } }
}

@Suite("Server: bad input", .serialized) struct ServerBadInputTests {
    @Test(arguments: BadInput.cases)
    func getsItsDocumentedStatusAndCode(_ bad: BadInput) async throws {
        let f = BadInputFixture.shared
        let answer = try #require(await io { f.http.exchange(bad.request(f)) }, "no HTTP answer")
        #expect(answer.status == bad.status, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(answer.errorCode == bad.code)
        if let field = bad.field { #expect(answer.errorField == field) }
        #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
        if bad.status == 405 { #expect(answer.headers["allow"]?.isEmpty == false) }
        #expect(await io { f.normalRequestSucceeds() }, "the next ordinary request is answered")
    }

    @Test func thereAreAtLeastFortyCases() { #expect(BadInput.cases.count >= 40) }

    /// A body sent one byte a second is dropped once the body deadline passes, not held; the server still answers.
    @Test func aRequestSentOneByteASecondIsDropped() async throws {
        let f = try BadInputFixture { $0.http.bodyDeadline = .seconds(2) }
        let (sent, rest, bodyCount) = await io { () -> (Int, Data, Int) in
        guard let fd = f.http.connect(timeoutSeconds: 10) else { return (-1, Data(), 0) }
        defer { close(fd) }
        let body = Array(#"{"teamName":"Slow FC"}"#.utf8)
        _ = RawHTTP.send(fd, RawHTTP.bytes("POST", BadInput.join, headers: ["Content-Type": "application/json", "Content-Length": "\(body.count)"]))
        var sent = 0
        for byte in body.prefix(8) {   // bounded: at most 8 s
            guard RawHTTP.send(fd, [byte]) else { break }
            sent += 1
            Thread.sleep(forTimeInterval: 1)   // the behaviour under test is the slowness itself
        }
        return (sent, RawHTTP.readAll(fd), body.count)
        }
        #expect(sent >= 0, "connected")
        #expect(RawHTTP.parse(rest)?.status != 200, "the half-sent request was not processed")
        #expect(sent < bodyCount)
        #expect(await io { f.normalRequestSucceeds() })
    }

    @Test func writesBeyondTheTokensLimitGet429WithRetryAfter() async throws {
        let f = try BadInputFixture { $0.writeBurst = 3; $0.writesPerSecond = 0.01 }
        var statuses: [Int] = []
        var last: RawHTTP.Answer?
        for _ in 0..<5 {
            let token = f.valid
            last = await io { f.http.request("POST", "/v1/leagues/3/chat", headers: ["Content-Type": "application/json", "Authorization": "Bearer " + token],
                                  body: Array(#"{"text":"hi"}"#.utf8)) }
            statuses.append(last?.status ?? 0)
        }
        #expect(statuses.suffix(2) == [429, 429], "\(statuses)")
        #expect(last?.errorCode == "rate_limited")
        #expect(Int(last?.headers["retry-after"] ?? "") ?? 0 >= 1)
        #expect(await io { f.normalRequestSucceeds() }, "reads aren't limited")
    }

    @Test func eventStreamsBeyondTheCapGet503WithRetryAfter() async throws {
        let f = try BadInputFixture { $0.maxStreams = 2 }
        var open: [Int32] = []
        defer { open.forEach { close($0) } }
        for _ in 0..<2 {
            let fd = try #require(f.http.connect())
            _ = RawHTTP.send(fd, RawHTTP.bytes("GET", "/v1/events?league=3"))
            open.append(fd)
        }
        #expect(await Wait.until(.seconds(60)) { f.world.server!.openStreams >= 2 })
        #expect(f.world.server!.openStreams == 2)
        let third = try #require(await io { f.http.request("GET", "/v1/events?league=3") })
        #expect(third.status == 503 && third.errorCode == "unavailable")
        #expect(third.headers["retry-after"] != nil)
        #expect(await io { f.normalRequestSucceeds() })
    }

    @Test func connectionsBeyondTheCapGet503() async throws {
        let f = try BadInputFixture { $0.http.maxConnections = 3 }
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<4 { idle.append(try #require(f.http.connect())) }
        let answer = try #require(await io { f.http.request("GET", "/v1/leagues/1/standings") })
        #expect(answer.status == 503 && answer.errorCode == "unavailable" && answer.headers["retry-after"] != nil)
        idle.forEach { close($0) }
        idle = []
        #expect(await Wait.until(.seconds(60), every: .milliseconds(50)) { await io { f.normalRequestSucceeds() } })
    }

    /// 10,000 bad requests (the cases above, round and round): the process's resident memory stays flat.
    /// The resident size is the whole test process's, and `make test` runs other data tests beside this one, whose
    /// allocations land in it too (once: +46 MiB over one round). So three rounds of 10,000 are measured and the
    /// smallest growth is held to the limit: a leak in the server's handling of bad requests grows every round; a
    /// neighbour's allocations don't land in all three.
    @Test func memoryDoesNotGrowAcross10000BadRequests() async throws {
        let f = BadInputFixture.shared
        let cheap = BadInput.cases.filter { $0.status != 413 && $0.status != 403 }
        let rounds = await io { () -> [(before: Int, after: Int)] in
            for i in 0..<1_000 { _ = f.http.exchange(cheap[i % cheap.count].request(f)) }   // warm up caches and pools
            return (0..<3).map { _ in
                let before = residentBytes()
                for i in 0..<10_000 { _ = f.http.exchange(cheap[i % cheap.count].request(f)) }
                return (before, residentBytes())
            }
        }
        let grew = rounds.map { Double($0.after - $0.before) / 1_048_576 }
        let grewMiB = grew.min() ?? 0
        print("server bad-input memory: RSS \(rounds[0].before / 1_048_576) MiB before; grew " +
              grew.map { String(format: "%+.1f", $0) }.joined(separator: ", ") + " MiB over three rounds of 10,000 bad requests")
        #expect(grewMiB < 16, "resident memory grew at least \(grewMiB) MiB in each round of 10,000: \(grew)")
        #expect(await io { f.normalRequestSucceeds() })
    }
}
