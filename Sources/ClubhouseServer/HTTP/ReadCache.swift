import ClubhouseDomain
import Foundation
import Synchronization

/// Anonymous reads of a league computed once per league revision: a `GET` of a league's page without a token is
/// answered from memory while the league's revision (`LeagueServerBackend.readRevision`, read from the database for
/// each request) is the one the answer was computed at; the first request after a change computes it again.
///
/// Why it is never stale: the revision is read inside the request, from the database every instance shares, after the
/// request arrived; an answer kept under revision R was computed in a read that began after R was read, so it shows R
/// or something newer, never anything older than what was committed when the request came. Every write to a league
/// appends an event in its transaction, so a change moves the revision on before anyone can read it.
///
/// Without even that read (`answer(_:stamp:)`, on libmicrohttpd's own thread): where the database has a change stamp
/// (`LeagueServerBackend.changeStamp(of:)`, SQLite's data version — it moves on at every commit, by any connection of
/// any process), an answer also remembers its league's stamp read just before its revision was. While the stamp is
/// still that one, nothing that changes the league was committed since, so the revision — and the answer — still
/// stand. On PostgreSQL the stamp is what the instance heard of the league on its LISTEN connection
/// (`PostgresReadKnowledge`): it moves on at every event of the league any instance commits, and for every league at
/// every write of this one, and is given only while a look at the events began at most a second ago — so an answer at
/// once is at most a second behind another instance's commit, and never behind this instance's own.
///
/// Only answers to requests without a token are kept: what a signed-in caller sees may be theirs alone (capabilities,
/// their team). Bounded: at most `maxEntries` answers and `maxBytes` of them; the least recently used go first.
final class ReadCache: Sendable {
    struct Answer: Sendable {
        /// The template of the route that answered (the request log's).
        let route: String
        /// The league whose read it is: its change stamp says whether the answer stands.
        let league: LeagueID
        let revision: String
        /// The change stamp read before `revision` was (nil: none known): while the database's is still this, so is the revision.
        var stamp: UInt64?
        /// The 200, and the 304 for a client that sends `etag` back, each made once (`PreparedAnswer`).
        let full: PreparedAnswer
        let notModified: PreparedAnswer
        /// `Revalidation.etag` of the body, computed once.
        let etag: String
        let size: Int
        var used: UInt64

        /// The answer to `request`: 304 when it names this tag in `If-None-Match`.
        func response(to request: HTTPRequest) -> HTTPResponse {
            if let asked = request.headers["if-none-match"], Revalidation.matches(asked, etag) { return notModified.response }
            return full.response
        }
    }
    private struct State {
        var answers: [String: Answer] = [:]
        var bytes = 0
        var tick: UInt64 = 0
        var hits = 0
        var misses = 0
    }
    private let state = Mutex(State())
    let maxEntries: Int
    let maxBytes: Int

    init(maxEntries: Int = 4_096, maxBytes: Int = 64 << 20) {
        self.maxEntries = max(1, maxEntries); self.maxBytes = max(1, maxBytes)
    }

    /// Whether `request` to `route` may be answered from (and kept in) the cache: a league's read (a `GET` of the league
    /// API under `/v1/leagues/{league}`), sent without a token.
    static func applies(to route: Route, _ request: HTTPRequest) -> Bool {
        route.cachesPublicAnswers && (request.method == "GET" || request.method == "HEAD") && request.headers["authorization"] == nil
    }

    /// The key of a request: its path and its query, sorted (the same page asked with its parameters in another order is
    /// the same answer).
    static func key(_ request: HTTPRequest) -> String {
        guard !request.query.isEmpty else { return request.path }
        return request.path + "?" + request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }

    /// The answer kept for `key` at `revision`; nil when none (or one of another revision) is kept. `stamp`, read before
    /// the revision was, is remembered with it (`answer(_:stamp:)`).
    func answer(_ key: String, revision: String, stamp: UInt64?) -> Answer? {
        state.withLock { s in
            let hit = Self.use(&s, key, if: { $0.revision == revision }) { $0.stamp = stamp }
            if hit == nil { s.misses += 1 }
            return hit
        }
    }

    /// The answer kept for `key` when its league's change stamp (`stamp`, nil: unknown) is still the one read before its
    /// revision (nothing that changes it was committed since); nil otherwise, without counting a miss (the request goes
    /// on to read the revision).
    func answer(_ key: String, stamp: (LeagueID) -> UInt64?) -> Answer? {
        state.withLock { s in Self.use(&s, key, if: { a in a.stamp != nil && stamp(a.league) == a.stamp }) }
    }

    /// The answer for `key` when `matches` says it stands: counted as a hit, marked used, changed by `update` — in place,
    /// with one lookup of the key (every kept read asks this, on libmicrohttpd's thread).
    private static func use(_ s: inout State, _ key: String, if matches: (Answer) -> Bool, update: (inout Answer) -> Void = { _ in }) -> Answer? {
        guard let i = s.answers.index(forKey: key), matches(s.answers.values[i]) else { return nil }
        s.hits += 1
        s.tick += 1
        s.answers.values[i].used = s.tick
        update(&s.answers.values[i])
        return s.answers.values[i]
    }

    /// Keeps a 200 answer computed at `revision` (anything else is not kept); returns the answer kept.
    @discardableResult
    func keep(_ response: HTTPResponse, key: String, route: String, league: LeagueID, revision: String, stamp: UInt64?) -> Answer? {
        guard response.status == 200, case .bytes(let bytes) = response.body, bytes.count <= maxBytes / 4 else { return nil }
        let tag = Revalidation.etag(bytes)
        let (full, notModified) = Revalidation.prepared(response, bytes: bytes, tag: tag)
        return state.withLock { s in
            if let old = s.answers[key] { s.bytes -= old.size }
            s.tick += 1
            let a = Answer(route: route, league: league, revision: revision, stamp: stamp, full: full, notModified: notModified, etag: tag,
                           size: bytes.count + key.utf8.count, used: s.tick)
            s.answers[key] = a
            s.bytes += a.size
            if s.answers.count > maxEntries || s.bytes > maxBytes { Self.evict(&s, entries: maxEntries, bytes: maxBytes) }
            return a
        }
    }

    /// Drops the least recently used quarter (at least enough to be back under both bounds): one sort per many
    /// insertions, not one per insertion.
    private static func evict(_ s: inout State, entries: Int, bytes: Int) {
        let order = s.answers.sorted { $0.value.used < $1.value.used }
        var dropped = 0
        let target = max(1, s.answers.count / 4)
        for (key, a) in order where dropped < target || s.answers.count > entries || s.bytes > bytes {
            s.answers[key] = nil
            s.bytes -= a.size
            dropped += 1
        }
    }

    var count: Int { state.withLock { $0.answers.count } }
    var counts: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }
}
