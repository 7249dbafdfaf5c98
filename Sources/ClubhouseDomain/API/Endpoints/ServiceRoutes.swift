import Foundation

/// A route that isn't a league operation: its name, method and path. The league operations are `Endpoint`s (with
/// their address, body and use case); these are the rest of what a server answers — accounts and sessions (the
/// server checks secrets, limits and who the client is before they run), its versions, the live event stream, its
/// health and its metrics.
public struct ServiceRoute: Hashable, Sendable {
    public let name: String
    public let method: HTTPMethod
    public let path: String

    public init(_ name: String, _ method: HTTPMethod, _ path: String) { self.name = name; self.method = method; self.path = path }
}

/// Every route outside `Endpoints`, defined once: the server's router, the remote client, the metrics and the bench
/// name a path only through this table and `Endpoints` (a check in the tests finds any other `/v1/` literal).
public enum ServiceRoutes {
    public static let createAccount = ServiceRoute("createAccount", .post, "/v1/accounts")
    public static let signIn = ServiceRoute("signIn", .post, "/v1/sessions")
    /// Only for the SSH host (its secret in `X-Clubhouse-SSH-Host`): sshd proved the key there.
    public static let signInWithSSHKey = ServiceRoute("signInWithSSHKey", .post, "/v1/sessions/ssh-key")
    /// Whom a key is linked to: only for the SSH host.
    public static let sshKeyOwner = ServiceRoute("sshKeyOwner", .post, "/v1/ssh-keys/owner")
    public static let signOut = ServiceRoute("signOut", .delete, "/v1/session")
    public static let currentUser = ServiceRoute("currentUser", .get, "/v1/me")
    public static let updateProfile = ServiceRoute("updateProfile", .put, "/v1/me")
    public static let linkSSHKey = ServiceRoute("linkSSHKey", .post, "/v1/me/ssh-keys")
    public static let unlinkSSHKey = ServiceRoute("unlinkSSHKey", .post, "/v1/me/ssh-keys/unlink")
    /// The server's version, API versions and the names of the endpoints it serves (`ServerMeta`).
    public static let meta = ServiceRoute("meta", .get, "/v1/meta")
    /// `text/event-stream` of one league (`?league=ID`) or of every league the caller may read.
    public static let events = ServiceRoute("events", .get, "/v1/events")
    public static let health = ServiceRoute("health", .get, "/healthz")
    public static let metrics = ServiceRoute("metrics", .get, "/metrics")

    public static let all: [ServiceRoute] = [createAccount, signIn, signInWithSSHKey, sshKeyOwner, signOut, currentUser, updateProfile,
                                             linkSSHKey, unlinkSSHKey, meta, events, health, metrics]

    /// The routes that sign a person in or make an account: what the sign-in refusal metric counts.
    public static let signIns: Set<String> = [createAccount.path, signIn.path, signInWithSSHKey.path]

    /// The event stream's path with its query: one league's events, or (nil) every league's the caller may read.
    public static func eventsPath(league: LeagueID?) -> String {
        events.path + (league.map { "?league=\($0.rawValue)" } ?? "")
    }
}

extension Endpoints {
    /// The template prefix of one league's pages: their answers without a token are the same for everyone at one
    /// revision of the league (the server keeps them).
    public static let leaguePagesPrefix = "/v1/leagues/{league}"
    /// Reads of one league's pages whose answers also depend on other leagues (the history reads the whole renewal
    /// chain, and the next season's games change it without an event in this league): never kept by this league's revision.
    public static let readsAcrossLeagues: Set<String> = ["history"]
}
