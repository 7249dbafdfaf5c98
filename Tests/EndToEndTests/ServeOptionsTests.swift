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

    /// `--metrics-token-file`: a file others can read, or one that isn't one token line, is refused before the server
    /// starts, with the reason (the token would be as good as public).
    @Test func aMetricsTokenFileOthersCanReadOrThatIsNotATokenIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (content, mode, said) in [("a-long-enough-metrics-token\n", 0o644, "is readable by others"),
                                      ("short\n", 0o600, "one line of 16 to 512 visible ASCII characters"),
                                      ("two words here, long enough\n", 0o600, "one line of 16 to 512 visible ASCII characters")] {
            let file = dir + "/token-\(mode)-\(content.count)"
            try content.write(toFile: file, atomically: true, encoding: .utf8)
            chmod(file, mode_t(mode))
            let r = try Binary.run(["serve", "--listen", "127.0.0.1:1", "--metrics-token-file", file])
            #expect(r.status == 2, "\(content): \(r.err)")
            #expect(r.err.contains(said), "\(content): \(r.err)")
        }
        let r = try Binary.run(["serve", "--listen", "127.0.0.1:1", "--metrics-token-file", dir + "/missing"])
        #expect(r.status == 2 && r.err.contains("can't be read"), "\(r.err)")
    }
}
