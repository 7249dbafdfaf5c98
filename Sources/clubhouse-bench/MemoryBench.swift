import ClubhouseData
import ClubhouseDomain
import Foundation

/// One app process as an SSH session runs it (`ssh-session` runs the same `AppCommand` code path with the
/// device's own XDG folders): started on a pty, walked into a draft room, left to settle. Reports its
/// memory (/proc/<pid>/smaps_rollup) and the CPU it burns sitting idle in the room.
enum MemoryBench {
    struct Result {
        var memory: ProcessMemory
        /// CPU time used over `idleWindow` while nothing happened, as a share of one core.
        var idleCPU: Double
        var idleWindow: Duration
    }

    static func run(app: String, directory: URL, idleWindow: Duration) throws -> Result {
        let dbPath = directory.appendingPathComponent("memory.sqlite").path
        let (_, rooms) = try FanOutBench.prepare(path: dbPath, rooms: 1, teams: 12)
        let room = rooms[0]
        let client = try PTYClient(executable: app, arguments: ["--database", dbPath],
                                   environment: FanOutBench.environment(home: directory.appendingPathComponent("memory-client").path))
        defer { client.stop() }
        room.clients = [client]
        try FanOutBench.enterRoom(room, all: [client], shown: FanOutBench.headerNeedle(nextPick: 1))
        // Settle: the event-log replay, the room's loads, the first frames.
        _ = PTYClient.wait(for: [client], timeout: .seconds(3)) { false }
        guard let memory = ProcessMemory.read(pid: client.pid) else {
            throw BenchFailure(description: "cannot read /proc/\(client.pid)/smaps_rollup")
        }
        let before = cpuTime(pid: client.pid)
        _ = PTYClient.wait(for: [client], timeout: idleWindow) { false }
        let used = cpuTime(pid: client.pid) - before
        return Result(memory: memory, idleCPU: used / Samples.milliseconds(idleWindow) * 1000, idleWindow: idleWindow)
    }

    /// User + system CPU seconds a process has used (/proc/<pid>/stat fields 14 and 15).
    static func cpuTime(pid: pid_t) -> Double {
        let (user, system) = cpuSplit(pid: pid)
        return user + system
    }

    /// User and system CPU seconds a process has used, apart.
    static func cpuSplit(pid: pid_t) -> (user: Double, system: Double) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return (0, 0) }
        return cpuSplit(stat: stat, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// utime and stime of a /proc/<pid>/stat line, in seconds.
    static func cpuSplit(stat: String, ticksPerSecond: Double) -> (user: Double, system: Double) {
        guard let close = stat.lastIndex(of: ")") else { return (0, 0) }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state): utime is field 14, stime field 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return (0, 0) }
        return (user / ticksPerSecond, system / ticksPerSecond)
    }

    /// utime + stime of a /proc/<pid>/stat line, in seconds. The command name (field 2) may hold spaces and
    /// parentheses, so fields are counted after its last ")".
    static func cpuSeconds(stat: String, ticksPerSecond: Double) -> Double {
        let (user, system) = cpuSplit(stat: stat, ticksPerSecond: ticksPerSecond)
        return user + system
    }
}
