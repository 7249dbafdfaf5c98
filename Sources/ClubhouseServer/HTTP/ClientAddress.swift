import CMicroHTTPD
import ClubhouseDomain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension IPAddress {
    /// A socket address (IPv4 or IPv6); nil for any other family.
    init?(socketAddress: UnsafePointer<sockaddr>) {
        switch Int32(socketAddress.pointee.sa_family) {
        case AF_INET:
            let a = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            self.init(bytes: withUnsafeBytes(of: a) { Array($0) })
        case AF_INET6:
            let a = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            self.init(bytes: withUnsafeBytes(of: a) { Array($0) })
        default:
            return nil
        }
    }
}

/// Who the client is behind reverse proxies: `X-Forwarded-For` lists the addresses each proxy saw, the client's first;
/// a client can write anything into it, and each proxy appends the peer it saw. So it is read from the right: trusted
/// proxies are skipped, and the first address that isn't one is the client — the left-most entries, which the
/// client wrote, are never reached unless every proxy after them is trusted.
public enum ForwardedFor {
    /// The right-most entry of `header` that is not in `trusted`; nil when there is none, or an entry on the way is not
    /// an address (then the chain can't be followed, and the caller keeps the peer).
    public static func client(_ header: String, trusted: [IPAddressRange]) -> IPAddress? {
        for entry in header.split(separator: ",").reversed() {
            guard let address = IPAddress(entry) else { return nil }
            if !trusted.contains(where: { $0.contains(address) }) { return address }
        }
        return nil
    }
}

// MARK: - From a libmicrohttpd connection

enum ConnectionAddress {
    /// The connection's peer as the kernel reports it.
    static func peer(_ connection: OpaquePointer?) -> IPAddress? {
        guard let connection, let address = chs_client_address(connection) else { return nil }
        return IPAddress(socketAddress: address)
    }

}
