import ClubhouseDomain
import Foundation
import Synchronization

/// One transaction's view of the store, on either database: the store's SQL is written once, in the SQL both
/// SQLite and PostgreSQL accept, and runs on a `StoreSQLSession` (an SQLite `Connection` or a `PostgresConnection`).
/// The few places the dialects differ ask `session.dialect`.
///
/// Each store port's SQL is a protocol of its own with its methods in an extension, one file a port
/// (`SQLStoreTransaction+Draft.swift`: `DraftSQL`, the SQL of `DraftStoreWriter`); this type is all of them on one
/// session, plus what spans ports (`prefetch`, `revision`, `ifPossible`).
struct SQLStoreTransaction<Session: StoreSQLSession>: LeagueStoreWriter, LeaguesSQL, RosterSQL, MatchupsSQL, SeasonSQL,
    ClockSQL, AccountSQL, ChatSQL, DraftSQL, WaiverSQL, EventSQL, TradeSQL, KeeperSQL, AuctionSQL, IdempotencySQL, WebhookSQL {
    let session: Session

    func ifPossible<T>(_ body: () throws -> T) throws -> T? {
        do {
            guard let nesting = session as? any SavepointNesting else { return try body() }
            return try nesting.inSavepoint(body)
        } catch let e as any StoreSQLError {
            throw e   // the database's own failure: the whole write retries or fails
        } catch {
            memo.wrote("ROLLBACK TO SAVEPOINT")   // what the memo read inside the part may be undone
            return nil
        }
    }
}

/// What a port's SQL runs on: the session, the transaction's memo of reads, and the statement helpers.
protocol SQLStatements {
    associatedtype Session: StoreSQLSession
    var session: Session { get }
}

extension SQLStatements {
    /// Reads this transaction already made (the session's: shared with a nested transaction's). Every statement
    /// below that isn't a SELECT tells it first (`StoreTransactionMemo.wrote`).
    var memo: StoreTransactionMemo { session.storeMemo }

    func each(_ sql: String, _ params: [(any SQLBindable)?] = [], _ body: (Session.Cursor) throws -> Void) throws {
        memo.wrote(sql)
        try session.forEach(sql, params, body)
    }
    /// Each row of `sql`, made a value by `row`.
    func rows<T>(_ sql: String, _ params: [(any SQLBindable)?] = [], _ row: (Session.Cursor) throws -> T) throws -> [T] {
        var out: [T] = []
        try each(sql, params) { out.append(try row($0)) }
        return out
    }
    /// A read of one league that the transaction keeps (`StoreTransactionMemo`): the kept answer when there is one,
    /// else `read`'s, kept for the next time it is asked.
    func memoized<Value>(_ kept: ReferenceWritableKeyPath<StoreTransactionMemo, [LeagueID: Value]>, _ league: LeagueID,
                         _ read: () throws -> Value) throws -> Value {
        if let hit = memo[keyPath: kept][league] { return hit }
        let out = try read()
        memo[keyPath: kept][league] = out
        return out
    }
    @discardableResult
    func run(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> Int {
        memo.wrote(sql)
        return try session.run(sql, params)
    }
    /// Runs a write whose outcome is only success or failure: on PostgreSQL it goes with the transaction's next
    /// statement or its COMMIT, and its error — a broken unique constraint as `conflict` says — is thrown there
    /// (`StoreSQLSession.runLater`). Not for a write whose failure a caller catches and goes on from.
    func runLater(_ sql: String, _ params: [(any SQLBindable)?] = [], conflict: ((String) -> DomainError)? = nil) throws {
        memo.wrote(sql)
        try session.runLater(sql, params, conflict: conflict)
    }
    /// Runs an INSERT into a table with an `id` key; returns the new row's id.
    func insert(_ sql: String, _ params: [(any SQLBindable)?] = []) throws -> Int64 {
        memo.wrote(sql)
        return try session.insert(sql, params)
    }
    func scalar<T: SQLColumnDecodable>(_ sql: String, _ params: [(any SQLBindable)?] = [], as: T.Type) throws -> T? {
        memo.wrote(sql)
        return try session.scalar(sql, params, as: T.self)
    }
    /// A write that may break a unique constraint, so that the transaction stays usable when it does.
    func mayConflict(_ sql: String, _ params: [(any SQLBindable)?]) throws {
        memo.wrote(sql)
        try session.recovering { _ = try session.run(sql, params) }
    }
    /// An INSERT that adds nothing when the row would break a unique constraint (`ON CONFLICT DO NOTHING`, the same on
    /// both databases); returns whether the row went in. No error, so no savepoint is needed to keep a PostgreSQL
    /// transaction usable (`mayConflict`'s round trips), and the caller says what the conflict means.
    func insertUnlessConflicting(_ sql: String, _ params: [(any SQLBindable)?]) throws -> Bool {
        try run(sql + " ON CONFLICT DO NOTHING", params) > 0
    }
}

/// The store's SQL on `session`, for the store of another module of this package (PostgreSQL's).
package func sqlStoreTransaction<Session: StoreSQLSession>(on session: Session) -> any LeagueStoreWriter {
    SQLStoreTransaction(session: session)
}

/// Runs `body` as one store transaction on `session` (inside the database's transaction): the memo of reads starts
/// empty and is emptied again at the end, whatever happens, so it never outlives the transaction — nor a nested
/// one's savepoint, nor an attempt run again after a serialization failure.
package func withStoreTransaction<Session: StoreSQLSession, T>(on session: Session, _ body: (any LeagueStoreWriter) throws -> T) throws -> T {
    session.storeMemo.reset()
    defer { session.storeMemo.reset() }
    return try body(SQLStoreTransaction(session: session))
}

/// The store's SQL fragments and caches (a generic type can't hold static stored properties).
enum StoreSQL {
    static let statSelect = StatLine.columns.map(\.name).joined(separator: ", ")
    /// A league row's columns, then the league renewed from it (the row whose `previous_league_id` names it; unique), named
    /// apart from `id` (PostgreSQL refuses `ORDER BY id` over two output columns of that name).
    static let leagueColumns = "id, name, season, is_public, commissioner_id, settings, state, clock, draft_scheduled_at, created_at, follows_real_time, "
        + "previous_league_id, (SELECT n.id FROM leagues n WHERE n.previous_league_id = leagues.id) AS next_league_id"
    /// Decoded and checked settings by their stored JSON text: the text is the whole input, so a hit can never be stale.
    static let settingsCache = CheckedSettingsCache()
    static let draftOrderCache = DecodedJSONCache<[Int64]>()
    /// Encoded settings by value (the clock engine rewrites the league row, settings unchanged, many times a season).
    static let encodedSettings = EncodedJSONCache<LeagueSettings>()
}

/// A matchup row's key and columns, for `setMatchups`' diff.
struct MatchupRowKey: Hashable { let week: Int; let home: Int64 }
struct MatchupRowColumns: Equatable { let away: Int64?; let isPlayoff: Bool; let home: Int?; let awayPoints: Int?; let isFinal: Bool }

/// Decoded values of small JSON columns (league settings, draft orders) keyed by their exact text, shared by every
/// connection of the process. Keyed on the whole input, so it can never hand back a stale value; bounded.
final class DecodedJSONCache<Value: Decodable & Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    private static var limit: Int { 256 }

    func decode(_ text: String) throws -> Value {
        if let hit = values.withLock({ $0[text] }) { return hit }
        let value = try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        values.withLock { values in
            if values.count >= Self.limit { values.removeAll(keepingCapacity: true) }
            values[text] = value
        }
        return value
    }
}

/// League settings by their stored JSON text, decoded and checked (`LeagueSettings.checkedAfterReading`): within their
/// limits, with what needs the commissioner — text that doesn't decode at all gives the defaults and says why. Shared by
/// every connection of the process, keyed on the whole input (never stale), bounded; a league read costs a lookup.
final class CheckedSettingsCache: Sendable {
    private let values = Mutex<[String: (settings: LeagueSettings, repair: LeagueRepair?)]>([:])
    private static var limit: Int { 256 }

    func checked(_ text: String) -> (settings: LeagueSettings, repair: LeagueRepair?) {
        if let hit = values.withLock({ $0[text] }) { return hit }
        let value: (settings: LeagueSettings, repair: LeagueRepair?)
        do {
            value = try JSONDecoder().decode(LeagueSettings.self, from: Data(text.utf8)).checkedAfterReading()
        } catch {
            value = (LeagueSettings(), .unreadableSettings(Self.decodingProblem(error)))
        }
        values.withLock { values in
            if values.count >= Self.limit { values.removeAll(keepingCapacity: true) }
            values[text] = value
        }
        return value
    }

    /// Why stored JSON didn't decode, in a few words (the coding path and the decoder's sentence).
    static func decodingProblem(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let c)?, .typeMismatch(_, let c)?, .valueNotFound(_, let c)?:
            let path = c.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : path + ": ") + c.debugDescription
        case .keyNotFound(let key, _)?: return "\(key.stringValue) is missing"
        default: return "not JSON"
        }
    }
}

/// Encoded JSON text of values, keyed by the value itself (so a hit decodes to an equal value); bounded.
final class EncodedJSONCache<Value: Hashable & Sendable>: Sendable {
    private let texts = Mutex<[Value: String]>([:])
    private static var limit: Int { 256 }

    func encode(_ value: Value, _ encoder: (Value) throws -> String) throws -> String {
        if let hit = texts.withLock({ $0[value] }) { return hit }
        let text = try encoder(value)
        texts.withLock { texts in
            if texts.count >= Self.limit { texts.removeAll(keepingCapacity: true) }
            texts[value] = text
        }
        return text
    }
}
