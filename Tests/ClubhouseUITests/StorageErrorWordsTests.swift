import ClubhouseDomain
import Testing
@testable import ClubhouseUI

/// A failure of this machine's storage is never worded as a connection problem.
@Suite struct StorageErrorWordsTests {
    let full = DomainError.storage("The disk is full: couldn't save to /home/ann/.local/share/clubhouse/clubhouse.sqlite. Nothing was changed.")

    @Test func pagesSayTheDiskIsFullAndWhere() {
        let p = PresentableError(full)
        #expect(p.message.contains("The disk is full"))
        #expect(p.message.contains("/home/ann/.local/share/clubhouse/clubhouse.sqlite"))
        #expect(!p.message.contains("Couldn't reach"))
        #expect(p.canRetry)
        #expect(PresentableError(DomainError.transport("ECONNREFUSED")).message.contains("Couldn't reach the league server"))
    }

    @Test func signInSaysItNeedsAWritableStateFolder() {
        let e = DomainError.storage("Signing in needs a writable state folder, and this one can't be used: cannot create /x")
        #expect(AuthFeature.words(e, mode: .signIn).hasPrefix("Signing in needs a writable state folder"))
        #expect(AuthFeature.words(full, mode: .signIn).contains("The disk is full"))
        #expect(e.message.hasPrefix("Signing in needs"), "DomainError.message (logs, toasts) says it too")
    }
}
