import ClubhouseData
import ClubhouseDomain
import Foundation
import Terminal

/// `clubhouse`: the full-screen app on the embedded league database.
enum AppCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        var env = ProcessInfo.processInfo.environment
        if args.flags.contains("no-color") { env["NO_COLOR"] = "1" }
        // Check the terminal before touching anything, so a pipe or TERM=dumb gets one line and exit 2.
        TerminalPreflight.ensureUTF8Locale()
        if let refusal = TerminalPreflight.check(environment: env) {
            Output.error("clubhouse: \(refusal)")
            return 2
        }
        let db: Database
        do { db = try OpenDatabase.open(args, seed: .world) } catch {
            Output.error("clubhouse: \(error)")
            return 1
        }
        _ = db
        Output.error("clubhouse: the app shell is not wired yet")
        return 1
    }
}
