import Foundation

// Requests sent with an `Idempotency-Key`, kept so a retry gets the first answer.

/// Reads of this journey inside one transaction (part of `LeagueStoreReader`).
public protocol IdempotencyStoreReader {
    /// The request `user` sent with `key` (an `Idempotency-Key`), finished or still running; nil when none is kept.
    func idempotentRequest(user: UserID, key: String) throws -> IdempotentRequest?
}

/// Writes of this journey inside one transaction (part of `LeagueStoreWriter`).
public protocol IdempotencyStoreWriter: IdempotencyStoreReader {
    /// Keeps a request as running under its user and key; false (nothing written) when that key is already kept.
    func insertIdempotentRequest(_ request: IdempotentRequest) throws -> Bool
    /// Keeps the answer of a running request.
    func finishIdempotentRequest(user: UserID, key: String, response: IdempotentResponse) throws
    func deleteIdempotentRequest(user: UserID, key: String) throws
    /// Forgets requests started before `date`.
    func deleteIdempotentRequests(before date: Date) throws
}

/// A write sent with an `Idempotency-Key`, kept so that the same key from the same account gets the first answer.
public struct IdempotentRequest: Hashable, Sendable {
    public var user: UserID
    /// The client's key, as sent.
    public var key: String
    /// A digest of what was asked (method, path, body): the same key with another request is refused.
    public var fingerprint: String
    public var startedAt: Date
    /// The answer once the request finished; nil while it runs.
    public var response: IdempotentResponse?
    public init(user: UserID, key: String, fingerprint: String, startedAt: Date, response: IdempotentResponse? = nil) {
        self.user = user; self.key = key; self.fingerprint = fingerprint; self.startedAt = startedAt; self.response = response
    }
}

/// The answer a transport gave to an idempotent request, as it sent it (status and body, e.g. HTTP and JSON).
public struct IdempotentResponse: Hashable, Sendable {
    public var status: Int
    public var body: String
    public init(status: Int, body: String) { self.status = status; self.body = body }
}
