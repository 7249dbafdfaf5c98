import CGnuTLS

/// Why an `https://` connection was refused, as a sentence: the reasons GnuTLS's verification gives during the
/// handshake (`Connection.open`), the most telling first: a certificate for another host name is said as such even when
/// its CA is unknown too, and so is an expired one. Never a fallback to `http://`.
enum TLSRefusal {
    static let untrusted = "the server's certificate is not trusted (self-signed, or signed by a CA this machine doesn't "
        + "know: give your club's CA with --ca-file, or install it in the system's trust store)"
    static let expired = "the server's certificate has expired"
    static let notYetValid = "the server's certificate is not valid yet (or this machine's clock is wrong)"
    static let otherHost = "the server's certificate is for another host name"

    /// The sentence for GnuTLS's verification status (`GNUTLS_CERT_*` bits). `caFile`: the club's CA given, named when
    /// the certificate isn't signed by it either.
    static func sentence(status: UInt32, caFile: String?) -> String {
        func has(_ flag: gnutls_certificate_status_t) -> Bool { status & flag.rawValue != 0 }
        if has(GNUTLS_CERT_UNEXPECTED_OWNER) { return otherHost }
        if has(GNUTLS_CERT_EXPIRED) { return expired }
        if has(GNUTLS_CERT_NOT_ACTIVATED) { return notYetValid }
        if has(GNUTLS_CERT_SIGNER_NOT_FOUND) || has(GNUTLS_CERT_SIGNER_NOT_CA) {
            guard let caFile else { return untrusted }
            return "the server's certificate is not trusted (signed neither by the CA in \(caFile) nor by one this machine knows)"
        }
        if has(GNUTLS_CERT_REVOKED) { return "the server's certificate has been revoked" }
        if has(GNUTLS_CERT_INSECURE_ALGORITHM) { return "the server's certificate is signed with an insecure algorithm" }
        return "the server's certificate is refused (status \(status))"
    }

    /// A TLS conversation that failed before any certificate was judged.
    static func noSecureConnection(_ reason: String) -> String {
        "no secure connection could be made (\(reason)); is it an https:// server?"
    }
}
