import Foundation

/// How a webhook's receiver wants its posts: a Discord or Slack incoming webhook, or the event itself as JSON.
public enum WebhookFormat: String, Codable, Hashable, Sendable, CaseIterable {
    case discord, slack, json
}

/// Whether a webhook is being delivered to, or was paused after a day of failed deliveries.
public enum WebhookState: String, Codable, Hashable, Sendable {
    case active, paused
}

/// One stored webhook of a league (the secret included: only the delivery worker reads it back).
public struct Webhook: Hashable, Sendable {
    public var id: Int64
    public var league: LeagueID
    public var url: String
    public var kinds: [ActivityKind]
    public var format: WebhookFormat
    public var secret: String
    public var createdAt: Date
    /// The newest event of the league this hook is done with (posted, or not of its kinds): the next post is the first
    /// matching event after it, so a hook's posts go out in the order of the league's event log.
    public var cursor: Int64
    public var state: WebhookState
    /// Why and when the hook was paused (nil while active).
    public var pausedAt: Date?
    /// The first failed attempt at the event after the cursor (nil: the last attempt succeeded, or none failed yet).
    public var failingSince: Date?
    /// Attempts at the event after the cursor so far.
    public var attempts: Int
    /// Not before this moment (a retry's backoff); nil: as soon as there is something to post.
    public var nextAttemptAt: Date?

    public init(id: Int64, league: LeagueID, url: String, kinds: [ActivityKind], format: WebhookFormat, secret: String, createdAt: Date,
                cursor: Int64, state: WebhookState = .active, pausedAt: Date? = nil, failingSince: Date? = nil, attempts: Int = 0,
                nextAttemptAt: Date? = nil) {
        self.id = id; self.league = league; self.url = url; self.kinds = kinds; self.format = format; self.secret = secret
        self.createdAt = createdAt; self.cursor = cursor; self.state = state; self.pausedAt = pausedAt
        self.failingSince = failingSince; self.attempts = attempts; self.nextAttemptAt = nextAttemptAt
    }
}

/// One attempt at posting an event to a webhook: when, which attempt at that event, and what came of it.
public struct WebhookDelivery: Hashable, Codable, Sendable {
    public var at: Date
    /// The league event posted (its id in the event log).
    public var event: Int64
    /// 1 for the first try at this event, 2 for its first retry…
    public var attempt: Int
    /// The receiver's HTTP status (nil: no answer).
    public var status: Int?
    /// Why the attempt failed without a status, in a sentence (nil when the receiver answered).
    public var error: String?

    public init(at: Date, event: Int64, attempt: Int, status: Int?, error: String?) {
        self.at = at; self.event = event; self.attempt = attempt; self.status = status; self.error = error
    }

    /// A 2xx answer.
    public var succeeded: Bool { status.map { (200..<300).contains($0) } ?? false }
}

/// A webhook as the commissioner sees it: never its secret.
public struct WebhookView: Hashable, Codable, Sendable, Identifiable {
    public var id: Int64
    public var url: String
    public var kinds: [ActivityKind]
    public var format: WebhookFormat
    public var state: WebhookState
    public var createdAt: Date
    public var pausedAt: Date?
    /// The latest attempts, newest first (at most `WebhookRules.deliveriesShown`).
    public var deliveries: [WebhookDelivery]

    public init(id: Int64, url: String, kinds: [ActivityKind], format: WebhookFormat, state: WebhookState, createdAt: Date,
                pausedAt: Date?, deliveries: [WebhookDelivery]) {
        self.id = id; self.url = url; self.kinds = kinds; self.format = format; self.state = state; self.createdAt = createdAt
        self.pausedAt = pausedAt; self.deliveries = deliveries
    }
}

/// What adding a webhook answers: its id, and its signing secret — shown this once, never again.
public struct WebhookCreated: Hashable, Codable, Sendable {
    public var id: Int64
    public var secret: String
    public init(id: Int64, secret: String) { self.id = id; self.secret = secret }
}

/// The webhook rules (ClubhouseDomain/README.md, "Webhooks"): limits, the URL, the retry schedule.
public enum WebhookRules {
    /// Webhooks a league may have at once.
    public static let perLeague = 5
    /// The longest URL taken.
    public static let maxURLLength = 500
    /// Attempts kept in a hook's delivery log, and shown.
    public static let deliveriesKept = 50
    public static let deliveriesShown = 10
    /// A hook that has failed for this long is paused (and the commissioner told).
    public static let giveUpAfter: TimeInterval = 24 * 3600
    /// The longest wait between two retries, however many failed.
    public static let longestBackoff: TimeInterval = 3600

    /// A checked webhook URL: https, a host, no credentials in it.
    public struct Target: Hashable, Sendable {
        public var url: URL
        public var host: String
        public var port: Int
    }

    /// `text` as a webhook URL, or a refusal in a sentence.
    public static func target(_ text: String) throws -> Target {
        let raw = text.trimmingCharacters(in: .whitespaces)
        guard !raw.isEmpty else { throw DomainError.validation(field: "url", message: "A webhook needs a URL (https://…)") }
        guard raw.count <= maxURLLength else {
            throw DomainError.validation(field: "url", message: "A webhook URL is at most \(maxURLLength) characters (it has \(raw.count))")
        }
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased() else {
            throw DomainError.validation(field: "url", message: "\(raw) isn't a URL — a webhook URL looks like https://discord.com/api/webhooks/…")
        }
        guard scheme == "https" else {
            throw DomainError.validation(field: "url", message: "Webhook URLs are https only (this one is \(scheme)://)")
        }
        guard var host = url.host, !host.isEmpty else {
            throw DomainError.validation(field: "url", message: "\(raw) names no host — a webhook URL looks like https://discord.com/api/webhooks/…")
        }
        guard url.user == nil, url.password == nil else {
            throw DomainError.validation(field: "url", message: "A webhook URL can't carry a user name or password")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return Target(url: url, host: host, port: url.port ?? 443)
    }

    /// When to try an event again after `attempts` failed tries, the first at `failingSince`: `base` doubled per
    /// failure (capped at `longestBackoff`); nil once the hook has failed for `giveUpAfter` (it is paused).
    public static func retry(attempts: Int, failingSince: Date, now: Date, base: TimeInterval) -> Date? {
        guard now.timeIntervalSince(failingSince) < giveUpAfter else { return nil }
        let doubled = base * pow(2, Double(max(0, min(attempts - 1, 30))))
        return now.addingTimeInterval(min(longestBackoff, doubled))
    }
}

/// Where webhooks may post: never to this machine, a private network, a link-local or metadata address, or an
/// unspecified one — checked on the addresses a host resolves to, at creation and again at each delivery (which then
/// connects to the address checked) — unless the operator allows a network (`serve --webhook-allow CIDR`).
public struct WebhookNetwork: Sendable {
    /// Networks the operator allows even though they are refused by default.
    public var allowed: [IPAddressRange]
    /// A host's addresses (nil: it can't be found). The default takes literal addresses only; Data's `.system`
    /// asks the resolver (`getaddrinfo`).
    public var resolve: @Sendable (String) -> [IPAddress]?

    public init(allowed: [IPAddressRange] = [], resolve: @escaping @Sendable (String) -> [IPAddress]? = { IPAddress($0).map { [$0] } }) {
        self.allowed = allowed; self.resolve = resolve
    }

    /// The refused networks, each with how a sentence names it.
    public static let refused: [(range: IPAddressRange, name: String)] = [
        ("169.254.169.254/32", "the cloud metadata address"), ("fd00:ec2::254/128", "the cloud metadata address"),
        ("127.0.0.0/8", "a loopback address"), ("::1/128", "a loopback address"),
        ("0.0.0.0/8", "an unspecified address"), ("::/128", "an unspecified address"),
        ("10.0.0.0/8", "a private address"), ("172.16.0.0/12", "a private address"), ("192.168.0.0/16", "a private address"),
        ("100.64.0.0/10", "a shared (carrier-grade NAT) address"), ("fc00::/7", "a private address"),
        ("169.254.0.0/16", "a link-local address"), ("fe80::/10", "a link-local address"),
        ("224.0.0.0/4", "a multicast address"), ("ff00::/8", "a multicast address"), ("240.0.0.0/4", "a reserved address"),
    ].map { (IPAddressRange($0.0)!, $0.1) }

    /// Why `address` may not be posted to (nil: it may).
    public func refusal(_ address: IPAddress) -> String? {
        guard !allowed.contains(where: { $0.contains(address) }),
              let hit = Self.refused.first(where: { $0.range.contains(address) }) else { return nil }
        return "Webhooks can't post to \(address), \(hit.name); the server's operator can allow it with serve --webhook-allow."
    }

    /// The addresses `host` resolves to, every one of them allowed; a refusal in a sentence otherwise.
    public func addresses(of host: String) throws -> [IPAddress] {
        guard let found = resolve(host), !found.isEmpty else {
            throw DomainError.validation(field: "url", message: "The webhook's host \(host) can't be found")
        }
        for address in found {
            if let why = refusal(address) { throw DomainError.validation(field: "url", message: why) }
        }
        return found
    }
}
