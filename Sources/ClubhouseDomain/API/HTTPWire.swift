import Foundation

/// The JSON request bodies of the league server's HTTP API (`clubhouse serve`), shared by the server's route table
/// and the remote transport so the two can't drift. Responses are the read models themselves (Codable). Dates are
/// encoded as Foundation's default (seconds since 2001-01-01, a JSON number) so they round-trip exactly.
public enum Wire {
    public struct Empty: Codable, Hashable, Sendable { public init() {} }
    public struct TeamName: Codable, Hashable, Sendable { public var teamName: String; public init(teamName: String) { self.teamName = teamName } }
    public struct Redeem: Codable, Hashable, Sendable {
        public var code: String, teamName: String
        public init(code: String, teamName: String) { self.code = code; self.teamName = teamName }
    }
    public struct AddPlayer: Codable, Hashable, Sendable {
        public var player: PlayerID, dropping: PlayerID?
        public init(player: PlayerID, dropping: PlayerID?) { self.player = player; self.dropping = dropping }
    }
    public struct PlayerRef: Codable, Hashable, Sendable { public var player: PlayerID; public init(player: PlayerID) { self.player = player } }
    /// A team's keepers, in the order declared: `{"players": [ids]}`.
    public struct KeeperPlayers: Codable, Hashable, Sendable { public var players: [PlayerID]; public init(players: [PlayerID]) { self.players = players } }
    public struct Claim: Codable, Hashable, Sendable {
        public var player: PlayerID, dropping: PlayerID?, bid: Int
        public init(player: PlayerID, dropping: PlayerID?, bid: Int) { self.player = player; self.dropping = dropping; self.bid = bid }
    }
    public struct ClaimOrder: Codable, Hashable, Sendable { public var order: [Int64]; public init(order: [Int64]) { self.order = order } }
    /// A pick names what the person saw: the pick number on the clock and the team it belongs to (`expectedTeam`; a
    /// manager's own pick names its team by who sends it, and a request without it can't pick a traded pick for
    /// another team).
    public struct PickRequest: Codable, Hashable, Sendable {
        public var expectedPick: Int, expectedTeam: TeamID?, player: PlayerID
        public init(expectedPick: Int, expectedTeam: TeamID? = nil, player: PlayerID) {
            self.expectedPick = expectedPick; self.expectedTeam = expectedTeam; self.player = player
        }
    }
    /// A chat message; `replyTo` names the message it answers.
    public struct ChatText: Codable, Hashable, Sendable {
        public var text: String, replyTo: Int64?
        public init(text: String, replyTo: Int64? = nil) { self.text = text; self.replyTo = replyTo }
    }
    /// A reaction to toggle on a chat message: one of `ChatRules.emoji`.
    public struct Reaction: Codable, Hashable, Sendable { public var emoji: String; public init(emoji: String) { self.emoji = emoji } }
    public struct Decision: Codable, Hashable, Sendable { public var approve: Bool; public init(approve: Bool) { self.approve = approve } }
    public struct NewInvite: Codable, Hashable, Sendable {
        public var uses: Int, expiresAt: Date?
        public init(uses: Int, expiresAt: Date?) { self.uses = uses; self.expiresAt = expiresAt }
    }
    public struct TeamOrder: Codable, Hashable, Sendable { public var order: [TeamID]; public init(order: [TeamID]) { self.order = order } }
    public struct Schedule: Codable, Hashable, Sendable { public var at: Date?; public init(at: Date?) { self.at = at } }
    public struct Autopick: Codable, Hashable, Sendable { public var on: Bool; public init(on: Bool) { self.on = on } }
    public struct ClockTo: Codable, Hashable, Sendable { public var to: Date; public init(to: Date) { self.to = to } }
    public struct ClockSpeedBody: Codable, Hashable, Sendable { public var speed: ClockSpeed; public init(speed: ClockSpeed) { self.speed = speed } }
    /// `device`: as for `SignIn`.
    public struct NewAccount: Codable, Hashable, Sendable {
        public var email: String, password: String, displayName: String, device: String?
        public init(email: String, password: String, displayName: String, device: String? = nil) {
            self.email = email; self.password = password; self.displayName = displayName; self.device = device
        }
    }
    /// `device`: the client's opaque device id. The server counts sign-ins by the client's address, not by this; only
    /// the SSH host (proven by its secret) names a device the server uses — the SSH key ("ssh:SHA256:…").
    public struct SignIn: Codable, Hashable, Sendable {
        public var email: String, password: String, device: String?
        public init(email: String, password: String, device: String?) { self.email = email; self.password = password; self.device = device }
    }
    public struct Profile: Codable, Hashable, Sendable {
        public var displayName: String?, email: String?
        public init(displayName: String?, email: String?) { self.displayName = displayName; self.email = email }
    }
    public struct LinkKey: Codable, Hashable, Sendable {
        public var fingerprint: String, publicKey: String
        public init(fingerprint: String, publicKey: String) { self.fingerprint = fingerprint; self.publicKey = publicKey }
    }
    public struct Fingerprint: Codable, Hashable, Sendable { public var fingerprint: String; public init(fingerprint: String) { self.fingerprint = fingerprint } }
    /// `POST /v1/ssh-keys/owner` (SSH host only): whom the key is linked to, nil when nobody.
    public struct SSHKeyOwner: Codable, Hashable, Sendable { public var name: String?; public init(name: String?) { self.name = name } }
    public struct CreatedLeague: Codable, Hashable, Sendable { public var league: LeagueID; public init(league: LeagueID) { self.league = league } }
    public struct TeamTaken: Codable, Hashable, Sendable { public var team: TeamID; public init(team: TeamID) { self.team = team } }

    /// The error envelope: `{"error":{"code","message","field"?}}`.
    public struct ErrorEnvelope: Codable, Hashable, Sendable {
        public struct Body: Codable, Hashable, Sendable {
            public var code: String, message: String, field: String?
            public init(code: String, message: String, field: String?) { self.code = code; self.message = message; self.field = field }
        }
        public var error: Body
        public init(error: Body) { self.error = error }
    }
}
