import ClubhouseDomain
import ClubhouseServer
import Foundation
import Synchronization
import Testing
@testable import ClubhouseData

/// The first `count` events of `stream`, or fewer when `timeout` passes first.
func collect(_ stream: AsyncStream<LeagueEvent>, count: Int, timeout: Duration = .seconds(60)) async -> [LeagueEvent] {
    await withTaskGroup(of: [LeagueEvent]?.self) { group in
        group.addTask {
            var got: [LeagueEvent] = []
            for await e in stream {
                got.append(e)
                if got.count == count { break }
            }
            return got
        }
        group.addTask { try? await Task.sleep(for: timeout); return nil }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? []
    }
}

@Suite("Server: live events") struct ServerEventStreamTests {
    @Test func eventsOfTheLeagueReachAnOpenStreamAndAResumedStreamGetsWhatItMissed() async throws {
        let world = try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        let api = world.api()
        let league = LeagueID(3)
        let live = api.events(league: league, after: nil)
        let collecting = Task { await collect(live, count: 2) }
        #expect(await Wait.until(.seconds(60)) { world.server!.openStreams == 1 }, "the stream is open on the server")
        try EventLog.append(world.database, league: league, kind: .chat, payload: #"{"n":1}"#)
        try EventLog.append(world.database, league: LeagueID(1), kind: .chat, payload: #"{"other":true}"#)
        try EventLog.append(world.database, league: league, kind: .chat, payload: #"{"n":2}"#)
        let got = await collecting.value
        #expect(got.map(\.payload) == [#"{"n":1}"#, #"{"n":2}"#], "only this league's events, in order")
        #expect(got.allSatisfy { $0.leagueID == league && $0.kind == .chat })

        // Resuming after the first on another stream: the second comes from the table, then live ones follow.
        let resumed = world.api().events(league: league, after: got[0].id)
        let more = Task { await collect(resumed, count: 2) }
        #expect(await Wait.until(.seconds(60)) { world.server!.openStreams >= 2 })
        try EventLog.append(world.database, league: league, kind: .chat, payload: #"{"n":3}"#)
        #expect(await more.value.map(\.payload) == [#"{"n":2}"#, #"{"n":3}"#])
    }

    /// The app watches a league on one stream for as long as it follows it (the board's one long-lived effect): that
    /// stream stays open across many events, each arriving once and in order, and closes as soon as the app stops
    /// watching (nothing lingers).
    @Test func oneStreamStaysOpenAcrossManyEventsAndClosesWhenNoLongerWatched() async throws {
        let world = try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        let api = world.api()
        let league = LeagueID(3)
        // Subscribed here, not in the task: the stream opens on its own thread even while the cooperative pool is busy.
        let stream = api.events(league: league, after: nil)
        let got = Mutex<[LeagueEvent]>([])
        let watching = Task { for await e in stream { got.withLock { $0.append(e) } } }
        #expect(await Wait.until(.seconds(60)) { world.server!.openStreams == 1 }, "the stream is open on the server")
        for n in 1...20 {
            try EventLog.append(world.database, league: league, kind: .chat, payload: #"{"n":\#(n)}"#)
            #expect(await Wait.until(.seconds(60)) { got.withLock { $0.count } == n }, "event \(n) arrived")
            #expect(world.server!.openStreams == 1, "still the one stream after event \(n)")
        }
        #expect(got.withLock { $0 }.map(\.payload) == (1...20).map { #"{"n":\#($0)}"# }, "every event once, in order")
        watching.cancel()
        #expect(await Wait.until(.seconds(10)) { world.server!.openStreams == 0 }, "closed when no longer watched, not kept open (it lingered 15 s) for a next subscription")
    }

    /// The stop returns with a stream open (its grace is 4 s; how long that takes on a loaded machine is not this
    /// test's business: `serve` exiting 0 on SIGTERM is checked end to end in RemoteDraftTests).
    @Test func aStoppedServerEndsItsStreamsAndRefusesNewConnections() async throws {
        let world = try ContractTransport.$current.withValue(.remote) { try ContractWorld() }
        let http = RawHTTP(port: world.server!.port)
        let fd = try #require(http.connect(timeoutSeconds: 10))
        defer { close(fd) }
        _ = RawHTTP.send(fd, RawHTTP.bytes("GET", "/v1/events?league=3"))
        #expect(await Wait.until(.seconds(60)) { world.server!.openStreams == 1 })
        await world.server!.stop()
        let answer = await io { String(decoding: RawHTTP.readAll(fd), as: UTF8.self) }
        #expect(answer.contains("text/event-stream") && answer.contains(": connected"), "the stream was answered, then ended: \(answer)")
        #expect(await io { http.request("GET", "/healthz") } == nil, "no new connections after the stop")
    }
}
