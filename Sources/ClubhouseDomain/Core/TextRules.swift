import Foundation

/// The one rule for text people type that is stored and shown to others — league, team and display names, chat lines —
/// checked here (server side) and explained in the app.
///
/// Text is trimmed and put in NFC (so "José" typed precomposed or decomposed is the same name), then refused when it
/// holds something that is not text a screen can show as typed:
/// - control characters: C0 (escape, BEL, line breaks, tab), DEL, C1, and the line and paragraph separators;
/// - direction controls (bidi embeddings, overrides, isolates and marks), which reorder what follows them;
/// - invisible characters: every other format character and default-ignorable code point (zero-width space, word
///   joiner, BOM, soft hyphen, Hangul fillers, variation selectors other than an emoji's) — two names that look the
///   same must be the same name;
/// - private-use and unassigned code points (nobody can know what they look like);
/// - a combining mark with nothing to sit on (the text starts with it) or more than `marksPerCharacter` stacked on
///   one character (a terminal cell holds a character and four marks; more smears over the lines around it).
///
/// Emoji stay whole: a zero-width joiner is allowed between two emoji (👨‍👩‍👧), VS15/VS16 right after an emoji (❤️,
/// 1️⃣), tag characters only as a flag's tag sequence (🏴 + tags + cancel tag); a zero-width non-joiner only between
/// two letters of a script that uses it (Arabic onwards: Persian, the Indic scripts). Length is counted in characters
/// as people see them (grapheme clusters), after normalising: 1–40 for names, 1–200 for a chat line. Names also fold
/// every run of spaces to one space.
public enum TextRules {
    public static let nameLength = 1...40
    public static let chatLength = 1...200
    /// The most combining marks one character may carry (what a terminal cell holds with its character).
    public static let marksPerCharacter = 4

    /// A name (league, team, display name): trimmed, NFC, one space between words, 1–40 characters, nothing
    /// `problem(in:)` refuses. `what` starts the refusal's sentence ("A team name").
    public static func name(_ raw: String, field: String, what: String) throws(DomainError) -> String {
        try text(raw, field: field, what: what, length: nameLength, foldingSpaces: true, lengthVerb: "must be")
    }

    /// A chat line: trimmed, NFC, 1–200 characters, nothing `problem(in:)` refuses.
    public static func chatLine(_ raw: String) throws(DomainError) -> String {
        try text(raw, field: "message", what: "A chat message", length: chatLength, foldingSpaces: false, lengthVerb: "is")
    }

    /// Text as it will be checked: trimmed and in NFC (what `problem(in:)` and the length limits see).
    public static func normalized(_ raw: String) -> String {
        raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
    }

    /// How many characters `raw` counts as once normalised — what the length limits compare.
    public static func length(_ raw: String, foldingSpaces: Bool = true) -> Int {
        let text = normalized(raw)
        return (foldingSpaces ? oneSpaceBetweenWords(text) : text).count
    }

    /// Checks and normalises one piece of typed text; the refusal's sentence starts with `what` ("A team name"), and
    /// says the limit with `lengthVerb` ("must be 1–40 characters").
    public static func text(_ raw: String, field: String, what: String, length: ClosedRange<Int>,
                            foldingSpaces: Bool, lengthVerb: String = "must be") throws(DomainError) -> String {
        var text = normalized(raw)
        if let problem = problem(in: text) {
            throw DomainError.validation(field: field, message: problem.sentence(what))
        }
        if foldingSpaces { text = oneSpaceBetweenWords(text) }
        guard length.contains(text.count) else {
            let limit = "\(length.lowerBound)–\(length.upperBound) characters (it has \(text.count))"
            throw DomainError.validation(field: field, message: "\(what) \(lengthVerb) \(limit)")
        }
        guard text.unicodeScalars.contains(where: isVisible) else {
            throw DomainError.validation(field: field, message: "\(what) needs at least one visible character")
        }
        return text
    }

    // MARK: - What is refused

    /// Something in typed text the rule refuses; `at` is the 1-based character (grapheme) where it is.
    public enum Problem: Hashable, Sendable {
        /// C0 or C1 control, DEL, or a line/paragraph separator.
        case control(Unicode.Scalar, at: Int)
        /// A bidi embedding, override, isolate or mark.
        case direction(Unicode.Scalar, at: Int)
        /// A format character or default-ignorable code point outside the emoji sequences that need one.
        case invisible(Unicode.Scalar, at: Int)
        /// A private-use code point.
        case privateUse(Unicode.Scalar, at: Int)
        /// A code point Unicode has not assigned (or a noncharacter).
        case unassigned(Unicode.Scalar, at: Int)
        /// The text starts with a combining mark.
        case leadingMark(Unicode.Scalar)
        /// More than `marksPerCharacter` combining marks on one character.
        case stackedMarks(count: Int, at: Int)

        /// One sentence starting with `what` ("A team name can't contain control characters (U+001B at character 5)").
        public func sentence(_ what: String) -> String {
            switch self {
            case .control(let s, let at): "\(what) can't contain control characters (\(Self.code(s)) at character \(at))"
            case .direction(let s, let at): "\(what) can't contain direction controls (\(Self.code(s)) at character \(at))"
            case .invisible(let s, let at): "\(what) can't contain invisible characters (\(Self.code(s)) at character \(at))"
            case .privateUse(let s, let at): "\(what) can't contain private-use characters (\(Self.code(s)) at character \(at))"
            case .unassigned(let s, let at): "\(what) can't contain unassigned characters (\(Self.code(s)) at character \(at))"
            case .leadingMark(let s): "\(what) can't start with a combining mark (\(Self.code(s)))"
            case .stackedMarks(let n, let at):
                "\(what) can't stack more than \(marksPerCharacter) marks on one character (character \(at) has \(n))"
            }
        }

        static func code(_ s: Unicode.Scalar) -> String {
            let hex = String(s.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// The first thing in `text` (normalised as `normalized(_:)` does) the rule refuses, or nil when it may be stored.
    public static func problem(in text: String) -> Problem? {
        var scalars: [Unicode.Scalar] = []
        var character: [Int] = []   // the 1-based character each scalar belongs to
        for (i, ch) in text.enumerated() {
            for s in ch.unicodeScalars { scalars.append(s); character.append(i + 1) }
        }
        let tags = emojiTagSequences(scalars)
        var marks = 0   // combining marks in a row so far
        for (i, s) in scalars.enumerated() {
            let at = character[i]
            let p = s.properties
            marks = isStackingMark(s) ? marks + 1 : 0
            if marks > marksPerCharacter {
                let rest = scalars[i...].prefix(while: isStackingMark).count
                return .stackedMarks(count: marks - 1 + rest, at: at)
            }
            if i == 0, isCombining(s) { return .leadingMark(s) }
            switch p.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return .control(s, at: at)
            case .privateUse: return .privateUse(s, at: at)
            case .unassigned, .surrogate: return .unassigned(s, at: at)
            default: break
            }
            if p.isNoncharacterCodePoint { return .unassigned(s, at: at) }
            if isDirectionControl(s) { return .direction(s, at: at) }
            guard p.generalCategory == .format || p.isDefaultIgnorableCodePoint else { continue }
            let previous = i > 0 ? scalars[i - 1] : nil, next = i + 1 < scalars.count ? scalars[i + 1] : nil
            switch s.value {
            case 0x200D where joinsEmoji(scalars, at: i): continue
            case 0x200C where joinsLetters(previous, next): continue
            case 0xFE0E...0xFE0F where previous?.properties.isEmoji == true: continue
            case 0xE0020...0xE007F where tags.contains(i): continue
            default: return .invisible(s, at: at)
            }
        }
        return nil
    }

    // MARK: - Helpers

    /// Runs of whitespace become one space.
    static func oneSpaceBetweenWords(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.isWhitespace && $0 != " " }) || text.contains("  ") else {
            return text
        }
        var out = String.UnicodeScalarView()
        var inSpace = false
        for s in text.unicodeScalars {
            if s.properties.isWhitespace {
                if !inSpace { out.append(" ") }
                inSpace = true
            } else {
                out.append(s); inSpace = false
            }
        }
        return String(out)
    }

    /// Something that shows: not a space, a mark, or a blank look-alike (the braille blank).
    static func isVisible(_ s: Unicode.Scalar) -> Bool {
        !s.properties.isWhitespace && !isCombining(s) && s.value != 0x2800 && s.properties.generalCategory != .format
    }

    static func isCombining(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// A mark that stacks on the character before it (spacing marks take a cell of their own; VS15/VS16 draw nothing).
    static func isStackingMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: !isPresentationSelector(s)
        default: false
        }
    }

    /// VS15/VS16: text or emoji presentation of the character before.
    static func isPresentationSelector(_ s: Unicode.Scalar) -> Bool { s.value == 0xFE0E || s.value == 0xFE0F }

    /// Bidi embeddings, overrides and isolates, and the invisible direction marks (ALM, LRM, RLM).
    static func isDirectionControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A zero-width joiner between two emoji (an emoji's VS16 or skin tone may sit between it and the joiner).
    static func joinsEmoji(_ scalars: [Unicode.Scalar], at i: Int) -> Bool {
        func isPictograph(_ s: Unicode.Scalar) -> Bool { s.properties.isEmoji && !s.isASCII }
        var j = i - 1
        while j >= 0, isPresentationSelector(scalars[j]) || scalars[j].properties.isEmojiModifier { j -= 1 }
        guard j >= 0, isPictograph(scalars[j]), i + 1 < scalars.count else { return false }
        return isPictograph(scalars[i + 1])
    }

    /// A zero-width non-joiner between two letters (or marks) of a script that uses one: Arabic onwards.
    static func joinsLetters(_ previous: Unicode.Scalar?, _ next: Unicode.Scalar?) -> Bool {
        func isLetter(_ s: Unicode.Scalar?) -> Bool {
            guard let s else { return false }
            return s.value >= 0x0600 && (s.properties.isAlphabetic || isCombining(s))
        }
        return isLetter(previous) && isLetter(next)
    }

    /// Indices of the tag characters that make up an emoji tag sequence (🏴 + tags U+E0020–E007E + cancel tag U+E007F).
    static func emojiTagSequences(_ scalars: [Unicode.Scalar]) -> Set<Int> {
        var out: Set<Int> = []
        var i = 0
        while i < scalars.count {
            defer { i += 1 }
            guard scalars[i].value == 0x1F3F4 else { continue }
            var j = i + 1
            while j < scalars.count, (0xE0020...0xE007E).contains(scalars[j].value) { j += 1 }
            if j > i + 1, j < scalars.count, scalars[j].value == 0xE007F {
                out.formUnion(i + 1...j)
                i = j
            }
        }
        return out
    }
}
