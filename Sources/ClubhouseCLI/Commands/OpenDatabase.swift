import ClubhouseData
import ClubhouseDomain
import Foundation

/// Opens the league database the command line points at (`--database PATH`, else the XDG default),
/// reporting a corrupt file that was moved aside, and seeding the demo world on first run.
package enum OpenDatabase {
    package struct Failure: Error, CustomStringConvertible { package var description: String }

    /// What a new database gets: the whole demo world (the app), just the shipped seasons (import-stats), or nothing
    /// (season import and list: the schema only).
    package enum Seed { case world, season, none }

    package static func open(_ args: ParsedArguments, seed: Seed) throws(Failure) -> Database {
        try open(explicitPath: args.options["database"], seed: seed)
    }

    /// Opens `explicitPath` (nil: the XDG default). `onRecovery` hears what was moved aside, if anything, so the
    /// app can say it on screen too (stderr is hidden behind the full-screen app).
    /// `now`: the moment the demo world's live parts (the bot draft's clock, the mid-season league's running clock)
    /// start from when it is seeded — the clock its leagues then run on.
    package static func open(explicitPath: String?, seed: Seed, quiet: Bool = false, check: Database.SoundnessCheck = .full,
                     now: Date = Date(), onRecovery: (String) -> Void = { _ in }) throws(Failure) -> Database {
        let env = ProcessInfo.processInfo.environment
        if let url = explicitPath, PostgresURL.isPostgres(url) {
            throw Failure(description: "a PostgreSQL database is served by 'clubhouse serve --database \(PostgresURL.redacted(url))'; " +
                          "the app reaches it through that server: clubhouse --server URL")
        }
        do {
            let location = try DatabaseLocation.resolve(explicitPath: explicitPath, environment: env)
            let opened = try Database.open(at: location, check: check)
            if let recovery = opened.recovery { Output.error("clubhouse: \(recovery.message)"); onRecovery(recovery.message) }
            logTightened(opened.tightened, environment: env)
            switch seed {
            case .season:
                try DemoWorld.seedSeasonIfNeeded(opened.database)
            case .none:
                break
            case .world:
                let isNew = try opened.database.scalar("SELECT value FROM meta WHERE key = ?", [DemoWorld.seededKey], as: String.self) == nil
                if isNew && !quiet { print("Setting up the 2019 demo season in \(location.path)…") }
                try DemoWorld.seedIfNeeded(opened.database, now: now)
            }
            return opened.database
        } catch let f as DatabaseLocation.Failure {
            throw Failure(description: f.description)
        } catch let refused as NotADatabaseFile {
            throw Failure(description: refused.description)
        } catch {
            throw Failure(description: "cannot open the league database: \(error)")
        }
    }

    /// Database files other accounts could read were made private: said once, in this device's activity log (the
    /// next open finds them private already).
    private static func logTightened(_ changes: [PermissionChange], environment: [String: String]) {
        guard !changes.isEmpty, let dir = try? LocalStateDirectory.resolve(environment: environment) else { return }
        try? dir.create()
        let log = ActivityLog(path: dir.logFile)
        for c in changes {
            log.record("database.permissions", ["path": c.path, "from": String(c.from, radix: 8), "to": String(c.to, radix: 8)])
        }
    }
}
