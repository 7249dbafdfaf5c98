import Foundation
import Testing

/// The real binary in a real terminal (tmux): first screen, sheet detents, help, the too-small screen,
/// resizing back, quitting, and a clean shell prompt afterwards.
@Suite(.serialized) struct ShellEndToEndTests {
    @Test func shellLifecycleInARealTerminal() throws {
        let home = try TemporaryHome()
        let tmux = try Tmux(command: "bash --norc --noprofile", width: 120, height: 40, environment: home.environment)
        try tmux.type("\(Binary.path); echo \"exit=$?\"")
        try tmux.send("Enter")

        // First screen: top bar, board, the Home page on the sheet, the footer.
        let first = try tmux.waitFor("Public leagues (", timeout: 120)
        #expect(first.matched, "Home never appeared:\n\(first.screen)")
        #expect(first.screen.contains("Clubhouse League"))
        #expect(first.screen.contains("signed out"))
        #expect(first.screen.contains("Gridiron Greats"))
        #expect(first.screen.contains("? help"))
        #expect(first.screen.contains("─ half ─"), "the sheet starts at half")

        // + grows the sheet to full: the board is covered, the sheet header moves up.
        try tmux.send("+")
        let full = try tmux.waitFor("─ full ─")
        #expect(full.matched, "detent did not change:\n\(full.screen)")
        try tmux.send("-")
        try tmux.send("-")
        let peek = try tmux.waitFor("─ peek ─")
        #expect(peek.matched, "no peek detent:\n\(peek.screen)")
        try tmux.send("+")
        #expect(try tmux.waitFor("─ half ─").matched)

        // ? opens the help overlay listing the page's bindings; Esc closes it.
        try tmux.send("?")
        // Wait for the whole overlay: the page's bindings and the app's.
        let help = try tmux.waitFor { $0.contains("esc close") && $0.contains("filter by state") && $0.contains("smaller sheet") }
        #expect(help.matched, "no complete help overlay:\n\(help.screen)")
        try tmux.send("Escape")
        let closed = try tmux.waitFor { !$0.contains("esc close") }
        #expect(closed.matched, "help did not close:\n\(closed.screen)")

        // Too small, then back.
        try tmux.resize(width: 50, height: 12)
        let small = try tmux.waitFor("Terminal too small")
        #expect(small.matched, "no too-small screen:\n\(small.screen)")
        #expect(small.screen.contains("50×12"))
        #expect(small.screen.contains("60×16"))
        try tmux.resize(width: 120, height: 40)
        let back = try tmux.waitFor("Public leagues (")
        #expect(back.matched, "did not recover:\n\(back.screen)")

        // q quits from the board; the shell prompt comes back clean.
        try tmux.send("Tab")
        #expect(try tmux.waitFor("q quit").matched, "tab did not focus the board")
        try tmux.send("q")
        // The shell prints the exit status and a fresh prompt on the next line: the terminal is usable again.
        let done = try tmux.waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard let i = lines.lastIndex(where: { $0.contains("exit=0") }), i + 1 < lines.count else { return false }
            return lines[i + 1].hasPrefix("e2e$")
        }
        #expect(done.matched, "no clean exit and prompt:\n\(done.screen)")
        #expect(!done.screen.contains("Public leagues"), "the app's screen was left behind")
    }
}
