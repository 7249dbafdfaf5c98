import Foundation
import Testing

/// `clubhouse serve --trusted-proxy`: anything but addresses and CIDR ranges is bad usage, said before the server
/// starts (a typo must not leave the server trusting nobody — or everybody — without a word).
@Suite struct ServeOptionsTests {
    @Test func aTrustedProxyThatIsNotAnAddressIsBadUsage() throws {
        for bad in ["localhost", "10.0.0.0/33", "10.0.0.1:8080", "127.0.0.1,", ""] {
            let r = try Binary.run(["serve", "--listen", "127.0.0.1:1", "--trusted-proxy", bad])
            #expect(r.status == 2, "\(bad): \(r.err)")
            #expect(r.err.contains("--trusted-proxy wants addresses or CIDR ranges"), "\(bad): \(r.err)")
        }
    }
}
