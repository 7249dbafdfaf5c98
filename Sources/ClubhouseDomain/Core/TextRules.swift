import Foundation

/// Limits on text people type, checked here (server side) and explained in the app.
public enum TextRules {
    public static let nameLength = 1...40

    /// A trimmed name of 1–40 characters without control characters.
    public static func name(_ raw: String, field: String, what: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.validation(field: field, message: "\(what) can't contain control characters")
        }
        guard nameLength.contains(name.count) else {
            throw DomainError.validation(field: field, message: "\(what) must be 1–40 characters (it has \(name.count))")
        }
        return name
    }
}

extension TextRules {
    public static let chatLength = 1...200

    /// A trimmed one-line message of 1–200 characters without control characters.
    public static func chatLine(_ raw: String) throws -> String {
        let line = raw.trimmingCharacters(in: .whitespaces)
        guard !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.validation(field: "message", message: "A chat message is one line without control characters")
        }
        guard chatLength.contains(line.count) else {
            throw DomainError.validation(field: "message", message: "A chat message is 1–200 characters (it has \(line.count))")
        }
        return line
    }
}
