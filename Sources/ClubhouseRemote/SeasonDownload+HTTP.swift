import ClubhouseData
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One GET streamed into a file, on the same client as every other call (`SocketGet`); redirects followed (GitHub's
/// release downloads redirect to their storage).
struct HTTPDownload {
    enum Outcome { case complete(etag: String?), notModified, notFound, rangeNotSatisfiable }
    enum Progress { case head(total: Int64?, from: Int64), bytes(received: Int64, total: Int64?) }
    /// The connection ended before the body did: the bytes so far are kept, to resume from.
    struct Interrupted: Error { var reason: String; var etag: String? = nil }
    /// An answer that isn't the file (an error status).
    /// `discardPart`: what was written is no use (too big, or the disk is full): delete it.
    struct Refused: Error { var reason: String; var discardPart = false }

    let url: URL
    let headers: [String: String]
    let idleTimeout: TimeInterval
    var limits = DownloadLimits.standard
    /// When the whole fetch must be over.
    var deadline = Date.distantFuture
    /// Whom an `https://` answer must be signed by: the system's CAs (a test adds its own).
    var trust = TLSTrust.system

    func run(to part: URL, resumeAt: Int64, progress: (Progress) -> Void) throws -> Outcome {
        var target = url
        for _ in 0..<6 {
            let result = try SocketGet(url: target, headers: headers, idleTimeout: idleTimeout, limits: limits, deadline: deadline, trust: trust)
                .run(to: part, resumeAt: resumeAt, progress: progress)
            switch result {
            case .redirect(let location):
                guard let next = URL(string: location, relativeTo: target)?.absoluteURL, ["http", "https"].contains(next.scheme?.lowercased() ?? "") else {
                    throw Refused(reason: "a redirect to an address that isn't http or https: \(TerminalText.quoted(location, limit: 120))")
                }
                target = next
            case .done(let outcome):
                return outcome
            }
        }
        throw Refused(reason: "too many redirects")
    }

    enum Step { case redirect(String), done(Outcome) }

    /// What to do with an answer's head: where the body goes.
    struct Head {
        var status: Int
        var headers: [String: String]
    }

    /// Decides from the head; opens the part file for the body (truncated on 200, appended on 206).
    static func begin(_ head: Head, part: URL, resumeAt: Int64, watch: DownloadWatch) throws -> (step: Step?, file: FileHandle?, from: Int64, total: Int64?) {
        let h = head.headers
        switch head.status {
        case 301, 302, 303, 307, 308:
            guard let location = h["location"] else { throw Refused(reason: "a redirect without a Location") }
            return (.redirect(location), nil, 0, nil)
        case 304: return (.done(.notModified), nil, 0, nil)
        case 404, 410: return (.done(.notFound), nil, 0, nil)
        case 416: return (.done(.rangeNotSatisfiable), nil, 0, nil)
        case 200, 206:
            var from: Int64 = 0
            var total = h["content-length"].flatMap { Int64($0) }
            if head.status == 206 {
                // Content-Range: bytes START-END/TOTAL; the part must continue exactly where the file stops.
                guard let range = h["content-range"], let start = range.split(separator: " ").last?.split(separator: "-").first.flatMap({ Int64($0) }),
                      start == resumeAt else { throw Refused(reason: "the server resumed at the wrong place") }
                from = start
                if let all = range.split(separator: "/").last.flatMap({ Int64($0) }) { total = all } else { total = total.map { $0 + start } }
            }
            if head.status == 200 || !FileManager.default.fileExists(atPath: part.path) { from = 0 }
            // Before a byte is written: the announced size must fit the limit and the disk.
            try watch.starting(total: total, from: from)
            if from == 0 { _ = FileManager.default.createFile(atPath: part.path, contents: nil) }
            guard let file = FileHandle(forWritingAtPath: part.path) else { throw Refused(reason: "cannot write \(part.path)") }
            if head.status == 200 { try file.truncate(atOffset: 0) } else { try file.seekToEnd() }
            return (nil, file, from, total)
        default:
            throw Refused(reason: "the server answered \(head.status)\(h["location"].map { " (Location: \(TerminalText.quoted($0, limit: 120)))" } ?? "")")
        }
    }
}

/// One GET on the client every remote call uses (`Connection`: our sockets, GnuTLS for `https://` verified against
/// `trust`, the same head writer and parser as `SocketHTTP`): `Connection: close`, the body streamed to the file as it
/// arrives.
struct SocketGet {
    let url: URL
    let headers: [String: String]
    let idleTimeout: TimeInterval
    let limits: DownloadLimits
    let deadline: Date
    let trust: TLSTrust

    func run(to part: URL, resumeAt: Int64, progress: (HTTPDownload.Progress) -> Void) throws -> HTTPDownload.Step {
        guard let host = url.host else { throw HTTPDownload.Refused(reason: "no host in \(url)") }
        let https = url.scheme?.lowercased() == "https"
        let port = url.port ?? (https ? 443 : 80)
        let connection: Connection
        switch Connection.open(host: host, port: port, trust: https ? trust : nil, timeout: idleTimeout) {
        case .success(let c): connection = c   // closed when it goes
        case .failure(.untrusted(let why)): throw HTTPDownload.Refused(reason: "\(host): \(why)")
        case .failure(.unreachable(let why)): throw HTTPDownload.Interrupted(reason: "cannot connect to \(host):\(port) (\(why))")
        case .failure: throw HTTPDownload.Interrupted(reason: "cannot connect to \(host):\(port)")
        }
        let fields = [("Connection", "close"), ("User-Agent", "clubhouse"), ("Accept-Encoding", "identity")] + headers.sorted { $0.key < $1.key }
        guard connection.send(PlainSocket.requestHead("GET", url, host: host, port: port, headers: fields)) else {
            throw HTTPDownload.Interrupted(reason: "the connection failed")
        }
        var reader = PlainSocket.Reader(connection, idle: idleTimeout, deadline: deadline)
        guard let headEnd = reader.fill(until: { PlainSocket.find($0, [13, 10, 13, 10]) }, limit: 64 << 10) else {
            throw HTTPDownload.Interrupted(reason: reader.failure)
        }
        let answer = PlainSocket.ResponseHead(reader.buffer[..<headEnd])
        reader.consume(headEnd + 4)
        guard let answer else { throw HTTPDownload.Refused(reason: "not an HTTP answer") }
        var watch = DownloadWatch(limits: limits, folder: part.deletingLastPathComponent().path)
        let (step, fileHandle, from, total) = try HTTPDownload.begin(HTTPDownload.Head(status: answer.status, headers: answer.headers), part: part,
                                                                    resumeAt: resumeAt, watch: watch)
        if let step { return step }
        guard let file = fileHandle else { throw HTTPDownload.Refused(reason: "no file") }
        defer { try? file.close() }
        progress(.head(total: total, from: from))
        let etag = answer.headers["etag"]
        var received = from
        let chunked = answer.headers["transfer-encoding"]?.lowercased().contains("chunked") == true
        let length = answer.headers["content-length"].flatMap { Int64($0) }
        var decoder = ChunkDecoder()
        func write(_ bytes: [UInt8]) throws {
            guard !bytes.isEmpty else { return }
            try file.write(contentsOf: bytes)
            received += Int64(bytes.count)
            try watch.wrote(bytes.count, received: received)
            progress(.bytes(received: received, total: total))
        }
        var bodyRead: Int64 = 0
        while true {
            if !reader.buffer.isEmpty {
                if chunked {
                    guard let out = decoder.feed(reader.buffer[...]) else { throw HTTPDownload.Refused(reason: "a damaged chunked body") }
                    reader.consume(reader.buffer.count)
                    try write(out)
                    if decoder.finished { break }
                } else {
                    var bytes = reader.buffer
                    if let length, bodyRead + Int64(bytes.count) > length { bytes = Array(bytes.prefix(Int(length - bodyRead))) }
                    reader.consume(reader.buffer.count)
                    bodyRead += Int64(bytes.count)
                    try write(bytes)
                }
            }
            if let length, !chunked, bodyRead >= length { break }
            guard reader.readMore() else {
                if reader.closed && !chunked && length == nil { break }   // the body ends where the connection does
                try? file.synchronize()
                throw HTTPDownload.Interrupted(reason: reader.closed ? "the server closed the connection" : reader.failure, etag: etag)
            }
        }
        try file.synchronize()
        return .done(.complete(etag: etag))
    }
}
