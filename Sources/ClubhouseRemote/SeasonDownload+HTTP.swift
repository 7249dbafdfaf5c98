import ClubhouseData
import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET streamed into a file: plain sockets for `http://`, URLSession for `https://`; redirects followed (GitHub's
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

    func run(to part: URL, resumeAt: Int64, progress: (Progress) -> Void) throws -> Outcome {
        var target = url
        for _ in 0..<6 {
            let result = try (target.scheme?.lowercased() == "https"
                ? HTTPSGet(url: target, headers: headers, idleTimeout: idleTimeout, limits: limits, deadline: deadline).run(to: part, resumeAt: resumeAt, progress: progress)
                : PlainGet(url: target, headers: headers, idleTimeout: idleTimeout, limits: limits, deadline: deadline).run(to: part, resumeAt: resumeAt, progress: progress))
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

/// `http://`: one connection, `Connection: close`, the body streamed to the file as it arrives.
struct PlainGet {
    let url: URL
    let headers: [String: String]
    let idleTimeout: TimeInterval
    let limits: DownloadLimits
    let deadline: Date

    func run(to part: URL, resumeAt: Int64, progress: (HTTPDownload.Progress) -> Void) throws -> HTTPDownload.Step {
        guard let host = url.host else { throw HTTPDownload.Refused(reason: "no host in \(url)") }
        let port = url.port ?? 80
        guard let fd = PlainSocket.connect(host: host, port: port, timeout: idleTimeout) else {
            throw HTTPDownload.Interrupted(reason: "cannot connect to \(host):\(port)")
        }
        let connection = Connection(plain: fd)   // closed when it goes
        var path = url.path.isEmpty ? "/" : url.path
        if let q = url.query { path += "?" + q }
        var head = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\nUser-Agent: clubhouse\r\nAccept-Encoding: identity\r\n"
        for (k, v) in headers where !v.contains("\r") && !v.contains("\n") { head += "\(k): \(v)\r\n" }
        head += "\r\n"
        guard connection.send(Array(head.utf8)) else { throw HTTPDownload.Interrupted(reason: "the connection failed") }
        var reader = PlainSocket.Reader(connection, idle: idleTimeout, deadline: deadline)
        guard let headEnd = reader.fill(until: { PlainSocket.find($0, [13, 10, 13, 10]) }, limit: 64 << 10) else {
            throw HTTPDownload.Interrupted(reason: reader.failure)
        }
        let lines = String(decoding: reader.buffer[..<headEnd], as: UTF8.self).split(separator: "\r\n")
        reader.consume(headEnd + 4)
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw HTTPDownload.Refused(reason: "not an HTTP answer")
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            let kv = line.split(separator: ":", maxSplits: 1)
            if kv.count == 2 { fields[kv[0].lowercased()] = kv[1].trimmingCharacters(in: .whitespaces) }
        }
        var watch = DownloadWatch(limits: limits, folder: part.deletingLastPathComponent().path)
        let (step, fileHandle, from, total) = try HTTPDownload.begin(HTTPDownload.Head(status: status, headers: fields), part: part, resumeAt: resumeAt,
                                                                    watch: watch)
        if let step { return step }
        guard let file = fileHandle else { throw HTTPDownload.Refused(reason: "no file") }
        defer { try? file.close() }
        progress(.head(total: total, from: from))
        let etag = fields["etag"]
        var received = from
        let chunked = fields["transfer-encoding"]?.lowercased().contains("chunked") == true
        let length = fields["content-length"].flatMap { Int64($0) }
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

/// `https://`: URLSession, the body streamed to the file through a delegate.
struct HTTPSGet {
    let url: URL
    let headers: [String: String]
    let idleTimeout: TimeInterval
    let limits: DownloadLimits
    let deadline: Date

    func run(to part: URL, resumeAt: Int64, progress: (HTTPDownload.Progress) -> Void) throws -> HTTPDownload.Step {
        let delegate = StreamingDelegate(part: part, resumeAt: resumeAt, watch: DownloadWatch(limits: limits, folder: part.deletingLastPathComponent().path))
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = idleTimeout
        config.timeoutIntervalForResource = max(1, min(24 * 3600, deadline.timeIntervalSinceNow))
        config.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: config, delegate: delegate, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        request.setValue("clubhouse", forHTTPHeaderField: "User-Agent")
        session.dataTask(with: request).resume()
        // Progress is reported from this thread as the delegate hands it over.
        while true {
            switch delegate.next() {
            case .head(let total, let from): progress(.head(total: total, from: from))
            case .bytes(let received, let total): progress(.bytes(received: received, total: total))
            case .end(let result): return try result.get()
            }
        }
    }

    final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        enum Message { case head(Int64?, Int64), bytes(Int64, Int64?), end(Result<HTTPDownload.Step, Error>) }
        let part: URL
        let resumeAt: Int64
        private var file: FileHandle?
        private var received: Int64 = 0
        private var total: Int64?
        private var etag: String?
        private var early: HTTPDownload.Step?
        private var failure: Error?
        private let lock = NSCondition()
        private var messages: [Message] = []
        private var watch: DownloadWatch

        init(part: URL, resumeAt: Int64, watch: DownloadWatch) { self.part = part; self.resumeAt = resumeAt; self.watch = watch }

        func next() -> Message {
            lock.lock(); defer { lock.unlock() }
            while messages.isEmpty { lock.wait() }
            return messages.removeFirst()
        }

        private func post(_ m: Message) {
            lock.lock()
            // Progress messages coalesce: only the latest one matters.
            if case .bytes = m, case .bytes = messages.last { messages.removeLast() }
            messages.append(m)
            lock.signal(); lock.unlock()
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            guard let http = response as? HTTPURLResponse else { completionHandler(.cancel); return }
            var headers: [String: String] = [:]
            for (k, v) in http.allHeaderFields { if let k = k as? String, let v = v as? String { headers[k.lowercased()] = v } }
            do {
                let (step, handle, from, total) = try HTTPDownload.begin(HTTPDownload.Head(status: http.statusCode, headers: headers), part: part,
                                                                        resumeAt: resumeAt, watch: watch)
                if let step { early = step; completionHandler(.cancel); return }
                file = handle; received = from; self.total = total; etag = headers["etag"]
                post(.head(total, from))
                completionHandler(.allow)
            } catch {
                failure = error
                completionHandler(.cancel)
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            guard let file, failure == nil else { return }
            do {
                try file.write(contentsOf: data)
                received += Int64(data.count)
                try watch.wrote(data.count, received: received)
                post(.bytes(received, total))
            } catch {
                failure = error
                dataTask.cancel()
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            try? file?.synchronize()
            try? file?.close()
            if let early { post(.end(.success(early))); return }
            if let failure { post(.end(.failure(failure))); return }
            if let error {
                post(.end(.failure(HTTPDownload.Interrupted(reason: error.localizedDescription, etag: etag))))
                return
            }
            if let total, received < total {
                post(.end(.failure(HTTPDownload.Interrupted(reason: "the server sent \(received) of \(total) bytes", etag: etag))))
                return
            }
            post(.end(.success(.done(.complete(etag: etag)))))
        }

        // Redirects are followed (GitHub's downloads go to its storage host).
        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            completionHandler(request)
        }
    }
}
