import ClubhouseData
import Foundation
import Testing

/// Notifications in two real terminals on one database (README.md, “League chat”): ben (Bytes) @mentions alice
/// (Bits) in Gridiron Greats' chat while alice is on Home. Alice's terminal says so (a toast, the bell's count on the
/// top bar) and — read from the bytes her app writes to its terminal, copied by tmux's `pipe-pane` before tmux
/// interprets them — rings the bell and, as `TERM_PROGRAM=WezTerm` names a terminal that shows OSC 9, sends the OSC 9
/// notification, wrapped for tmux's passthrough (she runs inside tmux). Her League chat page clears the count; once
/// she mutes mentions there, ben's next mention writes neither bell nor sequence and says nothing.
@Suite(.serialized) struct NotificationsEndToEndTests {
    static let esc = "\u{1B}", bel = "\u{07}"

    @Test func aMentionRingsTheBellAndSendsOSC9AndNothingOnceMuted() throws {
        var league = try SharedLeague()
        let b = try league.terminal()   // seeds the demo world
        let aliceHome = try TemporaryHome()
        let a = try Tmux(command: "\(Binary.path) --database \(Tmux.shellQuote(league.database)); echo exit=$?; sleep 60",
                         environment: aliceHome.environment.merging(["TERM_PROGRAM": "WezTerm"]) { $1 })
        #expect(try a.waitFor("Public leagues (", timeout: 60).matched, "alice's app opens Home")
        try SharedLeague.signIn(a, demo: "alice@demo.clubhouse", name: "Alice Moreno")
        try SharedLeague.signIn(b, demo: "ben@demo.clubhouse", name: "Ben Okafor")
        try SharedLeague.open(b, league: "Gridiron Greats")
        try b.send("M")
        #expect(try b.waitForLoaded("Gridiron Greats · league chat").matched)

        // Ben mentions alice's team; alice (on Home) sees the toast and the bell's count.
        let bytes = aliceHome.url.appendingPathComponent("pane-1.out").path
        try a.pipeOutput(to: bytes)
        try Self.say(b, "@Bits kickoff at noon")
        let told = try a.waitFor(timeout: 30) { $0.contains("Ben Okafor mentioned you in Gridiron Greats") && $0.contains("🔔 1 ·") }
        #expect(told.matched, "\(told.screen)")
        // What her app wrote: the bell, and OSC 9 with the notification's text inside tmux's passthrough wrapper.
        let osc9 = "\(Self.esc)Ptmux;\(Self.esc)\(Self.esc)]9;Clubhouse: Ben Okafor mentioned you in Gridiron Greats: @Bits kickoff at noon\(Self.bel)\(Self.esc)\\"
        var written = ""
        let sent = Wait.blockingUntil(.seconds(30), every: .milliseconds(50)) {
            written = (try? String(contentsOfFile: bytes, encoding: .utf8)) ?? ""
            return written.contains(osc9) && written.filter { $0 == "\u{07}" }.count >= 2
        }
        #expect(sent, "the bell and the OSC 9 sequence reach the terminal: \(written.debugDescription.suffix(400))")

        // The League chat page clears the count; N there mutes mentions in this league.
        try SharedLeague.open(a, league: "Gridiron Greats")
        try a.send("M")
        #expect(try a.waitFor { $0.contains("Gridiron Greats · league chat") && !$0.contains("🔔") }.matched, "the chat page read the count")
        try a.send("N")
        #expect(try a.waitFor("m mentions on").matched)
        try a.send("m")
        #expect(try a.waitFor("m mentions muted").matched)
        try SharedLeague.escape(a)
        try SharedLeague.escape(a)
        #expect(try a.waitForLoaded("Home › Gridiron Greats").matched)

        // Muted: ben's next mention writes nothing to alice's terminal and says nothing. His plain line after it (a
        // chat toast: chat isn't muted) shows alice's app has handled the mention before it, in order.
        let mutedBytes = aliceHome.url.appendingPathComponent("pane-2.out").path
        try a.pipeOutput(to: mutedBytes)
        try Self.say(b, "@Bits are you there")
        try Self.say(b, "marker line")
        let after = try a.waitFor(timeout: 30) { $0.contains("Ben Okafor in Gridiron Greats: marker line") }
        #expect(after.matched, "\(after.screen)")
        #expect(!after.screen.contains("mentioned you") && !after.screen.contains("are you there"), "\(after.screen)")
        let mutedWritten = (try? String(contentsOfFile: mutedBytes, encoding: .utf8)) ?? ""
        #expect(!mutedWritten.contains("]9;") && !mutedWritten.contains(Self.bel), "no bell, no notification: \(mutedWritten.debugDescription.suffix(400))")
    }

    /// Ben writes `text` on the chat page and waits for it to show as sent.
    static func say(_ b: Tmux, _ text: String) throws {
        try b.send("c")
        #expect(try b.waitFor("type, enter sends, esc stops").matched)
        try b.type(text)
        try b.send("Enter")
        #expect(try b.waitFor { $0.contains("Ben Okafor") && $0.contains(text) && !$0.contains(text + "█") }.matched)
    }
}
