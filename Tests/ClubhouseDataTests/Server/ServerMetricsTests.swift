import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData

/// Metrics: `GET /metrics` in Prometheus's text format, for this machine (or the metrics token) only; route
/// templates, methods and statuses as labels, never an id, a name or an address.
@Suite("Server: metrics") struct ServerMetricsTests {
    /// A server over the world's database: behind a trusted proxy on loopback (so a test can be any client through
    /// `X-Forwarded-For`), with a metrics token.
    static func server(_ world: ContractWorld, token: String? = nil) throws -> LeagueServer {
        var options = LeagueServer.Options()
        options.http.port = 0
        options.runsClocks = false
        options.trustedProxies = [IPAddressRange("127.0.0.1/32")!]
        options.metricsToken = token
        options.databasePool = { DatabasePoolUse(open: 5, idle: 3, max: 16) }
        let server = LeagueServer(backend: EmbeddedServerBackend(service: world.service, events: world.events,
                                                                 random: { RandomSource(seed: world.randomSeed) }),
                                  options: options, log: { _ in })
        try server.start()
        return server
    }

    /// The value of the sample `name{labels}` in the exposition text (labels as written, in order).
    static func sample(_ text: String, _ series: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test func countsRequestsByRouteTemplateWithLatencyAndSignInRefusalsAndNoIDs() async throws {
        let world = try ContractWorld()
        let server = try Self.server(world)
        defer { server.stopNow() }
        let http = RawHTTP(port: server.port)
        for _ in 0..<3 { _ = await io { http.request("GET", "/v1/leagues/1/standings") } }
        _ = await io { http.request("GET", "/v1/leagues/999999/standings") }
        _ = await io { http.request("GET", "/v1/no-such-thing") }
        let wrong = #"{"email":"mei@example.com","password":"not her password","device":null}"#
        let refused = try #require(await io { http.request("POST", "/v1/sessions", headers: ["Content-Type": "application/json"], body: Array(wrong.utf8)) })
        #expect((400..<500).contains(refused.status), "\(refused.status)")
        let reason = refused.status == 401 ? "unauthenticated" : refused.status == 429 ? "rate_limited" : "refused"

        let answer = try #require(await io { http.request("GET", "/metrics") })
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(Self.sample(text, #"clubhouse_http_requests_total{method="GET",route="/v1/leagues/{league}/standings",status="200"}"#) == 3)
        #expect(Self.sample(text, #"clubhouse_http_requests_total{method="GET",route="/v1/leagues/{league}/standings",status="404"}"#) == 1)
        #expect(Self.sample(text, #"clubhouse_http_requests_total{method="GET",route="unmatched",status="404"}"#) == 1)
        #expect(Self.sample(text, #"clubhouse_sign_in_refusals_total{route="/v1/sessions",reason="\#(reason)"}"#) == 1)
        // The histogram: cumulative buckets ending in +Inf = the count; the sum is the time taken.
        let route = #"route="/v1/leagues/{league}/standings""#
        #expect(Self.sample(text, "clubhouse_http_request_duration_seconds_count{\(route)}") == 4)
        #expect(Self.sample(text, "clubhouse_http_request_duration_seconds_bucket{\(route),le=\"+Inf\"}") == 4)
        var previous = 0.0
        for le in ["0.001", "0.01", "0.1", "1", "10"] {
            let n = try #require(Self.sample(text, "clubhouse_http_request_duration_seconds_bucket{\(route),le=\"\(le)\"}"), "le=\(le)")
            #expect(n >= previous && n <= 4); previous = n
        }
        #expect((Self.sample(text, "clubhouse_http_request_duration_seconds_sum{\(route)}") ?? -1) > 0)
        #expect(Self.sample(text, #"clubhouse_build_info{version="\#(ClubhouseVersion.string)",api="\#(ClubhouseVersion.api)"}"#) == 1)
        #expect(Self.sample(text, #"clubhouse_db_pool_connections{state="busy"}"#) == 2)
        #expect(Self.sample(text, "clubhouse_db_pool_max") == 16)
        // No ids, names or addresses: only templates.
        for leak in ["/v1/leagues/1/", "/999999", "mei@", "127.0.0.1", "example.com"] { #expect(!text.contains(leak), "\(leak)") }
        // Every sample line is `name{labels} number` or `name number`, after its HELP and TYPE.
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.wholeMatch(of: #/[a-z_]+(\{([a-zA-Z_]+="[^"]*",?)+\})? [0-9.e+-]+/#) != nil, "\(line)")
        }
    }

    @Test func countsOpenStreamsAndEventsFannedOut() async throws {
        let world = try ContractWorld()
        let server = try Self.server(world)
        defer { server.stopNow() }
        let http = RawHTTP(port: server.port)
        var streams: [RawSSE] = []
        for _ in 0..<2 { if let s = await io({ RawSSE(port: server.port, path: "/v1/events?league=3", timeoutSeconds: 30) }) { streams.append(s) } }
        #expect(streams.count == 2)
        #expect(await Wait.until(.seconds(60)) { server.openStreams == 2 })
        try EventLog.append(world.database, league: LeagueID(3), kind: .chat, payload: #"{"n":1}"#)
        for s in streams { _ = await io { s.frames { $0.decoded?.kind == .chat } } }
        let text = try #require(await io { http.request("GET", "/metrics") }.map { String(decoding: $0.body, as: UTF8.self) })
        #expect(Self.sample(text, "clubhouse_event_streams_open") == 2)
        #expect(Self.sample(text, "clubhouse_events_fanned_out_total") == 2, "one event, two streams")
        #expect(Self.sample(text, "clubhouse_event_streams_max") == Double(LeagueServer.Options().maxStreams))
        // The clocks' lag (reported by the draft and season clock drivers started beside the server).
        server.metrics.clockLag("draft", seconds: 0.3)
        server.metrics.clockLag("draft", seconds: 0.3)
        server.metrics.clockLag("season", seconds: 12)
        server.metrics.clockLag("a name from nowhere", seconds: 1)
        let later = try #require(await io { http.request("GET", "/metrics") }.map { String(decoding: $0.body, as: UTF8.self) })
        #expect(Self.sample(later, #"clubhouse_clock_lag_seconds_count{clock="draft"}"#) == 2)
        #expect(Self.sample(later, #"clubhouse_clock_lag_seconds_bucket{clock="draft",le="0.25"}"#) == 0)
        #expect(Self.sample(later, #"clubhouse_clock_lag_seconds_bucket{clock="draft",le="0.5"}"#) == 2)
        #expect(Self.sample(later, #"clubhouse_clock_lag_seconds_bucket{clock="season",le="10"}"#) == 0)
        #expect(Self.sample(later, #"clubhouse_clock_lag_seconds_bucket{clock="season",le="30"}"#) == 1)
        #expect(!later.contains("nowhere"))
    }

    @Test func onlyThisMachineOrTheTokensHolderMayRead() async throws {
        let world = try ContractWorld()
        let server = try Self.server(world, token: "metrics-token-0123456789")
        defer { server.stopNow() }
        let http = RawHTTP(port: server.port)
        // From elsewhere (through the trusted proxy on loopback): refused, unless the token comes with it.
        let away = ["X-Forwarded-For": "203.0.113.9"]
        #expect(await io { http.request("GET", "/metrics", headers: away) }?.status == 403)
        #expect(await io { http.request("GET", "/metrics", headers: away.merging(["Authorization": "Bearer wrong-token-0123456789"]) { $1 }) }?.status == 403)
        #expect(await io { http.request("GET", "/metrics", headers: away.merging(["Authorization": "Bearer metrics-token-0123456789"]) { $1 }) }?.status == 200)
        // From this machine: no token needed.
        #expect(await io { http.request("GET", "/metrics") }?.status == 200)
        #expect(await io { http.request("GET", "/metrics", headers: ["X-Forwarded-For": "::1"]) }?.status == 200)
    }

    /// The text read by Prometheus's own parser (Python's `prometheus_client`, Debian's python3-prometheus-client, which
    /// `make test` installs) after a scripted burst: every count is what the burst did.
    @Test func prometheusOwnParserReadsTheCountsOfABurst() async throws {
        let world = try ContractWorld()
        let server = try Self.server(world)
        defer { server.stopNow() }
        let http = RawHTTP(port: server.port)
        for _ in 0..<7 { _ = await io { http.request("GET", "/v1/leagues/1/standings") } }
        for _ in 0..<4 { _ = await io { http.request("GET", "/v1/leagues") } }
        for _ in 0..<2 { _ = await io { http.request("GET", "/v1/nothing") } }
        _ = await io { http.request("DELETE", "/v1/leagues") }
        let text = try #require(await io { http.request("GET", "/metrics") }.map { String(decoding: $0.body, as: UTF8.self) })

        let dir = TempDir()
        let file = dir.file("metrics.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let script = """
            import json, sys
            from prometheus_client.parser import text_string_to_metric_families
            out = []
            for family in text_string_to_metric_families(open(sys.argv[1]).read()):
                for s in family.samples:
                    out.append({"family": family.name, "type": family.type, "name": s.name, "labels": s.labels, "value": s.value})
            print(json.dumps(out))
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, file]
        let pipe = Pipe(), errors = Pipe()
        python.standardOutput = pipe; python.standardError = errors
        try python.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        try #require(python.terminationStatus == 0, "prometheus_client's parser (apt-get install python3-prometheus-client): \(problems)")

        struct Sample: Decodable { var family: String; var type: String; var name: String; var labels: [String: String]; var value: Double }
        let samples = try JSONDecoder().decode([Sample].self, from: output)
        func value(_ name: String, _ labels: [String: String]) -> Double? { samples.first { $0.name == name && $0.labels == labels }?.value }
        #expect(value("clubhouse_http_requests_total", ["method": "GET", "route": "/v1/leagues/{league}/standings", "status": "200"]) == 7)
        #expect(value("clubhouse_http_requests_total", ["method": "GET", "route": "/v1/leagues", "status": "200"]) == 4)
        #expect(value("clubhouse_http_requests_total", ["method": "GET", "route": "unmatched", "status": "404"]) == 2)
        #expect(value("clubhouse_http_requests_total", ["method": "DELETE", "route": "unmatched", "status": "405"]) == 1, "no route answers DELETE there")
        #expect(value("clubhouse_http_request_duration_seconds_count", ["route": "/v1/leagues/{league}/standings"]) == 7)
        #expect(value("clubhouse_http_request_duration_seconds_bucket", ["route": "/v1/leagues", "le": "+Inf"]) == 4)
        #expect(samples.first { $0.family == "clubhouse_http_request_duration_seconds" }?.type == "histogram")
        #expect(samples.first { $0.family == "clubhouse_http_requests" }?.type == "counter", "counters' family names drop _total")
        #expect(value("clubhouse_event_streams_open", [:]) == 0)
    }
}
