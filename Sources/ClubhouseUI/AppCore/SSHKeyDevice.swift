import Foundation

/// The SSH key a `clubhouse ssh-session` connected with (nil in a local terminal). The executable fills it in
/// from `SSH_USER_AUTH` and the league database; the app offers one-keypress sign-in for a linked key and, after
/// a password sign-in with an unlinked one, to link it (README.md, “Host a draft over SSH”).
public struct SSHKeyDevice: Sendable {
    /// `SHA256:…`, as `ssh-keygen -l` shows it.
    public var fingerprint: String
    /// The OpenSSH public key line (`ssh-ed25519 AAAA…`), stored when the key is linked.
    public var publicKey: String
    /// The display name of the account the key is linked to when the session started; nil when unlinked.
    public var linkedAccountName: String?
    /// The person already said "no" to linking this key.
    public var linkDeclined: Bool
    /// Remembers that "no" for the next connection with this key (in the key's device folder).
    public var rememberDeclined: @Sendable () -> Void

    public init(fingerprint: String, publicKey: String, linkedAccountName: String?, linkDeclined: Bool = false,
                rememberDeclined: @escaping @Sendable () -> Void = {}) {
        self.fingerprint = fingerprint; self.publicKey = publicKey; self.linkedAccountName = linkedAccountName
        self.linkDeclined = linkDeclined; self.rememberDeclined = rememberDeclined
    }
}

/// The app's view of the SSH key: whom it signs in as, and the "Link this key?" question while it is asked.
public struct SSHKeyState: Hashable, Sendable {
    /// The linked account's name; nil while the key is not linked.
    public var linkedName: String?
    /// Asked once per key: a "no" is remembered.
    public var declined: Bool
    /// "Link this key to Alex? y/n", while it shows.
    public var offer: ConfirmDialogModel?
    /// Who the offer would link the key to.
    public var offerName: String?

    public init(linkedName: String?, declined: Bool) { self.linkedName = linkedName; self.declined = declined }
    public init(_ device: SSHKeyDevice) { self.init(linkedName: device.linkedAccountName, declined: device.linkDeclined) }
}
