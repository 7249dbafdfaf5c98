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

    /// A download that failed: which file, and why, in a sentence. The reason may quote what a server said (a
    /// `Location`, an error's text), so the description is escaped for the terminal.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var name: String
        public var reason: String
        public var description: String { "\(TerminalText.escaped(name)): \(TerminalText.escaped(reason))" }
    }

    /// The files of `season`: players and the schedule (every season's, plain CSV as nflverse publishes them), the
    /// weekly player and team stats and the play-by-play (gzip), the injury report and the weekly rosters (plain CSV;
    /// older seasons have neither, and a season's first report comes with its first week).
    public static func files(season: Int) -> [FileSpec] {
        [FileSpec(file: .players, name: "players.csv", required: true),
         FileSpec(file: .games, name: "games.csv", required: true),
         FileSpec(file: .playerWeek, name: "stats_player_week_\(season).csv.gz", required: false),
         FileSpec(file: .teamWeek, name: "stats_team_week_\(season).csv.gz", required: false),
         FileSpec(file: .playByPlay, name: "play_by_play_\(season).csv.gz", required: false),
         FileSpec(file: .injuries, name: "injuries_\(season).csv", required: false),
         FileSpec(file: .weeklyRosters, name: "roster_weekly_\(season).csv", required: false)]
    }

    public let base: String
    public let directory: URL
    /// Attempts per file when the connection drops mid-download (each resumes where the last stopped).
    public var attempts = 3
    public var idleTimeout: TimeInterval = 30
    /// Size, time, pace and disk limits (`DownloadLimits`).
    public var limits = DownloadLimits.standard

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
        let deadline = Date().addingTimeInterval(limits.totalTime)
        for spec in Self.files(season: season) {
            switch try fetch(spec, deadline: deadline, onEvent: onEvent) {
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

    func fetch(_ spec: FileSpec, deadline: Date, onEvent: (Event) -> Void) throws(Failure) -> Outcome {
        let final = directory.appendingPathComponent(spec.name)
        let part = directory.appendingPathComponent(spec.name + ".part")
        let etagFile = directory.appendingPathComponent(spec.name + ".etag")
        let partEtagFile = directory.appendingPathComponent(spec.name + ".part.etag")
        guard let url = URL(string: "\(base)/\(spec.path)") else { throw Failure(name: spec.name, reason: "not a URL: \(base)/\(spec.path)") }
        var attempt = 0
        func outOfTime() -> Failure {
            Failure(name: spec.name, reason: "gave up after \(DownloadLimits.duration(limits.totalTime)), the most a season fetch may take "
                    + "(\(Self.size(part)) bytes of this file kept): run the command again to resume it")
        }
        while true {
            attempt += 1
            guard Date() < deadline else { throw outOfTime() }
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
                outcome = try HTTPDownload(url: url, headers: headers, idleTimeout: idleTimeout, limits: limits, deadline: deadline)
                    .run(to: part, resumeAt: resumeAt) { event in
                    switch event {
                    case .head(let total, let from): onEvent(.started(name: spec.name, total: total, resumedAt: from))
                    case .bytes(let received, let total): onEvent(.progress(name: spec.name, received: received, total: total))
                    }
                }
            } catch let e as HTTPDownload.Interrupted {
                if let tag = e.etag { try? tag.write(to: partEtagFile, atomically: true, encoding: .utf8) }
                guard Date() < deadline else { throw outOfTime() }
                guard attempt < attempts else {
                    throw Failure(name: spec.name, reason: "the download was interrupted after \(Self.size(part)) bytes (\(e.reason)); "
                                  + "run the command again to resume it")
                }
                onEvent(.retrying(name: spec.name, at: Self.size(part), reason: e.reason))
                continue
            } catch let e as HTTPDownload.Refused {
                if e.discardPart {
                    try? FileManager.default.removeItem(at: part)
                    try? FileManager.default.removeItem(at: partEtagFile)
                }
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
