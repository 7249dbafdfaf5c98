import ClubhouseData
import ClubhouseDomain
import ClubhouseUI
import Foundation
import Terminal

/// `clubhouse`: the full-screen app on the embedded league database.
enum AppCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        let env = TerminalPreflight.processEnvironment()
        // Check the terminal before touching anything, so a pipe or TERM=dumb gets one line and exit 2.
        TerminalPreflight.ensureUTF8Locale()
        if let refusal = TerminalPreflight.check(environment: env) {
            Output.error("clubhouse: \(refusal.reason)")
            return 2
        }
        let db: Database
        do { db = try OpenDatabase.open(args, seed: .world) } catch {
            Output.error("clubhouse: \(error)")
            return 1
        }
        let service = LeagueService(store: SQLiteLeagueStore(database: db))
        let api = EmbeddedLeagueAPI(service: service, databasePath: db.path)
        let monochrome = ClubhouseProgram.monochromeRequested(environment: env, arguments: args.flags.contains("no-color") ? ["--no-color"] : [])
        let program = ClubhouseProgram(api: api, settingsStore: FileSettingsStore(environment: env), monochrome: monochrome, environment: env)

        // Live draft rooms tick from this process too (the pick-number check lets one tick land per pick).
        let clock = Task.detached { await DraftClockDriver(service: service, databasePath: db.path).run() }
        defer { clock.cancel() }

        var options = TerminalRunner.Options()
        options.backend.monochrome = monochrome
        options.reducedMotion = env["CLUBHOUSE_REDUCED_MOTION"] != nil
        do {
            switch try TerminalRunner(options: options).run(program, environment: env) {
            case .quit, .hangup: return 0
            case .signal(let n): return 128 + n
            }
        } catch {
            Output.error("clubhouse: \(error.reason)")
            return 2
        }
    }
}
