import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Every text field caps input at its limit as it arrives, says so once, and takes a paste as one insertion.
@Suite struct TextLimitTests {
    @Test func signInFieldsTakeAPasteCutAtTheirLimitAndSaySo() async {
        var h = await Harness.started()
        h.send(.open(.account(.signIn)))
        await h.settle()
        h.send(.event(.paste(String(repeating: "a", count: 100_000) + "@example.com")))
        guard let auth = h.state.top[AuthFeature.self] else { Issue.record("not on Sign in"); return }
        #expect(auth.value(.email).count == 254)
        #expect(auth.error == "Email takes at most 254 characters")
        h.key(.tab)
        h.send(.event(.paste("pass\nword")))
        if let s = h.state.top[AuthFeature.self] { #expect(s.value(.password).text == "pass word", "one insertion, newline flattened") }
    }

    @Test func theInviteFormSaysOnceWhenAFieldIsFull() async {
        var h = await Harness.started()
        h.key(.char("I"))
        h.send(.event(.paste(String(repeating: "Q", count: 5_000))))
        guard let home = h.state.top[HomeFeature.self], let form = home.redeem else { Issue.record("no form"); return }
        #expect(form.fields[0].value.count == 20)
        #expect(form.error == "Invite code takes at most 20 characters")
        // A pasted "Enter" (newline) never submits: it is text.
        h.key(.tab)
        h.send(.event(.paste("Team\rName")))
        if let s = h.state.top[HomeFeature.self] { #expect(s.redeem?.fields[1].value.text == "Team Name") }
    }

    @Test func aPasteWhileHelpIsSearchingGoesToItsSearchCappedAt40() async {
        var h = await Harness.started()
        h.key(.char("?"))
        h.key(.char("/"))
        h.send(.event(.paste("filter " + String(repeating: "z", count: 1_000))))
        #expect(h.state.help?.filter.text == "filter " + String(repeating: "z", count: 33))
    }
}
