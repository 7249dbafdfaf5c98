import ClubhouseServer
import Testing

/// The server's one secret comparison (`ConstantTime.equal`, libsodium's `sodium_memcmp`): the metrics token and the
/// SSH host secret are checked through it.
@Suite struct ConstantTimeTests {
    @Test func equalBytesMatchAndAnyDifferenceDoesNot() {
        #expect(ConstantTime.equal("s3cret-token", "s3cret-token"))
        #expect(ConstantTime.equal("", ""))
        #expect(!ConstantTime.equal("s3cret-token", "s3cret-tokem"), "the last byte differs")
        #expect(!ConstantTime.equal("s3cret-token", "t3cret-token"), "the first byte differs")
        #expect(!ConstantTime.equal("s3cret-token", "s3cret-toke"), "a prefix is not the secret")
        #expect(!ConstantTime.equal("s3cret", ""))
        #expect(!ConstantTime.equal("é", "e\u{301}"), "bytes, not Unicode equivalence")
    }
}
