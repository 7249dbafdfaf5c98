import Foundation
import Testing

/// League chat in two real terminals on one database, keyboard only, in Gridiron Greats: alice (Bits) and ben (Bytes)
/// open the League chat from the league page (M); alice writes, ben sees the line arrive live and answers it (R);
/// alice sees the reply arrive live, quoting her line, and reacts to it; ben sees the reaction.
@Suite(.serialized) struct ChatEndToEndTests {
    @Test func twoManagersChatAndSeeEachOthersMessagesLive() throws {
        var league = try SharedLeague()
        let a = try league.terminal(), b = try league.terminal()
        try SharedLeague.signIn(a, demo: "alice@demo.clubhouse", name: "Alice Moreno")
        try SharedLeague.signIn(b, demo: "ben@demo.clubhouse", name: "Ben Okafor")
        for t in [a, b] {
            try SharedLeague.open(t, league: "Gridiron Greats")
            try t.send("M")
            #expect(try t.waitForLoaded("Gridiron Greats · league chat").matched)
        }

        // Alice writes; ben's page shows it without a key pressed.
        try a.send("c")
        #expect(try a.waitFor("type, enter sends, esc stops").matched)
        try a.type("kickoff soon @Bytes")
        try a.send("Enter")
        #expect(try a.waitFor { $0.contains("Alice Moreno") && $0.contains("kickoff soon @Bytes") && !$0.contains("kickoff soon @Bytes█") }.matched)
        let arrived = try b.waitFor(timeout: 30) { $0.contains("kickoff soon @Bytes") }
        #expect(arrived.matched, "\(arrived.screen)")

        // Ben answers the newest line (selected as it arrived); alice sees the reply, quoting her line, live.
        try b.send("R")
        #expect(try b.waitFor("Replying to Alice Moreno: kickoff soon @Bytes").matched)
        try b.type("ready when you are")
        try b.send("Enter")
        let reply = try a.waitFor(timeout: 30) { $0.contains("↳ Alice Moreno: kickoff soon @Bytes │ ready when you are") }
        #expect(reply.matched, "\(reply.screen)")

        // Alice reacts to the reply (the newest line, selected as it arrived) with 🔥; ben sees it.
        try a.send("e")
        #expect(try a.waitFor("React: 1 👍").matched)
        try a.send("6")
        let reacted = try b.waitFor(timeout: 30) { $0.contains("ready when you are  🔥1") }
        #expect(reacted.matched, "\(reacted.screen)")
    }
}
