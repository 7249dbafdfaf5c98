import ClubhouseCLI
import ClubhouseData
import ClubhouseDomain
import ClubhouseRemote
import ClubhouseServer
import Foundation

/// `clubhouse serve --refresh-season YEAR --every 10m`: every so often, the season's files from nflverse's releases
/// (only those that changed come down: each is asked for with its ETag), imported as differences, then the leagues
/// on the season are told (`SeasonService.seasonDataChanged`): new plays reach open screens as live events, and a
/// stat correction re-scores a final week until its lock. One JSON line on standard error per refresh that changed
/// something, or failed.
struct SeasonRefresher: Sendable {
    let season: Int
    let base: String
    let every: Duration
    let target: SeasonTarget
    let service: LeagueService

    func run() async {
        while !Task.isCancelled {
            refreshOnce()
            try? await Task.sleep(for: every)
        }
    }

    /// One refresh: download what changed, import it, tell the leagues.
    func refreshOnce() {
        let directory = SeasonDownload.cacheDirectory(season: season)
        do {
            _ = try SeasonDownload(base: base, directory: directory).fetch(season: season) { _ in }
        } catch {
            log(["event": "season.refresh", "season": "\(season)", "error": error.description])
            return
        }
        do {
            switch try target.importFiles(path: directory.path, season: season, now: service.clock.now()) {
            case .failure(let error):
                log(["event": "season.refresh", "season": "\(season)", "error": error.description])
            case .success(let report):
                guard report.changedAnything else { return }
                var corrections = 0
                for s in report.seasons where !s.changedWeeks.isEmpty {
                    corrections += try service.season.seasonDataChanged(season: s.season, weeks: s.changedWeeks).values.reduce(0) { $0 + $1.count }
                }
                let weeks = report.seasons.flatMap(\.changedWeeks).sorted()
                log(["event": "season.refresh", "season": "\(season)", "weeks": weeks.map(String.init).joined(separator: ","),
                     "corrections": "\(corrections)"])
            }
        } catch {
            log(["event": "season.refresh", "season": "\(season)", "error": "\(error)"])
        }
    }

    func log(_ fields: [String: String]) {
        let body = fields.sorted { $0.key < $1.key }.map { "\(quote($0.key)):\(quote($0.value))" }.joined(separator: ",")
        LeagueServer.standardError("{\"at\":\(quote(RequestLogTime.now())),\(body)}")
    }

    func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            // C0, DEL and C1 (0x9B is a one-byte CSI): a log line shown on a terminal can't act on it.
            case _ where c.value < 0x20 || (0x7F...0x9F).contains(c.value): out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// `10m`, `30s`, `1h` (a bare number is seconds); nil for anything else or under a second.
    static func duration(_ text: String) -> Duration? {
        var digits = text, unit = 1.0
        if let last = text.last, "smh".contains(last) {
            digits.removeLast()
            unit = last == "s" ? 1 : last == "m" ? 60 : 3600
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let n = Double(digits), n.isFinite, n * unit >= 1, n * unit <= 7 * 86_400 else { return nil }
        return .milliseconds(Int64(n * unit * 1000))
    }
}
