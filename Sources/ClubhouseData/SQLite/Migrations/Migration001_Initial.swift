/// Schema v1: the whole product.
///
/// Conventions: times are REAL Unix seconds (UTC); booleans are INTEGER 0/1; enums are TEXT holding the
/// Domain's raw values; player ids are the fixture's TEXT ids; JSON is TEXT. Stat columns are the nflverse
/// names of `StatLine.columns` (a test checks they stay in step); a new stat column needs a new migration.
package enum Migration001 {
    package static let migration = Migration(version: 1, name: "initial schema", sql: sql)

    static let statColumns = """
            completions INTEGER NOT NULL DEFAULT 0,
            attempts INTEGER NOT NULL DEFAULT 0,
            passing_yards INTEGER NOT NULL DEFAULT 0,
            passing_tds INTEGER NOT NULL DEFAULT 0,
            interceptions INTEGER NOT NULL DEFAULT 0,
            passing_2pt_conversions INTEGER NOT NULL DEFAULT 0,
            carries INTEGER NOT NULL DEFAULT 0,
            rushing_yards INTEGER NOT NULL DEFAULT 0,
            rushing_tds INTEGER NOT NULL DEFAULT 0,
            rushing_2pt_conversions INTEGER NOT NULL DEFAULT 0,
            receptions INTEGER NOT NULL DEFAULT 0,
            receiving_yards INTEGER NOT NULL DEFAULT 0,
            receiving_tds INTEGER NOT NULL DEFAULT 0,
            receiving_2pt_conversions INTEGER NOT NULL DEFAULT 0,
            fumbles_lost INTEGER NOT NULL DEFAULT 0,
            special_teams_tds INTEGER NOT NULL DEFAULT 0,
            fg_made INTEGER NOT NULL DEFAULT 0,
            fg_att INTEGER NOT NULL DEFAULT 0,
            fg_missed INTEGER NOT NULL DEFAULT 0,
            fg_made_0_19 INTEGER NOT NULL DEFAULT 0,
            fg_made_20_29 INTEGER NOT NULL DEFAULT 0,
            fg_made_30_39 INTEGER NOT NULL DEFAULT 0,
            fg_made_40_49 INTEGER NOT NULL DEFAULT 0,
            fg_made_50_59 INTEGER NOT NULL DEFAULT 0,
            fg_made_60_ INTEGER NOT NULL DEFAULT 0,
            pat_made INTEGER NOT NULL DEFAULT 0,
            pat_att INTEGER NOT NULL DEFAULT 0,
            pat_missed INTEGER NOT NULL DEFAULT 0,
            def_sacks INTEGER NOT NULL DEFAULT 0,
            def_interceptions INTEGER NOT NULL DEFAULT 0,
            def_fumble_recovery INTEGER NOT NULL DEFAULT 0,
            def_tds INTEGER NOT NULL DEFAULT 0,
            def_safeties INTEGER NOT NULL DEFAULT 0,
            def_blocked_kicks INTEGER NOT NULL DEFAULT 0,
            points_allowed INTEGER NOT NULL DEFAULT 0
        """

    package static let sql = """
        -- Small key/value facts about this file (e.g. which season fixture was seeded).
        CREATE TABLE meta (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );

        -- MARK: The NFL season

        CREATE TABLE nfl_teams (
            abbreviation TEXT PRIMARY KEY,
            location     TEXT NOT NULL,
            nickname     TEXT NOT NULL,
            bye_week     INTEGER NOT NULL
        );

        CREATE TABLE players (
            id            TEXT PRIMARY KEY,
            full_name     TEXT NOT NULL,
            first_name    TEXT NOT NULL,
            last_name     TEXT NOT NULL,
            position      TEXT NOT NULL CHECK (position IN ('QB','RB','WR','TE','K','DEF')),
            nfl_team      TEXT NOT NULL,
            jersey_number INTEGER,
            injury_status TEXT NOT NULL DEFAULT '' CHECK (injury_status IN ('','Q','D','OUT','IR'))
        );
        CREATE INDEX players_by_position ON players(position, nfl_team);
        CREATE INDEX players_by_team ON players(nfl_team);
        CREATE INDEX players_by_name ON players(last_name COLLATE NOCASE, first_name COLLATE NOCASE);

        CREATE TABLE games (
            id         TEXT PRIMARY KEY,
            season     INTEGER NOT NULL,
            week       INTEGER NOT NULL,
            kickoff    REAL NOT NULL,
            away_team  TEXT NOT NULL,
            home_team  TEXT NOT NULL,
            away_score INTEGER NOT NULL DEFAULT 0,
            home_score INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX games_by_week ON games(season, week, kickoff);
        CREATE INDEX games_by_kickoff ON games(kickoff);

        -- One row per player per week played. The primary key serves a player's game log;
        -- weekly_stats_by_week serves "week W for these players".
        CREATE TABLE weekly_stats (
            player_id TEXT NOT NULL REFERENCES players(id),
            season    INTEGER NOT NULL,
            week      INTEGER NOT NULL CHECK (week BETWEEN 1 AND 18),
            team      TEXT NOT NULL,
            opponent  TEXT NOT NULL DEFAULT '',
        \(statColumns),
            PRIMARY KEY (player_id, season, week)
        ) WITHOUT ROWID;
        CREATE INDEX weekly_stats_by_week ON weekly_stats(season, week, player_id);

        CREATE TABLE prior_season_stats (
            player_id TEXT NOT NULL REFERENCES players(id),
            season    INTEGER NOT NULL,
            games     INTEGER NOT NULL DEFAULT 0,
        \(statColumns),
            PRIMARY KEY (player_id, season)
        ) WITHOUT ROWID;

        -- MARK: Accounts

        -- email is stored normalized (trimmed, lowercased) by the app; NOCASE makes the unique check case-blind anyway.
        CREATE TABLE users (
            id            INTEGER PRIMARY KEY,
            email         TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (email <> '' AND email = trim(email)),
            display_name  TEXT NOT NULL,
            password_hash TEXT,
            created_at    REAL NOT NULL
        );

        -- Only the hash of a session token is stored.
        CREATE TABLE sessions (
            token_hash   TEXT PRIMARY KEY,
            user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at   REAL NOT NULL,
            expires_at   REAL NOT NULL,
            revoked      INTEGER NOT NULL DEFAULT 0,
            last_seen_at REAL
        );
        CREATE INDEX sessions_by_user ON sessions(user_id);

        CREATE TABLE ssh_keys (
            fingerprint TEXT PRIMARY KEY,
            user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            public_key  TEXT NOT NULL,
            label       TEXT NOT NULL DEFAULT '',
            added_at    REAL NOT NULL
        );
        CREATE INDEX ssh_keys_by_user ON ssh_keys(user_id);

        -- MARK: Leagues

        CREATE TABLE leagues (
            id                 INTEGER PRIMARY KEY,
            name               TEXT NOT NULL,
            season             INTEGER NOT NULL,
            is_public          INTEGER NOT NULL DEFAULT 1,
            commissioner_id    INTEGER REFERENCES users(id) ON DELETE SET NULL,
            settings           TEXT NOT NULL,        -- LeagueSettings as JSON
            state              TEXT NOT NULL CHECK (state IN ('predraft','drafting','in-season','playoffs','complete')),
            clock              REAL NOT NULL,        -- the league's own season clock
            draft_scheduled_at REAL,
            created_at         REAL NOT NULL
        );
        CREATE INDEX leagues_by_visibility ON leagues(is_public, state);
        CREATE INDEX leagues_by_commissioner ON leagues(commissioner_id);

        -- A team without a manager is a bot.
        CREATE TABLE teams (
            id              INTEGER PRIMARY KEY,
            league_id       INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            name            TEXT NOT NULL,
            manager_id      INTEGER REFERENCES users(id) ON DELETE SET NULL,
            waiver_priority INTEGER NOT NULL,
            faab_remaining  INTEGER NOT NULL DEFAULT 0,
            autopick        INTEGER NOT NULL DEFAULT 0,
            created_at      REAL NOT NULL
        );
        CREATE INDEX teams_by_league ON teams(league_id);
        CREATE UNIQUE INDEX teams_one_per_manager ON teams(league_id, manager_id) WHERE manager_id IS NOT NULL;
        CREATE INDEX teams_by_manager ON teams(manager_id);

        CREATE TABLE join_requests (
            league_id    INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            team_name    TEXT NOT NULL,
            status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','denied')),
            requested_at REAL NOT NULL,
            decided_at   REAL,
            PRIMARY KEY (league_id, user_id)
        );
        CREATE INDEX join_requests_by_user ON join_requests(user_id);

        CREATE TABLE invites (
            code       TEXT PRIMARY KEY,
            league_id  INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            uses_left  INTEGER NOT NULL CHECK (uses_left >= 0),
            expires_at REAL,
            created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
            created_at REAL NOT NULL
        );
        CREATE INDEX invites_by_league ON invites(league_id);

        -- MARK: Rosters and lineups

        -- A player is on at most one team per league: the primary key says so.
        CREATE TABLE roster_entries (
            league_id   INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            player_id   TEXT NOT NULL REFERENCES players(id),
            team_id     INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            slot        TEXT NOT NULL CHECK (slot IN ('QB','RB','WR','TE','FLEX','K','DEF','BN','IR')),
            acquisition TEXT NOT NULL CHECK (acquisition IN ('draft','free-agent','waiver','commissioner')),
            acquired_at REAL NOT NULL,
            PRIMARY KEY (league_id, player_id)
        );
        CREATE INDEX roster_entries_by_team ON roster_entries(team_id);

        -- The slot each rostered player held in a week (kept per week so past scores stay true).
        CREATE TABLE lineups (
            team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            week      INTEGER NOT NULL,
            player_id TEXT NOT NULL REFERENCES players(id),
            slot      TEXT NOT NULL CHECK (slot IN ('QB','RB','WR','TE','FLEX','K','DEF','BN','IR')),
            PRIMARY KEY (team_id, week, player_id)
        ) WITHOUT ROWID;

        -- MARK: Draft

        CREATE TABLE drafts (
        \(TableRebuild.draftsDefinition(types: "'snake','linear','third-round-reversal'"))
        );

        -- The pick-number check: (league_id, number) is the primary key, so of several processes
        -- ticking the same expired pick exactly one insert wins. A player is drafted once per league.
        CREATE TABLE picks (
            league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            number    INTEGER NOT NULL CHECK (number >= 1),
            round     INTEGER NOT NULL,
            team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            player_id TEXT NOT NULL REFERENCES players(id),
            source    TEXT NOT NULL CHECK (source IN ('manager','autopick','bot','commissioner')),
            made_at   REAL NOT NULL,
            PRIMARY KEY (league_id, number),
            UNIQUE (league_id, player_id)
        );
        CREATE INDEX picks_by_team ON picks(team_id);

        CREATE TABLE draft_queue (
            team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            player_id TEXT NOT NULL REFERENCES players(id),
            rank      INTEGER NOT NULL,
            PRIMARY KEY (team_id, player_id)
        ) WITHOUT ROWID;
        CREATE INDEX draft_queue_by_rank ON draft_queue(team_id, rank);

        CREATE TABLE chat_messages (
            id        INTEGER PRIMARY KEY AUTOINCREMENT,
            league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            user_id   INTEGER REFERENCES users(id) ON DELETE SET NULL,   -- NULL: a system message
            team_id   INTEGER REFERENCES teams(id) ON DELETE SET NULL,
            body      TEXT NOT NULL,
            at        REAL NOT NULL
        );
        CREATE INDEX chat_messages_by_league ON chat_messages(league_id, id);

        -- MARK: Waivers and transactions

        CREATE TABLE waiver_claims (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            league_id    INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            team_id      INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            add_player   TEXT NOT NULL REFERENCES players(id),
            drop_player  TEXT REFERENCES players(id),
            bid          INTEGER NOT NULL DEFAULT 0 CHECK (bid >= 0),
            rank         INTEGER NOT NULL,
            status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','won','lost','cancelled')),
            outcome      TEXT,
            created_at   REAL NOT NULL,
            processed_at REAL
        );
        CREATE INDEX waiver_claims_by_league ON waiver_claims(league_id, status);
        CREATE INDEX waiver_claims_by_team ON waiver_claims(team_id, status, rank);

        CREATE TABLE waiver_holds (
            league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            player_id TEXT NOT NULL REFERENCES players(id),
            until     REAL NOT NULL,
            PRIMARY KEY (league_id, player_id)
        );

        CREATE TABLE transactions (
            id        INTEGER PRIMARY KEY AUTOINCREMENT,
            league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            team_id   INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            kind      TEXT NOT NULL CHECK (kind IN ('draft','add','drop','waiver-claim','commissioner')),
            added     TEXT REFERENCES players(id),
            dropped   TEXT REFERENCES players(id),
            bid       INTEGER,
            at        REAL NOT NULL
        );
        CREATE INDEX transactions_by_league ON transactions(league_id, id);
        CREATE INDEX transactions_by_team ON transactions(team_id, id);

        -- MARK: Matchups

        -- away_team_id NULL is a bye. Points are exact hundredths (Points.hundredths); NULL until final.
        CREATE TABLE matchups (
            league_id     INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            week          INTEGER NOT NULL,
            home_team_id  INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
            away_team_id  INTEGER REFERENCES teams(id) ON DELETE CASCADE,
            is_playoff    INTEGER NOT NULL DEFAULT 0,
            home_points   INTEGER,
            away_points   INTEGER,
            is_final      INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (league_id, week, home_team_id)
        );
        CREATE INDEX matchups_by_away ON matchups(league_id, week, away_team_id);

        -- MARK: Events

        -- Append-only. Written in the same transaction as the change it describes; followers read id > last seen.
        -- AUTOINCREMENT: ids are never reused, so "after id N" stays meaningful forever.
        CREATE TABLE events (
            id        INTEGER PRIMARY KEY AUTOINCREMENT,
            league_id INTEGER NOT NULL,
            kind      TEXT NOT NULL,
            payload   TEXT NOT NULL DEFAULT '{}',
            at        REAL NOT NULL
        );
        CREATE INDEX events_by_league ON events(league_id, id);
        """
}
