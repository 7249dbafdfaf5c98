import ClubhouseDomain
import Foundation

/// Rows a store transaction has already read and may be asked for again: a pick reads the league's teams for the
/// room, again for the rosters and again for the roster's league, and on PostgreSQL each read is a round trip.
///
/// Kept on the connection (`StoreSQLSession.storeMemo`) so that every `SQLStoreTransaction` on it — a nested one
/// included — sees the same memo, and emptied when a store transaction starts and when it ends (`withStoreTransaction`),
/// so nothing outlives the transaction (or a savepoint's rollback, or an attempt run again after a serialization
/// failure). Inside it the transaction's own writes are the only changes it can see (SERIALIZABLE / one snapshot on
/// PostgreSQL, SQLite's one writer), so a memoized read stays true until a write touches its table: every statement
/// the store runs that isn't a SELECT goes through `wrote(_:)`, which forgets what the statement's table backs — and
/// everything for a DELETE (cascades reach other tables) or any statement it can't read the table of.
package final class StoreTransactionMemo {
    /// `league(_:)`, a missing league included.
    var leagues: [LeagueID: League?] = [:]
    /// `teams(in:)`.
    var teams: [LeagueID: [Team]] = [:]
    /// `draft(in:)`, a league without a draft included.
    var drafts: [LeagueID: Draft?] = [:]
    /// `rosters(in:)`.
    var rosters: [LeagueID: [Roster]] = [:]
    /// `picks(in:)` (an auction's sales beside them).
    var picks: [LeagueID: [Pick]] = [:]
    /// `pickOwners(in:)`.
    var pickOwners: [LeagueID: [DraftPickRef: TeamID]] = [:]
    /// `seasonDataVersion()` (`league(_:)` reads it in the same statement: a write's first two questions).
    var seasonDataVersion: Int64?

    package init() {}

    package func reset() {
        if !leagues.isEmpty { leagues.removeAll() }
        if !teams.isEmpty { teams.removeAll() }
        if !drafts.isEmpty { drafts.removeAll() }
        if !rosters.isEmpty { rosters.removeAll() }
        if !picks.isEmpty { picks.removeAll() }
        if !pickOwners.isEmpty { pickOwners.removeAll() }
        seasonDataVersion = nil
    }

    /// The league of `team`, when a memoized `teams(in:)` holds it.
    func league(ofTeam team: TeamID) -> LeagueID? {
        for (league, teams) in teams where teams.contains(where: { $0.id == team }) { return league }
        return nil
    }

    /// Forgets what `sql` (about to run) may change. Reads (SELECT) change nothing; an INSERT or UPDATE changes its
    /// table (no foreign key cascades on update); a DELETE may cascade anywhere; anything else forgets everything.
    func wrote(_ sql: String) {
        guard !(leagues.isEmpty && teams.isEmpty && drafts.isEmpty && rosters.isEmpty && picks.isEmpty && pickOwners.isEmpty
                && seasonDataVersion == nil) else { return }
        let words = sql.prefix(80).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "(" }).prefix(3).map { $0.uppercased() }
        guard let first = words.first else { return }
        if first == "SELECT" { return }
        let table: String
        if first == "INSERT", words.count >= 3, words[1] == "INTO" {
            table = words[2]
        } else if first == "UPDATE", words.count >= 2 {
            table = words[1]
        } else {
            reset()
            return
        }
        switch table {
        case "LEAGUES": leagues.removeAll()
        case "TEAMS": teams.removeAll(); rosters.removeAll()
        case "DRAFTS": drafts.removeAll()
        case "ROSTER_ENTRIES": rosters.removeAll()
        case "PICKS", "AUCTION_SALES": picks.removeAll()
        case "DRAFT_PICK_OWNERS": pickOwners.removeAll()
        case "META": seasonDataVersion = nil
        default: break
        }
    }
}
