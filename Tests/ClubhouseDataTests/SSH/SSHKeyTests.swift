import Foundation
import Testing
@testable import ClubhouseData

@Suite struct SSHSHA256Tests {
    @Test func knownVectors() {
        // FIPS 180-4 examples.
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func paddingBoundaries() {
        // 55, 56 and 64 bytes straddle the one-block / two-block padding edge.
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }
}

@Suite struct SSHPublicKeyTests {
    static let ed25519 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDmCtWqg85jOx1REslgnsC72kNefWfcnPRf8gnzfzyD/ someone@somewhere"

    @Test func fingerprintMatchesAHardCodedSSHKeygenVector() throws {
        // `ssh-keygen -lf` printed: 256 SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM root@vm (ED25519)
        let key = try SSHPublicKey(line: Self.ed25519)
        #expect(key.type == "ssh-ed25519")
        #expect(key.blob.count == 51)
        #expect(key.fingerprint == "SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM")
        #expect(key.openSSHLine == "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDmCtWqg85jOx1REslgnsC72kNefWfcnPRf8gnzfzyD/")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen"), "needs ssh-keygen (openssh-client)"),
          arguments: ["ed25519", "rsa", "ecdsa"])
    func fingerprintMatchesSSHKeygen(type: String) throws {
        let dir = TempDir()
        let keyPath = dir.file("key")
        let made = try run(["/usr/bin/ssh-keygen", "-q", "-t", type, "-N", "", "-C", "test", "-f", keyPath])
        #expect(made.status == 0)
        let listed = try run(["/usr/bin/ssh-keygen", "-l", "-E", "sha256", "-f", keyPath + ".pub"])
        // "256 SHA256:… test (ED25519)"
        let expected = try #require(listed.output.split(separator: " ").first { $0.hasPrefix("SHA256:") })
        let key = try SSHPublicKey(line: try String(contentsOfFile: keyPath + ".pub", encoding: .utf8))
        #expect(key.fingerprint == String(expected))
    }

    @Test func rejectsMalformedKeys() {
        #expect(throws: SSHPublicKey.ParseError.missingField) { try SSHPublicKey(line: "ssh-ed25519") }
        #expect(throws: SSHPublicKey.ParseError.badBase64) { try SSHPublicKey(type: "ssh-ed25519", base64: "not base64!") }
        #expect(throws: SSHPublicKey.ParseError.typeMismatch(declared: "ssh-rsa", embedded: "ssh-ed25519")) {
            try SSHPublicKey(type: "ssh-rsa", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIDmCtWqg85jOx1REslgnsC72kNefWfcnPRf8gnzfzyD/")
        }
    }

    @Test func fingerprintsBecomeSafeDistinctFolderNames() throws {
        #expect(try LocalStateDirectory.safeName("SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM")
                == "SHA256.pjGeoE1oWthMcV0gOfz5qe-OBiVThfNDdGTMVeeXJCM")
        #expect(try LocalStateDirectory.safeName("SHA256:a/b+c") == "SHA256.a_b-c")
        #expect(try !LocalStateDirectory.safeName("SHA256:../..").contains("/"))
        // The old ssh-session name mapped `:` and `/` alike; the one name keeps them apart.
        #expect(try LocalStateDirectory.safeName("SHA256:a/b") != LocalStateDirectory.safeName("SHA256/a:b"))
    }

    @Test func aDeviceFolderMadeUnderTheOldNameIsMovedToTheOneName() throws {
        let dir = TempDir()
        let fp = "SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM"
        let old = dir.path + "/SHA256_pjGeoE1oWthMcV0gOfz5qe-OBiVThfNDdGTMVeeXJCM"
        try FileManager.default.createDirectory(atPath: old + "/state", withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: old + "/state/session"))

        let folder = try LocalStateDirectory.deviceFolder(in: dir.path, fingerprint: fp)
        #expect(folder == dir.path + "/SHA256.pjGeoE1oWthMcV0gOfz5qe-OBiVThfNDdGTMVeeXJCM")
        #expect(FileManager.default.contents(atPath: folder + "/state/session") == Data("kept".utf8), "the old folder's files moved")
        #expect(!FileManager.default.fileExists(atPath: old))
        // Once moved (or for a new key), the same folder again, nothing else touched.
        #expect(try LocalStateDirectory.deviceFolder(in: dir.path, fingerprint: fp) == folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["SHA256.pjGeoE1oWthMcV0gOfz5qe-OBiVThfNDdGTMVeeXJCM"])
    }

    private func run(_ argv: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

@Suite struct SSHUserAuthTests {
    static let keyBase64 = "AAAAC3NzaC1lZDI1NTE5AAAAIDmCtWqg85jOx1REslgnsC72kNefWfcnPRf8gnzfzyD/"

    @Test func publickeyLinesCountOtherMethodsAreIgnored() throws {
        let text = """
            password
            keyboard-interactive
            publickey ssh-ed25519 \(Self.keyBase64)
            publickey ssh-ed25519 not-base64!
            publickey
            """
        let auth = SSHUserAuth.parse(text)
        #expect(auth.publicKeys.count == 1)
        #expect(try auth.deviceKey().fingerprint == "SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM")
    }

    @Test func noKeyInformation() throws {
        #expect(throws: SSHUserAuth.Failure.notSet) { try SSHUserAuth.load(environment: [:]) }
        #expect(throws: SSHUserAuth.Failure.notSet) { try SSHUserAuth.load(environment: ["SSH_USER_AUTH": ""]) }
        #expect(throws: SSHUserAuth.Failure.unreadable(path: "/nonexistent/auth")) {
            try SSHUserAuth.load(environment: ["SSH_USER_AUTH": "/nonexistent/auth"])
        }
        #expect(throws: SSHUserAuth.Failure.noPublicKey) { try SSHUserAuth.parse("password\n").deviceKey() }
    }

    @Test func loadsTheFileNamedBySSHUserAuth() throws {
        let dir = TempDir()
        try "publickey ssh-ed25519 \(Self.keyBase64)\n".write(toFile: dir.file("auth"), atomically: true, encoding: .utf8)
        let auth = try SSHUserAuth.load(environment: ["SSH_USER_AUTH": dir.file("auth")])
        #expect(try auth.deviceKey().type == "ssh-ed25519")
    }

    @Test func linkedKeysAreReadFromTheSSHKeysTable() throws {
        let db = try migratedMemoryDatabase()
        let now = Date().timeIntervalSince1970
        try db.run("INSERT INTO users (id, email, display_name, password_hash, created_at) VALUES (1, 'a@x.test', 'A', 'x', ?)", [now])
        try db.run("INSERT INTO ssh_keys (fingerprint, user_id, public_key, added_at) VALUES (?, 1, ?, ?)",
                   ["SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM", "ssh-ed25519 \(Self.keyBase64)", now])
        #expect(try SSHLinkedKeys.isLinked("SHA256:pjGeoE1oWthMcV0gOfz5qe+OBiVThfNDdGTMVeeXJCM", in: db))
        #expect(try !SSHLinkedKeys.isLinked("SHA256:somethingElse", in: db))
    }
}
