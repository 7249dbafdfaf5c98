import Foundation

/// The league chat's rules (ClubhouseDomain/README.md, “Chat”): who may write, what a reaction may be, how @mentions
/// are found, and how fast one account may send.
public enum ChatRules {
    /// The reactions a message can carry: a small fixed set, so every terminal draws them the same (each is one
    /// two-cell emoji without a variation selector) and the app can offer them on number keys 1–8.
    public static let emoji = ["👍", "👎", "😂", "😮", "😢", "🔥", "🏈", "🎉"]
    /// One account may send this many chat messages (in all its leagues together) in any `sendingWindow` seconds.
    public static let messagesPerWindow = 20
    public static let sendingWindow: TimeInterval = 60
    /// Messages one read returns at most.
    public static let page = 100

    /// The refusal of a reaction outside `emoji`.
    public static func checkEmoji(_ raw: String) throws(DomainError) -> String {
        guard emoji.contains(raw) else {
            throw DomainError.validation(field: "emoji", message: "A reaction is one of \(emoji.joined(separator: " ")) (not \"\(raw.prefix(8))\")")
        }
        return raw
    }

    /// Someone a message may mention: a team's name or a member's display name, and the account it names.
    public struct Mentionable: Hashable, Sendable {
        public var name: String
        public var user: UserID
        public init(name: String, user: UserID) { self.name = name; self.user = user }
    }

    /// The accounts `text`'s @mentions name, each once, in the order they first appear. A mention is `@` at the start
    /// or after a space, followed by a team name or a member's display name (any case), ending at the text's end or
    /// before a character that is not a letter or digit; when several names fit, the longest wins ("@Bits and Bytes"
    /// over "@Bits").
    public static func mentions(in text: String, of candidates: [Mentionable]) -> [UserID] {
        let chars = Array(text)
        let folded = candidates.filter { !$0.name.isEmpty }.map { (name: Array($0.name.lowercased()), user: $0.user) }
        var found: [UserID] = []
        for (i, c) in chars.enumerated() where c == "@" && (i == 0 || chars[i - 1].isWhitespace) {
            let rest = chars[(i + 1)...].map { Character($0.lowercased()) }
            var best: (length: Int, user: UserID)?
            for candidate in folded where candidate.name.count <= rest.count && Array(rest.prefix(candidate.name.count)) == candidate.name {
                let next = rest.count > candidate.name.count ? rest[candidate.name.count] : nil
                guard next.map({ !$0.isLetter && !$0.isNumber }) ?? true else { continue }
                if candidate.name.count > (best?.length ?? 0) { best = (candidate.name.count, candidate.user) }
            }
            if let best, !found.contains(best.user) { found.append(best.user) }
        }
        return found
    }
}
