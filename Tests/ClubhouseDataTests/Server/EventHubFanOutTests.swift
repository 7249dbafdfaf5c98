import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing
@testable import ClubhouseServer
import CMicroHTTPD

/// The hub's fan-out without a socket: streams that are never attached to a connection keep what they are sent, and
/// their client's reads are `read(into:max:)` calls, so a client that stops reading is one the test never reads for.
@Suite struct EventHubFanOutTests {
    static let league = LeagueID(4)
    static let readers = LeagueReaders(league: league, name: "Fan-out", isPublic: true, members: [])

    static func pick(_ id: Int64) -> LeagueEvent {
        LeagueEvent(id: id, leagueID: league, kind: .pickMade, payload: #"{"pick":\#(id),"player":"00-0033873"}"#,
                    at: Date(timeIntervalSinceReferenceDate: 0))
    }

    /// Everything pending on `stream`, as a client reading it would get it.
    static func drain(_ stream: EventStream) -> String {
        var out: [UInt8] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        while stream.pendingCount > 0 {
            let n = buffer.withUnsafeMutableBufferPointer { stream.read(into: $0.baseAddress!, max: $0.count) }
            guard n > 0 else { break }
            out += buffer.prefix(n).map { UInt8(bitPattern: $0) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One follower stops reading: every pick still reaches the others as it is published (the stalled one is never
    /// waited on), and once its buffer is full it is dropped — its slot freed at that pick, its connection to be closed.
    @Test func aStalledFollowerNeverHoldsBackTheOthersAndIsDroppedWhenItsBufferFills() throws {
        let hub = EventHub(maxStreams: 3)
        let frame = EventHub.frame(Self.pick(1)).count
        // Room for three picks (and a little): the fourth overflows it.
        let stalled = EventStream(maxPending: frame * 3 + frame / 2)
        let readers = [EventStream(maxPending: frame * 3 + frame / 2), EventStream(maxPending: frame * 3 + frame / 2)]
        for s in [stalled] + readers { _ = try #require(hub.subscribe(s, league: Self.league, caller: .anonymous, after: nil)) }
        #expect(hub.subscribe(EventStream(), league: Self.league, caller: .anonymous, after: nil) == nil, "the cap of 3 is full")

        for id in Int64(1)...10 {
            let sent = hub.publish(Self.pick(id), readers: Self.readers)
            // The readers read each pick as it comes; the stalled stream takes nothing.
            for r in readers {
                let got = Self.drain(r)
                #expect(got == String(decoding: EventHub.frame(Self.pick(id)), as: UTF8.self), "pick \(id) reached a reading follower at once")
            }
            if id <= 3 {
                #expect(sent == 3, "pick \(id): the stalled stream still has room")
                #expect(stalled.pendingCount == frame * Int(id))
            } else {
                #expect(sent == 2, "pick \(id): to the two readers only")
                #expect(!stalled.isOpen && stalled.pendingCount == 0, "dropped at pick 4, its buffer let go")
                #expect(hub.count == 2, "its slot freed at once")
            }
        }
        // The freed slot takes a new follower.
        #expect(hub.subscribe(EventStream(), league: Self.league, caller: .anonymous, after: nil) != nil)
        // The dropped stream's reader ends the response with an error: libmicrohttpd closes the connection rather than
        // waiting to write an end the client isn't reading.
        var buffer = [CChar](repeating: 0, count: 64)
        let end = buffer.withUnsafeMutableBufferPointer { stalled.read(into: $0.baseAddress!, max: $0.count) }
        #expect(end == Int(chs_end_with_error()))
    }
}

/// The fan-out at the size one instance is built for: 50,000 streams that write their own sockets (as on plain
/// HTTP), one of which stops reading — or as many as this process may open, where its hard open-file limit is lower
/// (a stream and its client are two descriptors here; this sandbox's hard limit is 20,000 and can't be raised).
@Suite struct EventHubManyStreamsTests {
    static let wanted = 50_000

    /// A stream writing one end of a socket pair itself; the other end is its client's.
    static func socketStream(maxPending: Int, smallBuffers: Bool, watch: StreamWatch? = nil) throws -> (EventStream, client: Int32) {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0, "socketpair: errno \(errno)")
        for fd in pair { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        if smallBuffers {
            var small: Int32 = 1
            setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            setsockopt(pair[1], SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        }
        let stream = EventStream(maxPending: maxPending)
        stream.attach(socket: pair[0], chunked: false, watch: watch)
        return (stream, pair[1])
    }

    /// How many streams this process may hold with their clients: 50,000, or what its hard limit leaves (less 6,000).
    static func streamCount() -> Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let need = rlim_t(2 * wanted + 6_000)
        var raised = limit
        raised.rlim_max = max(limit.rlim_max, need)
        raised.rlim_cur = raised.rlim_max
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) != 0 {
            raised = limit
            raised.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised)
        }
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        // What the other tests running beside this one in the process may open meanwhile is left to them.
        return min(wanted, (Int(min(limit.rlim_cur, rlim_t(Int32.max))) - 6_000) / 2)
    }

    /// Every pick reaches all the reading streams by the time `publish` returns (it is in their sockets: nothing is
    /// queued behind the stalled one), and the stalled stream is dropped once its own buffer fills, its slot freed.
    @Test func aStalledStreamIsDroppedWithoutDelayingTheOthers() throws {
        let count = Self.streamCount()
        try #require(count >= 5_000, "room for thousands of streams (the hard open-file limit allows \(count))")
        let frame = EventHub.frame(EventHubFanOutTests.pick(1)).count
        let hub = EventHub(maxStreams: count)
        var clients: [Int32] = []
        var streams: [EventStream] = []
        defer {
            for s in streams { s.close() }   // closes its end
            for fd in clients { close(fd) }
        }
        let stalled = try Self.socketStream(maxPending: frame * 4, smallBuffers: true)
        streams.append(stalled.0); clients.append(stalled.client)
        for _ in 1..<count {
            let (s, client) = try Self.socketStream(maxPending: 1 << 20, smallBuffers: false)
            streams.append(s); clients.append(client)
        }
        for s in streams { _ = try #require(hub.subscribe(s, league: EventHubFanOutTests.league, caller: .anonymous, after: nil)) }
        #expect(streams.allSatisfy { $0.writesItsSocket }, "each writes its own socket")

        var buffer = [UInt8](repeating: 0, count: 4096)
        var droppedAt: Int64?
        for id in Int64(1)...12 {
            let sent = hub.publish(EventHubFanOutTests.pick(id), readers: EventHubFanOutTests.readers)
            let expected = EventHub.frame(EventHubFanOutTests.pick(id))
            var late = 0
            for fd in clients.dropFirst() {
                let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n != expected.count || Array(buffer[0..<n]) != expected { late += 1 }
            }
            #expect(late == 0, "pick \(id) was in every reading stream's socket when publish returned (\(late) of \(count - 1) not)")
            if droppedAt == nil, !stalled.0.isOpen { droppedAt = id }
            #expect(sent == count - (droppedAt == nil ? 0 : 1), "pick \(id) written to every open stream")
        }
        let at = try #require(droppedAt, "the stalled stream was dropped")
        #expect(at > 1, "first it held what its socket and buffer took")
        #expect(hub.count == count - 1, "its slot freed")
    }
}

/// A stream writing its own socket when the socket is full: what it can't write waits, and the stream watch writes it
/// once the client reads (`EPOLLOUT`), in order; a client that hangs up is noticed without a write.
@Suite struct StreamSocketRoomTests {
    @Test func whatAFullSocketCantTakeIsWrittenWhenTheClientReads() async throws {
        let watch = try #require(StreamWatch())
        defer { watch.stop() }
        let (stream, client) = try EventHubManyStreamsTests.socketStream(maxPending: 1 << 20, smallBuffers: true, watch: watch)
        // Closed once, below or here (a second close could close another test's descriptor that took its number).
        var clientOpen = true
        defer { if clientOpen { close(client) }; stream.close() }
        var sent: [UInt8] = []
        var n = 0
        // Frames until the socket is full and bytes wait in the stream.
        while stream.pendingCount == 0 {
            n += 1
            let frame = Array("data: \(n) \(String(repeating: "x", count: 200))\n\n".utf8)
            #expect(stream.send(frame))
            sent += frame
            try #require(n < 10_000, "the socket never filled")
        }
        var got: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let reading = await Wait.until(.seconds(30)) {
            while case let r = recv(client, &buffer, buffer.count, Int32(MSG_DONTWAIT)), r > 0 { got += buffer[0..<r] }
            return got.count == sent.count
        }
        #expect(reading, "every byte arrived (\(got.count) of \(sent.count)), the rest written by the watch")
        #expect(got == sent, "in order")
        #expect(stream.pendingCount == 0 && stream.isOpen)
        close(client)
        clientOpen = false
        #expect(await Wait.until(.seconds(10)) { !stream.isOpen }, "the hang-up ends the stream")
    }
}
