import ClubhouseData
import Foundation

/// `clubhouse import-stats FILE`: the older name of `clubhouse season import FILE` (one importer, nflverse's files).
/// As it always did, a new database first gets the shipped season, so a weekly stats file of 2019 imports on its own.
enum ImportStatsCommand {
    static func run(_ args: ParsedArguments) -> Int32 {
        guard args.positionals.count == 1, let file = args.positionals.first else {
            Output.error("clubhouse import-stats: expected exactly one FILE\nTry 'clubhouse import-stats --help'.")
            return 2
        }
        do {
            let db = try OpenDatabase.open(args, seed: .season)
            return SeasonCommand.finish(try SeasonImport.run(path: file, into: db), from: file)
        } catch {
            Output.failure("clubhouse import-stats", error)
            return 1
        }
    }
}
