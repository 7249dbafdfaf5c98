import Foundation

/// The app's version, printed by `--version`, and the version of the HTTP API the league server and the remote client
/// speak (`GET /v1/meta`, and the `Clubhouse-Version` header on every answer).
public enum ClubhouseVersion {
    public static let string = "0.1.0"
    /// The HTTP API's version: moves on when an operation is added or an answer changes shape.
    public static let api = 1
    /// The oldest API version this server still answers as it did (apps that old need no update).
    public static let oldestAPI = 1

    /// The `Clubhouse-Version` header's value: `0.1.0; api=1; oldest-api=1`.
    public static var header: String { ServerVersion(version: string, api: api, oldestAPI: oldestAPI).header }
}

/// What a league server says of itself (`GET /v1/meta`, and in the `Clubhouse-Version` header of every answer).
public struct ServerVersion: Hashable, Codable, Sendable {
    public var version: String
    public var api: Int
    /// The oldest API version the server still answers as it did.
    public var oldestAPI: Int

    public init(version: String, api: Int, oldestAPI: Int) {
        self.version = version; self.api = api; self.oldestAPI = oldestAPI
    }

    public static let current = ServerVersion(version: ClubhouseVersion.string, api: ClubhouseVersion.api, oldestAPI: ClubhouseVersion.oldestAPI)

    /// `0.1.0; api=1; oldest-api=1`.
    public var header: String { "\(version); api=\(api); oldest-api=\(oldestAPI)" }

    /// Reads a `Clubhouse-Version` header; nil when it isn't one (a proxy's page, a garbled value).
    public init?(header: String) {
        let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = parts.first, !first.isEmpty, first.count <= 40, !first.contains("=") else { return nil }
        var api: Int?, oldest: Int?
        for part in parts.dropFirst() {
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, let n = Int(kv[1]), (0...10_000).contains(n) else { continue }
            if kv[0] == "api" { api = n } else if kv[0] == "oldest-api" { oldest = n }
        }
        guard let api else { return nil }
        self.init(version: first, api: api, oldestAPI: min(oldest ?? api, api))
    }

    /// How this app (speaking API `appAPI`) and this server meet: nil when they do; else what to update, in one phrase
    /// short enough for the top bar. A server newer than the app but still answering its API needs nothing.
    public func mismatch(appAPI: Int = ClubhouseVersion.api) -> String? {
        if appAPI < oldestAPI {
            return "update the app (server \(version))"
        }
        if appAPI > api {
            return "old server \(version): some features off"
        }
        return nil
    }
}

/// `GET /v1/meta`: what a league server says of itself — its version and API versions, and the league operations it
/// serves, by endpoint name (`Endpoint.name`). An app newer than its server learns here which operations the server
/// doesn't have, and shows their keys disabled with the reason instead of failing after the keypress.
public struct ServerMeta: Hashable, Codable, Sendable {
    public var version: String
    public var api: Int
    public var oldestAPI: Int
    /// The operations served; nil from a server that doesn't list them (every operation is then taken as served).
    public var endpoints: [String]?

    public init(_ v: ServerVersion, endpoints: [String]?) {
        version = v.version; api = v.api; oldestAPI = v.oldestAPI; self.endpoints = endpoints
    }

    public var serverVersion: ServerVersion { ServerVersion(version: version, api: api, oldestAPI: oldestAPI) }

    /// This build's: every endpoint of `Endpoints.all`.
    public static let current = ServerMeta(.current, endpoints: Endpoints.all.map(\.name).sorted())

    /// Why `operation` (an endpoint's name) can't be used on this server, in a sentence for the key's toast and help;
    /// nil when it can.
    public func unavailable(_ operation: String) -> String? {
        guard let endpoints, !endpoints.contains(operation) else { return nil }
        return "Not on this server (\(version)): update the server to use this."
    }
}
