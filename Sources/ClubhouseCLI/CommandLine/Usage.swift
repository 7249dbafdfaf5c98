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
      --server URL      use the league server at URL (also: CLUBHOUSE_SERVER=URL),
                        e.g. https://league.example.org:8787; its certificate must be
                        trusted by this machine (plain http:// only to 127.0.0.1 or
                        localhost)
      --ca-file FILE    with --server https://…: also trust the CA certificate(s) in
                        FILE (PEM), e.g. a club's own (also: CLUBHOUSE_CA_FILE=FILE)
      --allow-plain-http
                        allow --server http://… to another machine (passwords and tokens
                        cross the network unencrypted; the top bar says "plain HTTP")
      --no-color        monochrome UI (also: NO_COLOR=1)
      -h, --help        show this help
      -V, --version     show the version

    Commands:
      serve               run a league server for a club (JSON over HTTP)
      season              import, fetch and list NFL seasons (nflverse's files)
      import-stats FILE   the same as 'season import FILE'
      backup OUT          a consistent copy of the (live) SQLite database, verified
      host-ssh            host the app over SSH with the system's OpenSSH server

    Run 'clubhouse COMMAND --help' for a command's options.
    """

    static let serve = """
    Usage: clubhouse serve [--listen HOST:PORT] [--tls-cert FILE --tls-key FILE | --allow-plain-http]
                           [--database PATH] [--db-pool N] [--db-timeout SECONDS]
                           [--read-cache N] [--max-streams N] [--ssh-host-secret-file PATH]
                           [--trusted-proxy ADDR[,ADDR...]] [--metrics-token-file PATH]
                           [--refresh-season YEAR [--every 10m] [--from BASE_URL]]
                           [--webhook-allow CIDR]... [--webhook-ca FILE] [--webhook-retry-base SECONDS]

    Runs the league server: members point the app at http://HOST:PORT, or https://HOST:PORT
    with --tls-cert (see 'clubhouse --help'). Prints the URL, logs one line per request to
    standard error (method, route, status, time taken; never a token, password, email or
    person id), runs the draft clock for every live room, and stops gracefully on SIGTERM or
    Ctrl-C. With TLS, SIGHUP reads the certificate and key again (new connections get them;
    a bad pair keeps the old one and is logged). A new database is seeded with the 2019 demo
    season, as the app does.

    Options:
      --listen HOST:PORT   address to listen on (default: 127.0.0.1:8787; 0.0.0.0:8787 for
                           every interface — use --tls-cert beyond this machine)
      --allow-plain-http   serve plain HTTP on an address that isn't loopback (refused without
                           it: passwords and tokens would cross the network in the clear) —
                           for a TLS proxy in front, on a network you trust
      --tls-cert FILE      serve HTTPS (TLS 1.2/1.3) with this PEM certificate (chain, the
                           server's first; e.g. certbot's fullchain.pem); needs --tls-key.
                           One expired or not yet valid is served with a warning
      --tls-key FILE       the certificate's PEM private key (the file must be 0600 — readable
                           by its owner only; e.g. certbot's privkey.pem)
      --database PATH      use this SQLite database (also sqlite:PATH), or a PostgreSQL one
                           shared by several servers (postgres://USER@HOST/DB)
                           (default: $XDG_DATA_HOME/clubhouse/clubhouse.sqlite)
      --db-pool N          PostgreSQL: connections this server opens at most for requests and
                           clocks (default: 16; it also keeps 3 more for live events)
      --db-timeout SECONDS PostgreSQL: the longest one database call may take, waiting for a
                           connection included; past it the request gets 503 (default: 5)
      --read-cache N       anonymous reads of a league's pages kept in memory, each until the
                           league changes (default: 4096 answers, at most 64 MiB; 0: none)
      --max-streams N      live event streams (followers) served at once; more get 503
                           (default: 10000). The open-file limit is raised as far as they
                           need; when its hard limit is lower, the log says so and the cap
                           that fits
      --ssh-host-secret-file PATH
                           accept SSH-key sign-ins from the 'clubhouse host-ssh' that holds the
                           secret in PATH (one line; the file must be 0600 — readable by its
                           owner only); without it, key sign-in over HTTP is refused (403)
      --trusted-proxy ADDR[,ADDR...]
                           reverse proxies (addresses or CIDR ranges, e.g. 127.0.0.1,10.0.0.0/8)
                           whose X-Forwarded-For names the client: sign-in and new-account
                           limits then count the right-most address in it that isn't one of
                           these; from any other peer the header is ignored
      --metrics-token-file PATH
                           GET /metrics (Prometheus text) answers this machine only; with this,
                           also anyone sending the token in PATH as 'Authorization: Bearer'
                           (one line of at least 16 characters; the file must be 0600)
      --refresh-season YEAR
                           keep the YEAR season up to date while serving: its nflverse files are
                           fetched again (only the changed ones come down) and their differences
                           imported; new plays reach open screens, and stat corrections re-score a
                           final week until the Wednesday waiver run after it (then it is locked)
      --every DURATION     how often (default 10m; 30s, 1h …)
      --from BASE_URL      a mirror laid out like nflverse's releases (see 'clubhouse season --help')
      --webhook-allow CIDR let leagues' webhooks post to this network (repeatable; e.g. 127.0.0.0/8):
                           loopback, private, link-local, metadata and unspecified addresses are
                           refused otherwise (see docs/operating.md, "Webhooks")
      --webhook-ca FILE    also trust receivers whose certificates this PEM CA file signed
      --webhook-retry-base SECONDS
                           a failed webhook post's first retry after SECONDS, doubled per failure
                           up to an hour, for a day (default: 10; or CLUBHOUSE_WEBHOOK_RETRY_BASE)
      -h, --help           show this help
    """

    static let importStats = """
    Usage: clubhouse import-stats FILE [--database PATH]

    The older name of 'clubhouse season import FILE': imports one nflverse file (e.g. a newer
    stats_player_week_YEAR.csv of a season already stored). A new database first gets the
    shipped 2019 season. See 'clubhouse season --help'.

    Options:
      --database PATH   use this SQLite database
      -h, --help        show this help
    """

    static let backup = """
    Usage: clubhouse backup [--database PATH] OUT

    Copies the league database to OUT while apps and servers keep using it (SQLite's online
    backup: the copy is the database as it stood when the backup began), checks the copy with
    PRAGMA integrity_check, and says how to restore it. OUT must not exist yet; it is written
    under a temporary name first and made readable by its owner only (0600). For a PostgreSQL
    database use pg_dump.

    Options:
      --database PATH   the SQLite database to copy
                        (default: $XDG_DATA_HOME/clubhouse/clubhouse.sqlite)
      -h, --help        show this help
    """

    static let season = """
    Usage: clubhouse season import DIR|FILE [--season YEAR] [--database PATH|postgres://...]
           clubhouse season fetch YEAR [--from BASE_URL] [--database PATH|postgres://...]
           clubhouse season list [--database PATH|postgres://...]

    NFL seasons from nflverse's published files: players.csv, games.csv,
    stats_player_week_YEAR.csv, stats_team_week_YEAR.csv, play_by_play_YEAR.csv (each may be
    .csv.gz), or a season's totals alone (stats_player_reg_YEAR.csv, stats_team_reg_YEAR.csv:
    the basis of the next season's pre-draft rankings). Optional: injuries_YEAR.csv and
    roster_weekly_YEAR.csv (injury statuses per week: Q, D, O, IR); a season without them
    says so and has none.

    import  reads every season whose files are in DIR (or only --season YEAR) in one
            transaction: players created or updated, games with kickoffs in UTC, weekly
            stats, per-play stat changes from play-by-play. Only what changed is written:
            importing the same files again changes nothing. A bad row prints FILE:LINE:
            reason and nothing is imported. Each stat must be plausible for one week:
            yardage -200..2000; completions, attempts, carries, receptions 0..200; every
            other stat 0..50; season 1920..2100, week 1..18 (regular season only).
    fetch   downloads YEAR's files from nflverse's releases (BASE_URL/<tag>/<file>, e.g.
            .../pbp/play_by_play_2024.csv.gz), with a progress bar per file, resuming an
            interrupted download; a file is checked whole before the importer sees it; then
            imports them. Files are kept in $XDG_CACHE_HOME/clubhouse/nflverse/YEAR.
    list    one line per stored season: players, games, player-weeks, plays.

    Options:
      --season YEAR      import: only this season's files
      --from BASE_URL    fetch: a mirror laid out like nflverse's releases
                         (default: \(SeasonCommand.defaultBase))
      --database PATH    the SQLite database (default: $XDG_DATA_HOME/clubhouse/clubhouse.sqlite),
                         or postgres://... (a league server's PostgreSQL database)
      -h, --help         show this help

    Exit status: 0 done, 1 a refused file (nothing imported) or a failed download, 2 a usage error.
    """

    static let hostSSH = """
    Usage: clubhouse host-ssh [--port PORT] [--listen ADDR] [--database PATH]
                              [--policy open|linked] [--state-dir DIR] [--user NAME]
           clubhouse host-ssh --server URL --ssh-host-secret-file PATH [--ca-file FILE]
                              [--allow-plain-http] [--port PORT] ...

    Hosts the app over SSH with the system's OpenSSH server (package openssh-server): friends
    run 'ssh -p PORT USER@HOST' and land in the app, all in one league. Every connection
    logs in as the account running this command and can only run the app (no shell, no forwarding);
    the SSH key it used identifies the device. Each connection's app is a client of one league
    server: by default host-ssh starts 'clubhouse serve' on a free loopback port beside sshd (on
    --database); with --server it uses that server instead. Runs in the foreground; Ctrl-C (or
    SIGTERM) ends every session, then sshd, then the league server it started.

    Writes into the state folder: a host key (made once), sshd_config, sshd.pid, ssh-host-secret
    (0600, new on every start) and server.log (the league server's request log), and devices/ with
    per-key settings and sessions. As root it creates /run/sshd if missing.

    Options:
      --port PORT          port to listen on (default 2222)
      --listen ADDR        address to listen on (default 0.0.0.0; 127.0.0.1 for this machine only)
      --database PATH      the league database of the server started here
                           (default: $XDG_DATA_HOME/clubhouse/clubhouse.sqlite)
      --server URL         use the league server at URL (e.g. https://league.example.org:8787)
                           instead of starting one; needs --ssh-host-secret-file
      --ca-file FILE       with --server https://…: sessions and the key check also trust the
                           CA certificate(s) in FILE (PEM), e.g. a club's own
      --allow-plain-http   with --server: allow http:// to another machine (unencrypted)
      --ssh-host-secret-file PATH
                           with --server: the secret that server was started with
                           ('clubhouse serve --ssh-host-secret-file PATH'; a 0600 file)
      --policy POLICY      open: any SSH key may connect (default);
                           linked: only keys linked to an account
      --state-dir DIR      where the host key and sshd_config go
                           (default: $XDG_STATE_HOME/clubhouse/ssh, else ~/.local/state/clubhouse/ssh)
      --user NAME          as root: sessions log in and run as this unprivileged account; it
                           is given the database, the host secret and devices/, and needs a
                           database folder it can write (e.g. install -d -o NAME /var/lib/clubhouse)
      -h, --help           show this help

    Needs: the account's password field must not be locked ('!'): sshd refuses key logins to
    locked accounts; 'usermod -p '*' USER' allows them without setting a password. sshd runs its
    key check (this binary, or a wrapper script) only from a root-owned path nobody else can write.
    """

    static let sshSession = """
    Usage: clubhouse ssh-session --server URL --ssh-host-secret-file PATH [--ca-file FILE]
                                 --devices-dir DIR --policy open|linked
           clubhouse ssh-authorized-keys --server URL --ssh-host-secret-file PATH [--ca-file FILE]
                                         --policy open|linked TYPE BASE64

    Internal commands run by the sshd that 'clubhouse host-ssh' configures: ssh-session is every
    connection's ForceCommand (it reads the key from SSH_USER_AUTH, keeps per-key state under
    DIR/<fingerprint>/ and starts the app as a client of the league server at URL, signing the
    key's owner in with the secret in PATH); ssh-authorized-keys is sshd's AuthorizedKeysCommand
    (under --policy linked it asks the server whether the key is linked to an account).
    """
}
