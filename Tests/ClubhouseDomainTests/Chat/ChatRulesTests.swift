import Foundation
import Testing
import ClubhouseDomain

/// The chat's rules without a store: how @mentions are found, and which reactions are allowed.
@Suite struct ChatRulesTests {
    static let dana = UserID(1), eli = UserID(2), bo = UserID(3)
    static let people = [ChatRules.Mentionable(name: "Bits", user: dana), ChatRules.Mentionable(name: "Bits and Bytes", user: eli),
                         ChatRules.Mentionable(name: "Dana", user: dana), ChatRules.Mentionable(name: "Bo 🏈", user: bo)]

    @Test func aMentionIsAnAtSignThenANameEndingAtAWordsEnd() {
        let m = { ChatRules.mentions(in: $0, of: Self.people) }
        #expect(m("@Bits and Bytes rock") == [Self.eli], "the longest name wins")
        #expect(m("@bits rock") == [Self.dana], "any case")
        #expect(m("@Bitsy rock").isEmpty, "a longer word is someone else")
        #expect(m("@Bits, @Dana!") == [Self.dana], "each account once")
        #expect(m("mail x@Dana").isEmpty, "only at the start or after a space")
        #expect(m("go @Bo 🏈") == [Self.bo], "names with emoji")
        #expect(m("@Dana then @Bits and Bytes") == [Self.dana, Self.eli], "in order of appearance")
        #expect(m("@ alone, @@Dana").isEmpty)
    }

    @Test func reactionsAreTheFixedSetOnly() throws {
        #expect(ChatRules.emoji.count == 8)
        #expect(try ChatRules.checkEmoji("🔥") == "🔥")
        for bad in ["", "🦄", "👍👍", "x", "❤️"] {
            #expect(throws: DomainError.self) { try ChatRules.checkEmoji(bad) }
        }
    }
}
