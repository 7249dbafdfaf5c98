import ClubhouseData
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a season download may take, each refused with a sentence naming the file and the limit: a mirror that
/// trickles a byte every 25 s, or answers 200 without a length and never ends, must not keep `season fetch` (or the
/// refresh timer) alive for minutes, nor fill the disk.
public struct DownloadLimits: Sendable {
    /// Bytes one file may be, as sent: no nflverse file of a season comes near it (a season's play-by-play is about
    /// 100 MB inflated, 30 MB compressed), and the importer refuses a file that inflates past the same size anyway.
    public var fileBytes: Int64 = Int64(CSVLimits.nflverse.fileBytes)
    /// The whole fetch (every file, retries included): a season comes down in well under a minute on a home line.
    public var totalTime: TimeInterval = 15 * 60
    /// The least a download must receive in each `slowWindow` seconds (else it is given up, to resume later): 16 KiB
    /// in 30 s is slower than any modem; a server trickling a byte at a time stays under it.
    public var slowWindow: TimeInterval = 30
    public var slowBytes: Int64 = 16 << 10
    /// Free space kept on the download folder's disk: a download starts only with its size (when the server says it)
    /// and this much to spare, and stops when the disk gets down to it (the database, on the same disk, needs room).
    public var diskReserve: Int64 = 256 << 20
    /// Free bytes on the disk holding a folder (statvfs), nil when unknown; tests stand in a full disk.
    public var freeSpace: @Sendable (String) -> Int64? = DownloadLimits.statvfsFree

    public init() {}

    public static let standard = DownloadLimits()

    public static func statvfsFree(_ path: String) -> Int64? {
        var s = statvfs()
        guard statvfs(path, &s) == 0 else { return nil }
        return Int64(s.f_bavail) * Int64(s.f_frsize)
    }

    /// "1 GiB", "256 MiB", "16 KiB", else bytes.
    static func size(_ bytes: Int64) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift {
            let v = Double(bytes) / Double(Int64(1) << shift)
            return v == v.rounded() ? "\(Int64(v)) \(unit)" : String(format: "%.1f \(unit)", v)
        }
        return "\(bytes) bytes"
    }

    static func duration(_ t: TimeInterval) -> String {
        t >= 60 && t.truncatingRemainder(dividingBy: 60) == 0 ? "\(Int(t / 60)) minute\(t == 60 ? "" : "s")" : "\(Int(t.rounded())) s"
    }
}

/// Watches one download's body as it is written: its size, its pace and the disk under it. Each check throws
/// `HTTPDownload.Refused` with the sentence to show.
struct DownloadWatch {
    let limits: DownloadLimits
    let folder: String
    private var windowStart = Date()
    private var windowBytes: Int64 = 0
    private var sinceDiskCheck: Int64 = 0

    init(limits: DownloadLimits, folder: String) { self.limits = limits; self.folder = folder }

    /// Before the body: the size the server announced must fit the limit and the disk.
    func starting(total: Int64?, from: Int64) throws {
        if let total, total > limits.fileBytes {
            throw HTTPDownload.Refused(reason: "the server offers \(total) bytes, more than the \(DownloadLimits.size(limits.fileBytes)) a season's "
                                       + "file may be (a season's play-by-play is about 100 MB): refused, nothing kept", discardPart: true)
        }
        let need = max(0, (total ?? from) - from)
        if let free = limits.freeSpace(folder), free < need + limits.diskReserve {
            throw HTTPDownload.Refused(reason: "only \(DownloadLimits.size(free)) free on the disk of \(folder); this download needs "
                                       + "\(DownloadLimits.size(need)) and \(DownloadLimits.size(limits.diskReserve)) to spare: free some space and "
                                       + "run the command again", discardPart: false)
        }
    }

    /// After `count` more bytes were written, `received` in all.
    mutating func wrote(_ count: Int, received: Int64) throws {
        if received > limits.fileBytes {
            throw HTTPDownload.Refused(reason: "the download passed \(DownloadLimits.size(limits.fileBytes)), the most a season's file may be "
                                       + "(a season's play-by-play is about 100 MB): stopped, and the partial file deleted", discardPart: true)
        }
        sinceDiskCheck += Int64(count)
        if sinceDiskCheck >= 1 << 20 {
            sinceDiskCheck = 0
            if let free = limits.freeSpace(folder), free < limits.diskReserve {
                throw HTTPDownload.Refused(reason: "the disk of \(folder) is down to \(DownloadLimits.size(free)) free, under the "
                                           + "\(DownloadLimits.size(limits.diskReserve)) kept to spare: stopped, and the partial file deleted; "
                                           + "free some space and run the command again", discardPart: true)
            }
        }
        try paced(count)
    }

    /// The pace: at least `slowBytes` in every `slowWindow` (checked as bytes arrive; silence is the idle timeout's).
    mutating func paced(_ count: Int) throws {
        windowBytes += Int64(count)
        let elapsed = Date().timeIntervalSince(windowStart)
        guard elapsed >= limits.slowWindow else { return }
        if windowBytes < limits.slowBytes {
            throw HTTPDownload.Refused(reason: "the server sent \(windowBytes) bytes in \(DownloadLimits.duration(elapsed)), under the "
                                       + "\(DownloadLimits.size(limits.slowBytes)) a download must make every \(DownloadLimits.duration(limits.slowWindow)): "
                                       + "given up (run the command again to resume it)", discardPart: false)
        }
        windowStart = Date()
        windowBytes = 0
    }
}
