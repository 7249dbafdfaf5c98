import Foundation

/// Idempotent writes (Stripe's `Idempotency-Key` semantics): a client names a write with a key of its own; the same key
/// from the same account with the same request within 24 hours gets the first answer again, without the write being
/// done again — so a retried or double-sent request creates one league, one claim, one chat line. Kept in the store,
/// so it holds across restarts and across server instances on one database.
public enum IdempotencyRules {
    /// Keys are 1–255 printable ASCII characters (a UUID is the usual choice).
    public static let keyLength = 1...255
    /// How long a key's answer is kept.
    public static let lifetime: TimeInterval = 24 * 3600
    /// A request still running after this is taken to have died with its process: the key may be used again.
    public static let abandonedAfter: TimeInterval = 60

    /// The key as sent, or `.validation(field: "Idempotency-Key")`.
    public static func key(_ raw: String) throws -> String {
        guard keyLength.contains(raw.utf8.count), raw.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw DomainError.validation(field: "Idempotency-Key", message: "An Idempotency-Key is 1–255 printable ASCII characters without spaces")
        }
        return raw
    }
}

/// What to do with a request that carries an `Idempotency-Key`.
public enum IdempotencyClaim: Hashable, Sendable {
    /// The key is this request's: do the write, then `finishIdempotentRequest` with its answer (or nil).
    case claimed
    /// The key's request already finished: send its answer again, and do nothing else.
    case replay(IdempotentResponse)
    /// The key's first request is still running (here or on another instance): ask again shortly.
    case inProgress
    /// The key was used for a different request (another method, path or body): refused.
    case reusedForAnotherRequest
}

extension LeagueService {
    /// Claims `key` for the caller's request `request` (method, path and body as one text; only its digest is kept).
    /// One write transaction, so of two requests with one key exactly one is `.claimed`.
    public func claimIdempotencyKey(_ rawKey: String, request: String, caller: Caller) throws -> IdempotencyClaim {
        let user = try signedIn(caller)
        let key = try IdempotencyRules.key(rawKey)
        let fingerprint = accountPorts.tokens.digest(request)
        guard !fingerprint.isEmpty else { throw DomainError.transport("idempotent requests are not configured on this service") }
        let now = clock.now()
        return try store.write { w -> IdempotencyClaim in
            try w.deleteIdempotentRequests(before: now - IdempotencyRules.lifetime)
            if let kept = try w.idempotentRequest(user: user, key: key) {
                guard kept.fingerprint == fingerprint else { return .reusedForAnotherRequest }
                if let response = kept.response { return .replay(response) }
                guard now.timeIntervalSince(kept.startedAt) >= IdempotencyRules.abandonedAfter else { return .inProgress }
                try w.deleteIdempotentRequest(user: user, key: key)   // its process died mid-request: this one takes over
            }
            let inserted = try w.insertIdempotentRequest(IdempotentRequest(user: user, key: key, fingerprint: fingerprint, startedAt: now))
            return inserted ? .claimed : .inProgress
        }
    }

    /// Ends a claimed request: keeps `response` for the key's repeats, or (nil) forgets the key — the write did not
    /// happen (storage failing, refused before it ran), so a retry with the same key runs it.
    public func finishIdempotentRequest(_ rawKey: String, response: IdempotentResponse?, caller: Caller) throws {
        let user = try signedIn(caller)
        let key = try IdempotencyRules.key(rawKey)
        try store.write { w in
            if let response {
                try w.finishIdempotentRequest(user: user, key: key, response: response)
            } else {
                try w.deleteIdempotentRequest(user: user, key: key)
            }
        }
    }
}
