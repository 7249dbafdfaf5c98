/// Help texts, printed by `--help` and after usage errors.
enum Usage {
    static let main = """
    Usage: clubhouse [OPTIONS]
           clubhouse COMMAND [OPTIONS]

    Fantasy football in the terminal. With no command, starts the app on the embedded
    league database (the 2019 demo season is seeded on first run).

    Options:
      --database PATH   use this SQLite database
                        (default: $XDG_DATA_HOME/clubhouse/clubhouse.sqlite)
      --no-color        monochrome UI (also: NO_COLOR=1)
      -h, --help        show this help
      -V, --version     show the version

    Commands:
      import-stats FILE   import weekly stats from a CSV file (nflverse player_stats columns)

    Run 'clubhouse COMMAND --help' for a command's options.
    """

    static let importStats = """
    Usage: clubhouse import-stats FILE [--database PATH]

    Validates every row of FILE first; on a bad row prints FILE:LINE: reason and imports
    nothing. On success, imports all rows in one transaction and reports the counts.

    Options:
      --database PATH   use this SQLite database
      -h, --help        show this help
    """
}
