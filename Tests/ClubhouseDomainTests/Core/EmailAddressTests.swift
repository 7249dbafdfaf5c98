import Foundation
import Testing
@testable import ClubhouseDomain

/// "Names and emails": one spelling per address that looks the same (`EmailAddress`).
@Suite struct EmailAddressTests {
    func refusal(_ raw: String) -> String? {
        do { _ = try EmailAddress.validated(raw); return nil } catch { return error.message }
    }

    @Test func lookAlikeSpellingsOfOneAddressAreOneAddress() throws {
        let nfc = "jos\u{E9}@example.com", nfd = "jose\u{301}@example.com"
        let same = [nfc, nfd, "JOS\u{C9}@EXAMPLE.COM", "  Jose\u{301}@Example.com\n",
                    "\u{FF4A}\u{FF4F}\u{FF53}\u{E9}@example.com",     // full-width ｊｏｓ
                    "\u{FF4A}os\u{E9}\u{FF20}example.com",            // full-width ｊ and ＠
                    "jos\u{E9}@\u{1D41E}xample.com",                  // mathematical bold 𝐞
                    "jos\u{E9}\u{200B}@example.com"]                  // a zero-width space
        for raw in same {
            #expect(EmailAddress.canonical(raw) == nfc, "\(raw.debugDescription)")
            #expect(EmailAddress.canonical(raw).unicodeScalars.elementsEqual(nfc.unicodeScalars))
        }
        #expect(EmailAddress.canonical("\u{FB01}nn@example.com") == "finn@example.com")   // the ligature ﬁ
        #expect(EmailAddress.canonical("\u{212A}im@example.com") == "kim@example.com")    // the Kelvin sign
        // Swift's == calls canonically equivalent strings equal: compare what is stored, the bytes.
        #expect(Array(try EmailAddress.validated(nfd).utf8) == Array(nfc.utf8))
        #expect(Array(try EmailAddress.validated("\u{FF4A}os\u{E9}@example.com").utf8) == Array(nfc.utf8))
    }

    @Test func invisibleAndControlCharactersAreRefusedWithASentence() {
        #expect(refusal("ann\u{200B}@example.com") == "An email address can't contain invisible characters (U+200B at character 4)")
        #expect(refusal("ann@exam\u{AD}ple.com") == "An email address can't contain invisible characters (U+00AD at character 9)")
        #expect(refusal("\u{202E}moc.elpmaxe@nna")?.contains("invisible characters (U+202E") == true)
        #expect(refusal("ann@ex\u{200D}ample.com")?.contains("U+200D") == true)
        #expect(refusal("ann\u{7}@example.com") == "An email address can't contain control characters (U+0007 at character 4)")
        #expect(refusal("ann lee@example.com") == "An email address can't contain spaces (U+0020 at character 4)")
        #expect(refusal("ann\u{A0}lee@example.com")?.contains("spaces (U+00A0") == true)
    }

    @Test func labelsMixingLatinWithItsLookAlikesAreRefused() {
        // Cyrillic а (U+0430) in a Latin local part; Greek ο (U+03BF) in a Latin domain label.
        #expect(refusal("\u{430}nn@example.com") ==
                "An email address can't mix alphabets in one part: “\u{430}nn” has Latin and Cyrillic letters — type it in one alphabet")
        #expect(refusal("ann@ex\u{3BF}mple.com")?.contains("has Latin and Greek letters") == true)
        #expect(refusal("p\u{430}yp\u{430}l@example.com") != nil)
        #expect(refusal("ann@\u{570}otmail.com")?.contains("Latin and Armenian") == true)
        // Wholly Cyrillic, but every letter has a Latin twin: passes for "aco".
        #expect(refusal("\u{430}\u{441}\u{43E}@example.com") ==
                "“\u{430}\u{441}\u{43E}” is written in Cyrillic letters that pass for Latin ones — type it in Latin letters")
    }

    @Test func lettersOfOneScriptAreFine() throws {
        for raw in ["иван@почта.рф", "山田@例え.jp", "josé@example.com", "müller@bücher.de", "ανδρέας@example.gr",
                    "ann+fantasy@example.com", "hiro@demo.clubhouse"] {
            #expect(Array(try EmailAddress.validated(raw).utf8) == Array(raw.precomposedStringWithCanonicalMapping.utf8), "\(raw)")
        }
    }

    @Test func theShapeIsCheckedAfterNormalising() {
        #expect(refusal("") == "Enter an email address")
        #expect(refusal("annexample.com") == "That doesn't look like an email address (name@example.com)")
        #expect(refusal("ann@example") == "That doesn't look like an email address (name@example.com)")
        #expect(refusal("ann@@example.com") != nil)
        #expect(refusal("ann\u{FF20}\u{FF20}example.com") != nil, "two full-width ＠ are two @")
        #expect(refusal(String(repeating: "a", count: 250) + "@x.com") == "An email address is at most 254 characters")
        #expect(refusal("ann\u{E000}@example.com") == "An email address can't contain U+E000, which has no agreed look")
    }

    @Test func signInLooksUpTheSameFormWithoutTheNewRefusals() {
        #expect(AccountRules.signInEmail("JOSE\u{301}@example.com").map { Array($0.utf8) } == Array("jos\u{E9}@example.com".utf8))
        #expect(AccountRules.signInEmail("\u{430}nn@example.com") == "\u{430}nn@example.com", "an older look-alike account still signs in")
        #expect(AccountRules.signInEmail("nobody") == nil)
        #expect(AccountRules.signInEmail("\u{200B}") == nil)
    }
}
