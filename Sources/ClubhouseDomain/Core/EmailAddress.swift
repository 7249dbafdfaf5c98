import Foundation

/// Email addresses as account identities: one spelling per address that looks the same, so nobody gets a second
/// account — or someone else's sign-in attempts — by typing a look-alike.
///
/// **The stored form** (`canonical(_:)`): trimmed, invisible characters removed, NFKC (full-width `ｊ` is `j`, the
/// ligature `ﬁ` is `fi`, `𝐚` is `a`, the Kelvin sign is `K`), lower-cased — all of it, the local part too, as nearly
/// every provider treats it — and NFC again. So `JOSÉ@x.com`, `josé@x.com` typed precomposed or decomposed and
/// `ｊｏｓé@x.com` are one address. Sign-in looks the account up by this form, and the sign-in attempt limit counts
/// under it.
///
/// **A new address** (`validated(_:)`, for creating an account or changing its email) must also be written plainly:
/// no control, format or other invisible characters (zero-width space, joiners, direction marks, soft hyphen…) —
/// refused with a sentence rather than silently dropped, since the person meant to type something else — and no label
/// (the local part, or one dot-separated part of the domain) that mixes alphabets that look alike (Latin with
/// Cyrillic, Greek, Armenian or Cherokee, or those with each other), nor one written wholly in Cyrillic, Greek or
/// Armenian letters that all have Latin twins (`аре`). Letters of one script are fine (`иван@почта.рф`, `山田@例え.jp`).
public enum EmailAddress {
    public static let maxLength = 254

    /// The address as stored and looked up (see the type's summary); no refusals.
    public static func canonical(_ raw: String) -> String {
        let visible = String(String.UnicodeScalarView(trimmed(raw).unicodeScalars.filter { !isInvisible($0) }))
        return visible.precomposedStringWithCompatibilityMapping.lowercased().precomposedStringWithCanonicalMapping
    }

    /// A new address in its stored form, or a refusal that says what to fix.
    public static func validated(_ raw: String) throws(DomainError) -> String {
        let typed = trimmed(raw)
        guard !typed.isEmpty else { throw refusal("Enter an email address") }
        for (i, ch) in typed.enumerated() {
            for s in ch.unicodeScalars where isInvisible(s) || s.properties.isWhitespace || s.properties.generalCategory == .control {
                let what = s.properties.isWhitespace ? "spaces" : s.properties.generalCategory == .control ? "control characters"
                    : "invisible characters"
                throw refusal("An email address can't contain \(what) (\(TextRules.Problem.code(s)) at character \(i + 1))")
            }
        }
        let email = canonical(typed)
        guard email.count <= maxLength else { throw refusal("An email address is at most \(maxLength) characters") }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.unicodeScalars.contains(where: { $0.properties.isWhitespace }),
              parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].contains("..") else {
            throw refusal("That doesn't look like an email address (name@example.com)")
        }
        if let odd = email.unicodeScalars.first(where: {
            [.privateUse, .unassigned, .surrogate].contains($0.properties.generalCategory) || $0.properties.isNoncharacterCodePoint
        }) {
            throw refusal("An email address can't contain \(TextRules.Problem.code(odd)), which has no agreed look")
        }
        for label in [parts[0]] + parts[1].split(separator: ".") {
            if let problem = lookAlike(label) { throw refusal(problem) }
        }
        return email
    }

    // MARK: - Look-alikes

    /// Alphabets whose letters pass for each other's.
    enum Alphabet: String, CaseIterable, Comparable {
        case latin = "Latin", greek = "Greek", cyrillic = "Cyrillic", armenian = "Armenian", cherokee = "Cherokee"
        static func < (a: Alphabet, b: Alphabet) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

        /// The alphabet of a letter, or nil for one of any other script (and for digits, marks, punctuation).
        init?(_ s: Unicode.Scalar) {
            guard s.properties.isAlphabetic else { return nil }
            switch s.value {
            case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0x24F, 0x250...0x2AF, 0x1D00...0x1D25, 0x1D2C...0x1D5C,
                 0x1D62...0x1D65, 0x1D6B...0x1D77, 0x1D79...0x1DBE, 0x1E00...0x1EFF, 0x2071, 0x207F, 0x2090...0x209C,
                 0x2C60...0x2C7F, 0xA722...0xA7FF, 0xAB30...0xAB64, 0xFB00...0xFB06:
                self = .latin
            case 0x370...0x3FF, 0x1D26...0x1D2A, 0x1D5D...0x1D61, 0x1D66...0x1D6A, 0x1F00...0x1FFF, 0xAB65:
                self = .greek
            case 0x400...0x52F, 0x1C80...0x1C8F, 0x1D2B, 0x1D78, 0x2DE0...0x2DFF, 0xA640...0xA69F:
                self = .cyrillic
            case 0x530...0x58F, 0xFB13...0xFB17:
                self = .armenian
            case 0x13A0...0x13FF, 0xAB70...0xABBF:
                self = .cherokee
            default:
                return nil
            }
        }
    }

    /// Lower-case letters of Cyrillic, Greek and Armenian that look like a Latin letter.
    static let latinTwins: Set<Unicode.Scalar> = Set("аеорсухѕіјԁһԛԝӏүѵѡԍοαινρκυχγωτօոսհզցա".unicodeScalars)

    /// Why `label` passes for something it isn't, or nil.
    static func lookAlike(_ label: Substring) -> String? {
        let alphabets = Set(label.unicodeScalars.compactMap(Alphabet.init)).sorted()
        if alphabets.count > 1 {
            let names = alphabets.map(\.rawValue)
            return "An email address can't mix alphabets in one part: “\(label)” has \(names.dropLast().joined(separator: ", ")) and "
                + "\(names.last!) letters — type it in one alphabet"
        }
        if let alphabet = alphabets.first, alphabet != .latin,
           label.unicodeScalars.filter(\.properties.isAlphabetic).allSatisfy(latinTwins.contains) {
            return "“\(label)” is written in \(alphabet.rawValue) letters that pass for Latin ones — type it in Latin letters"
        }
        return nil
    }

    // MARK: - Helpers

    static func trimmed(_ raw: String) -> String { raw.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Format and other default-ignorable characters: they show as nothing.
    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        s.properties.generalCategory == .format || s.properties.isDefaultIgnorableCodePoint
    }

    static func refusal(_ message: String) -> DomainError { .validation(field: "email", message: message) }
}
