import Foundation
import Synchronization

/// The person's display preferences, saved between runs.
public struct UserSettings: Codable, Hashable, Sendable {
    public var theme: ThemeMode
    public var color: Bool
    public var mouse: Bool
    /// Ring the terminal bell when it becomes my team's pick.
    public var draftBell: Bool
    /// Ring the terminal bell for an offer to my team, a trade open to my vote, my trade executed (`TradeBell`).
    public var tradeBell: Bool
    /// The newest activity-feed line the person has seen, per league (its id as text, for a JSON object): the Activity
    /// page marks what came after it "since you last looked".
    public var activitySeen: [String: Int64]
    /// Desktop notifications through the terminal: detected (auto), off, or one protocol (`DesktopNotifications`).
    public var desktopNotifications: DesktopNotifications
    /// The notification categories muted per league (its id as text, for a JSON object).
    public var notificationMutes: [String: [NotificationCategory]]

    public init(theme: ThemeMode = .system, color: Bool = true, mouse: Bool = true, draftBell: Bool = true, tradeBell: Bool = true,
                activitySeen: [String: Int64] = [:], desktopNotifications: DesktopNotifications = .auto,
                notificationMutes: [String: [NotificationCategory]] = [:]) {
        self.theme = theme; self.color = color; self.mouse = mouse; self.draftBell = draftBell; self.tradeBell = tradeBell
        self.activitySeen = activitySeen
        self.desktopNotifications = desktopNotifications; self.notificationMutes = notificationMutes
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        theme = (try? c.decode(ThemeMode.self, forKey: .theme)) ?? .system
        color = (try? c.decode(Bool.self, forKey: .color)) ?? true
        mouse = (try? c.decode(Bool.self, forKey: .mouse)) ?? true
        draftBell = (try? c.decode(Bool.self, forKey: .draftBell)) ?? true
        tradeBell = (try? c.decode(Bool.self, forKey: .tradeBell)) ?? true
        activitySeen = (try? c.decode([String: Int64].self, forKey: .activitySeen)) ?? [:]
        desktopNotifications = (try? c.decode(DesktopNotifications.self, forKey: .desktopNotifications)) ?? .auto
        notificationMutes = (try? c.decode([String: [NotificationCategory]].self, forKey: .notificationMutes)) ?? [:]
    }
}

/// Where settings live; the executable injects `FileSettingsStore`, tests an in-memory one.
public protocol SettingsStore: Sendable {
    /// The saved settings, or nil when none were saved yet.
    func load() throws -> UserSettings?
    func save(_ settings: UserSettings) throws
}

/// Settings as JSON in `$XDG_CONFIG_HOME/clubhouse/settings.json` (fallback `~/.config`).
public struct FileSettingsStore: SettingsStore {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// The standard location for `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(url: Self.defaultURL(environment: environment))
    }

    public static func defaultURL(environment: [String: String]) -> URL {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        }
        return base.appendingPathComponent("clubhouse", isDirectory: true).appendingPathComponent("settings.json")
    }

    public func load() throws -> UserSettings? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(UserSettings.self, from: Data(contentsOf: url))
    }

    /// A settings file that can't be read as settings is renamed to `settings.json.corrupt-<unix time>` (never
    /// silently overwritten by the next save); returns where it went, nil when the file is fine or absent.
    @discardableResult
    public func moveAsideIfDamaged(now: Date = Date()) -> String? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        if (try? JSONDecoder().decode(UserSettings.self, from: data)) != nil { return nil }
        var aside = url.path + ".corrupt-" + String(Int(now.timeIntervalSince1970))
        var n = 2
        while FileManager.default.fileExists(atPath: aside) { aside = url.path + ".corrupt-\(Int(now.timeIntervalSince1970))-\(n)"; n += 1 }
        return rename(url.path, aside) == 0 ? aside : nil
    }

    public func save(_ settings: UserSettings) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        try enc.encode(settings).write(to: url, options: .atomic)
    }
}

/// Settings kept in memory (tests, `--no-config`).
public final class InMemorySettingsStore: SettingsStore {
    private let stored: Mutex<UserSettings?>
    public init(_ settings: UserSettings? = nil) { stored = Mutex(settings) }
    public func load() throws -> UserSettings? { stored.withLock { $0 } }
    public func save(_ settings: UserSettings) throws { stored.withLock { $0 = settings } }
}
