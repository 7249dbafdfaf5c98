import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// The account pages at 80×24: every field visible, the password masked, errors in words.
@Suite struct GateRenderTests {
    static func gateOpen() async -> Harness {
        var h = await Harness.started()
        h.send(.open(.league(Demo.nerds)))
        await h.settle()
        h.key(.char("J"))
        await h.settle()
        return h
    }

    @Test func signInAt80x24MasksThePassword() async {
        var h = await Self.gateOpen()
        h.keys("alex@example.com"); h.key(.tab); h.keys("hunter22")
        let s = Screen(h.state)
        print(s.text)
        #expect(s.inSheet("Sign in to your Clubhouse account"))
        #expect(s.inSheet("Sign in or create an account to join Sunday Nerds."))
        #expect(s.inSheet("alex@example.com"))
        #expect(s.inSheet("••••••••"))
        #expect(!s.text.contains("hunter22"), "the password never shows")
        #expect(s.inSheet("No account yet? ctrl-n creates one."))
        #expect(s.footer.contains("sign in"))
        #expect(s.footer.contains("esc"))
        #expect(!s.footer.contains("tab board"), "Tab moves between the fields here")
        #expect(s.buffer.cursor != nil, "the cursor sits in the focused field")
    }

    @Test func createAccountAt80x24ShowsThreeFieldsAndErrors() async {
        var h = await Self.gateOpen()
        h.key(.ctrl("n"))
        h.keys("sam@example.com"); h.key(.tab); h.keys("pw")
        h.key(.enter)                                 // the name is missing
        let s = Screen(h.state)
        print(s.text)
        #expect(s.inSheet("Create a Clubhouse account"))
        #expect(s.inSheet("Email"))
        #expect(s.inSheet("Password"))
        #expect(s.inSheet("Name"))
        #expect(s.inSheet("••"))
        #expect(s.inSheet("Choose a display name"))
        #expect(s.inSheet("Already have an account? ctrl-n signs in."))
    }

    @Test func completeProfileAt80x24AsksOnlyForTheName() async {
        let fake = FakeLeague()
        _ = await fake.addAccount(email: "noname@example.com", password: "correct horse", displayName: "")
        var h = await Harness.started(fake: fake)
        h.send(.open(.league(Demo.nerds)))
        await h.settle()
        h.key(.char("J"))
        await h.settle()
        h.keys("noname@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        let s = Screen(h.state)
        print(s.text)
        #expect(s.inSheet("One more thing before you play"))
        #expect(s.inSheet("Name"))
        #expect(!s.inSheet("Password"))
        #expect(s.topBar.contains("noname@example.com"), "signed in, named by email until the profile is complete")
    }
}
