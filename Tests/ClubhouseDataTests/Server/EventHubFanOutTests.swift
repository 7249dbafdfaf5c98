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
