import Foundation
import Testing

/// A whole season's story for two managers in two real terminals on one database, keyboard only:
/// a fresh person joins the open demo league (Sunday Funday) through the sign-in gate; its commissioner (a demo
/// account) approves, trims the roster to two slots in the settings form and starts the draft; the newcomer drafts,
/// sets a lineup, adds a free agent (dropping a player) and places a FAAB claim on the player the commissioner just
/// dropped; the commissioner moves the season clock past the waiver run; the newcomer sees the claim won.
/// Finally, neither app's log holds an email, a password or a session token.
@Suite(.serialized) struct TwoManagerSeasonTests {
    /// Esc followed at once by a key reads as Alt-key: people (and this test) pause after Esc.
    static func escape(_ t: Tmux) throws { try SharedLeague.escape(t) }

    /// Opens Sunday Funday from Home with the name filter.
    static func openSundayFunday(_ t: Tmux) throws { try SharedLeague.open(t, league: "Sunday Funday") }

    /// The sheet's lines (below its breadcrumb), for reading rows.
    static func sheetLines(_ screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines.drop { !$0.hasPrefix("├─ Home") && !$0.hasPrefix("┌─ Home") })
    }

    /// The player named on the first sheet row that starts with `slot` ("│ BN   Kareem Hunt   RB …").
    static func player(inSlot slot: String, _ screen: String) -> String? {
        guard let line = sheetLines(screen).first(where: { $0.hasPrefix("│ \(slot) ") }) else { return nil }
        let rest = line.dropFirst("│ \(slot) ".count).trimmingCharacters(in: .whitespaces)
        // The name ends where the run of spaces before the position column starts.
        return rest.components(separatedBy: "  ").first?.trimmingCharacters(in: .whitespaces)
    }

    @Test func aNewcomerAndTheCommissionerPlayAWaiverWeekTogether() throws {
        var league = try SharedLeague()
        let a = try league.terminal(), b = try league.terminal()
        let homeA = league.homes[0], homeB = league.homes[1]

        // A: a fresh person asks to join through the gate, creating an account on the way.
        try Self.openSundayFunday(a)
        try a.send("J")
        #expect(try a.waitFor("Sign in to your Clubhouse account").matched)
        try a.send("C-n")
        #expect(try a.waitFor("Create a Clubhouse account").matched)
        try a.type("frankie@example.com"); try a.send("Tab")
        try a.type("correct horse battery"); try a.send("Tab")
        try a.type("Frankie"); try a.send("Enter")
        let asked = try a.waitFor(timeout: 30) { $0.contains("Join request sent") && !$0.contains("Create a Clubhouse") }
        #expect(asked.matched, "\(asked.screen)")

        // B: the commissioner (a demo account) signs in and approves.
        try b.send("i")
        #expect(try b.waitFor("Sign in to your Clubhouse account").matched)
        try b.type("hiro@demo.clubhouse"); try b.send("Tab"); try b.type("clubhouse-demo"); try b.send("Enter")
        #expect(try b.waitFor("Hiro Tanaka · ? help", timeout: 30).matched)
        try Self.openSundayFunday(b)
        try b.send("C")
        let requests = try b.waitForLoaded("1 Requests (1)")
        #expect(requests.matched && requests.screen.contains("Frankie's team"), "\(requests.screen)")
        try b.send("a")
        #expect(try b.waitFor("Request approved").matched)

        // A: the league page follows live — the team is Frankie's now.
        let member = try a.waitFor("Your team: Frankie's team", timeout: 20)
        #expect(member.matched, "\(member.screen)")

        // B: a two-slot roster (RB + bench) so the draft takes two rounds, then start it.
        try Self.escape(b)
        #expect(try b.waitFor { !$0.contains("› Commissioner") }.matched)
        try b.send("e")
        #expect(try b.waitForLoaded("E edit settings").matched)
        try b.send("E")
        #expect(try b.waitFor("Roster · 16 players, 15 draft rounds").matched)
        // Down the roster rows: QB 1→0, RB 2→1, WR 2→0, TE 1→0, FLEX 1→0, K 1→0, DEF 1→0, bench 6→1, IR 1→0.
        for lower in [1, 1, 2, 1, 1, 1, 1, 5, 1] {
            try b.send("j")
            for _ in 0..<lower { try b.send("h") }
        }
        let trimmed = try b.waitFor("Roster · 2 players, 2 draft rounds")
        #expect(trimmed.matched, "\(trimmed.screen)")
        try b.send("C-s")
        let saved = try b.waitFor { $0.contains("Settings saved") && $0.contains("RB 1 · BN 1") }
        #expect(saved.matched, "\(saved.screen)")
        try Self.escape(b)
        #expect(try b.waitFor { !$0.contains("› League settings") }.matched)
        try b.send("d")
        #expect(try b.waitForLoaded("S start draft").matched)
        try b.send("S")
        #expect(try b.waitFor("The draft has started").matched)

        // A: into the room; two running backs, one per round, picked from the keyboard (the rest autopick).
        try a.send("d")
        #expect(try a.waitForLoaded("› Draft room").matched)
        try a.send("p"); try a.send("p")   // all → QB → RB
        for round in 1...2 {
            let turn = try a.waitFor(timeout: 120) { $0.contains("Round \(round) · pick") && $0.contains("on the clock: Frankie's team (you)") }
            #expect(turn.matched, "round \(round): never on the clock\n\(turn.screen)")
            try a.send("Enter")
            #expect(try a.waitFor("y confirm").matched)
            try a.send("y")
            #expect(try a.waitFor { !$0.contains("on the clock: Frankie's team (you)") }.matched)
        }
        let done = try a.waitFor("All 20 picks made", timeout: 120)
        #expect(done.matched, "\(done.screen)")

        // A: my team — the bench back moves into the RB slot.
        try Self.escape(a)   // clears the RB filter
        try Self.escape(a)   // back to the league page
        #expect(try a.waitFor("m my team").matched)
        try a.send("m")
        let roster = try a.waitForLoaded("Your team lineup for week 1")
        #expect(roster.matched, "\(roster.screen)")
        let benched = try #require(Self.player(inSlot: "BN", roster.screen), "\(roster.screen)")
        try a.send("j")
        try a.send("m")
        #expect(try a.waitFor("Move \(benched) (BN) to:").matched)
        try a.send("Enter")
        let moved = try a.waitFor(timeout: 20) { Self.player(inSlot: "RB", $0) == benched }
        #expect(moved.matched, "the lineup shows \(benched) at RB:\n\(moved.screen)")

        // A: add a free agent; the roster is full, so the app asks whom to drop first.
        try Self.escape(a)
        #expect(try a.waitFor("m my team").matched)
        try a.send("f")
        #expect(try a.waitForLoaded("› Free agents").matched)
        try a.send("/"); try a.type("Aaron Jones"); try a.send("Enter")
        #expect(try a.waitFor("Name /Aaron Jones").matched)
        try a.send("a")
        #expect(try a.waitFor("drop whom to add Aaron Jones?").matched)
        try a.send("Enter")
        let added = try a.waitFor("Aaron Jones added to your team")
        #expect(added.matched, "\(added.screen)")

        // B: the commissioner drops his bench player onto waivers.
        try Self.escape(b)
        #expect(try b.waitFor("C commissioner tools").matched)
        try b.send("m")
        let titans = try b.waitForLoaded("Your team lineup for week 1")
        let dropped = try #require(Self.player(inSlot: "BN", titans.screen), "\(titans.screen)")
        try b.send("j")
        try b.send("d")
        #expect(try b.waitFor("Drop \(dropped)?").matched)
        try b.send("y")
        #expect(try b.waitFor("Player dropped").matched)

        // A: a FAAB claim on him, $7, dropping someone (the roster is full again).
        try Self.escape(a)   // clears the name filter
        #expect(try a.waitFor { !$0.contains("Name /Aaron Jones") }.matched)
        try a.send("/"); try a.type(dropped); try a.send("Enter")
        let onWaivers = try a.waitFor { $0.contains("Name /\(dropped)") && $0.contains("waivers →") }
        #expect(onWaivers.matched, "\(onWaivers.screen)")
        try a.send("a")
        #expect(try a.waitFor("drop whom to claim \(dropped)?").matched)
        try a.send("Enter")
        #expect(try a.waitFor("Waiver bid").matched)
        try a.type("7"); try a.send("Enter")
        #expect(try a.waitFor("Waiver claim placed").matched)
        try a.send("W")
        let claims = try a.waitFor { $0.contains("My pending claims") && !$0.contains("Loading") && $0.contains("$7") }
        #expect(claims.matched, "\(claims.screen)")

        // B: the season clock moves to the next waiver run; the claim is processed on the way.
        try Self.escape(b)
        #expect(try b.waitFor("C commissioner tools").matched)
        try b.send("C")
        #expect(try b.waitForLoaded("4 Season clock").matched)
        try b.send("4")
        #expect(try b.waitFor("Advance to the next waiver run").matched)
        try b.send("j"); try b.send("j")
        try b.send("Enter")
        let question = try b.waitFor("y confirm")
        #expect(question.matched && question.screen.contains("waivers run"), "\(question.screen)")
        try b.send("y")
        let advanced = try b.waitFor("✓ Clock now", timeout: 30)
        #expect(advanced.matched && advanced.screen.contains("1 claim"), "\(advanced.screen)")

        // A: the claims page follows live; the league's transactions say the claim was won.
        let result = try a.waitFor(timeout: 20) { $0.contains("No pending claims") && $0.contains("won (dropped") }
        #expect(result.matched && result.screen.contains("── Recent results ──"), "\(result.screen)")
        try a.send("t")
        let outcome = try a.waitFor { $0.contains("claim won") && $0.contains("\(dropped) ($7)") }
        #expect(outcome.matched, "\(outcome.screen)")

        let tokens = try [homeA, homeB].map { try LogFile.token(inCredentials: $0.url.appendingPathComponent("state/clubhouse/credentials.json")) }
        try a.send("C-c"); try b.send("C-c")
        #expect(try a.waitFor("exit=0").matched)
        #expect(try b.waitFor("exit=0").matched)

        // Neither log holds what was typed or issued on the way.
        let logA = try LogFile.read(homeA.url.appendingPathComponent("state/clubhouse/clubhouse.log"))
        let logB = try LogFile.read(homeB.url.appendingPathComponent("state/clubhouse/clubhouse.log"))
        for event in ["account.created", "write.ok op=requestToJoin", "write.ok op=makePick", "write.ok op=moveInLineup",
                      "write.ok op=addFreeAgent", "write.ok op=placeClaim"] {
            #expect(logA.contains(event), "A's log records \(event):\n\(logA)")
        }
        for event in ["signIn.ok", "write.ok op=decideJoinRequest", "write.ok op=updateSettings", "write.ok op=startDraft",
                      "write.ok op=dropPlayer", "write.ok op=advanceClock"] {
            #expect(logB.contains(event), "B's log records \(event):\n\(logB)")
        }
        for secret in ["frankie@example.com", "correct horse battery", "hiro@demo.clubhouse", "clubhouse-demo", "@"] + tokens {
            #expect(!logA.contains(secret) && !logB.contains(secret), "a log holds \(secret)")
        }
    }
}
