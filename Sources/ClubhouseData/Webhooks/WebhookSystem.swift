import CSodium
import ClubhouseDomain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// HMAC-SHA256 from libsodium (`crypto_auth_hmacsha256`, any key length): a webhook's body signed with its secret.
public enum HMACSHA256 {
    public static func mac(key: some Collection<UInt8>, message: some Collection<UInt8>) -> [UInt8] {
        Sodium.require()
        let key = Array(key), message = Array(message)
        var state = crypto_auth_hmacsha256_state()
        var out = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_bytes()))
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        _ = crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
        _ = crypto_auth_hmacsha256_final(&state, &out)
        return out
    }
}

extension WebhookNetwork {
    /// The operator's allowed networks, hosts looked up by the system's resolver (`getaddrinfo`).
    public static func system(allowing allowed: [IPAddressRange] = []) -> WebhookNetwork {
        WebhookNetwork(allowed: allowed, resolve: resolve)
    }

    /// Every address `host` resolves to (TCP), deduplicated in the resolver's order; nil when it can't be resolved.
    @Sendable public static func resolve(_ host: String) -> [IPAddress]? {
        if let literal = IPAddress(host) { return [literal] }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &found) == 0 else { return nil }
        defer { freeaddrinfo(found) }
        var out: [IPAddress] = []
        var next = found
        while let ai = next {
            next = ai.pointee.ai_next
            guard let sa = ai.pointee.ai_addr else { continue }
            let bytes: [UInt8]? = switch Int32(sa.pointee.sa_family) {
            case AF_INET: sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { p in withUnsafeBytes(of: p.pointee.sin_addr) { Array($0) } }
            case AF_INET6: sa.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { p in withUnsafeBytes(of: p.pointee.sin6_addr) { Array($0) } }
            default: nil
            }
            if let bytes, !out.contains(IPAddress(bytes: bytes)) { out.append(IPAddress(bytes: bytes)) }
        }
        return out.isEmpty ? nil : out
    }
}
