import Testing
@testable import ClubhouseDomain

/// The server says its version and API version; the app reads them from any answer and says what to update.
@Suite struct ServerVersionTests {
    @Test func theHeaderSaysTheVersionAndBothAPIVersionsAndReadsBack() {
        let v = ServerVersion(version: "0.3.1", api: 4, oldestAPI: 2)
        #expect(v.header == "0.3.1; api=4; oldest-api=2")
        #expect(ServerVersion(header: v.header) == v)
        #expect(ServerVersion(header: ServerVersion.current.header) == .current)
        // Spacing and order don't matter; a missing oldest-api means only its own API.
        #expect(ServerVersion(header: "1.0.0;oldest-api=1 ; api=3") == ServerVersion(version: "1.0.0", api: 3, oldestAPI: 1))
        #expect(ServerVersion(header: "1.0.0; api=3") == ServerVersion(version: "1.0.0", api: 3, oldestAPI: 3))
    }

    @Test(arguments: ["", "api=1", "1.0.0", "1.0.0; api=x", "1.0.0; api=-1", "1.0.0; api=99999999999999999999", "; api=1",
                      String(repeating: "9", count: 41) + "; api=1"])
    func whatIsNotAVersionHeaderReadsAsNone(_ header: String) {
        #expect(ServerVersion(header: header) == nil)
    }

    @Test func theAppIsToldWhatToUpdateOnlyWhenTheAPIsDontMeet() {
        // Same API, or a newer server that still answers this app's API: nothing to say.
        #expect(ServerVersion(version: "0.1.0", api: 1, oldestAPI: 1).mismatch(appAPI: 1) == nil)
        #expect(ServerVersion(version: "0.4.0", api: 3, oldestAPI: 1).mismatch(appAPI: 1) == nil)
        // A server that no longer answers this app's API: update the app.
        #expect(ServerVersion(version: "2.0.0", api: 5, oldestAPI: 4).mismatch(appAPI: 3) == "update the app (server 2.0.0)")
        // A server older than the app: what the app has and the server doesn't is off.
        #expect(ServerVersion(version: "0.0.9", api: 1, oldestAPI: 1).mismatch(appAPI: 2) == "old server 0.0.9: some features off")
        // Short enough for the top bar's server slot (40 cells) with a long version.
        #expect(ServerVersion(version: "10.20.30", api: 1, oldestAPI: 1).mismatch(appAPI: 2)!.count <= 40)
    }
}
