import ClubhouseData
import Foundation

/// `clubhouse backup [--database PATH] OUT`: a consistent, verified copy of a live SQLite league database
/// (`DatabaseBackup`), and how to restore it.
enum BackupCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        guard args.positionals.count == 1, let out = args.positionals.first, !out.isEmpty else {
            Output.error("clubhouse backup: expected exactly one OUT file\nTry 'clubhouse backup --help'.")
            return 2
        }
        if let url = args.options["database"], PostgresURL.isPostgres(url) {
            Output.error("clubhouse backup: copies SQLite databases; for PostgreSQL use pg_dump, e.g.\n" +
                         "  pg_dump --format=custom --file=\(out) '\(PostgresURL.redacted(url))'\n(README, \"Backups\")")
            return 2
        }
        let source: String
        do {
            source = try DatabaseLocation.resolve(explicitPath: args.options["database"], environment: ProcessInfo.processInfo.environment).path
        } catch {
            Output.error("clubhouse backup: \(error)")
            return 2
        }
        let report: DatabaseBackup.Report
        do { report = try DatabaseBackup.copy(from: source, to: out) } catch {
            Output.error("clubhouse backup: \(error.description)")
            return error.status
        }
        let size = ByteCountFormatter.string(fromByteCount: report.bytes, countStyle: .file)
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let newest = report.lastEventID > 0 ? " up to event #\(report.lastEventID)" : ""
        let q = ShellQuote.quote
        print("""
            Backed up \(source) to \(out) (\(size); integrity check ok): \(count(report.leagues, "league")), \
            \(count(report.picks, "pick")), \(count(report.events, "event"))\(newest).
            To restore: stop every app and server using \(source), then
              rm -f \(q(source + "-wal")) \(q(source + "-shm")) && cp \(q(out)) \(q(source))
            """)
        return 0
    }
}
