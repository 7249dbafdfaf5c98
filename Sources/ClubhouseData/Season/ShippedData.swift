import Foundation

/// Where the data files shipped with the program (the 2019 season in nflverse's files, `nflverse/`) are, wherever the
/// binary is run from:
///
/// 1. an installed binary (`make install`: `PREFIX/bin/clubhouse`) finds them in `PREFIX/share/clubhouse/`,
///    from its own path (symlinks resolved), so it works with the build folder gone;
/// 2. a binary in a build folder uses SwiftPM's resource bundle beside it (`Bundle.module`);
/// 3. a binary copied out of a checkout that still exists reads the checkout's `Sources/ClubhouseData/Resources/`.
///
/// `Bundle.module` is asked only when its bundle is beside the executable: it stops the process when it finds none.
public enum ShippedData {
    /// The folder of the shipped seasons' nflverse files.
    public static let seasonsFolder = "nflverse"

    /// The bundle SwiftPM builds for this target's resources: `<package>_<target>.resources`.
    static let bundleName = "Clubhouse_ClubhouseData.resources"

    /// The folder `name` (e.g. `nflverse`), or nil when none of the places has it.
    public static func directory(_ name: String) -> URL? {
        let executable = executableURL()
        if let executable, case let installed = installedDirectory(name, executable: executable), isDirectory(installed) {
            return installed
        }
        if isDirectory(beside(executable).appendingPathComponent(bundleName)),
           let bundled = Bundle.module.url(forResource: name, withExtension: nil) {
            return bundled
        }
        let source = sourceResources.appendingPathComponent(name, isDirectory: true)
        return isDirectory(source) ? source : nil
    }

    /// Where an installed binary's data lives: `bin/../share/clubhouse/NAME`.
    public static func installedDirectory(_ name: String, executable: URL) -> URL {
        beside(executable).deletingLastPathComponent()
            .appendingPathComponent("share/clubhouse", isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }

    /// The places searched, in order (for the message when nothing is found).
    public static func searched(_ name: String) -> [String] {
        let executable = executableURL()
        return (executable.map { [installedDirectory(name, executable: $0).path] } ?? [])
            + [beside(executable).appendingPathComponent(bundleName).appendingPathComponent(name).path,
               sourceResources.appendingPathComponent(name).path]
    }

    /// The running executable, symlinks resolved (`/proc/self/exe` on Linux).
    package static func executableURL() -> URL? {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: target)
        }
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
    }

    /// The running executable's absolute path, else how it was called.
    package static var executablePath: String { executableURL()?.path ?? CommandLine.arguments[0] }

    private static func beside(_ executable: URL?) -> URL {
        (executable ?? Bundle.main.bundleURL.appendingPathComponent("x")).deletingLastPathComponent()
    }

    /// This target's resource folder in the checkout it was built from.
    private static var sourceResources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources", isDirectory: true)
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }
}
