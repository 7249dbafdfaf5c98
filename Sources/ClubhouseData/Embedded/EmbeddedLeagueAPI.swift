import ClubhouseDomain
import Foundation

/// The default transport: the Domain's use cases running in this process over the store (SQLite, or PostgreSQL
/// behind the server). Calls run off the caller's task on a background queue (the database blocks), and live events
/// come from the database's append-only log through its `LeagueEventSource`.
public final class EmbeddedLeagueAPI: LeagueAPI, @unchecked Sendable {
    // Immutable after init; LeagueService, LocalSession and the caller closure are Sendable.
    public let service: LeagueService
    private let eventSource: any LeagueEventSource
    private let identity: Identity
    /// Invite codes and random draft orders (seeded in tests).
    private let random: RandomSource
    /// Where writes, sign-ins and refusals are recorded (ids and outcomes only — never passwords, tokens or emails).
    private let log: ActivityLog?

    /// Who is asking: a fixed caller (tests, tools) or this device's local session.
    private enum Identity: Sendable {
        case fixed(@Sendable () -> Caller)
        case session(LocalSession)
    }

    /// A transport whose caller is given by a closure (tests and tools); account calls don't keep any session.
    /// - Parameters:
    ///   - caller: who is asking (an account, or anonymous).
    ///   - random: the source of invite codes and random draft orders; seed it for reproducible tests.
    public convenience init(service: LeagueService, databasePath: String, caller: @escaping @Sendable () -> Caller = { .anonymous },
                            random: RandomSource = .system(), log: ActivityLog? = nil) {
        self.init(service: service, events: SQLiteEventSource(path: databasePath, problem: Self.followerProblem(log)), caller: caller,
                  random: random, log: log)
    }

    /// The same over any database: `events` is where its live events come from.
    public init(service: LeagueService, events: any LeagueEventSource, caller: @escaping @Sendable () -> Caller = { .anonymous },
                random: RandomSource = .system(), log: ActivityLog? = nil) {
        self.service = service
        self.eventSource = events
        self.identity = .fixed(caller)
        self.random = random
        self.log = log
    }

    /// The app's transport: the caller is resolved from `session`'s token on every call. A token the database no
    /// longer accepts (revoked by another process, expired) wipes the local session and the call fails with
    /// `.unauthenticated`; so does a gated write's `.unauthenticated` answer. Sign in / create account keep the
    /// new token in the session's credentials file.
    public convenience init(service: LeagueService, databasePath: String, session: LocalSession, random: RandomSource = .system(),
                            log: ActivityLog? = nil) {
        self.init(service: service, events: SQLiteEventSource(path: databasePath, problem: Self.followerProblem(log)), session: session,
                  random: random, log: log)
    }

    /// What a follower of the file drops (it can't open it, a look failed), for the activity log.
    static func followerProblem(_ log: ActivityLog?) -> @Sendable (String) -> Void {
        { problem in log?.record("events.failed", ["problem": problem]) }
    }

    public init(service: LeagueService, events: any LeagueEventSource, session: LocalSession, random: RandomSource = .system(),
                log: ActivityLog? = nil) {
        self.service = service
        self.eventSource = events
        self.identity = .session(session)
        self.random = random
        self.log = log
    }

    /// The app's transport on a device without a usable state folder (it couldn't be created or written): it browses
    /// signed out, and signing in or creating an account is refused — before any session is made — with "Signing in
    /// needs a writable state folder" and `reason`.
    public convenience init(service: LeagueService, databasePath: String, withoutStateFolder reason: String, random: RandomSource = .system(),
                log: ActivityLog? = nil) {
        self.init(service: service, databasePath: databasePath, random: random, log: log)
        stateProblem = reason
    }

    /// Why sign-ins are refused on this device (no writable state folder), if they are.
    private var stateProblem: String?

    /// Signing in keeps a token on this device: refuse before the database makes a session that couldn't be kept.
    private func requireWritableState() throws {
        var reason = stateProblem
        if reason == nil, let session {
            do { try session.credentials.checkWritable() } catch { reason = "\(error)" }
        }
        guard let reason else { return }
        let error = DomainError.storage("Signing in needs a writable state folder, and this one can't be used: \(reason)")
        log?.record("refused", ["op": "signIn", "reason": error.message])
        throw error
    }

    /// Keeps a new session's token; if that fails after all, the session is revoked at once (no orphan) and the
    /// sign-in fails with the reason.
    private func keep(_ signed: AccountSession) throws {
        guard let session else { return }
        do { try session.keep(signed) } catch {
            try? service.accounts.signOut(token: signed.token)
            throw DomainError.storage("Signing in needs a writable state folder: \(error)")
        }
    }

    /// The local session, when this transport keeps one.
    public var session: LocalSession? { if case .session(let s) = identity { s } else { nil } }

    /// Runs `body` on a background thread (SQLite blocks).
    private func background<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T { try await Blocking.run(body) }

    /// An account write (the league operations go through `call`): runs as the current caller; its success and any
    /// failure are logged (operation and time taken, never its arguments).
    private func write<T: Sendable>(_ function: String = #function, _ body: @escaping @Sendable (LeagueService, Caller) throws -> T) async throws -> T {
        let started = ContinuousClock.now
        let value: T
        do { value = try await asCaller(body) } catch {
            logFailure(function, error)
            throw error
        }
        log?.record("write.ok", ["op": Self.operation(function), "ms": Self.milliseconds(since: started)])
        return value
    }

    private func logFailure(_ function: String, _ error: any Error) {
        guard let log else { return }
        let op = Self.operation(function)
        switch error as? any ClubhouseError {
        case let e? where e.kind == .unauthenticated: log.record("session.ended", ["op": op])
        case let e?: log.record("refused", ["op": op, "reason": e.message])
        case nil: log.record("failed", ["op": op, "error": "\(type(of: error))"])
        }
    }

    /// `requestToJoin(_:teamName:)` → `requestToJoin`.
    static func operation(_ function: String) -> String { String(function.prefix { $0 != "(" }) }
    static func milliseconds(since start: ContinuousClock.Instant) -> String {
        let d = ContinuousClock.now - start
        return String(format: "%.1f", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
    }

    /// Runs a blocking use case on a background thread as the current caller.
    private func asCaller<T: Sendable>(_ body: @escaping @Sendable (LeagueService, Caller) throws -> T) async throws -> T {
        let service = self.service
        switch identity {
        case .fixed(let caller):
            let who = caller()
            return try await background { try body(service, who) }
        case .session(let session):
            guard let token = session.current?.token else {
                return try await background { try body(service, .anonymous) }
            }
            do {
                return try await background { try body(service, try service.accounts.caller(forToken: token)) }
            } catch DomainError.unauthenticated {
                session.end(.expired, ifToken: token)
                throw DomainError.unauthenticated
            }
        }
    }

    // MARK: - Endpoints

    /// Every league operation: the endpoint's use case, as the current caller, on a background thread. A write's
    /// success is logged too (operation and time taken, never its arguments); any failure is logged by name.
    public func call<Address, Body, Response>(_ endpoint: Endpoint<Address, Body, Response>, _ address: Address, _ body: Body) async throws -> Response {
        let seed = random.with { $0.next() }   // drawn here: the lock isn't held across the write
        let run = endpoint.run
        let started = ContinuousClock.now
        let value: Response
        do {
            value = try await asCaller { service, who in try run(UseCaseContext(service: service, caller: who, seed: seed), address, body) }
        } catch {
            logFailure(endpoint.name, error)
            throw error
        }
        if endpoint.access.isWrite { log?.record("write.ok", ["op": endpoint.name, "ms": Self.milliseconds(since: started)]) }
        return value
    }

    // MARK: - AccountAPI

    public func createAccount(email: String, password: String, displayName: String) async throws -> AccountSession {
        try requireWritableState()
        let service = self.service
        let created: AccountSession
        do { created = try await background { try service.accounts.createAccount(email: email, password: password, displayName: displayName) } } catch {
            logFailure(#function, error); throw error
        }
        log?.record("account.created", ["user": "\(created.user.id.rawValue)"])
        try keep(created)
        return created
    }

    public func signIn(email: String, password: String) async throws -> AccountSession {
        try requireWritableState()
        let service = self.service, device = session?.deviceID ?? "embedded"
        let signed: AccountSession
        do { signed = try await background { try service.accounts.signIn(email: email, password: password, device: device) } } catch {
            logFailure(#function, error); throw error
        }
        log?.record("signIn.ok", ["user": "\(signed.user.id.rawValue)", "with": "password"])
        try keep(signed)
        return signed
    }

    public func signIn(sshKeyFingerprint: String) async throws -> AccountSession {
        try requireWritableState()
        let service = self.service
        let signed: AccountSession
        do { signed = try await background { try service.accounts.signIn(sshKeyFingerprint: sshKeyFingerprint) } } catch {
            logFailure(#function, error); throw error
        }
        log?.record("signIn.ok", ["user": "\(signed.user.id.rawValue)", "with": "ssh-key", "key": sshKeyFingerprint])
        try keep(signed)
        return signed
    }

    /// Revokes the session in the database, then wipes the local credentials (and runs the session's end handlers)
    /// even when revoking failed; never fails for that reason.
    public func signOut() async throws {
        guard let session else { return }
        guard let token = session.current?.token else { session.end(.signedOut); return }
        let service = self.service
        let revoked = (try? await background { try service.accounts.signOut(token: token) }) != nil
        session.end(.signedOut)
        log?.record("signOut", ["revoked": revoked ? "yes" : "no, the local session was wiped anyway"])
    }

    public func currentUser() async throws -> User? {
        let service = self.service
        switch identity {
        case .fixed(let caller):
            guard let id = caller().userID else { return nil }
            return try await background { try service.store.read { try $0.user(id) } }
        case .session(let session):
            guard let token = session.current?.token else { return nil }
            do {
                let user = try await background { try service.accounts.sessionUser(token) }
                try? session.update(user)
                return user
            } catch DomainError.unauthenticated {
                session.end(.expired, ifToken: token)
                throw DomainError.unauthenticated
            }
        }
    }

    public func updateProfile(displayName: String?, email: String?) async throws -> User {
        let user = try await write { try $0.accounts.updateProfile(displayName: displayName, email: email, caller: $1) }
        try? session?.update(user)
        return user
    }

    public func linkSSHKey(fingerprint: String, publicKey: String) async throws {
        try await write { try $0.accounts.linkSSHKey(fingerprint: fingerprint, publicKey: publicKey, caller: $1) }
    }

    public func unlinkSSHKey(fingerprint: String) async throws {
        try await write { try $0.accounts.unlinkSSHKey(fingerprint: fingerprint, caller: $1) }
    }

    // MARK: - LeagueEvents

    /// The events as the caller may see them (`LeagueReaders`): of one league they can read, or of every public
    /// league and the private ones they belong to. The caller is the one at subscription; each league's readers are
    /// read once and again after every event that may change them, so a member who leaves a private league stops
    /// getting its events at that event (a stream of that one league ends there; so does one the caller can't read).
    public func events(league: LeagueID?, after id: Int64?) -> AsyncStream<LeagueEvent> {
        let source = eventSource.follow(after: id ?? 0, league: league)
        let service = self.service
        return AsyncStream { continuation in
            let task = Task {
                defer { continuation.finish() }
                let caller = (try? await self.asCaller { _, who in who }) ?? .anonymous
                let cache = LeagueReadersCache()
                func readers(_ id: LeagueID) async -> LeagueReaders? {
                    let (known, generation) = cache.cached(id)
                    if let known { return known }
                    let found: LeagueReaders
                    do { found = try await self.background({ try service.readers(of: id) }) } catch {
                        // The event is left out (a stream of that one league ends): said in the log, unless the league is gone.
                        if case DomainError.notFound = error {} else {
                            self.log?.record("events.dropped", ["league": "\(id.rawValue)", "reason": HeldLeague.reason(error)])
                        }
                        return nil
                    }
                    cache.remember(found, generation: generation)
                    return found
                }
                if let league, await readers(league)?.admits(caller) != true { return }
                for await e in source {
                    cache.note(e)
                    guard let r = await readers(e.leagueID), r.admits(caller) else {
                        if e.leagueID == league { return }
                        continue
                    }
                    // As the caller may see it: some kinds go to members or the parties only (`EventViews`).
                    if let seen = EventViews(e).seen(by: r.viewer(caller)) { continuation.yield(seen) }
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
