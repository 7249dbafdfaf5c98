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

    /// The same on the Sign in page's reducer, exhaustively: a paste is one insertion cut at the limit, the limit is
    /// said once, and the next paste (into another field) clears the note.
    @Test func signInPastesStepByStep() async {
        let ctx = PageContext(env: AppEnvironment(api: FakeLeague(), settings: InMemorySettingsStore(), now: { Demo.now }), viewport: 10)
        let store = TestStore(AuthFeature.self, AuthFeature.State(mode: .signIn), context: ctx)
        let long = String(repeating: "a", count: 100_000) + "@example.com"
        await store.send(.pasted(long)) {
            $0.form.fields[0].value.insert(long)
            $0.error = "Email takes at most 254 characters"; $0.form.errorField = 0
        }
        #expect(store.state.value(.email).text == String(repeating: "a", count: 254))
        await store.send(.key(.char("b"))) { $0.form.fields[0].value.insert("b") }   // full: the key is cut, the note stays
        #expect(store.state.value(.email).count == 254)
        await store.send(.nextField) { $0.focus = 1 }
        await store.send(.pasted("pass\nword")) { $0.form.fields[1].value.insert("pass\nword"); $0.error = nil; $0.form.errorField = nil }
        #expect(store.state.value(.password).text == "pass word", "one insertion, newline flattened")
        store.finish()
    }
}
