import ClubhouseData
import Foundation

/// `clubhouse import-stats FILE`: validates every row, then imports all or nothing.
enum ImportStatsCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        guard args.positionals.count == 1, let file = args.positionals.first else {
            Output.error("clubhouse import-stats: expected exactly one FILE\nTry 'clubhouse import-stats --help'.")
            return 2
        }
        do {
            let db = try OpenDatabase.open(args, seed: .season)
            switch try StatsImport.importFile(atPath: file, into: db) {
            case .failure(let error):
                Output.error(error.description)
                Output.error("Nothing was imported.")
                return 1
            case .success(let summary):
                var line = "Imported \(summary.rows) rows: \(summary.players) players, \(summary.weeks) weeks."
                if !summary.ignoredColumns.isEmpty { line += " Ignored columns: \(summary.ignoredColumns.joined(separator: ", "))." }
                print(line)
                return 0
            }
        } catch let error as DatabaseError {
            Output.error("clubhouse import-stats: \(error.domainError.message)")   // a full disk says so, and where
            return 1
        } catch {
            Output.error("clubhouse import-stats: \(error)")
            return 1
        }
    }
}
