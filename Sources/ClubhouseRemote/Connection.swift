import CGnuTLS
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a league server: a blocking TCP socket (`PlainSocket`), with a GnuTLS client session over it for
/// `https://`. Requests (`SocketHTTP`) and event streams (`SocketStream`) read and write through it the same way
/// whichever the scheme; the socket's own timeouts (`SO_RCVTIMEO`, `SO_SNDTIMEO`) bound every wait, TLS included.
///
/// The TLS session verifies the server's certificate during the handshake, against `TLSTrust` (the system's CAs, plus
/// a club's own with `--ca-file`) and the URL's host: nothing is sent to a server that fails it.
final class Connection: @unchecked Sendable {
    let fd: Int32
    /// The TLS session, nil for `http://`.
    private let session: gnutls_session_t?
    /// The socket's read timeout as last set (0: none): a TLS "again" that comes sooner is not a timeout.
    private var readTimeout: TimeInterval = 0

    /// A plain connection over a connected socket.
    init(plain fd: Int32) { self.fd = fd; session = nil }

    private init(fd: Int32, session: gnutls_session_t) { self.fd = fd; self.session = session }

    deinit {
        if let session { chc_session_free(session) }
        Glibc.close(fd)
    }

    /// Connects to `host:port` (any of its addresses, or only `address` when given: the one a webhook's check
    /// allowed, so a second lookup can't lead elsewhere), then, with `trust`, makes the TLS handshake for `host`;
    /// `timeout` bounds the connecting and each wait for a byte.
    static func open(host: String, port: Int, trust: TLSTrust?, timeout: TimeInterval, address: String? = nil) -> Result<Connection, HTTPClient.Failure> {
        guard let fd = PlainSocket.connect(host: address ?? host, port: port, timeout: timeout) else {
            return .failure(.unreachable("connection refused or timed out"))
        }
        guard let trust else { return .success(Connection(plain: fd)) }
        let ms = UInt32(max(100, min(Double(UInt32.max / 2), timeout * 1000)))
        var session: gnutls_session_t?
        let created = chc_session_create(&session, trust.credentials, fd, host, isAddress(host) ? 1 : 0, ms)
        guard created >= 0, let session else {
            Glibc.close(fd)
            return .failure(.untrusted(TLSRefusal.noSecureConnection(String(cString: gnutls_strerror(created)))))
        }
        let connection = Connection(fd: fd, session: session)   // from here its deinit closes both
        var status: UInt32 = 0
        let shaken = chc_handshake(session, ms, &status)
        if shaken >= 0 { return .success(connection) }
        if shaken == chc_e_verification() { return .failure(.untrusted(TLSRefusal.sentence(status: status, caFile: trust.caFile))) }
        // No handshake at all: a timeout or a server gone is "unreachable", as for http://; anything else was a
        // TLS conversation that failed (a plain HTTP server on the port, an old protocol…).
        if shaken == chc_e_timedout() || shaken == chc_e_premature_termination() || shaken == chc_e_again()
            || shaken == GNUTLS_E_PULL_ERROR || shaken == GNUTLS_E_PUSH_ERROR {
            return .failure(.unreachable(shaken == chc_e_timedout() ? "timed out" : HTTPClient.Failure.noAnswer))
        }
        return .failure(.untrusted(TLSRefusal.noSecureConnection(String(cString: gnutls_strerror(shaken)))))
    }

    /// A literal IPv4 or IPv6 address (never sent as SNI; matched against the certificate's IP addresses).
    static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// Sends all of `bytes`; false when the connection failed.
    func send(_ bytes: [UInt8]) -> Bool {
        guard let session else { return PlainSocket.sendAll(fd, bytes) }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { gnutls_record_send(session, $0.baseAddress, $0.count) }
            if n == Int(chc_e_interrupted()) || n == Int(chc_e_again()) { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    enum Read { case bytes(Int), closed, timedOut, failed(String) }

    /// One read into `buffer` (at most its size), waiting at most the socket's `SO_RCVTIMEO`.
    func read(into buffer: inout [UInt8]) -> Read {
        let started = DispatchTime.now()
        while true {
            let n: Int = buffer.withUnsafeMutableBytes { b in
                if let session { return gnutls_record_recv(session, b.baseAddress, b.count) }
                let n = Glibc.read(fd, b.baseAddress, b.count)
                return n < 0 ? -Int(errno) : n
            }
            if n > 0 { return .bytes(n) }
            if n == 0 { return .closed }
            if session != nil {
                if n == Int(chc_e_interrupted()) { continue }
                // GnuTLS also answers "again" after it handled a post-handshake message (a TLS 1.3 server built on
                // OpenSSL, nginx's among them, sends its session tickets right after the handshake): read on until
                // the socket's timeout has really passed.
                if n == Int(chc_e_again()) {
                    let waited = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                    if waited < max(readTimeout, 0.05) * 0.95 { continue }
                    return .timedOut
                }
                // A server that hangs up without TLS's close_notify: the end of the connection, as for a socket.
                if n == Int(chc_e_premature_termination()) { return .closed }
                return .failed(String(cString: gnutls_strerror(Int32(n))))
            }
            let error = Int32(-n)
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK { return .timedOut }
            return .failed(String(cString: strerror(error)))
        }
    }

    func setReadTimeout(_ seconds: TimeInterval) { readTimeout = seconds; PlainSocket.setTimeout(fd, SO_RCVTIMEO, seconds) }

    /// Kept alive and idle: nothing waiting to be read (not even inside the TLS session) and not closed by the server.
    var isQuietAndOpen: Bool {
        if let session, gnutls_record_check_pending(session) > 0 { return false }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 0
    }

    /// Wakes a reader blocked on this connection (it reads the end); the descriptor stays open until the last owner lets go.
    func shutdown() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
}

/// What an `https://` client trusts: the system's CAs, plus a club's own CA (`--ca-file`, `CLUBHOUSE_CA_FILE`).
/// Loaded once and shared by every connection of a client (GnuTLS allows that once it is filled).
public final class TLSTrust: @unchecked Sendable {
    let credentials: gnutls_certificate_credentials_t
    public let caFile: String?

    public struct Unusable: Error, Sendable { public var reason: String }

    /// The system's CAs, and `caFile`'s certificates (PEM); a file that can't be read or holds none is refused with
    /// the reason.
    public init(caFile: String?) throws(Unusable) {
        if let caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else {
                throw Unusable(reason: "the CA file \(caFile) can't be read" + (FileManager.default.fileExists(atPath: caFile) ? "" : ": No such file or directory"))
            }
        }
        var credentials: gnutls_certificate_credentials_t?
        var added: Int32 = 0
        let ret = chc_trust_create(&credentials, caFile, &added)
        guard ret >= 0, let credentials else {
            throw Unusable(reason: "the CA file \(caFile ?? "") holds no readable PEM certificate (\(String(cString: gnutls_strerror(ret))))")
        }
        self.credentials = credentials
        self.caFile = caFile
    }

    deinit { gnutls_certificate_free_credentials(credentials) }

    /// The system's CAs alone, loaded once per process.
    static let system: TLSTrust = try! TLSTrust(caFile: nil)
}
