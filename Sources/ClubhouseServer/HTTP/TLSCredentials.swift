import CMicroHTTPD
import Foundation
import Synchronization

/// A server certificate chain (PEM, the server's certificate first) and its private key (PEM), parsed and checked to
/// belong together. `HTTPServer` serves them over TLS 1.2/1.3 (`CHS_TLS_PRIORITIES` in the shim); `reload` swaps them
/// for new connections while the server runs.
public final class TLSCredentials: @unchecked Sendable {
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    let raw: UnsafeMutablePointer<chs_tls_credentials>
    /// Once handed to GnuTLS they are kept for the process's life: a TLS session points at them while it lasts.
    private let served = Atomic<Bool>(false)

    public init(certificatePEM: Data, keyPEM: Data) throws(Problem) {
        var why = [CChar](repeating: 0, count: 512)
        let loaded = certificatePEM.withUnsafeBytes { cert in
            keyPEM.withUnsafeBytes { key in
                chs_tls_credentials_load(cert.baseAddress?.assumingMemoryBound(to: CChar.self), cert.count,
                                         key.baseAddress?.assumingMemoryBound(to: CChar.self), key.count, &why, why.count)
            }
        }
        guard let loaded else { throw Problem(description: String(nulTerminated: why)) }
        raw = loaded
    }

    deinit {
        if !served.load(ordering: .acquiring) { chs_tls_credentials_free(raw) }
    }

    /// The first certificate's serial number (hex) and subject, e.g. "3A7F… CN=league.example.org".
    public var summary: String {
        var out = [CChar](repeating: 0, count: 512)
        chs_tls_credentials_describe(raw, &out, out.count)
        return String(nulTerminated: out)
    }

    /// A sentence when the first certificate isn't valid at `now` (expired, or not valid yet): clients will refuse it.
    public func validityWarning(now: Date) -> String? {
        var notBefore: Int64 = -1, notAfter: Int64 = -1
        chs_tls_credentials_validity(raw, &notBefore, &notAfter)
        let seconds = Int64(now.timeIntervalSince1970)
        let day = Date.ISO8601FormatStyle().year().month().day()
        if notAfter >= 0, seconds > notAfter {
            return "the TLS certificate (\(summary)) expired on \(Date(timeIntervalSince1970: Double(notAfter)).formatted(day)) — "
                + "clients will refuse it; renew it and send SIGHUP"
        }
        if notBefore >= 0, seconds < notBefore {
            return "the TLS certificate (\(summary)) is not valid until \(Date(timeIntervalSince1970: Double(notBefore)).formatted(day)) — "
                + "clients will refuse it until then (is this machine's clock right?)"
        }
        return nil
    }

    func markServed() { served.store(true, ordering: .releasing) }
}

/// The credentials a TLS daemon's handshakes use now (C-side, read by the shim's certificate callback).
final class TLSSlot: @unchecked Sendable {
    let raw: UnsafeMutablePointer<chs_tls_slot>
    /// Every set of credentials ever served (kept alive: see `TLSCredentials`).
    private let kept = Mutex<[TLSCredentials]>([])

    init(_ credentials: TLSCredentials) {
        raw = chs_tls_slot_create()
        set(credentials)
    }

    func set(_ credentials: TLSCredentials) {
        credentials.markServed()
        kept.withLock { $0.append(credentials) }
        chs_tls_slot_set(raw, credentials.raw)
    }
}

private extension String {
    /// The text of a C buffer up to its first NUL, as UTF-8 (invalid bytes replaced).
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
