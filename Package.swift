// swift-tools-version:6.0
// Clubhouse League — fantasy football in the terminal.
// Layers (see ARCHITECTURE.md §1); the target graph enforces the direction of calls:
//   clubhouse     → ClubhouseCLI → ClubhouseUI → Terminal → CNcurses
//                                → ClubhouseData → ClubhouseDomain, CSQLite, CSodium, CZlib
//   clubhouse-net → ClubhouseCLI, ClubhouseServer (CMicroHTTPD), ClubhousePostgres (CPostgres),
//                   ClubhouseRemote (CGnuTLS, FoundationNetworking)
// Two binaries: `clubhouse` is the embedded app and loads no networking library (libcurl, libpq, libmicrohttpd
// and what they pull in cost ~10 ms of dynamic loading per start); `serve`, `--server`, `host-ssh` and the SSH
// session run `clubhouse-net`, which `clubhouse` execs from beside itself.
import PackageDescription

let package = Package(
    name: "Clubhouse",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "clubhouse", targets: ["clubhouse"]),
        .executable(name: "clubhouse-net", targets: ["clubhouse-net"]),
    ],
    targets: [
        // MARK: - C system libraries (Debian -dev packages; the Makefile installs them)
        .systemLibrary(
            name: "CNcurses",
            path: "Sources/CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Sources/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CSodium",
            path: "Sources/CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .systemLibrary(
            name: "CPostgres",
            path: "Sources/CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The remote client's https:// (a GnuTLS client session on its own sockets); GnuTLS is libmicrohttpd's too.
        .systemLibrary(
            name: "CGnuTLS",
            path: "Sources/CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"])]
        ),
        // Linux calls Glibc's module map leaves out (inotify, the pty calls); libc, nothing to install.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),

        // MARK: - Layers
        .target(name: "ClubhouseDomain", exclude: ["README.md"]),
        .target(
            name: "ClubhouseData",
            dependencies: ["ClubhouseDomain", "CSQLite", "CSodium", "CLinux", "CZlib"],
            resources: [.copy("Resources/nflverse")]
        ),
        .target(name: "ClubhousePostgres", dependencies: ["ClubhouseDomain", "ClubhouseData", "CPostgres"]),
        .target(name: "ClubhouseRemote", dependencies: ["ClubhouseDomain", "ClubhouseData", "CGnuTLS"]),
        .target(name: "ClubhouseServer", dependencies: ["ClubhouseDomain", "CMicroHTTPD", "CSodium"]),
        .target(name: "Terminal", dependencies: ["CNcurses"]),
        .target(name: "ClubhouseUI", dependencies: ["ClubhouseDomain", "Terminal"]),
        .target(name: "ClubhouseCLI", dependencies: ["ClubhouseDomain", "ClubhouseData", "ClubhouseUI", "Terminal"]),
        .executableTarget(name: "clubhouse", dependencies: ["ClubhouseCLI"]),
        .executableTarget(
            name: "clubhouse-net",
            dependencies: ["ClubhouseCLI", "ClubhouseDomain", "ClubhouseData", "ClubhousePostgres", "ClubhouseRemote",
                           "ClubhouseServer", "ClubhouseUI", "Terminal", "CLinux"]
        ),
        .executableTarget(
            name: "clubhouse-bench",
            // CMicroHTTPD for <sys/epoll.h> (its shim includes it; Glibc's module leaves it out): the 10,000-stream reader.
            dependencies: ["ClubhouseDomain", "ClubhouseData", "ClubhousePostgres", "ClubhouseRemote", "ClubhouseServer", "CLinux", "CMicroHTTPD"]
        ),

        // MARK: - Tests
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "CNcurses"]),
        // The Domain's tests read the shipped season through the one data path (ClubhouseData's importer).
        .testTarget(name: "ClubhouseDomainTests", dependencies: ["ClubhouseDomain", "ClubhouseData"]),
        .testTarget(
            name: "ClubhouseDataTests",
            dependencies: ["ClubhouseData", "ClubhouseDomain", "ClubhousePostgres", "ClubhouseRemote", "ClubhouseServer", "CGnuTLS"]
        ),
        .testTarget(name: "ClubhouseUITests", dependencies: ["ClubhouseUI", "ClubhouseData", "ClubhouseDomain", "Terminal"],
                    // Whole-screen goldens, read in place by Golden.swift (not bundled).
                    exclude: ["Goldens"]),
        .testTarget(name: "EndToEndTests", dependencies: ["ClubhouseData", "ClubhouseDomain"]),
        .testTarget(name: "BenchTests", dependencies: ["clubhouse-bench"]),
    ]
)

// Warnings are errors in debug builds (`swift build`, `swift test`, `make test`): the build and the tests compile
// without warnings and stay so. Set here rather than on make's command line so that every debug build uses the same
// flags (a flag given to one build and not the next makes SwiftPM recompile everything). Release builds (`make run`,
// `make install`) are left alone: a newer compiler's new warning must not stop a user's build.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"], .when(configuration: .debug))]
}
