import Foundation

/// Certificates made at test time with the `openssl` command (package openssl): a club CA, a server certificate for
/// 127.0.0.1/localhost signed by it (and a second one, to see a reload), an expired one, one for another host name,
/// and a self-signed one. Each `NAME.pem` has its key in `NAME.key` (mode 0600).
final class TestCertificates {
    let directory: URL
    static let names = ["good", "renewed", "expired", "other-host", "self-signed"]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = """
        set -e
        cd "$1"
        key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1.key" 2>/dev/null; chmod 600 "$1.key"; }
        key ca
        openssl req -x509 -new -key ca.key -out ca.pem -days 30 -subj "/CN=Test Club CA" 2>/dev/null
        signed() {   # name, common name, subjectAltName, days (-1: expired yesterday)
          key "$1"
          openssl req -new -key "$1.key" -out "$1.csr" -subj "/CN=$2" 2>/dev/null
          printf 'subjectAltName=%s\\n' "$3" > "$1.ext"
          openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -out "$1.pem" -days "$4" -extfile "$1.ext" 2>/dev/null
        }
        signed good 127.0.0.1 "IP:127.0.0.1,DNS:localhost" 30
        signed renewed 127.0.0.1 "IP:127.0.0.1,DNS:localhost" 60
        signed expired 127.0.0.1 "IP:127.0.0.1,DNS:localhost" -1
        signed other-host other.example "DNS:other.example" 30
        key self-signed
        openssl req -x509 -new -key self-signed.key -out self-signed.pem -days 30 -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" 2>/dev/null
        """
        let r = try Self.shell(script, directory.path)
        guard r.status == 0 else { throw Failure(message: "openssl: \(r.output)") }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    struct Failure: Error { var message: String }

    func cert(_ name: String) -> String { directory.appendingPathComponent("\(name).pem").path }
    func key(_ name: String) -> String { directory.appendingPathComponent("\(name).key").path }
    var ca: String { cert("ca") }

    /// The serial number of `name`'s certificate as openssl prints it ("serial=…").
    func serial(_ name: String) throws -> String {
        try Self.shell("openssl x509 -noout -serial -in \"$1\"", cert(name)).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The serial number of the certificate a new TLS connection to 127.0.0.1:`port` is shown.
    static func servedSerial(port: Int) throws -> String {
        try shell("openssl s_client -connect 127.0.0.1:$1 -servername localhost </dev/null 2>/dev/null | openssl x509 -noout -serial",
                  String(port)).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `/bin/sh -c script sh args…`: its status and what it printed (stdout and stderr together).
    @discardableResult
    static func shell(_ script: String, _ args: String...) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script, "sh"] + args
        let out = Pipe()
        p.standardOutput = out; p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
