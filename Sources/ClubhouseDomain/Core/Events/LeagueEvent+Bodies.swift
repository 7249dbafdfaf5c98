import Foundation

// One payload type per `LeagueEvent.Kind`. The coding keys are the wire format already in the events table and
// on the server's stream: rename a Swift property only with a `CodingKeys` that keeps the old key.

extension LeagueEvent {
    // MARK: - League and membership

    public struct LeagueCreated: LeagueEventBody {
        public static let kind = Kind.leagueCreated
        public var name: String
        public init(name: String) { self.name = name }
    }

    public struct LeagueUpdated: LeagueEventBody {
        public static let kind = Kind.leagueUpdated
        public var teams: Int
        public init(teams: Int) { self.teams = teams }
    }

    /// The league was renewed into the next season: `next` is the new league (its own id), `season` its year. The old
    /// league is read-only history from here on.
    public struct LeagueRenewed: LeagueEventBody {
        public static let kind = Kind.leagueRenewed
        public var next: LeagueID
        public var season: Int
        public init(next: LeagueID, season: Int) { self.next = next; self.season = season }
    }

    /// A team's keepers for the next season were declared (or changed): `players` is how many it keeps now. Readers see
    /// it: keepers are public, as on the draft board they will fill.
    public struct KeepersSet: LeagueEventBody {
        public static let kind = Kind.keepersSet
        public var team: TeamID
        public var players: Int
        public init(team: TeamID, players: Int) { self.team = team; self.players = players }
    }

    /// A player went to his team's taxi squad (`promoted` false) or left it for the roster (`promoted` true, for good).
    public struct TaxiMoved: LeagueEventBody {
        public static let kind = Kind.taxiMoved
        public var team: TeamID
        public var player: PlayerID
        public var promoted: Bool
        public init(team: TeamID, player: PlayerID, promoted: Bool) { self.team = team; self.player = player; self.promoted = promoted }
    }

    public struct MemberJoined: LeagueEventBody {
        public static let kind = Kind.memberJoined
        public var team: TeamID
        public var user: UserID
        public init(team: TeamID, user: UserID) { self.team = team; self.user = user }
    }

    public struct JoinRequested: LeagueEventBody {
        public static let kind = Kind.joinRequested
        public var user: UserID
        public init(user: UserID) { self.user = user }
    }

    public struct JoinDecided: LeagueEventBody {
        public static let kind = Kind.joinDecided
        public var user: UserID
        public var approved: Bool
        /// Why a commissioner that answers by itself (`answerJoinRequests`) declined, in one sentence.
        public var reason: String?
        public init(user: UserID, approved: Bool, reason: String? = nil) { self.user = user; self.approved = approved; self.reason = reason }
    }

    /// The person took back their join request before the commissioner answered (or cleared a declined one).
    public struct JoinWithdrawn: LeagueEventBody {
        public static let kind = Kind.joinWithdrawn
        public var user: UserID
        public init(user: UserID) { self.user = user }
    }

    public struct MemberLeft: LeagueEventBody {
        public static let kind = Kind.memberLeft
        public var team: TeamID
        public var user: UserID
        public init(team: TeamID, user: UserID) { self.team = team; self.user = user }
    }

    /// `{"created":true}` or `{"revoked":true}`.
    public struct InviteChanged: LeagueEventBody {
        public static let kind = Kind.inviteChanged
        public var created: Bool?
        public var revoked: Bool?
        public static let createdInvite = InviteChanged(created: true)
        public static let revokedInvite = InviteChanged(revoked: true)
        public init(created: Bool? = nil, revoked: Bool? = nil) { self.created = created; self.revoked = revoked }
    }

    // MARK: - Draft

    /// `{"at":<seconds since 1970>}`, or `{"at":null}` when the date was cleared.
    public struct DraftScheduled: LeagueEventBody {
        public static let kind = Kind.draftScheduled
        public var at: Date?
        public init(at: Date?) { self.at = at }
        enum CodingKeys: String, CodingKey { case at }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            at = try c.decodeIfPresent(Double.self, forKey: .at).map(Date.init(timeIntervalSince1970:))
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(at?.timeIntervalSince1970, forKey: .at)
        }
    }

    public struct DraftOrderSet: LeagueEventBody {
        public static let kind = Kind.draftOrderSet
        public var order: [TeamID]
        public init(order: [TeamID]) { self.order = order }
    }

    public struct DraftStarted: LeagueEventBody {
        public static let kind = Kind.draftStarted
        public var pick: Int
        public init(pick: Int) { self.pick = pick }
    }

    public struct DraftPaused: LeagueEventBody {
        public static let kind = Kind.draftPaused
        public var pick: Int
        public init(pick: Int) { self.pick = pick }
    }

    public struct DraftResumed: LeagueEventBody {
        public static let kind = Kind.draftResumed
        public var pick: Int
        public init(pick: Int) { self.pick = pick }
    }

    /// The room's clock after a time when no clock driver ran (`ClockOutage`): the pick (or sale) `pick` has `back`
    /// seconds again after `outage` seconds; `team` is the team on the clock (nil while a player is up for bids).
    public struct DraftClockRestored: LeagueEventBody {
        public static let kind = Kind.draftClockRestored
        public var pick: Int
        public var team: TeamID?
        public var outage: Int
        public var back: Int
        public init(pick: Int, team: TeamID?, outage: Int, back: Int) { self.pick = pick; self.team = team; self.outage = outage; self.back = back }
    }

    public struct PickMade: LeagueEventBody {
        public static let kind = Kind.pickMade
        public var pick: Int
        public var team: TeamID
        public var player: PlayerID
        public init(pick: Int, team: TeamID, player: PlayerID) { self.pick = pick; self.team = team; self.player = player }
    }

    public struct PickUndone: LeagueEventBody {
        public static let kind = Kind.pickUndone
        public var pick: Int
        public init(pick: Int) { self.pick = pick }
    }

    public struct DraftCompleted: LeagueEventBody {
        public static let kind = Kind.draftCompleted
        public init() {}
    }

    public struct QueueChanged: LeagueEventBody {
        public static let kind = Kind.queueChanged
        public var team: TeamID
        public init(team: TeamID) { self.team = team }
    }

    public struct Chat: LeagueEventBody {
        public static let kind = Kind.chat
        /// The chat message's id.
        public var message: Int64
        /// The accounts its @mentions name (absent when none, and in rows from before mentions).
        public var mentions: [UserID]?
        public init(message: Int64, mentions: [UserID]? = nil) { self.message = message; self.mentions = mentions }
    }

    /// The commissioner removed a chat message (its text is gone; it shows as removed).
    public struct ChatRemoved: LeagueEventBody {
        public static let kind = Kind.chatRemoved
        public var message: Int64
        public init(message: Int64) { self.message = message }
    }

    /// A member added (`on`) or took back a reaction on a chat message.
    public struct ChatReacted: LeagueEventBody {
        public static let kind = Kind.chatReacted
        public var message: Int64
        public var emoji: String
        public var user: UserID
        public var on: Bool
        public init(message: Int64, emoji: String, user: UserID, on: Bool) { self.message = message; self.emoji = emoji; self.user = user; self.on = on }
    }

    public struct AutopickToggled: LeagueEventBody {
        public static let kind = Kind.autopickToggled
        public var team: TeamID
        public var on: Bool
        public init(team: TeamID, on: Bool) { self.team = team; self.on = on }
    }

    // MARK: - Rosters and waivers

    public struct LineupChanged: LeagueEventBody {
        public static let kind = Kind.lineupChanged
        public var team: TeamID
        public var player: PlayerID
        public var slot: Slot
        public init(team: TeamID, player: PlayerID, slot: Slot) { self.team = team; self.player = player; self.slot = slot }
    }

    /// `{"team":…,"added":"…","dropped":"…"|null}`.
    public struct PlayerAdded: LeagueEventBody {
        public static let kind = Kind.playerAdded
        public var team: TeamID
        public var added: PlayerID
        public var dropped: PlayerID?
        public init(team: TeamID, added: PlayerID, dropped: PlayerID?) { self.team = team; self.added = added; self.dropped = dropped }
        enum CodingKeys: String, CodingKey { case team, added, dropped }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(team, forKey: .team)
            try c.encode(added, forKey: .added)
            try c.encode(dropped, forKey: .dropped) // an explicit null, as the payload has always carried
        }
    }

    /// `{"team":…,"added":null,"dropped":"…"}`.
    public struct PlayerDropped: LeagueEventBody {
        public static let kind = Kind.playerDropped
        public var team: TeamID
        public var dropped: PlayerID
        public init(team: TeamID, dropped: PlayerID) { self.team = team; self.dropped = dropped }
        enum CodingKeys: String, CodingKey { case team, added, dropped }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            team = try c.decode(TeamID.self, forKey: .team)
            dropped = try c.decode(PlayerID.self, forKey: .dropped)
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(team, forKey: .team)
            try c.encodeNil(forKey: .added)
            try c.encode(dropped, forKey: .dropped)
        }
    }

    public struct ClaimPlaced: LeagueEventBody {
        public static let kind = Kind.claimPlaced
        public var team: TeamID
        public var claim: Int64
        public init(team: TeamID, claim: Int64) { self.team = team; self.claim = claim }
    }

    public struct ClaimCancelled: LeagueEventBody {
        public static let kind = Kind.claimCancelled
        public var team: TeamID
        public var claim: Int64
        public init(team: TeamID, claim: Int64) { self.team = team; self.claim = claim }
    }

    public struct ClaimsReordered: LeagueEventBody {
        public static let kind = Kind.claimsReordered
        public var team: TeamID
        public init(team: TeamID) { self.team = team }
    }

    public struct WaiversProcessed: LeagueEventBody {
        public static let kind = Kind.waiversProcessed
        /// How many claims the run decided.
        public var claims: Int
        /// The run's moment on the league clock (seconds since 1970): the `at` of the transactions it wrote, which the
        /// activity feed reads the winners and their bids from. Nil in events written before it was recorded.
        public var run: Date?
        public init(claims: Int, run: Date? = nil) { self.claims = claims; self.run = run }
        enum CodingKeys: String, CodingKey { case claims, run }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            claims = try c.decode(Int.self, forKey: .claims)
            run = try c.decodeIfPresent(Double.self, forKey: .run).map(Date.init(timeIntervalSince1970:))
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(claims, forKey: .claims)
            try c.encodeIfPresent(run?.timeIntervalSince1970, forKey: .run)
        }
    }

    // MARK: - Season clock

    /// Either the clock moved (`{"to":<seconds since 1970>,"weeks":[finalized weeks]}`) or its speed was set
    /// (`{"speed":n}`).
    public struct ClockAdvanced: LeagueEventBody {
        public static let kind = Kind.clockAdvanced
        public var to: Date?
        /// Weeks finalized by the move.
        public var weeks: [Int]?
        public var speed: ClockSpeed?
        public init(to: Date, weeks: [Int]) { self.to = to; self.weeks = weeks }
        public init(speed: ClockSpeed) { self.speed = speed }
        enum CodingKeys: String, CodingKey { case to, weeks, speed }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            to = try c.decodeIfPresent(Double.self, forKey: .to).map(Date.init(timeIntervalSince1970:))
            weeks = try c.decodeIfPresent([Int].self, forKey: .weeks)
            speed = try c.decodeIfPresent(ClockSpeed.self, forKey: .speed)
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(to?.timeIntervalSince1970, forKey: .to)
            try c.encodeIfPresent(weeks, forKey: .weeks)
            try c.encodeIfPresent(speed, forKey: .speed)
        }
    }

    /// Newer data of the league's season came in for these weeks (new plays land, lines or injury tags change); `corrections`: the
    /// final scores they changed, taken or (after the week's lock) not.
    public struct SeasonUpdated: LeagueEventBody {
        public static let kind = Kind.seasonUpdated
        public var weeks: [Int]
        public var corrections: [ScoreCorrection]
        public init(weeks: [Int], corrections: [ScoreCorrection] = []) { self.weeks = weeks; self.corrections = corrections }
    }

    public struct MatchupsFinalized: LeagueEventBody {
        public static let kind = Kind.matchupsFinalized
        public var week: Int
        public init(week: Int) { self.week = week }
    }
}
