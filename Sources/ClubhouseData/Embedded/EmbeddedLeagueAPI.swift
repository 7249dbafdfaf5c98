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
        self.init(service: service, events: SQLiteEventSource(path: databasePath), caller: caller, random: random, log: log)
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
        self.init(service: service, events: SQLiteEventSource(path: databasePath), session: session, random: random, log: log)
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
            try? service.signOut(token: signed.token)
            throw DomainError.storage("Signing in needs a writable state folder: \(error)")
        }
    }

    /// The local session, when this transport keeps one.
    public var session: LocalSession? { if case .session(let s) = identity { s } else { nil } }

    /// Runs `body` on a background thread (SQLite blocks).
    private func background<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// A read: runs the use case as the current caller; a failure is logged with the operation's name.
    private func call<T: Sendable>(_ function: String = #function, _ body: @escaping @Sendable (LeagueService, Caller) throws -> T) async throws -> T {
        do { return try await asCaller(body) } catch {
            logFailure(function, error)
            throw error
        }
    }

    /// A gated write: as `call`, and its success is logged too (operation and time taken, never its arguments).
    private func write<T: Sendable>(_ function: String = #function, _ body: @escaping @Sendable (LeagueService, Caller) throws -> T) async throws -> T {
        let started = ContinuousClock.now
        let value = try await call(function, body)
        log?.record("write.ok", ["op": Self.operation(function), "ms": Self.milliseconds(since: started)])
        return value
    }

    private func logFailure(_ function: String, _ error: any Error) {
        guard let log else { return }
        let op = Self.operation(function)
        switch error as? DomainError {
        case .unauthenticated?: log.record("session.ended", ["op": op])
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
                return try await background { try body(service, try service.caller(forToken: token)) }
            } catch DomainError.unauthenticated {
                session.end(.expired, ifToken: token)
                throw DomainError.unauthenticated
            }
        }
    }

    // MARK: - LeagueBrowsing

    public func publicLeagues(filter: LeagueFilter) async throws -> [LeagueSummary] {
        try await call { try $0.publicLeagues(filter: filter, caller: $1) }
    }
    public func myLeagues() async throws -> [LeagueSummary] { try await call { try $0.myLeagues(caller: $1) } }
    public func league(_ id: LeagueID) async throws -> LeagueDetail { try await call { try $0.league(id, caller: $1) } }
    public func standings(_ id: LeagueID) async throws -> [StandingsEntry] { try await call { try $0.standings(id, caller: $1) } }
    public func scoreboard(_ id: LeagueID, week: Int?) async throws -> Scoreboard {
        try await call { try $0.scoreboard(id, week: week, caller: $1) }
    }
    public func matchup(_ id: LeagueID, week: Int, team: TeamID) async throws -> MatchupDetail {
        try await call { try $0.matchup(id, week: week, team: team, caller: $1) }
    }
    public func roster(_ id: LeagueID, team: TeamID) async throws -> TeamRoster { try await call { try $0.roster(id, team: team, caller: $1) } }
    public func player(_ id: PlayerID, league: LeagueID?) async throws -> PlayerDetail {
        try await call { try $0.player(id, league: league, caller: $1) }
    }
    public func availablePlayers(_ id: LeagueID, position: Position?, sort: PlayerSort) async throws -> [AvailablePlayer] {
        try await call { try $0.availablePlayers(id, position: position, sort: sort, caller: $1) }
    }
    public func draftBoard(_ id: LeagueID) async throws -> DraftBoard { try await call { try $0.draftBoard(id, caller: $1) } }
    public func draftablePlayers(_ id: LeagueID) async throws -> [DraftablePlayer] { try await call { try $0.draftablePlayers(id, caller: $1) } }
    public func draftRecap(_ id: LeagueID) async throws -> DraftRecap { try await call { try $0.draftRecap(id, caller: $1) } }
    public func seasons() async throws -> [SeasonInfo] { try await call { s, _ in try s.seasons() } }

    // MARK: - LeagueMembership

    public func createLeague(_ new: NewLeague) async throws -> LeagueID {
        let seed = random.with { $0.next() }
        return try await write {
            try $0.createLeague(name: new.name, settings: new.settings, isPublic: new.isPublic, teamName: new.teamName,
                                season: new.season, seasonClock: new.seasonClock, seed: seed, caller: $1)
        }
    }
    public func requestToJoin(_ league: LeagueID, teamName: String) async throws -> JoinRequest {
        try await write { try $0.requestToJoin(league, teamName: teamName, caller: $1) }
    }
    public func redeemInvite(code: String, teamName: String) async throws -> TeamID {
        try await write { try $0.redeemInvite(code: code, teamName: teamName, caller: $1) }
    }
    public func leaveLeague(_ league: LeagueID) async throws { try await write { try $0.leaveLeague(league, caller: $1) } }

    // MARK: - TeamManaging

    public func moveInLineup(_ league: LeagueID, team: TeamID, move: LineupMove) async throws -> TeamRoster {
        try await write { service, who in
            try service.moveInLineup(league, team: team, move: move, caller: who)
            return try service.roster(league, team: team, caller: who)
        }
    }
    public func addFreeAgent(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?) async throws -> Transaction {
        try await write { try $0.addFreeAgent(league, team: team, player: player, dropping: dropping, caller: $1) }
    }
    public func dropPlayer(_ league: LeagueID, team: TeamID, player: PlayerID) async throws -> Transaction {
        try await write { try $0.dropPlayer(league, team: team, player: player, caller: $1) }
    }
    public func placeClaim(_ league: LeagueID, team: TeamID, player: PlayerID, dropping: PlayerID?, bid: Int) async throws -> WaiverClaim {
        try await write { try $0.placeClaim(league, team: team, player: player, dropping: dropping, bid: bid, caller: $1) }
    }
    public func cancelClaim(_ league: LeagueID, claim: Int64) async throws { try await write { try $0.cancelClaim(league, claim: claim, caller: $1) } }
    public func reorderClaims(_ league: LeagueID, team: TeamID, order: [Int64]) async throws -> [WaiverClaim] {
        try await write { try $0.reorderClaims(league, team: team, order: order, caller: $1) }
    }
    public func myClaims(_ league: LeagueID) async throws -> [ClaimView] { try await call { try $0.myClaims(league, caller: $1) } }
    public func myClaimResults(_ league: LeagueID) async throws -> [ClaimView] { try await call { try $0.myClaimResults(league, caller: $1) } }
    public func transactions(_ league: LeagueID) async throws -> [TransactionView] { try await call { try $0.transactions(league, caller: $1) } }

    // MARK: - DraftRoomControl

    public func makePick(_ league: LeagueID, expectedPick: Int, player: PlayerID) async throws -> Pick {
        try await write { try $0.makePick(league, expectedPick: expectedPick, player: player, caller: $1) }
    }
    public func myQueue(_ league: LeagueID) async throws -> [PlayerSummary] { try await call { try $0.myQueue(league, caller: $1) } }
    public func editQueue(_ league: LeagueID, _ edit: DraftQueueEdit) async throws -> [PlayerSummary] {
        try await write { try $0.editQueue(league, edit, caller: $1) }
    }
    public func sendChat(_ league: LeagueID, text: String) async throws -> ChatMessage {
        try await write { try $0.sendChat(league, text: text, caller: $1) }
    }
    public func chatMessages(_ league: LeagueID, after: Int64?) async throws -> [ChatMessage] {
        try await call { try $0.chatMessages(league, after: after, caller: $1) }
    }

    // MARK: - Commissioning

    public func joinRequests(_ league: LeagueID) async throws -> [JoinRequestView] { try await call { try $0.joinRequests(league, caller: $1) } }
    public func decideJoinRequest(_ league: LeagueID, user: UserID, approve: Bool) async throws -> JoinRequest {
        try await write { try $0.decideJoinRequest(league, user: user, approve: approve, caller: $1) }
    }
    public func createInvite(_ league: LeagueID, uses: Int, expiresAt: Date?) async throws -> Invite {
        let generator = SeededRandom(seed: random.with { $0.next() })   // drawn here: the lock isn't held across the write
        return try await write { service, who in
            var g = generator
            return try service.createInvite(league, uses: uses, expiresAt: expiresAt, caller: who, using: &g)
        }
    }
    public func invites(_ league: LeagueID) async throws -> [Invite] { try await call { try $0.invites(league, caller: $1) } }
    public func revokeInvite(_ league: LeagueID, code: String) async throws { try await write { try $0.revokeInvite(league, code: code, caller: $1) } }
    public func updateSettings(_ league: LeagueID, settings: LeagueSettings) async throws -> League {
        try await write { try $0.updateSettings(league, settings: settings, caller: $1) }
    }
    public func setDraftOrder(_ league: LeagueID, order: [TeamID]) async throws -> Draft {
        try await write { try $0.setDraftOrder(league, order: order, caller: $1) }
    }
    public func randomizeDraftOrder(_ league: LeagueID) async throws -> Draft {
        let generator = SeededRandom(seed: random.with { $0.next() })
        return try await write { service, who in
            var g = generator
            return try service.randomizeDraftOrder(league, caller: who, using: &g)
        }
    }
    public func scheduleDraft(_ league: LeagueID, at date: Date?) async throws -> League {
        try await write { try $0.scheduleDraft(league, at: date, caller: $1) }
    }
    public func startDraft(_ league: LeagueID) async throws -> Draft { try await write { try $0.startDraft(league, caller: $1) } }
    public func pauseDraft(_ league: LeagueID) async throws -> Draft { try await write { try $0.pauseDraft(league, caller: $1) } }
    public func resumeDraft(_ league: LeagueID) async throws -> Draft { try await write { try $0.resumeDraft(league, caller: $1) } }
    public func undoLastPick(_ league: LeagueID) async throws -> Draft { try await write { try $0.undoLastPick(league, caller: $1) } }
    public func pickForTeam(_ league: LeagueID, expectedPick: Int, player: PlayerID) async throws -> Pick {
        try await write { try $0.pickForTeam(league, expectedPick: expectedPick, player: player, caller: $1) }
    }
    public func setAutopick(_ league: LeagueID, team: TeamID, on: Bool) async throws -> Team {
        try await write { try $0.setAutopick(league, team: team, on: on, caller: $1) }
    }
    public func advanceClock(_ league: LeagueID, to date: Date) async throws -> ClockAdvance {
        try await write { try $0.advanceClock(league, to: date, caller: $1) }
    }
    public func setClockSpeed(_ league: LeagueID, speed: ClockSpeed) async throws -> ClockRun {
        try await write { try $0.setClockSpeed(league, speed: speed, caller: $1) }
    }

    // MARK: - AccountAPI

    public func createAccount(email: String, password: String, displayName: String) async throws -> AccountSession {
        try requireWritableState()
        let service = self.service
        let created: AccountSession
        do { created = try await background { try service.createAccount(email: email, password: password, displayName: displayName) } } catch {
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
        do { signed = try await background { try service.signIn(email: email, password: password, device: device) } } catch {
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
        do { signed = try await background { try service.signIn(sshKeyFingerprint: sshKeyFingerprint) } } catch {
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
        let revoked = (try? await background { try service.signOut(token: token) }) != nil
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
                let user = try await background { try service.sessionUser(token) }
                try? session.update(user)
                return user
            } catch DomainError.unauthenticated {
                session.end(.expired, ifToken: token)
                throw DomainError.unauthenticated
            }
        }
    }

    public func updateProfile(displayName: String?, email: String?) async throws -> User {
        let user = try await write { try $0.updateProfile(displayName: displayName, email: email, caller: $1) }
        try? session?.update(user)
        return user
    }

    public func linkSSHKey(fingerprint: String, publicKey: String) async throws {
        try await write { try $0.linkSSHKey(fingerprint: fingerprint, publicKey: publicKey, caller: $1) }
    }

    public func unlinkSSHKey(fingerprint: String) async throws {
        try await write { try $0.unlinkSSHKey(fingerprint: fingerprint, caller: $1) }
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
                    guard let found = try? await self.background({ try service.readers(of: id) }) else { return nil }
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
                    continuation.yield(e)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
