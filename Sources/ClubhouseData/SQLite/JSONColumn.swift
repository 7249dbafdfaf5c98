import Foundation

/// Codable values stored in TEXT columns as JSON (league settings, draft order, event payloads).
/// Object keys are sorted. (Dictionaries keyed by a non-`CodingKeyRepresentable` enum — `[Slot: Int]` in
/// `LeagueSettings` — encode as flat `[key, value, …]` arrays in hash order; they round-trip, but the text
/// is not stable between processes, so never compare settings by their JSON text.)
public enum JSONColumn {
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    public static func decode<T: Decodable>(_ type: T.Type = T.self, from text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
