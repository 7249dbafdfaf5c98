/// Where a sign-in or a new account comes from, as the transport can vouch for it: the buckets of the per-client
/// limits (5 failed sign-ins a minute, 10 new accounts an hour). Each bucket is counted on its own, so a client is
/// refused as soon as any of its buckets is full.
///
/// - The embedded app names its device (a random id kept in its state folder, or the SSH key's fingerprint).
/// - The league server never takes a client's word for it: it uses the client's address as it sees the connection
///   (the `X-Forwarded-For` entry of a trusted reverse proxy, or of the SSH host that proves itself with its secret;
///   an IPv6 address by its /64), and, from the SSH host, the key the session connected with.
public struct ClientOrigin: Hashable, Sendable, CustomStringConvertible {
    /// The limit's bucket names, each with its kind ("device:…", "address:…"); never empty.
    public let buckets: [String]

    private init(buckets: [String]) { self.buckets = buckets }

    /// A device that names itself (the embedded app: its own database, nothing to gain by lying).
    public static func device(_ id: String) -> ClientOrigin { ClientOrigin(buckets: ["device:" + id]) }

    /// A network client, by its address as the server saw it (already cut to its /64 for IPv6).
    public static func address(_ address: String) -> ClientOrigin { ClientOrigin(buckets: ["address:" + address]) }

    /// Both origins' buckets: a client limited in either is limited.
    public static func + (a: ClientOrigin, b: ClientOrigin) -> ClientOrigin {
        ClientOrigin(buckets: a.buckets + b.buckets.filter { !a.buckets.contains($0) })
    }

    public var description: String { buckets.joined(separator: " + ") }
}
