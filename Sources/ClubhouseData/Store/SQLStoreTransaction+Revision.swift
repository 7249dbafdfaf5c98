import ClubhouseDomain

extension SQLStoreTransaction {
    /// The league's newest event, the season data version and its clock's speed (`LeaguesService.readRevision`), in one
    /// statement: run by itself it is its own snapshot on both databases, so the stores ask it outside a transaction.
    func revision(of league: LeagueID) throws -> String {
        var revision = "0.0.0"
        try each("""
            SELECT (SELECT COALESCE(MAX(id), 0) FROM events WHERE league_id = ?),
                   (SELECT CAST(value AS BIGINT) FROM meta WHERE key = 'season_data_version'),
                   (SELECT speed FROM league_clock_runs WHERE league_id = ?)
            """, [league, league]) { s in
            revision = "\(s.int64(at: 0)).\(s.isNull(at: 1) ? 0 : s.int64(at: 1)).\(s.isNull(at: 2) ? 0 : s.int(at: 2))"
        }
        return revision
    }
}
