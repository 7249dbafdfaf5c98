import ClubhouseDomain
import Foundation

/// What the server needs from the league engine behind it: the contract for a caller, plus the account and event
/// operations an HTTP server does for its clients (the composition root wires the embedded engine in).
public protocol LeagueServerBackend: Sendable {
    /// The contract as `caller` sees it.
    func api(for caller: Caller) -> any LeagueAPI
    /// The account behind a session token; `.unauthenticated` for an unknown, expired or revoked one.
    func user(forToken token: String) async throws -> User
    /// Signs in by password, limited per account and per `origin`'s buckets (the client's address, never its word).
    func signIn(email: String, password: String, from origin: ClientOrigin) async throws -> AccountSession
    /// Creates an account, at most `AccountRules.maxNewAccounts` an hour per `origin`.
    func createAccount(email: String, password: String, displayName: String, from origin: ClientOrigin) async throws -> AccountSession
    func signOut(token: String) async throws
    /// Stored events after `id` (oldest first, at most `limit`), optionally of one league.
    func events(after id: Int64, league: LeagueID?, limit: Int) async throws -> [LeagueEvent]
    /// The id after which at most `count` events (of `league`, or of all leagues) are stored; 0 when there are no
    /// more than `count`.
    func eventFloor(keeping count: Int, league: LeagueID?) async throws -> Int64
    /// Who may read league `league` now; `.notFound` when there is no such league.
    func readers(of league: LeagueID) async throws -> LeagueReaders
    func lastEventID() throws -> Int64
    /// Follows the events table from `id`: the server's only follower.
    func follow(after id: Int64) -> AsyncStream<LeagueEvent>
    /// Runs the league clocks (draft rooms, running season clocks) until cancelled.
    func runClocks() async
    /// The display name (else email) of the account an SSH key is linked to; nil when it is not linked.
    func sshKeyOwner(fingerprint: String) async throws -> String?
    /// Claims an `Idempotency-Key` for `caller`'s request (method, path and body as one text), in the database.
    func claimIdempotencyKey(_ key: String, request: String, caller: Caller) async throws -> IdempotencyClaim
    /// Keeps a claimed request's answer for its repeats, or (nil) forgets the key.
    func finishIdempotentRequest(_ key: String, response: IdempotentResponse?, caller: Caller) async throws
    /// Returns when the database answers a trivial question within a short deadline; else throws the cause
    /// (`GET /healthz`, which a load balancer asks every few seconds).
    func checkDatabase() async throws
    /// What every read of `league` is computed from, as one value each change of the league moves on
    /// (`LeaguesService.readRevision`); nil: this backend can't say, and nothing is cached. Called on the server's own
    /// Dispatch executor (`ServerExecutor`), which may block: one short indexed read, without a hop to another thread.
    func readRevision(of league: LeagueID) throws -> String?
    /// A number that moves on at every commit to the database that may change `league`'s reads, by any connection of
    /// any process, read without waiting on anything (libmicrohttpd's thread asks it for each kept read,
    /// `LeagueServer.answerAtOnce`); nil: this backend can't say so cheaply, and every read asks `readRevision`.
    func changeStamp(of league: LeagueID) -> UInt64?
}

extension LeagueServerBackend {
    public func sshKeyOwner(fingerprint: String) async throws -> String? { nil }
    /// A read of the newest event id.
    public func checkDatabase() async throws { _ = try lastEventID() }
    public func readRevision(of league: LeagueID) throws -> String? { nil }
    public func changeStamp(of league: LeagueID) -> UInt64? { nil }
}
