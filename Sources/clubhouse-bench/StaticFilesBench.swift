import ClubhouseData
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The browse reads beside nginx (Debian's nginx-light) serving the very bytes the server answered as static files,
/// with the same load generator (wrk -t2 -c32), with and without `If-None-Match`: what a static file server does with
/// the same answers on the same machine at the same moment, so the figure is a ratio rather than an absolute.
extension Bench {
    /// An answer's body and its `ETag` header (nil when it has none).
    static func bodyAndTag(_ http: BenchHTTP, _ path: String) throws -> (body: Data, etag: String?) {
        guard let raw = http.request("GET", path), raw.status == 200, let end = raw.body.range(of: Data("\r\n\r\n".utf8)) else {
            throw BenchFailure(description: "GET \(path) did not answer 200")
        }
        let head = String(decoding: raw.body[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let tag = head.first { $0.lowercased().hasPrefix("etag:") }.map { String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces) }
        return (Data(raw.body[end.upperBound...]), tag)
    }

    static func browseBesideNginx(port: Int, reads: [(name: String, path: String)], seconds: Int) throws {
        let http = BenchHTTP(port: UInt16(port))
        let answers = try reads.map { try bodyAndTag(http, $0.path) }
        let nginx = try StaticNginx(files: zip(reads, answers).map { ($0.path, $1.body) })
        defer { nginx.stop() }
        let nginxHTTP = BenchHTTP(port: UInt16(nginx.port))
        for (read, answer) in zip(reads, answers) {
            let nginxTag = try bodyAndTag(nginxHTTP, read.path).etag
            let server = try wrk("http://127.0.0.1:\(port)\(read.path)", seconds: seconds)
            let served = try wrk("http://127.0.0.1:\(nginx.port)\(read.path)", seconds: seconds)
            print("  GET \(pad(read.name, 42)) \(lpad(fmt(server.rps, 0), 6)) req/s   p50 \(server.p50)   p99 \(server.p99)   (wrk -t2 -c32 -d\(seconds)s; non-2xx: \(server.errors))")
            print("      nginx, the same \(answer.body.count) bytes as a file      \(lpad(fmt(served.rps, 0), 6)) req/s   p50 \(served.p50)   p99 \(served.p99)   → server at \(fmt(100 * server.rps / served.rps, 1)) % of nginx")
            guard let tag = answer.etag, let nginxTag else { print("      (no ETag: If-None-Match not measured)"); continue }
            let server304 = try wrk("http://127.0.0.1:\(port)\(read.path)", seconds: seconds, headers: ["If-None-Match: \(tag)"])
            let nginx304 = try wrk("http://127.0.0.1:\(nginx.port)\(read.path)", seconds: seconds, headers: ["If-None-Match: \(nginxTag)"])
            print("      with If-None-Match (304): server \(lpad(fmt(server304.rps, 0), 6)) req/s  p99 \(server304.p99)   nginx \(lpad(fmt(nginx304.rps, 0), 6)) req/s  p99 \(nginx304.p99)   → \(fmt(100 * server304.rps / nginx304.rps, 1)) %")
        }
    }
}

/// nginx serving `files` (request path → bytes) from a temporary root on a loopback port, in the foreground, as a
/// child of the bench (nothing of the system's nginx is used but its binary).
final class StaticNginx {
    let port: Int
    private let process: Process
    private let dir: URL

    init(files: [(path: String, bytes: Data)]) throws {
        let binary = "/usr/sbin/nginx"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchFailure(description: "nginx is missing (apt-get install nginx-light; make bench installs it)")
        }
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("clubhouse-bench-nginx-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        let root = dir.appendingPathComponent("root")
        for (path, bytes) in files {
            let file = root.appendingPathComponent(String(path.dropFirst()))
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: file)
        }
        // World-readable: nginx's workers drop to nobody when started as root.
        for case let url as URL in FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)! {
            chmod(url.path, url.hasDirectoryPath ? 0o755 : 0o644)
        }
        chmod(dir.path, 0o755)
        port = try Bench.freePort()
        let conf = """
        worker_processes auto;
        daemon off;
        pid \(dir.path)/nginx.pid;
        error_log \(dir.path)/error.log;
        events { worker_connections 1024; }
        http {
            access_log off;
            default_type application/json;
            client_body_temp_path \(dir.path)/body;
            proxy_temp_path \(dir.path)/proxy;
            server { listen 127.0.0.1:\(port); root \(root.path); }
        }
        """
        let confFile = dir.appendingPathComponent("nginx.conf")
        try conf.write(to: confFile, atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-p", dir.path, "-c", confFile.path, "-e", dir.path + "/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let http = BenchHTTP(port: UInt16(port)), first = files.first?.path ?? "/"
        guard Wait.blockingUntil(.seconds(20), every: .milliseconds(50), { http.request("GET", first)?.status == 200 }) else {
            stop()
            throw BenchFailure(description: "nginx did not start (see \(dir.path)/error.log)")
        }
    }

    func stop() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: dir)
    }
}
