import Testing
@testable import ClubhouseServer

/// The stream cap under an open-file limit (`OpenFiles.fit`): every connection libmicrohttpd may accept, plus the
/// process's own files, stays under the limit, so an accept never fails for want of a descriptor.
@Suite struct OpenFilesTests {
    @Test func aLimitThatHoldsTheCapKeepsItAsAsked() {
        let b = OpenFiles.fit(streams: 10_000, limit: 20_000)
        #expect(b == OpenFiles.Budget(streams: 10_000, connections: 11_024, descriptors: OpenFiles.needed(streams: 10_000), asAsked: true))
        #expect(OpenFiles.fit(streams: 10_000, limit: OpenFiles.needed(streams: 10_000)).asAsked)
        #expect(!OpenFiles.fit(streams: 10_000, limit: OpenFiles.needed(streams: 10_000) - 1).asAsked)
    }

    @Test(arguments: [256, 1_024, 4_096, 11_000, 300, 200, 100])
    func aLowerLimitLowersTheCapSoEveryConnectionFits(limit: Int) {
        let b = OpenFiles.fit(streams: 10_000, limit: limit)
        #expect(!b.asAsked)
        #expect(b.streams < 10_000 && b.connections >= b.streams)
        #expect(b.connections + OpenFiles.libraryMargin + OpenFiles.reserve <= max(limit, OpenFiles.libraryMargin + OpenFiles.reserve),
                "connections, libmicrohttpd's margin and the process's own files fit under \(limit)")
        if limit >= 256 { #expect(b.streams > 0 && b.connections > b.streams, "some streams and some plain requests at \(limit)") }
    }
}
