import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An IP address, IPv4 or IPv6: as the server sees a client (the peer of its connection, or an `X-Forwarded-For` entry
/// a trusted proxy added; the per-client limits are keyed by it, never by a name the client picks for itself), and as
/// a webhook's host resolves (`WebhookNetwork` checks each before anything is posted to it).
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 (IPv6). An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, a dual-stack socket's view of an
    /// IPv4 client) is kept as the IPv4 address it is.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            self.bytes = Array(bytes[12...])
        } else {
            self.bytes = bytes
        }
    }

    /// `203.0.113.7`, `2001:db8::1`, and as `X-Forwarded-For` entries also come: `203.0.113.7:5678`, `[2001:db8::1]`,
    /// `[2001:db8::1]:443`. nil for anything else (`unknown`, a host name, a zone id).
    public init?(_ text: some StringProtocol) {
        var s = text.trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("[") {
            guard let close = s.firstIndex(of: "]") else { return nil }
            let rest = s[s.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCII) && UInt16(rest.dropFirst()) != nil) else { return nil }
            s = String(s[s.index(after: s.startIndex)..<close])
        } else if s.filter({ $0 == ":" }).count == 1 {
            // IPv4 with a port.
            let parts = s.split(separator: ":", omittingEmptySubsequences: false)
            guard UInt16(parts[1]) != nil else { return nil }
            s = String(parts[0])
        }
        guard !s.isEmpty, s.utf8.count <= 45 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, s, &v4) == 1 {
            self.init(bytes: withUnsafeBytes(of: v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, s, &v6) == 1 else { return nil }
        self.init(bytes: withUnsafeBytes(of: v6) { Array($0) })
    }

    /// 127.0.0.0/8 or ::1: a client on this machine.
    public var isLoopback: Bool {
        bytes.count == 4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    public var isIPv4: Bool { bytes.count == 4 }

    public var description: String { Self.text(bytes) }

    /// The bucket of the per-client limits: an IPv4 address as it is; an IPv6 address by its /64 (`2001:db8:1:2::/64`),
    /// since a household or a server is given a whole /64 and can use any of its 2^64 addresses.
    public var limitBucket: String {
        if isIPv4 { return description }
        return Self.text(Array(bytes[0..<8]) + Array(repeating: 0, count: 8)) + "/64"
    }

    private static func text(_ bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let ok = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) } != nil
        guard ok else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// An address or a CIDR range (`10.0.0.5`, `10.0.0.0/8`, `::1`, `2001:db8::/32`): what `--trusted-proxy` and
/// `--webhook-allow` take.
public struct IPAddressRange: Hashable, Sendable, CustomStringConvertible {
    public let network: IPAddress
    /// Leading bits that must match (32 or 128 for a single address).
    public let prefixLength: Int

    public init?(_ text: some StringProtocol) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].hasPrefix("["), let address = IPAddress(parts[0]),
              parts[0].filter({ $0 == ":" }).count != 1 || !address.isIPv4 else { return nil }   // no port here
        let bits = address.bytes.count * 8
        if parts.count == 2 {
            guard let n = Int(parts[1]), (0...bits).contains(n), parts[1].allSatisfy(\.isASCII) else { return nil }
            prefixLength = n
        } else {
            prefixLength = bits
        }
        network = address
    }

    public func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        var left = prefixLength
        for (a, b) in zip(address.bytes, network.bytes) where left > 0 {
            let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
            if a & mask != b & mask { return false }
            left -= 8
        }
        return true
    }

    public var description: String {
        prefixLength == network.bytes.count * 8 ? network.description : "\(network)/\(prefixLength)"
    }

    /// `ADDR[,ADDR…]`; nil when any item is neither an address nor a range.
    public static func list(_ text: String) -> [IPAddressRange]? {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        let ranges = items.compactMap { IPAddressRange($0) }
        return ranges.count == items.count && !ranges.isEmpty ? ranges : nil
    }
}
