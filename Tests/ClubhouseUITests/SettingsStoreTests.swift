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
