import Foundation
import Testing

/// A trade in two real terminals on one database, keyboard only, in Gridiron Greats (week 9 Sunday on its clock):
/// the commissioner (alice, Bits) turns trade review off in the league form, offers ben (Bytes) a player for one of
/// his; ben counters from his Trades page; alice accepts the counter, it executes at once, and both screens show it —
/// alice's history says executed, ben's roster holds the player he asked for.
@Suite(.serialized) struct TradeEndToEndTests {
    /// In the builder's two rosters (120 columns: mine from column 2, theirs from column 60), the row index and name of
    /// the first player whose row (that half of the line) `matches`, on the left or right.
    static func firstRow(_ screen: String, right: Bool, where matches: (String) -> Bool) -> (index: Int, name: String)? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let header = lines.firstIndex(where: { String($0).contains("Player") && String($0).contains("Pts") }) else { return nil }
        for (index, line) in lines[(header + 1)...].enumerated() {
            let start = right ? 60 : 2, end = right ? min(line.count - 1, 118) : 59
            guard line.count > end, start < end else { return nil }
            let half = String(line[start..<end])
            if half.trimmingCharacters(in: .whitespaces).isEmpty || half.contains("└") { return nil }
            if matches(half) {
                let name = half.components(separatedBy: "  ").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
                    .trimmingCharacters(in: CharacterSet(charactersIn: " +×▸")) ?? ""
                return (index, name)
            }
        }
        return nil
    }

    /// The first player whose game hasn't kicked off (a QB, RB, WR or TE), on the left or right.
    static func firstUnlocked(_ screen: String, right: Bool) -> (index: Int, name: String)? {
        firstRow(screen, right: right) { half in !half.contains("locked") && [" QB ", " RB ", " WR ", " TE "].contains(where: half.contains) }
    }

    @Test func anOfferIsCounteredAcceptedAndExecutedOnBothScreens() throws {
        var league = try SharedLeague()
        let a = try league.terminal(), b = try league.terminal()
        try SharedLeague.signIn(a, demo: "alice@demo.clubhouse", name: "Alice Moreno")
        try SharedLeague.signIn(b, demo: "ben@demo.clubhouse", name: "Ben Okafor")

        // A, the commissioner: trade review off (Review: league vote → commissioner → none), saved.
        try SharedLeague.open(a, league: "Gridiron Greats")
        try a.send("e")
        #expect(try a.waitForLoaded("E edit trade settings").matched)
        try a.send("E")
        #expect(try a.waitFor("only the trade and next-season settings can change now").matched)
        try a.send("h"); try a.send("h")
        #expect(try a.waitFor("an accepted trade executes at once").matched)
        try a.send("C-s")
        #expect(try a.waitFor("Settings saved").matched)
        try SharedLeague.escape(a)
        #expect(try a.waitFor { !$0.contains("› League settings") }.matched)

        // A: an offer to Bytes, one unlocked player each way.
        try a.send("t")
        #expect(try a.waitForLoaded("› Trades").matched)
        try a.send("n")
        let teams = try a.waitForLoaded("Trade with which team?")
        #expect(teams.matched && teams.screen.contains("Bytes"), "\(teams.screen)")
        try a.send("Enter")
        // Both rosters drawn to the end: a capture can catch a frame half written (a full test run caught one with eight
        // of alice's fifteen rows, all locked), so the wait is for a screen where each side has an unlocked player.
        let rosters = try a.waitFor(timeout: 20) {
            $0.contains("You get — Bytes") && !$0.contains("Loading")
                && Self.firstUnlocked($0, right: true) != nil && Self.firstUnlocked($0, right: false) != nil
        }
        #expect(rosters.matched, "\(rosters.screen)")
        let theirs = try #require(Self.firstUnlocked(rosters.screen, right: true), "\(rosters.screen)")
        let mine = try #require(Self.firstUnlocked(rosters.screen, right: false), "\(rosters.screen)")
        for _ in 0..<theirs.index { try a.send("j") }
        try a.send("Space")
        try a.send("Left")
        for _ in 0..<mine.index { try a.send("j") }
        try a.send("Space")
        try a.send("s")
        let confirm = try a.waitFor("Send this offer to Bytes?")
        #expect(confirm.matched && confirm.screen.contains(theirs.name) && confirm.screen.contains(mine.name), "\(confirm.screen)")
        try a.send("y")
        #expect(try a.waitFor("Trade offer sent").matched)

        // B: the offer is on his Trades page; he counters with the offer turned round and sends it.
        try SharedLeague.open(b, league: "Gridiron Greats")
        try b.send("t")
        let offer = try b.waitForLoaded("Offers to me (1)", timeout: 20)
        #expect(offer.matched && offer.screen.contains(mine.name), "\(offer.screen)")
        try b.send("c")
        #expect(try b.waitForLoaded("Counter-offer").matched)
        try b.send("s")
        #expect(try b.waitFor("Send this counter-offer?").matched)
        try b.send("y")
        #expect(try b.waitFor("Counter-offer sent").matched)

        // A: the counter arrives live; accepted, it executes at once (no review).
        let counter = try a.waitFor(timeout: 30) { $0.contains("Offers to me (1)") }
        #expect(counter.matched, "\(counter.screen)")
        try a.send("a")
        #expect(try a.waitFor("Accept this trade?").matched)
        try a.send("y")
        #expect(try a.waitFor("Trade accepted").matched)
        try a.send("t"); try a.send("t"); try a.send("t")
        let history = try a.waitFor(timeout: 20) { $0.contains("executed") }
        #expect(history.matched, "\(history.screen)")

        // B: his roster holds the player he asked for in the counter (alice's), not his own any more.
        try SharedLeague.escape(b)
        try b.send("m")
        // On the roster itself: the board's league strip above it names both players in the newest activity line.
        // (Waited for, not read off the first frame: a page loaded just as the trade's event lands reloads in place.)
        let roster = try b.waitFor(timeout: 30) {
            let rows = Tmux.sheet(of: $0)
            return $0.contains("Your team lineup") && !$0.contains("Loading") && rows.contains(mine.name) && !rows.contains(theirs.name)
        }
        #expect(roster.matched, "ben's roster holds \(mine.name), not \(theirs.name):\n\(roster.screen)")
    }
}
