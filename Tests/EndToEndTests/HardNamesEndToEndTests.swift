import ClubhouseData
import ClubhouseDomain
import Foundation
import Testing

/// "Names and emails" in a real terminal (tmux): names with a ZWJ family, a flag, a decomposed é, VS16, a
/// keycap, CJK, Zalgo text and skin tones — and one written by an older version with BEL, an escape sequence and a
/// direction override — on the league page, the board's standings and Home. Every row of the frame must end in its
/// right border at the terminal's last column, as tmux counts columns, and moving the selection, opening and closing
/// the help over the names must leave exactly what a full repaint draws: no stale text.
@Suite(.serialized) struct HardNamesEndToEndTests {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    static let width = 100, height = 30

    /// tmux's width of a code point: the C library's `wcwidth` (tmux 3.3 on Debian is built without utf8proc), and 1
    /// where `wcwidth` can't say (tmux's rule). Looked up at run time: Swift's Glibc module doesn't declare it.
    static let wcwidth: @convention(c) (Int32) -> Int32 = {
        setlocale(LC_CTYPE, "C.UTF-8")
        return unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "wcwidth"), to: (@convention(c) (Int32) -> Int32).self)
    }()

    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { n, s in
            let w = Int(wcwidth(Int32(bitPattern: s.value)))
            return n + (w < 0 ? 1 : w)
        }
    }

    /// Rows of the frame (board and sheet) whose right border is not at the last column, as "row: text".
    static func shiftedRows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            guard let first = line.first, "│├┌└".contains(first) else { return nil }
            var text = line
            while text.last == " " { text = text.dropLast() }
            return columns(text) == width && "│┤┐┘".contains(text.last!) ? nil : "\(i): \(line.debugDescription)"
        }
    }

    /// The rows two screens differ in, each as "row before: …" and "row after: …" (the first thing to read when a
    /// long screen is cut short in a log).
    static func differingRows(_ before: String, _ after: String) -> String {
        let a = before.split(separator: "\n", omittingEmptySubsequences: false)
        let b = after.split(separator: "\n", omittingEmptySubsequences: false)
        return (0..<max(a.count, b.count)).compactMap { i -> String? in
            let x = i < a.count ? String(a[i]) : "", y = i < b.count ? String(b[i]) : ""
            return x == y ? nil : "\(i) before: \(x.debugDescription)\n\(i) after:  \(y.debugDescription)"
        }.joined(separator: "\n")
    }

    /// A league whose people and teams carry the hard names, made with the real use cases; one team renamed behind the
    /// rules' back, as an older version (or a hand edit) could have stored it.
    static func makeDatabase(at path: String) throws {
        let db = try Database.open(at: DatabaseLocation(path: path)).database
        try DemoWorld.seedSeasonIfNeeded(db)
        try db.execute("INSERT INTO meta (key, value) VALUES ('\(DemoWorld.seededKey)', 'skipped by HardNamesEndToEndTests')")
        let service = LeagueService(store: SQLiteLeagueStore(database: db), accounts: .sodium)
        func person(_ email: String, _ name: String) throws -> Caller {
            .user(try service.accounts.createAccount(email: email, password: "correct horse", displayName: name).user.id)
        }
        let commissioner = try person("ann@example.com", "Ann \u{1F44D}\u{1F3FD}")
        var settings = LeagueSettings()
        settings.teamCount = 8
        let league = try service.leagues.createLeague(name: "\(family) Family League", settings: settings, isPublic: true,
                                              teamName: "\u{1F1FA}\u{1F1F8} Eagles", seasonClock: Date(timeIntervalSince1970: 1_566_475_200), caller: commissioner)
        var rng = SystemRandomNumberGenerator()
        let invite = try service.leagues.createInvite(league, uses: 6, expiresAt: nil, caller: commissioner, using: &rng)
        let teams = ["Cafe\u{301} \u{2764}\u{FE0F} Club", "中文 联赛 1\u{FE0F}\u{20E3}", "Za\u{335}\u{321}\u{31B}\u{322}lgo",
                     "\u{1F9D1}\u{1F3FD}\u{200D}\u{1F4BB} Coders", "\(family) Family", "Older version"]
        for (i, team) in teams.enumerated() {
            let member = try person("m\(i)@example.com", ["Zoë", "山田 太郎", "Bjørn", "\u{1F1EF}\u{1F1F5} Kenji", "Jose\u{301}", "Old"][i])
            _ = try service.leagues.redeemInvite(code: invite.code, teamName: team, caller: member)
        }
        try db.run("UPDATE teams SET name = ? WHERE name = 'Older version'",
                   ["Bell\u{7} \u{1B}[31mRed\u{1B}[0m \u{202E}live Z\u{335}\u{321}\u{31B}\u{322}\u{327}\u{300}\u{301}"])
    }

    /// Opens the help over the page and closes it: the keys before it have been handled once the help shows.
    static func helpOverAndBack(_ t: Tmux) throws {
        try t.send("?")
        #expect(try t.waitFor("┌ Keys").matched)
        try t.send("Escape")
        #expect(try t.waitFor { !$0.contains("┌ Keys") }.matched)
    }

    /// The screen now, then the same screen after a full repaint (resized away and back): they must be one.
    static func expectNoStaleText(_ t: Tmux, _ what: String) throws {
        let shown = try t.settledScreen()
        #expect(shiftedRows(shown).isEmpty, "\(what): right borders off their column:\n\(shiftedRows(shown).joined(separator: "\n"))\n\(shown)")
        try t.resize(width: width + 7, height: height)
        #expect(try t.waitFor { $0.split(separator: "\n").dropFirst().first.map { columns($0) == width + 7 } == true }.matched)
        try t.resize(width: width, height: height)
        let repainted = try t.waitFor(timeout: 10) { $0 == shown }
        #expect(repainted.matched, "\(what): the screen differs from a full repaint (stale text) in rows:\n\(differingRows(shown, repainted.screen))\nbefore:\n\(shown)\nrepainted:\n\(repainted.screen)")
    }

    @Test(.timeLimit(.minutes(10))) func hardNamesKeepEveryBorderInItsColumnAndLeaveNothingStale() throws {
        let home = try TemporaryHome()
        let path = home.url.appendingPathComponent("league.sqlite").path
        try Self.makeDatabase(at: path)
        let t = try Tmux(command: "\(Binary.path) --database \(Tmux.shellQuote(path)); echo exit=$?; sleep 60",
                         width: Self.width, height: Self.height, environment: home.environment)

        // Home: the league's name on the board and in the public list.
        #expect(try t.waitForLoaded("Public leagues (1)", timeout: 60).matched)
        try Self.expectNoStaleText(t, "Home")

        // The league page: teams and managers in the sheet, standings on the board; the selection moves over them.
        try t.send("Enter")
        let page = try t.waitFor { $0.contains("├─ Home › ") && $0.contains("Manager") && !$0.contains("Loading") }
        #expect(page.matched, "\(page.screen)")
        let shown = page.screen
        for name in ["\u{1F468}\u{1F469}\u{1F467} Family League", "US Eagles", "Caf\u{E9} \u{2764} Club", "中文 联赛 1\u{20E3}",
                     "\u{1F9D1}\u{1F4BB} Coders", "JP Kenji", "Bell\u{FFFD} \u{FFFD}[31mRed\u{FFFD}[0m \u{FFFD}live"] {
            #expect(shown.contains(name), "\(name.debugDescription) is shown as the terminal draws it:\n\(shown)")
        }
        for _ in 0..<7 { try t.send("j") }
        try t.send("k", "k")
        try Self.helpOverAndBack(t)
        try Self.expectNoStaleText(t, "league page after moving the selection")
        for _ in 0..<7 { try t.send("k") }
        try Self.helpOverAndBack(t)
        try Self.expectNoStaleText(t, "league page after moving back")
    }
}
