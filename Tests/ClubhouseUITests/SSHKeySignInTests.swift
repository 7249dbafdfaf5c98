import Foundation
import Testing
import ClubhouseDomain
import Terminal
@testable import ClubhouseUI

/// Over SSH (README.md, “Host a draft over SSH”): a linked key signs in with one keypress (K anywhere, k on Sign in); after a password
/// sign-in with an unlinked key the app asks once "Link this key to Alex? y/n", and remembers a "no".
@Suite struct SSHKeySignInTests {
    static let fingerprint = "SHA256:abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"
    var topAuth: (Harness) -> AuthFeature.State? = { h in if let s = h.state.top[AuthFeature.self] { s } else { nil } }

    /// A started app in an SSH session whose key is linked to `linkedName` (nil: unlinked).
    static func session(_ fake: FakeLeague, linkedName: String?, declined: Bool = false, declines: BellRecorder = BellRecorder()) async -> Harness {
        var h = Harness(fake: fake)
        h.env.sshKey = SSHKeyDevice(fingerprint: fingerprint, publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample",
                                    linkedAccountName: linkedName, linkDeclined: declined, rememberDeclined: { declines.ring() })
        h.state.sshKey = h.env.sshKey.map(SSHKeyState.init)
        h.send(.started)
        await h.settle()
        return h
    }

    static func alex(_ fake: FakeLeague, linked: Bool) async -> User {
        let alex = await fake.addAccount(email: "alex@example.com", password: "correct horse", displayName: "Alex")
        if linked { await fake.linkKey(fingerprint, to: alex) }
        return alex
    }

    @Test func aLinkedKeySignsInWithKFromAnyPageAndTheTopBarSaysSo() async {
        let fake = FakeLeague()
        _ = await Self.alex(fake, linked: true)
        var h = await Self.session(fake, linkedName: "Alex")
        #expect(h.state.session == .signedOut)
        #expect(Screen(h.state).topBar.hasSuffix("signed out · K: sign in as Alex · ? help "), "\(Screen(h.state).topBar)")

        h.key(.char("K"))
        await h.settle()
        #expect(h.state.session.user?.displayName == "Alex")
        #expect(h.toast == "Signed in as Alex")
        #expect(h.state.sshKey?.offer == nil, "a linked key is not offered for linking")
        #expect(Screen(h.state).topBar.contains("Alex · ? help"))
        #expect(h.state.top.page == .home, "no page was opened")

        // Signed in, K is disabled with a reason.
        h.key(.char("K"))
        await h.settle()
        #expect(h.toast == "already signed in as Alex — O signs out")
    }

    @Test func signInStartsOnTheKeyRowAndKSignsIn() async {
        let fake = FakeLeague()
        _ = await Self.alex(fake, linked: true)
        var h = await Self.session(fake, linkedName: "Alex")
        h.key(.char("i"))
        #expect(topAuth(h)?.keyAccount == "Alex")
        #expect(topAuth(h)?.onKeyRow == true)
        let screen = Screen(h.state)
        #expect(screen.inSheet("▸ Sign in as Alex with this key — press k"), "\(screen.text)")
        #expect(screen.inSheet("or with your email and password (Tab):"))
        #expect(screen.footer.contains("sign in as Alex with this key"), "\(screen.footer)")

        h.key(.char("k"))
        await h.settle()
        #expect(h.state.session.user?.displayName == "Alex")
        #expect(h.state.top.page == .home, "the Sign in page closed")
        #expect(h.toast == "Signed in as Alex")
    }

    @Test func tabOrTypingLeavesTheKeyRowForTheEmailField() async {
        let fake = FakeLeague()
        _ = await Self.alex(fake, linked: true)
        var h = await Self.session(fake, linkedName: "Alex")
        h.key(.char("i"))
        h.key(.tab)
        #expect(topAuth(h)?.onKeyRow == false)
        #expect(topAuth(h)?.focus == 0)
        h.key(.backTab)
        #expect(topAuth(h)?.onKeyRow == true, "shift-Tab from the email goes back to the key")
        #expect(Screen(h.state).inSheet("▸ Sign in as Alex"))

        // Typing an email starts in the email field (the first letter is not lost).
        h.keys("bo@example.com")
        #expect(topAuth(h)?.onKeyRow == false)
        #expect(topAuth(h)?.value(.email).text == "bo@example.com")
        #expect(!Screen(h.state).inSheet("▸ Sign in as Alex"))
        #expect(Screen(h.state).inSheet("  Sign in as Alex with this key — Tab to it, then k"))
        // There k types a k.
        h.key(.char("k"))
        #expect(topAuth(h)?.value(.email).text == "bo@example.comk")
        #expect(h.state.session == .signedOut)
    }

    @Test func aKeyUnlinkedMeanwhileSaysSoAndFallsBackToThePassword() async {
        let fake = FakeLeague()
        _ = await Self.alex(fake, linked: false)
        var h = await Self.session(fake, linkedName: "Alex")
        h.key(.char("i"))
        h.key(.enter)
        await h.settle()
        #expect(h.state.session == .signedOut)
        #expect(topAuth(h)?.error == "This key isn't linked to an account any more — sign in with your email and password")
        #expect(topAuth(h)?.keyAccount == nil)
        #expect(topAuth(h)?.onKeyRow == false)
        #expect(!Screen(h.state).inSheet("Sign in as Alex with this key"))

        h.key(.escape)
        h.key(.char("K"))
        await h.settle()
        #expect(h.toast == "This key isn't linked to an account any more — i signs in with email and password")
        #expect(h.state.sshKey?.linkedName == nil)
        #expect(Screen(h.state).topBar.hasSuffix("signed out · ? help "))
    }

    @Test func aPasswordSignInWithAnUnlinkedKeyOffersToLinkItAndYesLinksIt() async {
        let fake = FakeLeague()
        let alex = await Self.alex(fake, linked: false)
        var h = await Self.session(fake, linkedName: nil)
        #expect(Screen(h.state).topBar.hasSuffix("signed out · ? help "))
        h.key(.char("i"))
        #expect(topAuth(h)?.keyAccount == nil)
        #expect(topAuth(h)?.onKeyRow == false)
        h.keys("alex@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.session.user == alex)
        #expect(h.state.sshKey?.offer?.message == "Link this key to Alex? Next time it signs you in with one key. y/n")
        #expect(Screen(h.state).text.contains("Link this key to Alex?"), "\(Screen(h.state).text)")

        // While it shows, keys answer it (j does not move the list).
        h.keyIgnored(.char("j"))
        #expect(h.state.sshKey?.offer != nil)
        h.key(.char("y"))
        await h.settle()
        #expect(await fake.sshKeys[Self.fingerprint] == alex)
        #expect(h.state.sshKey?.offer == nil)
        #expect(h.state.sshKey?.linkedName == "Alex")
        #expect(h.toast == "This key now signs you in as Alex — K on any page")

        // Signed out, the key signs back in with one key and is not offered again.
        h.key(.char("O"))
        await h.settle()
        #expect(Screen(h.state).topBar.hasSuffix("signed out · K: sign in as Alex · ? help "))
        h.key(.char("K"))
        await h.settle()
        #expect(h.state.session.user == alex)
        #expect(h.state.sshKey?.offer == nil)
    }

    @Test func noIsRememberedForTheKey() async {
        let fake = FakeLeague()
        _ = await Self.alex(fake, linked: false)
        let declines = BellRecorder()
        var h = await Self.session(fake, linkedName: nil, declines: declines)
        h.key(.char("i"))
        h.keys("alex@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.sshKey?.offer != nil)
        h.key(.char("n"))
        await h.settle()
        #expect(h.state.sshKey?.offer == nil)
        #expect(h.state.sshKey?.declined == true)
        #expect(declines.count == 1, "the no is kept for the next connection")
        #expect(h.toast == "This key stays unlinked — you won't be asked again")
        #expect(await fake.sshKeys.isEmpty)

        // Signing in again in this session: not asked.
        h.key(.char("O")); await h.settle()
        h.key(.char("i"))
        h.keys("alex@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.session.user?.displayName == "Alex")
        #expect(h.state.sshKey?.offer == nil)

        // A new connection (no session of its own yet) with a key declined before: not asked either.
        await fake.setSignedIn(nil)
        var again = await Self.session(fake, linkedName: nil, declined: true)
        #expect(again.state.session == .signedOut)
        again.key(.char("i"))
        again.keys("alex@example.com"); again.key(.tab); again.keys("correct horse"); again.key(.enter)
        await again.settle()
        #expect(again.state.session.user?.displayName == "Alex")
        #expect(again.state.sshKey?.offer == nil)
    }

    @Test func aLocalTerminalHasNoKeyOffers() async {
        let fake = FakeLeague()
        _ = await Self.alex(fake, linked: false)
        var h = await Harness.started(fake: fake)
        #expect(AppReducer.activeKeymap(h.state).action(for: .char("K")) == nil)
        h.key(.char("i"))
        #expect(topAuth(h)?.keyAccount == nil)
        h.keys("alex@example.com"); h.key(.tab); h.keys("correct horse"); h.key(.enter)
        await h.settle()
        #expect(h.state.session.user?.displayName == "Alex")
        #expect(h.state.sshKey == nil)
    }

    // MARK: The Sign in page's key row, exhaustively (TestStore)

    /// Sign in as the shell opens it in an SSH session whose key is linked to Alex: on the key row.
    static func keyRowStore(_ fake: FakeLeague) -> TestStore<AuthFeature> {
        var env = AppEnvironment(api: fake, settings: InMemorySettingsStore(), now: { Demo.now })
        env.sshKey = SSHKeyDevice(fingerprint: fingerprint, publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample", linkedAccountName: "Alex")
        var s = AuthFeature.State(mode: .signIn)
        s.keyAccount = "Alex"; s.onKeyRow = true
        return TestStore(AuthFeature.self, s, context: PageContext(env: env, viewport: 10))
    }

    @Test func theKeyRowStepByStep() async {
        let fake = FakeLeague()
        _ = await Self.alex(fake, linked: true)
        let store = Self.keyRowStore(fake)
        await store.send(.nextField) { $0.onKeyRow = false; $0.focus = 0 }
        await store.send(.previousField) { $0.onKeyRow = true }       // shift-Tab from the email goes back to the key
        await store.send(.previousField) { $0.onKeyRow = false; $0.focus = 1 }   // and on round to the password
        await store.send(.nextField) { $0.onKeyRow = true }           // Tab from the password comes back to the key
        // Typing on the key row starts in the email field, the first letter kept; there k types a k.
        await store.send(.key(.char("b"))) { $0.onKeyRow = false; $0.focus = 0; $0.form.fields[0].value.insert("b") }
        await store.send(.key(.char("k"))) { $0.form.fields[0].value.insert("k") }
        #expect(store.state.value(.email).text == "bk")
        #expect(store.state.value(.password).text == "")
        store.finish()
    }

    @Test func kOnTheKeyRowSignsInAndClearsThePassword() async {
        let fake = FakeLeague()
        let alex = await Self.alex(fake, linked: true)
        let store = Self.keyRowStore(fake)
        await store.send(.key(.char("k"))) { $0.submitting = true }
        await store.send(.key(.char("x")))                            // nothing is typed while it is sent
        await store.receive({ if case .answered(.success) = $0 { true } else { false } }) { $0.submitting = false }
        store.delegated(.signedIn(alex))
        store.finish()
    }

    @Test func aKeyUnlinkedMeanwhileFallsBackToTheEmailFieldInWords() async {
        let fake = FakeLeague()
        _ = await Self.alex(fake, linked: false)
        let store = Self.keyRowStore(fake)
        await store.send(.submit) { $0.submitting = true }           // Enter on the key row is k
        await store.receive({ if case .keyRefused = $0 { true } else { false } }) {
            $0.submitting = false
            $0.error = "This key isn't linked to an account any more — sign in with your email and password"
            $0.keyAccount = nil; $0.onKeyRow = false; $0.focus = 0
        }
        #expect(!store.state.offersKey)
        await store.send(.previousField) { $0.focus = 1 }             // no key row to go back to any more
        store.finish()
    }
}
