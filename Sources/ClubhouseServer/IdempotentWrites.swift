import ClubhouseDomain
import Foundation
import Synchronization

/// `Idempotency-Key` on writes (Stripe's semantics; the rules are the Domain's `IdempotencyRules`): a write sent with a
/// key runs once per account and key; a repeat within 24 hours gets the first answer (status and body, marked
/// `Idempotent-Replayed: true`) without running again; the same key with another method, path or body gets 422
/// `idempotency_key_reused`. Keys live in the database, so this holds across restarts and across instances on one
/// PostgreSQL database.
///
/// Two requests with one key at once: on one instance, the repeat waits for the first one's answer (and gets it from
/// memory); on another instance it gets 409 `idempotency_in_progress` with `Retry-After: 1`. Answers kept: 2xx and the use cases' refusals
/// (403, 404, 409, 422) — the write ran. Not kept: anything where it didn't run (400, 401, 429, 503), so a retry with
/// the same key runs it.
final class IdempotentWrites: Sendable {
    /// A request this instance claimed and is running, by account and key.
    private struct Running {
        let id: Int
        let fingerprint: String
        let task: Task<Outcome, Never>
    }

    /// How a request with a key ended; `shared`: what a repeat with the same request gets too (an answer the database
    /// keeps, or a refusal of the key) — otherwise the write didn't run and a repeat must claim the key itself.
    private struct Outcome: Sendable {
        var result: Result<HTTPResponse, any Error>
        var shared: Bool
    }
    private struct State {
        var running: [String: Running] = [:]
        var nextID = 0
    }
    private let state = Mutex(State())

    static let replayedHeader = "Idempotent-Replayed"

    /// Runs `write` at most once for `caller`'s `key`, or answers as the key's first request was answered.
    /// The write runs on `executor` (the server's own, as every handler does: not Swift's cooperative pool, which
    /// anything blocking elsewhere in the process would hold up).
    func run(key rawKey: String, request: HTTPRequest, caller: Caller, backend: any LeagueServerBackend, executor: any TaskExecutor,
             write: @escaping @Sendable () async throws -> HTTPResponse) async throws -> HTTPResponse {
        let key: String
        do { key = try IdempotencyRules.key(rawKey) } catch {
            throw ServerErrors.badParameter("Idempotency-Key", "1–255 printable ASCII characters without spaces")
        }
        guard let user = caller.userID else { return try await write() }   // refused as unauthenticated by the write itself
        let slot = "\(user.rawValue)|\(key)"
        let fingerprint = Self.fingerprint(request)
        while true {
            let (running, mine) = state.withLock { s -> (Running, Bool) in
                if let r = s.running[slot] { return (r, false) }
                s.nextID += 1
                let id = s.nextID
                let task = Task<Outcome, Never>(executorPreference: executor) {
                    let outcome = await Self.claimAndRun(key: key, fingerprint: fingerprint, caller: caller, backend: backend, write: write)
                    self.state.withLock { if $0.running[slot]?.id == id { $0.running[slot] = nil } }
                    return outcome
                }
                let r = Running(id: id, fingerprint: fingerprint, task: task)
                s.running[slot] = r
                return (r, true)
            }
            let outcome = await running.task.value
            if mine { return try outcome.result.get() }
            // A repeat of a request this instance just answered: the same answer, without asking the database.
            if outcome.shared, running.fingerprint == fingerprint {
                var response = try outcome.result.get()
                if !response.headers.contains(where: { $0.0 == Self.replayedHeader }) { response.headers.append((Self.replayedHeader, "true")) }
                return response
            }
            // Another request had the key and has finished: ask the database — a refusal for another body, or (it kept
            // nothing) the key is this one's to run.
        }
    }

    private static func claimAndRun(key: String, fingerprint: String, caller: Caller, backend: any LeagueServerBackend,
                                    write: @Sendable () async throws -> HTTPResponse) async -> Outcome {
        do {
            switch try await backend.claimIdempotencyKey(key, request: fingerprint, caller: caller) {
            case .replay(let kept):
                var response = HTTPResponse.json(kept.status, Array(kept.body.utf8))
                response.headers.append((replayedHeader, "true"))
                return Outcome(result: .success(response), shared: true)
            case .reusedForAnotherRequest:
                return Outcome(result: .failure(HTTPError(422, "idempotency_key_reused",
                                                          "This Idempotency-Key was already used for a different request — use a new key for a new request",
                                                          field: "Idempotency-Key")), shared: true)
            case .inProgress:
                return Outcome(result: .failure(HTTPError(409, "idempotency_in_progress",
                                                          "A request with this Idempotency-Key is still running — try again in a moment", retryAfter: 1)),
                               shared: true)
            case .claimed:
                let response: HTTPResponse
                do { response = try await write() } catch { response = LeagueServer.response(for: error) }
                var kept: IdempotentResponse?
                if keeps(response.status), case .bytes(let bytes) = response.body {
                    kept = IdempotentResponse(status: response.status, body: String(decoding: bytes, as: UTF8.self))
                }
                // If this fails the key stays "running" and is taken over after `IdempotencyRules.abandonedAfter`.
                do { try await backend.finishIdempotentRequest(key, response: kept, caller: caller) } catch { kept = nil }
                return Outcome(result: .success(response), shared: kept != nil)
            }
        } catch {
            return Outcome(result: .failure(error), shared: false)
        }
    }

    /// Answers that mean the write ran (a success, or the use case's refusal): kept for the key's repeats.
    static func keeps(_ status: Int) -> Bool { (200..<300).contains(status) || refusalsOfARun.contains(status) }
    /// The statuses of the kinds a use case refuses with once it ran (403, 404, 409, 422); not a limit, a sign-in or a
    /// failure behind the server, after which a retry may be done.
    static let refusalsOfARun = Set([ErrorKind.forbidden, .notFound, .conflict, .validation(field: "")].map(\.status))

    /// What the request asks: method, path, query and body (only a digest of it is stored).
    static func fingerprint(_ r: HTTPRequest) -> String {
        let query = r.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return r.method + " " + r.path + "?" + query + "\n" + Data(r.body).base64EncodedString()
    }
}
