import Foundation
import Testing
@testable import ClubhouseDomain

/// "Names and emails": one rule for every name and chat line (`TextRules`).
@Suite struct TextRulesTests {
    func team(_ raw: String) -> Result<String, DomainError> {
        Result { () throws(DomainError) -> String in try TextRules.name(raw, field: "teamName", what: "A team name") }
    }

    func refusal(_ raw: String) -> String? {
        if case .failure(let e) = team(raw) { return e.message }
        return nil
    }

    @Test func controlCharactersOfEveryKindAreRefusedSayingWhichAndWhere() {
        let cases: [(String, String)] = [
            ("Red\u{1B}[31mTeam", "U+001B at character 4"),    // an escape sequence
            ("Bell\u{7}s", "U+0007 at character 5"),           // BEL
            ("Two\nLines", "U+000A at character 4"),
            ("Carriage\rReturn", "U+000D at character 9"),
            ("Tab\there", "U+0009 at character 4"),
            ("Del\u{7F}ete", "U+007F at character 4"),         // DEL
            ("C1\u{85}next", "U+0085 at character 3"),         // NEL, a C1 control
            ("CSI\u{9B}31m", "U+009B at character 4"),         // the one-byte CSI
            ("Line\u{2028}sep", "U+2028 at character 5"),
            ("Para\u{2029}sep", "U+2029 at character 5"),
        ]
        for (name, where_) in cases {
            #expect(refusal(name) == "A team name can't contain control characters (\(where_))", "\(name.debugDescription)")
        }
    }

    @Test func directionControlsAndInvisibleCharactersAreRefused() {
        #expect(refusal("abc\u{202E}fed") == "A team name can't contain direction controls (U+202E at character 4)")
        #expect(refusal("\u{2067}Isolated") == "A team name can't contain direction controls (U+2067 at character 1)")
        #expect(refusal("Mark\u{200F}ed") == "A team name can't contain direction controls (U+200F at character 5)")
        for (invisible, code) in [("\u{200B}", "200B"), ("\u{2060}", "2060"), ("\u{FEFF}", "FEFF"), ("\u{AD}", "00AD"),
                                  ("\u{3164}", "3164"), ("\u{115F}", "115F")] {
            #expect(refusal("Ann" + invisible + "s") == "A team name can't contain invisible characters (U+\(code) at character 4)",
                    "U+\(code)")
        }
        // The combining grapheme joiner joins the "n" before it: the third character.
        #expect(refusal("Ann\u{34F}s") == "A team name can't contain invisible characters (U+034F at character 3)")
        // A joiner, or an emoji presentation selector, outside an emoji sequence is invisible too.
        #expect(refusal("ab\u{200D}cd")?.contains("U+200D") == true)
        #expect(refusal("a\u{FE0F}b")?.contains("U+FE0F") == true)
        #expect(refusal("A\u{FE01}")?.contains("U+FE01") == true)
        #expect(refusal("tag\u{E0041}")?.contains("U+E0041") == true)
    }

    @Test func privateUseUnassignedAndNoncharactersAreRefused() {
        #expect(refusal("Logo \u{E000}") == "A team name can't contain private-use characters (U+E000 at character 6)")
        #expect(refusal("Odd \u{378}") == "A team name can't contain unassigned characters (U+0378 at character 5)")
        for nonCharacter: UInt32 in [0xFFFF, 0xFDD0] {   // no string literal can hold them
            let name = "Non" + String(Character(Unicode.Scalar(nonCharacter)!))
            #expect(refusal(name)?.contains("unassigned characters (U+\(String(nonCharacter, radix: 16, uppercase: true))") == true)
        }
    }

    @Test func emojiSequencesFlagsAndCombiningMarksAreNames() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", pride = "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"
        let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        let coder = "\u{1F9D1}\u{1F3FD}\u{200D}\u{1F4BB}", persian = "\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}"
        for name in ["\(family) Family", "\(pride) Pride", "\u{2764}\u{FE0F} Fans", "1\u{FE0F}\u{20E3} Seed", "\u{1F1FA}\u{1F1F8} Eagles",
                     "\(scotland) Scots", "\u{1F44D}\u{1F3FD} Thumbs", "\(coder) Coders", "中文 联赛", "Za\u{302}\u{303}\u{327}l\u{334}g\u{337}o\u{338}",
                     "山田の🏈チーム", "Björk's Bjørns", persian] {
            #expect(Array(try team(name).get().utf8) == Array(name.precomposedStringWithCanonicalMapping.utf8), "\(name)")
        }
    }

    @Test func namesAreNFCTrimmedWithOneSpaceBetweenWords() throws {
        let decomposed = "  Jose\u{301}\u{A0}\u{A0}Fans\t "
        #expect(try team(decomposed).get() == "José Fans")
        let precomposed = try team("Jos\u{E9} Fans").get()
        #expect(try team(decomposed).get().unicodeScalars.map(\.value) == precomposed.unicodeScalars.map(\.value))
        #expect(try TextRules.chatLine(" good  luck  ") == "good  luck", "chat keeps its spacing")
    }

    @Test func lengthIsCountedInCharactersAsSeen() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let families = String(repeating: family, count: 40)
        #expect(try team(families).get() == families)
        #expect(refusal(families + family) == "A team name must be 1–40 characters (it has 41)")
        let accents = String(repeating: "e\u{301}", count: 40)   // 80 code points, 40 characters
        #expect(try team(accents).get().count == 40)
        #expect(refusal("   ")?.contains("1–40 characters") == true)
        #expect(TextRules.length(" Jose\u{301}  Fans ") == 9)
        #expect(throws: DomainError.validation(field: "message", message: "A chat message is 1–200 characters (it has 201)")) {
            try TextRules.chatLine(String(repeating: "🏈", count: 201))
        }
    }

    @Test func marksNeedACharacterAndAtMostFourStackOnIt() throws {
        #expect(refusal("\u{301}Accent") == "A team name can't start with a combining mark (U+0301)")
        #expect(try team("Z\u{300}\u{301}\u{302}\u{303}").get().count == 1)
        #expect(refusal("Z\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}alg") ==
                "A team name can't stack more than 4 marks on one character (character 1 has 6)")
    }

    @Test func aNameNeedsSomethingVisible() {
        #expect(refusal("\u{2800}\u{2800}") == "A team name needs at least one visible character")
    }

    @Test func chatLinesFollowTheSameRule() throws {
        #expect(throws: DomainError.validation(field: "message", message: "A chat message can't contain control characters (U+000A at character 4)")) {
            try TextRules.chatLine("two\nlines")
        }
        #expect(throws: DomainError.self) { try TextRules.chatLine("gg \u{202E}ez") }
        #expect(throws: DomainError.self) { try TextRules.chatLine("zero\u{200B}width") }
        let line = "gg \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{1F1FA}\u{1F1F8}"
        #expect(try TextRules.chatLine(line) == line)
    }
}
