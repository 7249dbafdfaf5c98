import Foundation
import Testing

/// Local files found damaged at start are moved aside and said where the person looks — on the first
/// screen of the app, not only on stderr behind it — and in the activity log.
@Suite(.serialized) struct LocalStateNoticeTests {
    @Test func damagedCredentialsSettingsAndDatabaseAreShownInTheAppAndLogged() throws {
        let home = try TemporaryHome()
        let env = home.environment
        let fm = FileManager.default
        let stateDir = env["XDG_STATE_HOME"]! + "/clubhouse", configDir = env["XDG_CONFIG_HOME"]! + "/clubhouse"
        let dataDir = env["XDG_DATA_HOME"]! + "/clubhouse"
        for d in [stateDir, configDir, dataDir] { try fm.createDirectory(atPath: d, withIntermediateDirectories: true) }
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: stateDir + "/credentials.json"))
        try Data("colour: please\n".utf8).write(to: URL(fileURLWithPath: configDir + "/settings.json"))
        // An SQLite file whose pages are garbage: damaged, so moved aside and replaced.
        var damaged = Array("SQLite format 3\u{0}".utf8)
        damaged += [UInt8](repeating: 0xAB, count: 8192)
        try Data(damaged).write(to: URL(fileURLWithPath: dataDir + "/clubhouse.sqlite"))

        let tmux = try Tmux(command: Binary.path, width: 120, height: 40, environment: env)
        let shown = try tmux.waitFor(timeout: 120) {
            $0.contains("Moved aside as damaged: the database, credentials.json, settings.json")
        }
        #expect(shown.matched, "the notices never showed in the app:\n\(shown.screen)")
        try tmux.send("C-c")

        let log = (try? String(contentsOfFile: stateDir + "/clubhouse.log", encoding: .utf8)) ?? ""
        #expect(log.contains("local.movedAside file=local"), "log:\n\(log)")
        #expect(log.contains("local.movedAside file=settings"), "log:\n\(log)")
        #expect(log.contains("database.movedAside"), "log:\n\(log)")
        let configFiles = try fm.contentsOfDirectory(atPath: configDir)
        #expect(configFiles.contains { $0.hasPrefix("settings.json.corrupt-") }, "the garbage settings are kept aside: \(configFiles)")
    }
}
