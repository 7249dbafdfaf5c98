import Foundation
import Testing
import Terminal

/// Whole-screen goldens: a rendered frame as plain text (no colour: `Buffer.text()`, trailing spaces trimmed),
/// compared with a checked-in file under `Tests/ClubhouseUITests/Goldens/`. A reviewer reads the file as the screen.
///
/// A mismatch fails with a line diff (`-` the golden, `+` the screen now) and the whole screen. A missing golden fails
/// too: a normal run never writes one. `CLUBHOUSE_UPDATE_GOLDENS=1 swift test --filter PageGoldenTests` (re)writes
/// the files, and the test still fails for each file it changed, so an update is always a deliberate second run.
enum Golden {
    static let variable = "CLUBHOUSE_UPDATE_GOLDENS"
    /// `Tests/ClubhouseUITests/Goldens`, found from this file's path (the files are read in place, not copied as resources).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")
    static var updating: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// The golden text of a frame: each row with trailing spaces trimmed, one per line, ending in a newline.
    static func text(_ buffer: Buffer) -> String { buffer.text() + "\n" }

    /// Checks `buffer` against `Goldens/<name>.txt`.
    static func check(_ buffer: Buffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        check(text(buffer), named: name, sourceLocation: sourceLocation)
    }

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent("\(name).txt")
        let expected = try? String(contentsOf: url, encoding: .utf8)
        guard expected != actual else { return }
        if updating {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("Golden \(name).txt \(expected == nil ? "written" : "rewritten") (\(variable)=1); run again without it",
                             sourceLocation: sourceLocation)
            } catch {
                Issue.record("Golden \(name).txt could not be written: \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected else {
            Issue.record("""
                No golden \(name).txt in \(directory.path); run with \(variable)=1 to write it, then read it. The screen:
                \(actual)
                """, sourceLocation: sourceLocation)
            return
        }
        Issue.record("""
            The screen differs from golden \(name).txt (- golden, + now; \(variable)=1 rewrites it):
            \(diff(expected, actual))
            The screen now:
            \(actual)
            """, sourceLocation: sourceLocation)
    }

    /// A line diff: each differing row as `-NN golden` / `+NN now` (1-based row numbers), rows only in one side included.
    static func diff(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : nil, y = i < b.count ? b[i] : nil
            guard x != y else { continue }
            let row = String(format: "%2d", i + 1)
            if let x { out.append("-\(row) │\(x)") }
            if let y { out.append("+\(row) │\(y)") }
        }
        return out.joined(separator: "\n")
    }
}
