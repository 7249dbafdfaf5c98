import Foundation
import Testing
@testable import ClubhouseUI
import Terminal

/// `clubhouse --server http://… --allow-plain-http`: the top bar says "plain HTTP" for as long as the app runs,
/// beside the server it names.
@Suite struct PlainHTTPMarkerTests {
    @Test func theTopBarKeepsAPlainHTTPMarker() {
        var state = AppState(size: Size(width: 100, height: 30))
        state.serverStatus = "on 10.0.0.5:8787"
        state.serverWarning = "plain HTTP"
        let top = Screen(state).lines[0]
        #expect(top.contains("plain HTTP") && top.contains("on 10.0.0.5:8787"), "\(top)")
        state.serverWarning = nil
        #expect(!Screen(state).lines[0].contains("plain HTTP"))
        // On a narrow terminal the marker stays; the league line gives way.
        state.serverWarning = "plain HTTP"
        state.size = Size(width: 60, height: 20)
        #expect(Screen(state).lines[0].contains("plain HTTP"), "\(Screen(state).lines[0])")
    }
}
