import Foundation

/// What a webhook posts for one feed line, in its receiver's format: Discord's `{"content", "embeds"}`, Slack's
/// `{"text", "blocks"}`, or the event itself as JSON. The bytes are what is signed, so they are written once, with
/// sorted keys.
public enum WebhookPayload {
    /// The event as the generic receiver gets it: the feed line's fields and its league's.
    struct Event: Encodable {
        var line: ActivityLine, league: LeagueID, leagueName: String
        enum Keys: String, CodingKey { case league, leagueName }
        func encode(to encoder: any Encoder) throws {
            try line.encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(league, forKey: .league)
            try c.encode(leagueName, forKey: .leagueName)
        }
    }

    public static func body(_ line: ActivityLine, league: LeagueID, leagueName: String, format: WebhookFormat) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let headline = "\(leagueName): \(line.text)"
        let value: any Encodable = switch format {
        case .json:
            Event(line: line, league: league, leagueName: leagueName)
        case .discord:
            Discord(content: headline, embeds: line.details.isEmpty ? [] : [.init(description: line.details.joined(separator: "\n"),
                                                                                 timestamp: line.at)])
        case .slack:
            Slack(text: headline, blocks: [.section(headline)] + (line.details.isEmpty ? [] : [.context(line.details.joined(separator: "\n"))]))
        }
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    struct Discord: Encodable {
        struct Embed: Encodable { var description: String; var timestamp: Date }
        var content: String
        var embeds: [Embed]
    }

    struct Slack: Encodable {
        struct Text: Encodable { var type = "mrkdwn"; var text: String }
        struct Block: Encodable {
            var type: String
            var text: Text?
            var elements: [Text]?
            static func section(_ s: String) -> Block { Block(type: "section", text: Text(text: s), elements: nil) }
            static func context(_ s: String) -> Block { Block(type: "context", text: nil, elements: [Text(text: s)]) }
        }
        var text: String
        var blocks: [Block]
    }

    /// The signature header's value: `sha256=` and the hex HMAC-SHA256 of `body` with the hook's secret, given the
    /// HMAC (Data's libsodium computes it).
    public static func signature(_ mac: [UInt8]) -> String {
        "sha256=" + mac.map { String(format: "%02x", $0) }.joined()
    }
}
