import Foundation
import Testing
import Terminal
@testable import ClubhouseUI

@Suite struct SettingsStoreTests {
    @Test func pathFollowsXDGThenHome() {
        #expect(FileSettingsStore.defaultURL(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/a"]).path == "/x/cfg/clubhouse/settings.json")
        #expect(FileSettingsStore.defaultURL(environment: ["HOME": "/home/a"]).path == "/home/a/.config/clubhouse/settings.json")
        #expect(FileSettingsStore.defaultURL(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a"]).path == "/home/a/.config/clubhouse/settings.json")
    }

    @Test func savesAndLoadsJSON() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-ui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = FileSettingsStore(environment: ["XDG_CONFIG_HOME": dir.path])
        #expect(try store.load() == nil)
        try store.save(UserSettings(theme: .dark, color: false, mouse: true))
        #expect(try store.load() == UserSettings(theme: .dark, color: false, mouse: true))
        let json = try String(contentsOf: store.url, encoding: .utf8)
        #expect(json.contains("\"theme\" : \"dark\""))
    }

    @Test func garbageSettingsAreMovedAsideNotOverwritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-ui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = FileSettingsStore(environment: ["XDG_CONFIG_HOME": dir.path])
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("theme=dark\u{0}\u{1}".utf8).write(to: store.url)
        let aside = store.moveAsideIfDamaged(now: Date(timeIntervalSince1970: 1_567_000_000))
        #expect(aside == store.url.path + ".corrupt-1567000000")
        #expect(FileManager.default.contents(atPath: aside ?? "") == Data("theme=dark\u{0}\u{1}".utf8), "kept, byte for byte")
        #expect(try store.load() == nil)
        // A good file (even with unknown keys) stays.
        try store.save(UserSettings(theme: .dark))
        #expect(store.moveAsideIfDamaged() == nil)
        #expect(try store.load() == UserSettings(theme: .dark))
    }

    @Test func startUpNoticesShowOnTheFirstScreen() {
        let program = ClubhouseProgram(api: FakeLeague(), settingsStore: InMemorySettingsStore(), environment: [:], now: { Demo.now },
                                       notices: ["credentials.json was damaged: moved aside"])
        let backend = HeadlessBackend(size: Size(width: 100, height: 30))
        let driver = ProgramDriver(program: program, backend: backend)
        driver.start(now: .zero)
        driver.renderIfNeeded(now: .zero, force: true)
        #expect(backend.lines().joined(separator: "\n").contains("credentials.json was damaged: moved aside"))
    }

    @Test func unknownOrMissingKeysFallBackToDefaults() throws {
        let s = try JSONDecoder().decode(UserSettings.self, from: Data(#"{"theme":"neon"}"#.utf8))
        #expect(s == UserSettings())
    }

    @Test func themeRolesStayLegibleWithoutColour() {
        let mono = Theme.monochrome
        #expect(mono.style(.selection).attributes.contains(.reverse))
        #expect(mono.style(.highlight).attributes.contains(.underline))
        for role: StyleRole in [.accent, .positive, .negative, .selection, .highlight, .warning] {
            #expect(mono.style(role).foreground == .default && mono.style(role).background == .default)
        }
        #expect(Theme.light.style(.accent) != Theme.dark.style(.accent))
    }
}
