import ClubhouseDomain
import ClubhouseServer
import Foundation
import Testing
@testable import ClubhouseData

/// A private league's data is for its members (its commissioner and team managers), on every read route and on the
/// event stream, live and replayed. Office League is the demo's private league (commissioner Mei).
@Suite("Server: private leagues") struct ServerPrivacyTests {
    static func remoteWorld() throws -> ContractWorld { try ContractTransport.$current.withValue(.remote) { try ContractWorld() } }

    /// What a route needs in its query to be answered at all (a recap is of one week).
    static let requiredQuery = ["/v1/leagues/{league}/recap": "?week=1"]

    /// Every `GET` route with a `{league}` (and a player's page under a league's scoring), asked for the private
    /// league: outsiders get 401/403, or an empty list for the routes that answer with the caller's own things (their
    /// claims, their queue); the commissioner gets 200 everywhere.
    @Test func everyReadRouteOfAPrivateLeagueNeedsMembership() async throws {
        let world = try Self.remoteWorld()
        let office = try await world.league("Office League").id
        let mei = try world.person("mei")
        let team = try await world.team(of: mei, in: office)
        let http = RawHTTP(port: world.server!.port)
        let paths = LeagueRoutes.all.filter { $0.method == "GET" && $0.template.contains("{league}") }.map { route in
            route.template.replacingOccurrences(of: "{league}", with: "\(office.rawValue)")
                .replacingOccurrences(of: "{team}", with: "\(team.rawValue)")
                .replacingOccurrences(of: "{week}", with: "1")
                + (Self.requiredQuery[route.template] ?? "")
        } + ["/v1/players/00-0033280?league=\(office.rawValue)", "/v1/events?league=\(office.rawValue)"]
        #expect(paths.count >= 18, "\(paths)")
        let tokens = ["anonymous": nil, "a signed-in outsider": world.newSessionToken(try world.signUp("Zed").userID!),
                      "the commissioner": world.newSessionToken(mei.userID!)]
        for (who, token) in tokens {
            for path in paths {
                let headers = token.map { ["Authorization": "Bearer " + $0] } ?? [:]
                // HEAD: the event stream answers its checks without staying open.
                let method = path.hasPrefix("/v1/events") ? "HEAD" : "GET"
                let answer = try #require(await io { http.request(method, path, headers: headers) }, "\(path): no answer")
                let body = String(decoding: answer.body, as: UTF8.self)
                if who == "the commissioner" {
                    #expect(answer.status == 200, "\(who) \(path): \(answer.status) \(body.prefix(200))")
                } else {
                    let refused = answer.status == 401 || answer.status == 403
                    let nothing = answer.status == 200 && body == "[]"
                    #expect(refused || nothing, "\(who) \(path): \(answer.status) \(body.prefix(200))")
                }
            }
        }
    }

    /// `GET /v1/events` without `league=` and resumed from 0: without a token, nothing of the private league, replayed
    /// or live; with the commissioner's token, its events too.
    @Test func aStreamOfEveryLeagueCarriesPrivateLeaguesOnlyToTheirMembers() async throws {
        let world = try Self.remoteWorld()
        let office = try await world.league("Office League").id
        let port = world.server!.port
        let meiToken = world.newSessionToken(try world.person("mei").userID!)
        let anonymous = try #require(await io { RawSSE(port: port, path: "/v1/events", headers: ["Last-Event-ID": "0"]) })
        let member = try #require(await io { RawSSE(port: port, path: "/v1/events", headers: ["Last-Event-ID": "0", "Authorization": "Bearer " + meiToken]) })
        #expect(anonymous.status == 200 && member.status == 200)
        #expect(await Wait.until(.seconds(60)) { world.server!.openStreams == 2 })
        try EventLog.append(world.database, league: office, kind: .chat, payload: #"{"secret":true}"#)
        try EventLog.append(world.database, league: LeagueID(3), kind: .chat, payload: #"{"marker":true}"#)
        let isMarker: @Sendable (RawSSE.Frame) -> Bool = { $0.data.contains(#"{\"marker\":true}"#) }
        let seenByAnonymous = await io { anonymous.frames(until: isMarker) }
        let seenByMember = await io { member.frames(until: isMarker) }
        #expect(seenByAnonymous.last.map(isMarker) == true, "the live public event arrived")
        #expect(seenByAnonymous.contains { $0.league == LeagueID(1) }, "public leagues' history is replayed")
        #expect(!seenByAnonymous.contains { $0.league == office }, "nothing of the private league, replayed or live")
        #expect(seenByMember.filter { $0.league == office }.count > 1, "the member gets its history")
        #expect(seenByMember.contains { $0.data.contains("secret") }, "and its live events")
    }

    /// `league=` of a private league: 403 without membership (anonymous or not), a stream for a member.
    @Test func aStreamOfAPrivateLeagueNeedsMembership() async throws {
        let world = try Self.remoteWorld()
        let office = try await world.league("Office League").id
        let port = world.server!.port, path = "/v1/events?league=\(office.rawValue)"
        let zed = world.newSessionToken(try world.signUp("Zed").userID!)
        let mei = world.newSessionToken(try world.person("mei").userID!)
        let anonymous = try #require(await io { RawSSE(port: port, path: path, headers: ["Last-Event-ID": "0"]) })
        let outsider = try #require(await io { RawSSE(port: port, path: path, headers: ["Last-Event-ID": "0", "Authorization": "Bearer " + zed]) })
        #expect(anonymous.status == 403 && String(decoding: anonymous.refusal, as: UTF8.self).contains("\"forbidden\""))
        #expect(outsider.status == 403)
        let member = try #require(await io { RawSSE(port: port, path: path, headers: ["Last-Event-ID": "0", "Authorization": "Bearer " + mei]) })
        #expect(member.status == 200)
        let first = await io { member.frames { _ in true } }
        #expect(first.first?.league == office)
    }

    /// A member who leaves a private league while following it: their stream of that league ends at the leave, and
    /// their stream of every league stops carrying it (it did while they were a member).
    @Test func aMemberWhoLeavesStopsGettingThePrivateLeaguesEvents() async throws {
        let world = try Self.remoteWorld()
        let league = try await world.newLeague(teams: 4, members: ["Ann"], isPublic: false)
        let ann = world.newSessionToken(league.members[0].userID!)
        let port = world.server!.port
        let auth = ["Authorization": "Bearer " + ann]
        let one = try #require(await io { RawSSE(port: port, path: "/v1/events?league=\(league.id.rawValue)", headers: auth) })
        let all = try #require(await io { RawSSE(port: port, path: "/v1/events", headers: auth) })
        #expect(one.status == 200 && all.status == 200)
        #expect(await Wait.until(.seconds(60)) { world.server!.openStreams == 2 }, "open: \(world.server!.openStreams)")

        try EventLog.append(world.database, league: league.id, kind: .chat, payload: #"{"n":"while a member"}"#)
        let before = await io { all.frames { $0.data.contains("while a member") } }
        #expect(before.last?.league == league.id, "a member's stream of every league carries the private league")

        try await world.api(league.members[0]).leaveLeague(league.id)
        try EventLog.append(world.database, league: league.id, kind: .chat, payload: #"{"n":"after leaving"}"#)
        try EventLog.append(world.database, league: LeagueID(3), kind: .chat, payload: #"{"n":"marker"}"#)
        let after = await io { all.frames { $0.data.contains("marker") } }
        #expect(after.last?.data.contains("marker") == true)
        #expect(!after.contains { $0.league == league.id }, "nothing of the league once left: \(after.map(\.data))")

        let rest = await io { one.framesUntilEnd() }
        #expect(one.ended, "the stream of the league ends at the leave")
        #expect(!rest.contains { $0.data.contains("after leaving") })
        // Reconnecting is refused now.
        let again = try #require(await io { RawSSE(port: port, path: "/v1/events?league=\(league.id.rawValue)", headers: auth) })
        #expect(again.status == 403)
    }

    /// The embedded transport's events follow the same rule: without an account, nothing of a private league (its own
    /// stream ends at once); a member gets it.
    @Test func theEmbeddedTransportsEventsFollowTheSameRule() async throws {
        let world = try ContractWorld()
        let office = try await world.league("Office League").id
        let mei = try world.person("mei")
        #expect(await collect(world.api().events(league: office, after: 0), count: 1).isEmpty, "a private league's stream ends at once")

        let anonymous = world.api().events(league: nil, after: 0)
        let member = world.api(mei).events(league: nil, after: 0)
        try EventLog.append(world.database, league: office, kind: .chat, payload: #"{"secret":true}"#)
        try EventLog.append(world.database, league: LeagueID(3), kind: .chat, payload: #"{"marker":true}"#)
        let seenByAnonymous = await collect(anonymous) { $0.payload == #"{"marker":true}"# }
        let seenByMember = await collect(member) { $0.payload == #"{"marker":true}"# }
        #expect(seenByAnonymous.last?.payload == #"{"marker":true}"#)
        #expect(seenByAnonymous.contains { $0.leagueID == LeagueID(1) })
        #expect(!seenByAnonymous.contains { $0.leagueID == office })
        #expect(seenByMember.contains { $0.payload == #"{"secret":true}"# })
        #expect(await collect(world.api(mei).events(league: office, after: 0), count: 1).first?.leagueID == office)
    }
}

/// Events of `stream` up to and including the first for which `last` is true (or all until `timeout`).
func collect(_ stream: AsyncStream<LeagueEvent>, timeout: Duration = .seconds(60), until last: @escaping @Sendable (LeagueEvent) -> Bool)
    async -> [LeagueEvent] {
    await withTaskGroup(of: [LeagueEvent]?.self) { group in
        group.addTask {
            var got: [LeagueEvent] = []
            for await e in stream {
                got.append(e)
                if last(e) { break }
            }
            return got
        }
        group.addTask { try? await Task.sleep(for: timeout); return nil }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? []
    }
}
