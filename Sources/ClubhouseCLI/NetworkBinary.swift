import ClubhouseData
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `clubhouse-net`, the binary with the networked commands, found beside this one (the build folder, or the
/// `bin` folder `make install` fills) and exec'd with the same arguments: same process id, so a terminal, an sshd
/// session or a service manager sees one process either way.
package enum NetworkBinary {
    package static let name = "clubhouse-net"

    /// Where `clubhouse-net` is: beside the running executable (symlinks resolved).
    package static func path() -> String {
        (ShippedData.executablePath as NSString).deletingLastPathComponent + "/" + name
    }

    /// Replaces this process with `clubhouse-net arguments…`; returns only on failure, saying why.
    package static func exec(_ arguments: [String]) -> String {
        let target = path()
        guard access(target, X_OK) == 0 else {
            return "this command needs \(name), which is not installed beside this binary (\(target)); " +
                "'make install' installs both, and 'swift build' builds both"
        }
        fflush(nil)
        let argv = ([target] + arguments).map { strdup($0) } + [nil]
        execv(target, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        return "can't run \(target): \(reason)"
    }
}
