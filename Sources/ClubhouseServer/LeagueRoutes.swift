import ClubhouseDomain
import Foundation

/// The route table: every endpoint of the league API (`Endpoints.all`, each defined once in the Domain), plus the
/// account routes that sign in and out through the backend and `/v1/meta` (the server adds its own: events, health, metrics);
/// every path comes from `Endpoints` or `ServiceRoutes`.
public enum LeagueRoutes {
    public static let all: [Route] = serving(Endpoints.all)

    /// The routes of `endpoints` (all of them, but for a test playing an older server), the accounts' and `/v1/meta`.
    public static func serving(_ endpoints: [any AnyEndpoint]) -> [Route] { endpoints.map(Route.init) + accounts + system }

    /// Sign-in and account creation run through the backend, limited by who the client is as the server can vouch for
    /// it (`origin`) — never by the device name a client sends. SSH-key sign-in is refused over HTTP unless the SSH host
    /// asks: sshd proves the key on the SSH host, nothing proves it here.
    static let accounts: [Route] = [
        Route(ServiceRoutes.createAccount, access: .account) { c in
            let b = try StrictJSON.decode(Wire.NewAccount.self, from: c.request.body)
            return try .ok(await c.backend.createAccount(email: b.email, password: b.password, displayName: b.displayName,
                                                         from: try origin(c, device: b.device)))
        },
        Route(ServiceRoutes.signIn, access: .account) { c in
            let b = try StrictJSON.decode(Wire.SignIn.self, from: c.request.body)
            return try .ok(await c.backend.signIn(email: b.email, password: b.password, from: try origin(c, device: b.device)))
        },
        Route(ServiceRoutes.signInWithSSHKey, access: .account) { c in
            // Only an SSH host that shares the server's secret may vouch for a key (sshd proved it there).
            try requireSSHHost(c)
            let b = try StrictJSON.decode(Wire.Fingerprint.self, from: c.request.body)
            return try .ok(await c.api.signIn(sshKeyFingerprint: b.fingerprint))
        },
        // Whom a key is linked to (the SSH host's key check and its "K: sign in as Ann"): only for the SSH host.
        Route(ServiceRoutes.sshKeyOwner, access: .account) { c in
            try requireSSHHost(c)
            let b = try StrictJSON.decode(Wire.Fingerprint.self, from: c.request.body)
            return try .ok(Wire.SSHKeyOwner(name: await c.backend.sshKeyOwner(fingerprint: b.fingerprint)))
        },
        Route(ServiceRoutes.signOut, access: .account) { c in
            if let token = c.token { try await c.backend.signOut(token: token) }
            return try .ok(Wire.Empty())
        },
        Route(ServiceRoutes.currentUser, access: .read) { c in try .ok(c.user) },
        .write(ServiceRoutes.updateProfile, Wire.Profile.self) { api, b in try await api.updateProfile(displayName: b.displayName, email: b.email) },
        .write(ServiceRoutes.linkSSHKey, Wire.LinkKey.self) { api, b in
            try await api.linkSSHKey(fingerprint: b.fingerprint, publicKey: b.publicKey); return Wire.Empty()
        },
        .write(ServiceRoutes.unlinkSSHKey, Wire.Fingerprint.self) { api, b in
            try await api.unlinkSSHKey(fingerprint: b.fingerprint); return Wire.Empty()
        },
    ]

    /// 403 unless the request carries the server's SSH host secret (`X-Clubhouse-SSH-Host`), compared in constant time.
    static func requireSSHHost(_ c: RouteCall) throws {
        guard c.fromSSHHost else {
            throw DomainError.forbidden("SSH key sign-in works only through the club's SSH host (clubhouse host-ssh)")
        }
    }

    /// Whether `request` carries the SSH host secret (`X-Clubhouse-SSH-Host`), compared in constant time.
    public static func carriesSSHHostSecret(_ request: HTTPRequest, secret: String?) -> Bool {
        guard let secret, let sent = request.headers["x-clubhouse-ssh-host"] else { return false }
        return ConstantTime.equal(sent, secret)
    }

    /// Whom the sign-in limits count a sign-in or new account against: the client's address (an IPv6 /64). From the
    /// SSH host (its secret proves it), the SSH client's address it forwards and the key the session connected with
    /// (`device` "ssh:SHA256:…") — not the loopback address every SSH session shares. A device a client names itself
    /// is ignored: a new name each try would get past any limit.
    static func origin(_ c: RouteCall, device: String?) throws -> ClientOrigin {
        if c.request.headers["x-clubhouse-ssh-host"] != nil, !c.fromSSHHost {
            throw DomainError.forbidden("This SSH host's secret isn't the league server's — restart clubhouse host-ssh with the server's secret file")
        }
        let address = ClientOrigin.address(c.client?.limitBucket ?? "unknown")
        guard c.fromSSHHost else { return address }
        let key = device.flatMap { $0.hasPrefix("ssh:") ? ClientOrigin.device(String($0.prefix(200))) : nil }
        let forwarded = c.request.headers["x-forwarded-for"] != nil
        switch (forwarded, key) {
        case (true, let key?): return address + key
        case (true, nil): return address
        case (false, let key?): return key
        case (false, nil): return address
        }
    }

    static let system: [Route] = [
        // The server's version and API version (`LeagueServer.Options.version`) and the operations it serves, to anyone;
        // every answer also carries the versions in `Clubhouse-Version`.
        Route(ServiceRoutes.meta, access: .account) { call in try .ok(call.meta) },
    ]
}
