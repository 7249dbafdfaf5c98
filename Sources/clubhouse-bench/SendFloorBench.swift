import Foundation
import Synchronization
import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// What the kernel charges a sender for one `send(2)` of an event-sized frame to a loopback TCP socket, measured
/// beside the followers' figure: N connections inside this process, one thread writing a 300-byte frame to each, and
/// either a reader thread waiting in epoll (as the followers do: on loopback, the receive side and the reader's wake-up
/// run on the sender's CPU) or no reader at all (the send alone). The sending thread's own CPU ÷ sends.
enum SendFloorBench {
    struct Floor { var withReader: Double; var alone: Double }

    static func measure(count: Int, rounds: Int = 5) throws -> Floor {
        OpenFileLimit.raise(to: 2 * count + 256)
        let withReader = try sendCost(count: count, rounds: rounds, reader: true)
        let alone = try sendCost(count: count, rounds: rounds, reader: false)
        return Floor(withReader: withReader, alone: alone)
    }

    /// Microseconds of the sending thread's CPU per send.
    private static func sendCost(count: Int, rounds: Int, reader: Bool) throws -> Double {
        let (listener, port) = try Loopback.bound(listening: true)
        defer { close(listener) }
        let http = BenchHTTP(port: port)
        var clients: [Int32] = [], servers: [Int32] = []
        defer { for fd in clients + servers { close(fd) } }
        for i in 0..<count {
            guard let c = http.connect(from: "127.0.0.\(100 + i / FanOut.streamsPerSource)") else { throw BenchFailure(description: "send floor: connect \(i)") }
            let s = accept(listener, nil, nil)
            guard s >= 0 else { throw BenchFailure(description: "send floor: accept \(i)") }
            _ = fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK)
            var one: Int32 = 1
            setsockopt(s, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            clients.append(c); servers.append(s)
        }
        let running = Mutex(true)
        if reader {
            let fds = clients
            Thread {
                let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
                defer { close(epoll) }
                for fd in fds {
                    var event = epoll_event()
                    event.events = EPOLLIN.rawValue
                    event.data.fd = fd
                    _ = epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
                }
                var ready = [epoll_event](repeating: epoll_event(), count: 256)
                var buffer = [UInt8](repeating: 0, count: 4096)
                while running.withLock({ $0 }) {
                    let n = epoll_wait(epoll, &ready, Int32(ready.count), 50)
                    for e in ready.prefix(max(0, Int(n))) { _ = recv(e.data.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) }
                }
            }.start()
        }
        let frame = [UInt8](repeating: UInt8(ascii: "x"), count: 300)
        let cost = Mutex(0.0)
        let done = DispatchSemaphore(value: 0)
        let targets = servers
        Thread {
            usleep(200_000)
            var total = 0.0
            for _ in 0..<rounds {
                let before = threadCPU()
                for fd in targets { _ = frame.withUnsafeBytes { chs_send_some(fd, $0.baseAddress, $0.count) } }
                total += threadCPU() - before
                usleep(100_000)   // the reader waits in epoll again, as followers do between plays
            }
            cost.withLock { $0 = total }
            done.signal()
        }.start()
        done.wait()
        running.withLock { $0 = false }
        usleep(100_000)
        return cost.withLock { $0 } * 1e6 / Double(count * rounds)
    }

    /// This thread's user + system CPU, in seconds.
    private static func threadCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
