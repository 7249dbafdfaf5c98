import Foundation
import ClubhouseDomain

/// What a notification is about; each may be muted per league (the League chat page's `N`): chat lines, mentions of
/// you, your trades, your draft, your scores (`LeagueNotices`).
public enum NotificationCategory: String, Codable, CaseIterable, Hashable, Sendable {
    case chat, mentions, transactions, scoring, draft

    /// The key that toggles it on the chat page's mutes line.
    public var key: Character {
        switch self { case .chat: "c"; case .mentions: "m"; case .transactions: "t"; case .scoring: "s"; case .draft: "d" }
    }
}

extension UserSettings {
    /// The categories muted in `league`.
    public func mutes(of league: LeagueID) -> Set<NotificationCategory> {
        Set(notificationMutes[String(league.rawValue)] ?? [])
    }

    /// Keeps `mutes` as `league`'s (sorted, so the file stays the same for the same choice; none: the league's entry goes).
    public mutating func setMutes(_ mutes: Set<NotificationCategory>, of league: LeagueID) {
        let key = String(league.rawValue)
        if mutes.isEmpty { notificationMutes[key] = nil; return }
        notificationMutes[key] = NotificationCategory.allCases.filter(mutes.contains)
    }
}
