import ClubhouseCLI
import Foundation

/// Checks on the port host-ssh serves: free before sshd starts, answering once it has.
enum PortProbe {
    /// Why `address:port` can't be listened on now, or nil when it can (checked by binding it, then letting go).
    static func bindProblem(address: String, port: Int) -> String? {
        guard let (family, storage, length) = socketAddress(address, port: port) else { return nil }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var one: Int32 = 1
        // As sshd does: a port in TIME_WAIT is free; one that something listens on is not.
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 { setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size)) }
        var addr = storage
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        if rc == 0 { return nil }
        switch errno {
        case EADDRINUSE:
            return "port \(port) on \(address) is already in use (another sshd, an earlier host-ssh or another program listens there); stop it or pick another --port"
        case EACCES:
            return "port \(port) is privileged (below 1024) and needs root; pick --port 1024 or above"
        case EADDRNOTAVAIL:
            return "--listen \(address) is not an address of this machine"
        default:
            return "cannot listen on \(address) port \(port): \(String(cString: strerror(errno)))"
        }
    }

    /// True when something on `address:port` answers with an SSH banner ("SSH-2.0-…"). A wildcard address is
    /// probed on loopback.
    static func answersSSH(address: String, port: Int) -> Bool {
        let target = address == "0.0.0.0" ? "127.0.0.1" : address == "::" ? "::1" : address
        guard let (family, storage, length) = socketAddress(target, port: port) else { return false }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var tv = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = storage
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) } }
        guard rc == 0 else { return false }
        var buf = [UInt8](repeating: 0, count: 64)
        let n = read(fd, &buf, buf.count)
        return n >= 4 && buf.prefix(4).elementsEqual("SSH-".utf8)
    }

    /// A loopback port free now (the kernel picks it), for the league server host-ssh starts beside sshd.
    static func freeLoopbackPort() -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let (_, address, length) = numericAddress("127.0.0.1", port: 0) else { return nil }
        var storage = address
        let rc = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard rc == 0 else { return nil }
        var bound = sockaddr_in(), size = socklen_t(MemoryLayout<sockaddr_in>.size)
        guard withUnsafeMutablePointer(to: &bound, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) } }) == 0 else {
            return nil
        }
        return Int(UInt16(bigEndian: bound.sin_port))
    }

    /// True when something accepts connections on `address:port` (the league server, once it listens).
    static func accepts(address: String, port: Int) -> Bool {
        guard let (family, storage, length) = socketAddress(address, port: port) else { return false }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = storage
        return withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) } } == 0
    }

    /// `address` (numeric, else looked up) and port as a socket address; nil when it can't be resolved.
    private static func socketAddress(_ address: String, port: Int) -> (Int32, sockaddr_storage, socklen_t)? {
        if let numeric = numericAddress(address, port: port) { return numeric }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, String(port), &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(found) }
        var storage = sockaddr_storage()
        let length = min(socklen_t(MemoryLayout<sockaddr_storage>.size), first.pointee.ai_addrlen)
        withUnsafeMutableBytes(of: &storage) { dst in
            dst.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(length)))
        }
        return (first.pointee.ai_family, storage, length)
    }

    private static func numericAddress(_ address: String, port: Int) -> (Int32, sockaddr_storage, socklen_t)? {
        var v4 = in_addr(), v6 = in6_addr()
        let bePort = in_port_t(UInt16(port).bigEndian)
        if inet_pton(AF_INET, address, &v4) == 1 {
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET); sin.sin_port = bePort; sin.sin_addr = v4
            return stored(AF_INET, sin)
        }
        if inet_pton(AF_INET6, address, &v6) == 1 {
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6); sin6.sin6_port = bePort; sin6.sin6_addr = v6
            return stored(AF_INET6, sin6)
        }
        return nil
    }

    /// A socket address of either family in a `sockaddr_storage`, with its length.
    private static func stored<Address>(_ family: Int32, _ address: Address) -> (Int32, sockaddr_storage, socklen_t) {
        var storage = sockaddr_storage()
        withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: Address.self, capacity: 1) { $0.pointee = address } }
        return (family, storage, socklen_t(MemoryLayout<Address>.size))
    }
}
