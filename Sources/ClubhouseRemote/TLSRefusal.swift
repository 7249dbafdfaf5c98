import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an `https://` connection was refused, as a sentence. URLSession on Linux (libcurl with OpenSSL underneath)
/// reports certificate problems as URLError code -1 ("unknown") with libcurl's message as the description, e.g.
/// "SSL certificate problem: self-signed certificate"; the specific codes are mapped too in case a Foundation reports them.
/// Never a fallback to `http://`.
enum TLSRefusal {
    static let untrusted = "the server's certificate is not trusted (self-signed, or signed by a CA this machine doesn't "
        + "know: install your club's CA in the system's trust store)"
    static let expired = "the server's certificate has expired"
    static let notYetValid = "the server's certificate is not valid yet (or this machine's clock is wrong)"
    static let otherHost = "the server's certificate is for another host name"

    static func sentence(for error: URLError) -> String? {
        switch error.code {
        case .serverCertificateHasBadDate: return expired
        case .serverCertificateNotYetValid: return notYetValid
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot: return untrusted
        default: break
        }
        let message = (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? error.localizedDescription
        if let sentence = sentence(forLibcurlMessage: message) { return sentence }
        if error.code == .secureConnectionFailed { return "no secure connection could be made (\(message))" }
        return nil
    }

    /// libcurl's (and OpenSSL's) words for each case, as measured with this toolchain's FoundationNetworking.
    static func sentence(forLibcurlMessage message: String) -> String? {
        let m = message.lowercased()
        if m.contains("certificate has expired") { return expired }
        if m.contains("certificate is not yet valid") { return notYetValid }
        if m.contains("no alternative certificate subject name matches") || m.contains("does not match target host name")
            || m.contains("hostname mismatch") { return otherHost }
        if m.contains("self-signed certificate") || m.contains("self signed certificate") || m.contains("unable to get local issuer")
            || m.contains("unable to verify the first certificate") || m.contains("unable to get issuer certificate") {
            return untrusted
        }
        if m.contains("ssl certificate problem") { return "the server's certificate is refused (\(message))" }
        if m.hasPrefix("openssl ssl_connect") || m.contains("wrong version number") || m.contains("ssl routines") || m.contains("tls") {
            return "no secure connection could be made (\(message)); is it an https:// server?"
        }
        return nil
    }
}
