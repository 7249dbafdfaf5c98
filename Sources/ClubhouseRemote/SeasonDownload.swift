import ClubhouseData
import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `clubhouse season fetch`: a season's files from nflverse's releases (`BASE/<tag>/<file>`) into a folder, each one
/// atomically. Bytes go to `<file>.part`; an interrupted download resumes there (`Range`, with `If-Range` so a file
/// changed meanwhile starts over); a finished one is checked whole — a gzip file inflated to its end, a CSV parsed to
/// its last row — and only then renamed into place, so a half-downloaded or damaged file never reaches the importer.
/// A damaged download is deleted (the next run starts it afresh). A file already in place is asked for again with its
/// `ETag` (`If-None-Match`): an unchanged file costs one round trip, which is what a refresh every few minutes needs.
public struct SeasonDownload: Sendable {
    /// One file of a season as nflverse publishes it.
    public struct FileSpec: Hashable, Sendable {
        public var file: NFLVerseFile
        public var name: String
        /// Players and the schedule are needed; the stats and play-by-play aren't published before the season's first
        /// games, so a missing one is skipped.
        public var required: Bool
        public var path: String { "\(file.tag)/\(name)" }
    }

    /// What happens, for the progress bars.
    public enum Event: Sendable {
        case started(name: String, total: Int64?, resumedAt: Int64)
        case progress(name: String, received: Int64, total: Int64?)
        case finished(name: String, bytes: Int64)
        case unchanged(name: String)
        case missing(name: String)
        case retrying(name: String, at: Int64, reason: String)
    }

    /// A download that failed: which file, and why, in a sentence.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var name: String
        public var reason: String
        public var description: String { "\(name): \(reason)" }
    }

    /// The files of `season`: players and the schedule (every season's, plain CSV as nflverse publishes them), the
    /// weekly player and team stats and the play-by-play (gzip).
    public static func files(season: Int) -> [FileSpec] {
        [FileSpec(file: .players, name: "players.csv", required: true),
         FileSpec(file: .games, name: "games.csv", required: true),
         FileSpec(file: .playerWeek, name: "stats_player_week_\(season).csv.gz", required: false),
         FileSpec(file: .teamWeek, name: "stats_team_week_\(season).csv.gz", required: false),
         FileSpec(file: .playByPlay, name: "play_by_play_\(season).csv.gz", required: false)]
    }

    public let base: String
    public let directory: URL
    /// Attempts per file when the connection drops mid-download (each resumes where the last stopped).
    public var attempts = 3
    public var idleTimeout: TimeInterval = 30

    public init(base: String, directory: URL) {
        var b = base
        while b.hasSuffix("/") { b.removeLast() }
        self.base = b; self.directory = directory
    }

    /// Where downloads are kept: `$XDG_CACHE_HOME/clubhouse/nflverse/<season>` (else `~/.cache/…`).
    public static func cacheDirectory(season: Int, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return URL(fileURLWithPath: cache).appendingPathComponent("clubhouse/nflverse/\(season)", isDirectory: true)
    }

    /// Downloads every file of `season` that is published; returns the names now in place.
    public func fetch(season: Int, onEvent: (Event) -> Void) throws(Failure) -> [String] {
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw Failure(name: directory.path, reason: "cannot create the folder (\(error.localizedDescription))")
        }
        var present: [String] = []
        for spec in Self.files(season: season) {
            switch try fetch(spec, onEvent: onEvent) {
            case .missing:
                if spec.required { throw Failure(name: spec.name, reason: "not found at \(base)/\(spec.path) (404)") }
                onEvent(.missing(name: spec.name))
            case .inPlace:
                present.append(spec.name)
            }
        }
        return present
    }

    enum Outcome { case inPlace, missing }

    func fetch(_ spec: FileSpec, onEvent: (Event) -> Void) throws(Failure) -> Outcome {
        let final = directory.appendingPathComponent(spec.name)
        let part = directory.appendingPathComponent(spec.name + ".part")
        let etagFile = directory.appendingPathComponent(spec.name + ".etag")
        let partEtagFile = directory.appendingPathComponent(spec.name + ".part.etag")
        guard let url = URL(string: "\(base)/\(spec.path)") else { throw Failure(name: spec.name, reason: "not a URL: \(base)/\(spec.path)") }
        var attempt = 0
        while true {
            attempt += 1
            let resumeAt = Self.size(part)
            var headers: [String: String] = [:]
            if resumeAt > 0 {
                headers["Range"] = "bytes=\(resumeAt)-"
                if let tag = try? String(contentsOf: partEtagFile, encoding: .utf8), !tag.isEmpty { headers["If-Range"] = tag }
            } else if FileManager.default.fileExists(atPath: final.path), let tag = try? String(contentsOf: etagFile, encoding: .utf8), !tag.isEmpty {
                headers["If-None-Match"] = tag
            }
            let outcome: HTTPDownload.Outcome
            do {
                outcome = try HTTPDownload(url: url, headers: headers, idleTimeout: idleTimeout).run(to: part, resumeAt: resumeAt) { event in
                    switch event {
                    case .head(let total, let from): onEvent(.started(name: spec.name, total: total, resumedAt: from))
                    case .bytes(let received, let total): onEvent(.progress(name: spec.name, received: received, total: total))
                    }
                }
            } catch let e as HTTPDownload.Interrupted {
                if let tag = e.etag { try? tag.write(to: partEtagFile, atomically: true, encoding: .utf8) }
                guard attempt < attempts else {
                    throw Failure(name: spec.name, reason: "the download was interrupted after \(Self.size(part)) bytes (\(e.reason)); "
                                  + "run the command again to resume it")
                }
                onEvent(.retrying(name: spec.name, at: Self.size(part), reason: e.reason))
                continue
            } catch let e as HTTPDownload.Refused {
                throw Failure(name: spec.name, reason: e.reason)
            } catch {
                throw Failure(name: spec.name, reason: "\(error)")
            }
            switch outcome {
            case .notFound:
                return .missing
            case .notModified:
                onEvent(.unchanged(name: spec.name))
                return .inPlace
            case .rangeNotSatisfiable:
                try? FileManager.default.removeItem(at: part)
                try? FileManager.default.removeItem(at: partEtagFile)
                guard attempt < attempts else { throw Failure(name: spec.name, reason: "the server refused to resume the download (416)") }
                continue
            case .complete(let etag):
                // Checked whole before the importer may see it: a damaged file is refused and deleted.
                if let problem = Self.check(part, name: spec.name) {
                    try? FileManager.default.removeItem(at: part)
                    try? FileManager.default.removeItem(at: partEtagFile)
                    throw Failure(name: spec.name, reason: "refused: the downloaded file is damaged (\(problem)); it was deleted, "
                                  + "and the next run downloads it afresh")
                }
                do {
                    if FileManager.default.fileExists(atPath: final.path) { try FileManager.default.removeItem(at: final) }
                    try FileManager.default.moveItem(at: part, to: final)
                } catch {
                    throw Failure(name: spec.name, reason: "cannot put the file in place (\(error.localizedDescription))")
                }
                try? FileManager.default.removeItem(at: partEtagFile)
                if let etag { try? etag.write(to: etagFile, atomically: true, encoding: .utf8) } else { try? FileManager.default.removeItem(at: etagFile) }
                onEvent(.finished(name: spec.name, bytes: Self.size(final)))
                return .inPlace
            }
        }
    }

    static func size(_ url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Why a downloaded file isn't whole (nil: it is): gzip inflated to its end, CSV read to its last row.
    static func check(_ url: URL, name: String) -> String? {
        let source: any ByteSource
        guard let file = FileSource(path: url.path) else { return "cannot read it back" }
        source = name.hasSuffix(".gz") ? GzipSource(file) : file
        let reader = CSVReader(source: source, fileName: name)
        do {
            _ = try reader.readHeader()
            while try reader.advance() {}
        } catch {
            return (error.line > 1 ? "line \(error.line): " : "") + error.reason
        }
        return nil
    }
}

/// One GET streamed into a file: plain sockets for `http://`, URLSession for `https://`; redirects followed (GitHub's
/// release downloads redirect to their storage).
struct HTTPDownload {
    enum Outcome { case complete(etag: String?), notModified, notFound, rangeNotSatisfiable }
    enum Progress { case head(total: Int64?, from: Int64), bytes(received: Int64, total: Int64?) }
    /// The connection ended before the body did: the bytes so far are kept, to resume from.
    struct Interrupted: Error { var reason: String; var etag: String? = nil }
    /// An answer that isn't the file (an error status).
    struct Refused: Error { var reason: String }

    let url: URL
    let headers: [String: String]
    let idleTimeout: TimeInterval

    func run(to part: URL, resumeAt: Int64, progress: (Progress) -> Void) throws -> Outcome {
        var target = url
        for _ in 0..<6 {
            let result = try (target.scheme?.lowercased() == "https" ? HTTPSGet(url: target, headers: headers, idleTimeout: idleTimeout).run(to: part, resumeAt: resumeAt, progress: progress)
                              : PlainGet(url: target, headers: headers, idleTimeout: idleTimeout).run(to: part, resumeAt: resumeAt, progress: progress))
            switch result {
            case .redirect(let location):
                guard let next = URL(string: location, relativeTo: target)?.absoluteURL else { throw Refused(reason: "a redirect to an unreadable address") }
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
    static func begin(_ head: Head, part: URL, resumeAt: Int64) throws -> (step: Step?, file: FileHandle?, from: Int64, total: Int64?) {
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
            if head.status == 200 || !FileManager.default.fileExists(atPath: part.path) {
                _ = FileManager.default.createFile(atPath: part.path, contents: nil)
                from = 0
            }
            guard let file = FileHandle(forWritingAtPath: part.path) else { throw Refused(reason: "cannot write \(part.path)") }
            if head.status == 200 { try file.truncate(atOffset: 0) } else { try file.seekToEnd() }
            return (nil, file, from, total)
        default:
            throw Refused(reason: "the server answered \(head.status) for \(h["location"] ?? "it")")
        }
    }
}

/// `http://`: one connection, `Connection: close`, the body streamed to the file as it arrives.
struct PlainGet {
    let url: URL
    let headers: [String: String]
    let idleTimeout: TimeInterval

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
        var reader = PlainSocket.Reader(connection, idle: idleTimeout, deadline: .distantFuture)
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
        let (step, fileHandle, from, total) = try HTTPDownload.begin(HTTPDownload.Head(status: status, headers: fields), part: part, resumeAt: resumeAt)
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

    func run(to part: URL, resumeAt: Int64, progress: (HTTPDownload.Progress) -> Void) throws -> HTTPDownload.Step {
        let delegate = StreamingDelegate(part: part, resumeAt: resumeAt)
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = idleTimeout
        config.timeoutIntervalForResource = 24 * 3600
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

        init(part: URL, resumeAt: Int64) { self.part = part; self.resumeAt = resumeAt }

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
                let (step, handle, from, total) = try HTTPDownload.begin(HTTPDownload.Head(status: http.statusCode, headers: headers), part: part, resumeAt: resumeAt)
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
