import Foundation

/// The storage port the use cases run on. Every write runs in one transaction
/// (SQLite: `BEGIN IMMEDIATE`); a throw rolls it back, so a failed write leaves the previous state intact.
public protocol LeagueStore: Sendable {
    func read<T>(_ body: (any LeagueStoreReader) throws -> T) throws -> T
    func write<T>(_ body: (any LeagueStoreWriter) throws -> T) throws -> T
    /// `LeagueStoreReader.revision(of:)` read by itself: a store that can ask it in one statement (its own snapshot)
    /// skips the transaction around it — on PostgreSQL one round trip instead of five, for every read the server keeps.
    func readRevision(of league: LeagueID) throws -> String
    /// The session `tokenHash` names and its account (nil: no such session, or its account is gone), read by
    /// themselves: a store that can ask both in one statement skips the transaction around them — on PostgreSQL one
    /// round trip instead of three, for every request that carries a token.
    func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)?
}

extension LeagueStore {
    public func readRevision(of league: LeagueID) throws -> String { try read { try $0.revision(of: league) } }

    public func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)? {
        try read { try $0.sessionAndUser(tokenHash: tokenHash) }
    }
}

/// Parts of one league a transaction is about to read (`LeagueStoreReader.prefetch`).
public struct LeagueReads: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let league = LeagueReads(rawValue: 1 << 0)
    public static let draft = LeagueReads(rawValue: 1 << 1)
    public static let picks = LeagueReads(rawValue: 1 << 2)
    public static let pickOwners = LeagueReads(rawValue: 1 << 3)
    public static let teams = LeagueReads(rawValue: 1 << 4)
    public static let rosters = LeagueReads(rawValue: 1 << 5)
    /// What a snake draft's room is made of (`LeagueService.draftRoom`): the league, its draft, picks, traded picks, teams.
    public static let draftRoom: LeagueReads = [.league, .draft, .picks, .pickOwners, .teams]
}

/// Reads inside one transaction.
public protocol LeagueStoreReader {
    /// Reads `parts` of `league` together, for this transaction's own reads of them to answer from (on PostgreSQL one
    /// round trip instead of one per read). A hint: the reads answer the same with or without it.
    func prefetch(_ parts: LeagueReads, of league: LeagueID) throws
    /// What every read of `league` is computed from, as one value each change of it moves on
    /// (`LeagueService.readRevision`).
    func revision(of league: LeagueID) throws -> String
    // MARK: Season facts
    /// Every season stored, oldest first.
    func seasons() throws -> [SeasonInfo]
    /// A season's teams, named as that season had them, with their bye weeks.
    func nflTeams(season: Int) throws -> [NFLTeam]
    /// A season's players, each with his team that season.
    func players(season: Int) throws -> [Player]
    func games(season: Int) throws -> [Game]
    func weeklyStats(season: Int) throws -> [WeeklyStat]
    /// The previous season's totals, the basis of pre-draft rankings for `season` (see `PriorSeason.Basis`).
    func priorSeason(before season: Int) throws -> PriorSeason
    func injuries() throws -> [PlayerID: InjuryStatus]
    /// A season's injury reports (every player-week whose status isn't healthy), or one week's (`week`), by week then player.
    func injuryReports(season: Int, week: Int?) throws -> [InjuryReport]
    /// Changes whenever season facts change (a season import), so caches know to reload.
    func seasonDataVersion() throws -> Int64
    /// Every play row of one week (derived from play-by-play), in game and play order; empty when the store has none.
    func plays(season: Int, week: Int) throws -> [PlayStat]
    /// Stat corrections a league has on record, oldest first.
    func scoreCorrections(in league: LeagueID) throws -> [ScoreCorrection]
    /// A league's running clock (nil: never set, i.e. off).
    func clockRun(_ league: LeagueID) throws -> ClockRun?
    /// Every league whose clock runs (speed above off).
    func runningClocks() throws -> [ClockRun]

    // MARK: Accounts
    func user(_ id: UserID) throws -> User?
    func users(_ ids: [UserID]) throws -> [User]
    /// The account with this (normalised) email, with its password hash.
    func account(email: String) throws -> AccountRecord?
    /// A session by the digest of its token (revoked and expired ones included).
    func session(tokenHash: String) throws -> SessionRecord?
    /// The session `tokenHash` names and its account (nil: no such session, or its account is gone); a store may ask
    /// both in one statement (`LeagueStore.sessionAndUser`).
    func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)?
    /// The SSH key with this fingerprint, when linked to an account.
    func sshKey(fingerprint: String) throws -> SSHKeyRecord?
    /// Times of attempts recorded under `key` (the same text given to `recordFailedSignIn`) after `since`, oldest first.
    /// The table holds every per-client counter: failed sign-ins ("account:…", "device:…", "address:…") and new
    /// accounts ("new-account:address:…").
    func failedSignIns(key: String, since: Date) throws -> [Date]

    // MARK: Leagues
    func leagues() throws -> [League]
    /// When the leagues `user` is commissioner of were created, for those created after `since`, oldest first.
    func leaguesCreated(by user: UserID, since: Date) throws -> [Date]
    func league(_ id: LeagueID) throws -> League?
    func teams(in league: LeagueID) throws -> [Team]
    func rosters(in league: LeagueID) throws -> [Roster]
    /// Lineups saved for a week (a team without one plays its roster's current slots).
    func lineups(in league: LeagueID, week: Int) throws -> [Lineup]
    func matchups(in league: LeagueID) throws -> [MatchupRecord]
    func joinRequests(in league: LeagueID) throws -> [JoinRequest]
    /// Every join request `user` has made, in any league, oldest first.
    func joinRequests(of user: UserID) throws -> [JoinRequest]
    /// The league's invite codes (used-up and expired ones included), oldest first.
    func invites(in league: LeagueID) throws -> [Invite]
    /// An invite by its exact code.
    func invite(code: String) throws -> Invite?
    /// Chat messages of a league's draft room, oldest first: the first `limit` after `id`, or the latest `limit` when `id` is nil.
    func chatMessages(in league: LeagueID, after id: Int64?, limit: Int) throws -> [ChatMessage]
    /// The latest `limit` chat messages before message `id`, oldest first (paging back through the league's chat).
    func chatMessages(in league: LeagueID, before id: Int64, limit: Int) throws -> [ChatMessage]
    /// One chat message of the league (nil when it has none with that id).
    func chatMessage(_ id: Int64, in league: LeagueID) throws -> ChatMessage?
    /// When the account's chat messages since `since` were sent, in any league, oldest first (the sending limit).
    func chatMessageTimes(by user: UserID, since: Date) throws -> [Date]

    // MARK: Draft
    func draft(in league: LeagueID) throws -> Draft?
    func picks(in league: LeagueID) throws -> [Pick]
    func queue(team: TeamID) throws -> [PlayerID]
    /// When a clock driver last said it ran (`LeagueService.clockHeartbeat`); nil before any did.
    func clockHeartbeat() throws -> Date?

    // MARK: Waivers
    func waiverHolds(in league: LeagueID) throws -> [WaiverHold]
    func waiverClaims(in league: LeagueID) throws -> [WaiverClaim]
    func transactions(in league: LeagueID) throws -> [Transaction]
    func lastEventID() throws -> Int64
    /// The id of a league's newest event (0: none yet), read from the index of that league's events.
    func lastEventID(league: LeagueID) throws -> Int64
    /// League `league`'s events of `kinds` with ids below `before` (nil: the newest), newest first, at most `limit`
    /// (the activity feed's read of the event log).
    func events(in league: LeagueID, kinds: [LeagueEvent.Kind], before: Int64?, limit: Int) throws -> [LeagueEvent]

    // MARK: Trades
    /// A league's trades, oldest first, each with its vote count (never who voted).
    func trades(in league: LeagueID) throws -> [Trade]
    /// The teams that voted against a trade: only for the one-vote-per-team rule, never shown.
    func tradeVoters(_ trade: TradeID) throws -> [TeamID]
    /// The traded picks of a league's draft with their owners now (a pick not listed is its original team's).
    func pickOwners(in league: LeagueID) throws -> [DraftPickRef: TeamID]
    /// Each team's players on the trading block, those still on its roster only.
    func tradingBlock(in league: LeagueID) throws -> [TeamID: Set<PlayerID>]

    // MARK: Keepers (schema v13)
    /// A league's declared keepers, by team then declaration order.
    func keepers(in league: LeagueID) throws -> [Keeper]

    // MARK: Auction (schema v9)
    /// Who nominated each sale of a league's auction, with its price, in number order.
    func auctionSales(in league: LeagueID) throws -> [AuctionSale]
    /// The player on the block of a league's auction (nil between nominations).
    func openNomination(in league: LeagueID) throws -> AuctionNomination?
    /// The accepted bids on a nomination, lowest (first) to highest.
    func auctionBids(_ nomination: NominationID) throws -> [AuctionBid]
    /// The private maximums on a nomination: for the rules only, never for a read model.
    func auctionMaxBids(_ nomination: NominationID) throws -> [AuctionMaxBid]

    // MARK: Idempotent requests
    /// The request `user` sent with `key` (an `Idempotency-Key`), finished or still running; nil when none is kept.
    func idempotentRequest(user: UserID, key: String) throws -> IdempotentRequest?
}

extension LeagueStoreReader {
    /// Stores that read as fast one part at a time: nothing to do.
    public func prefetch(_ parts: LeagueReads, of league: LeagueID) throws {}
    /// Stores without play-by-play data: live games score 0 until final, as before plays existed.
    public func plays(season: Int, week: Int) throws -> [PlayStat] { [] }
    /// Stores without running clocks: every clock is stopped.
    public func clockRun(_ league: LeagueID) throws -> ClockRun? { nil }
    public func runningClocks() throws -> [ClockRun] { [] }
}

extension LeagueStoreWriter {
    public func setClockRun(_ run: ClockRun) throws { throw DomainError.conflict("This store can't run season clocks") }
}

/// Writes inside one transaction. Inserting ids are assigned by the store.
public protocol LeagueStoreWriter: LeagueStoreReader {
    /// Runs `body` as a part the write can do without: when it fails, what it wrote is undone (a savepoint) and nil is
    /// returned, so the rest of the write goes on. A failure of the database itself (a conflict with another writer, a
    /// lost connection) is thrown instead: the whole write is then retried or fails, never committed without the part.
    /// (Not `try?` inside a write: on PostgreSQL a failed statement aborts the whole transaction, and every statement
    /// after it fails with "current transaction is aborted".)
    func ifPossible<T>(_ body: () throws -> T) throws -> T?
    /// A player's injury designation; cached season facts reload (the season data version moves on).
    func setInjuryStatus(_ status: InjuryStatus, for player: PlayerID) throws
    func insertLeague(_ league: League) throws -> LeagueID
    func updateLeague(_ league: League) throws
    /// Sets a league's running clock (speed and last step).
    func setClockRun(_ run: ClockRun) throws
    func insertTeam(_ team: Team) throws -> TeamID
    func updateTeam(_ team: Team) throws
    func deleteTeam(_ id: TeamID) throws
    func insertUser(email: String, displayName: String, passwordHash: String, at: Date) throws -> UserID
    /// Changes a user's email and display name; `DomainError.conflict` when the email is taken.
    func updateUser(_ user: User) throws
    func insertSession(_ session: SessionRecord) throws
    /// Marks the session revoked (no-op for an unknown one).
    func revokeSession(tokenHash: String) throws
    /// Records one failed sign-in under each key (the store keeps a key only as a keyed hash); returns the rows'
    /// ids, so a sign-in that reserved its attempt before checking the password can take it back on success.
    @discardableResult
    func recordFailedSignIn(keys: [String], at: Date) throws -> [Int64]
    /// Forgets the attempts `recordFailedSignIn` returned.
    func deleteSignInAttempts(ids: [Int64]) throws
    /// Forgets failed sign-ins older than `date`.
    func deleteFailedSignIns(before date: Date) throws
    /// `DomainError.conflict` when the fingerprint is already linked.
    func insertSSHKey(_ key: SSHKeyRecord) throws
    func deleteSSHKey(fingerprint: String) throws

    func setRoster(_ roster: Roster) throws
    /// Adds one player to `team`'s roster in `league`. A player already on a roster of the league fails the write with
    /// `DomainError.conflict`: thrown by this call, or — on a store that sends writes together — by a later call of
    /// the same transaction, its commit at the latest. For a write that gives up on a conflict (a pick).
    func addRosterEntry(_ entry: RosterEntry, team: TeamID, in league: LeagueID) throws
    func setLineup(_ lineup: Lineup) throws
    func setMatchups(_ matchups: [MatchupRecord], in league: LeagueID) throws
    func setJoinRequest(_ request: JoinRequest) throws
    /// Removes `user`'s join request in `league` (withdrawn).
    func deleteJoinRequest(league: LeagueID, user: UserID) throws
    /// Fails with `DomainError.conflict` when the code is taken.
    func insertInvite(_ invite: Invite, createdBy: UserID?, at: Date) throws
    func updateInvite(_ invite: Invite) throws
    func deleteInvite(code: String) throws
    /// Stores a chat message (its `id` and `authorName` are ignored); returns its id.
    func insertChatMessage(_ message: ChatMessage) throws -> Int64
    /// Adds the account's reaction with `emoji` to a message, or takes it away if it was there; true when it is now on.
    func toggleChatReaction(message: Int64, user: UserID, emoji: String, at: Date) throws -> Bool
    /// Blanks a message's text and mentions, drops its reactions and marks it removed at `at`.
    func removeChatMessage(_ id: Int64, at: Date) throws

    func setDraft(_ draft: Draft) throws
    /// A pick number or player already taken (the pick-number check) fails the write with `DomainError.conflict`: thrown
    /// by this call, or — on a store that sends writes together — by a later call of the same transaction, its commit at
    /// the latest. The write gives up then (a lost race is never gone on from).
    func insertPick(_ pick: Pick, in league: LeagueID) throws
    func deletePicks(in league: LeagueID, from number: Int) throws
    func setQueue(team: TeamID, players: [PlayerID]) throws
    /// Records that a clock driver ran at `at` (one row for the whole database, overwritten).
    func setClockHeartbeat(_ at: Date) throws
    /// Takes `player` off the queue of every team in `league` (a player just drafted or sold), in one statement.
    func removeFromQueues(player: PlayerID, in league: LeagueID) throws

    func setWaiverHolds(_ holds: [WaiverHold], in league: LeagueID) throws
    func insertWaiverClaim(_ claim: WaiverClaim) throws -> Int64
    func updateWaiverClaim(_ claim: WaiverClaim) throws
    func insertTransaction(_ transaction: Transaction) throws -> Int64

    /// Stores a new trade with its items (players and picks each way, drops); its id is assigned; returns it.
    func insertTrade(_ trade: Trade) throws -> TradeID
    /// Stores a trade's state, times, threshold and reason (its items never change).
    func updateTrade(_ trade: Trade) throws
    /// One vote against a trade by a team; `DomainError.conflict` when that team already voted.
    func insertTradeVote(_ trade: TradeID, team: TeamID, at: Date) throws
    /// Puts a team's player on its trading block (`on`, kept if already there) or takes him off.
    func setTradingBlock(_ player: PlayerID, team: TeamID, in league: LeagueID, on: Bool, at: Date) throws
    /// Takes players off every trading block of the league (they changed teams).
    func removeFromTradingBlocks(_ players: [PlayerID], in league: LeagueID) throws
    /// Who makes a (round, original team) pick from now on (its original team again removes the row).
    func setPickOwner(_ pick: DraftPickRef, owner: TeamID, in league: LeagueID) throws
    /// Replaces a team's keepers with `keepers` (empty: none).
    func setKeepers(_ keepers: [Keeper], team: TeamID, in league: LeagueID) throws

    /// Puts a player on the block; `DomainError.conflict` when one already is (at most one open nomination a league).
    func insertNomination(_ nomination: AuctionNomination, in league: LeagueID) throws -> NominationID
    /// Stores the high bid, its bidder and the bid count of the nomination on the block.
    func updateNomination(_ nomination: AuctionNomination) throws
    /// Takes the nomination off the block: sold, or cancelled (an undo).
    func closeNomination(_ id: NominationID, sold: Bool) throws
    /// One accepted bid; `DomainError.conflict` when that amount was already bid on the nomination.
    func insertAuctionBid(_ bid: AuctionBid) throws
    /// Sets or (nil) clears a team's private maximum on a nomination.
    func setAuctionMaxBid(_ nomination: NominationID, team: TeamID, _ max: AuctionMaxBid?) throws
    /// A sale beside its pick (insert the pick first; deleting the pick deletes it).
    func insertAuctionSale(_ sale: AuctionSale, in league: LeagueID) throws

    /// Records a stat correction of a final week's score.
    func insertScoreCorrection(_ correction: ScoreCorrection, in league: LeagueID) throws
    /// Appends to the events log in the same transaction as the change it reports.
    func appendEvent(league: LeagueID, kind: LeagueEvent.Kind, payload: String, at: Date) throws

    /// Keeps a request as running under its user and key; false (nothing written) when that key is already kept.
    func insertIdempotentRequest(_ request: IdempotentRequest) throws -> Bool
    /// Keeps the answer of a running request.
    func finishIdempotentRequest(user: UserID, key: String, response: IdempotentResponse) throws
    func deleteIdempotentRequest(user: UserID, key: String) throws
    /// Forgets requests started before `date`.
    func deleteIdempotentRequests(before date: Date) throws
}

/// A scheduled matchup with its final score once the week is final on the league clock.
public struct MatchupRecord: Hashable, Codable, Sendable {
    public var matchup: Matchup
    public var homePoints: Points?
    public var awayPoints: Points?
    public init(matchup: Matchup, homePoints: Points? = nil, awayPoints: Points? = nil) {
        self.matchup = matchup; self.homePoints = homePoints; self.awayPoints = awayPoints
    }
    public var isFinal: Bool { homePoints != nil }
}

/// An account as the sign-in use cases see it.
public struct AccountRecord: Hashable, Sendable {
    public var user: User
    /// nil for accounts that can't sign in with a password (demo people: "!").
    public var passwordHash: String?
    public init(user: User, passwordHash: String?) { self.user = user; self.passwordHash = passwordHash }
}

/// A stored session: only the digest of its token.
public struct SessionRecord: Hashable, Sendable {
    public var tokenHash: String
    public var user: UserID
    public var createdAt: Date
    public var expiresAt: Date
    public var revoked: Bool
    public init(tokenHash: String, user: UserID, createdAt: Date, expiresAt: Date, revoked: Bool = false) {
        self.tokenHash = tokenHash; self.user = user; self.createdAt = createdAt; self.expiresAt = expiresAt; self.revoked = revoked
    }
}

/// An SSH public key linked to an account (fingerprint as sshd logs it: `SHA256:…`).
public struct SSHKeyRecord: Hashable, Sendable {
    public var fingerprint: String
    public var user: UserID
    public var publicKey: String
    public var addedAt: Date
    public init(fingerprint: String, user: UserID, publicKey: String, addedAt: Date) {
        self.fingerprint = fingerprint; self.user = user; self.publicKey = publicKey; self.addedAt = addedAt
    }
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

extension LeagueStoreReader {
    public func sessionAndUser(tokenHash: String) throws -> (session: SessionRecord, user: User)? {
        guard let s = try session(tokenHash: tokenHash), let u = try user(s.user) else { return nil }
        return (s, u)
    }
}
