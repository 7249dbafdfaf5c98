import Foundation

/// A problem in a data file, located as `FILE:LINE: reason` (lines counted from 1, the header is line 1).
public struct DataFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String
    public init(file: String, line: Int, reason: String) { self.file = file; self.line = line; self.reason = reason }
    /// `FILE:LINE: reason`, or `FILE: reason` for the file as a whole (line 0: it couldn't be read, it isn't there).
    /// Printed on terminals, so what the file said is escaped (`TerminalText`): a value can't move the cursor.
    public var description: String {
        let file = TerminalText.escaped(file), reason = TerminalText.escaped(reason)
        return line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)"
    }
}

/// One CSV record with the physical line it starts on.
public struct CSVRecord: Hashable, Sendable {
    public var fields: [String]
    public var line: Int
}

/// A parsed CSV file: the header and the records after it.
public struct CSVTable: Hashable, Sendable {
    public var fileName: String
    public var header: [String]
    public var records: [CSVRecord]

    /// The index of each header name.
    public var columnIndex: [String: Int] {
        Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A strict RFC 4180 parser: comma-separated, `"` quotes with `""` escapes, fields may span lines inside
/// quotes; LF or CRLF line ends (a lone CR also ends a line); an optional UTF-8 BOM; trailing blank lines
/// ignored. Rejected with the line number: a quote inside an unquoted field, text after a closing quote,
/// an unterminated quote, a blank line inside the file, a record whose field count differs from the header,
/// an empty or duplicated header name, a record that is not UTF-8. A file whose last record has no line end is
/// reported as truncated (too few fields or not: a file cut at a field boundary can still parse).
/// Limits (`CSVLimits`): a field's length, a record's length and the file's size (inflated), each refused with the line.
public enum CSV {
    /// The whole text at once (small files and tests). Big files go through `CSVReader`.
    public static func parse(_ text: String, fileName: String) throws(DataFileError) -> CSVTable {
        let reader = CSVReader(bytes: Array(text.utf8), fileName: fileName)
        let header = try reader.readHeader()
        var records: [CSVRecord] = []
        while let r = try reader.next() { records.append(r) }
        return CSVTable(fileName: fileName, header: header, records: records)
    }
}

/// How big a CSV file, one of its records or one field may be: a file past a limit is refused at the line where it
/// went over, so a damaged or hostile file (a gzip that inflates to gigabytes without a line end, a 100 MB quoted
/// name) stops within a second instead of running for minutes and filling memory.
public struct CSVLimits: Hashable, Sendable {
    /// Bytes in one field.
    public var fieldBytes: Int
    /// Bytes in one record (its line ends included).
    public var rowBytes: Int
    /// Bytes in the whole file, inflated when it is gzip.
    public var fileBytes: Int

    public init(fieldBytes: Int, rowBytes: Int, fileBytes: Int) {
        self.fieldBytes = fieldBytes; self.rowBytes = rowBytes; self.fileBytes = fileBytes
    }

    /// nflverse's files: 64 KiB a field (their longest, a play's description, is under 1 KB), 1 MiB a row (a real
    /// play-by-play row, 372 columns, is under 8 KB), 1 GiB a file once inflated (a whole season's play-by-play is
    /// about 100 MB, players.csv of every season under 10 MB: ten times the biggest, so growth never trips it).
    public static let nflverse = CSVLimits(fieldBytes: 64 << 10, rowBytes: 1 << 20, fileBytes: 1 << 30)

    /// A byte count as people read it: "64 KiB", "1 MiB", "1 GiB", else bytes.
    public static func size(_ bytes: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }
}

/// The same parser, one record at a time from a `ByteSource` (a file read in 64 KiB chunks, inflated when it is
/// gzip), so memory stays flat however big the file is. `readHeader()` first, then `advance()` until false, reading
/// the current record's fields by index (`string`, `int`, `isEmpty`: no text is made for the columns nobody asks
/// about, which is most of a play-by-play file's); or `next()` for the whole record as strings. A class: a reader is
/// handed to the functions that read its fields, never copied.
public final class CSVReader {
    public let fileName: String
    /// What this reader refuses past (`CSVLimits.nflverse` unless set).
    public var limits = CSVLimits.nflverse
    /// The header's names, to name a column in a refusal.
    private var header: [String] = []
    private var source: any ByteSource
    // The per-field reads (`string`, `int`, `equals`: tens per row, millions per play-by-play file) touch these; a reader
    // is used from one place at a time, so their dynamic exclusivity checks are turned off.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// Where the next record starts in `buffer`.
    private var position = 0
    private var atEnd = false
    private var line = 1
    private var pendingBlankLine: Int?
    private var fieldCount: Int?
    /// The current record: each field's byte range in `buffer` and whether it was quoted.
    @exclusivity(unchecked) private var starts: [Int] = []
    @exclusivity(unchecked) private var ends: [Int] = []
    @exclusivity(unchecked) private var quoted: [Bool] = []
    /// Where the current record starts (its bytes stay in `buffer` until the next `advance()`).
    private var recordStart = 0
    /// The line the current record starts on.
    public private(set) var recordLine = 0

    /// Bytes pulled from the source so far (after decompression).
    public private(set) var bytesRead = 0

    /// Reads `path` in chunks, inflating it when its name ends in `.gz`; nil when it can't be opened.
    public init?(path: String, fileName: String? = nil) {
        guard let file = FileSource(path: path) else { return nil }
        self.fileName = fileName ?? path
        source = path.hasSuffix(".gz") ? GzipSource(file) : file
    }

    /// Over bytes already in memory.
    public init(bytes: [UInt8], fileName: String) {
        self.fileName = fileName
        source = MemorySource(bytes)
    }

    /// Over any source.
    public init(source: any ByteSource, fileName: String) {
        self.fileName = fileName
        self.source = source
    }

    private func fail(_ reason: String, at l: Int) -> DataFileError { DataFileError(file: fileName, line: l, reason: reason) }

    /// Appends the next chunk to `buffer`, dropping what was consumed first; returns how far the bytes moved down
    /// (positions held outside must subtract it). Sets `atEnd` at the end.
    @discardableResult
    private func refill() throws(DataFileError) -> Int {
        guard !atEnd else { return 0 }
        let shift = recordStart
        if shift > 0 {
            buffer.removeSubrange(0..<shift)
            position -= shift
            for i in starts.indices { starts[i] -= shift; ends[i] -= shift }
            recordStart = 0
        }
        let n: Int
        do { n = try source.read(into: &buffer, limit: 1 << 16) } catch { throw fail(error.reason, at: line) }
        bytesRead += n
        if n == 0 { atEnd = true }
        if bytesRead > limits.fileBytes {
            throw fail("the file holds more than \(CSVLimits.size(limits.fileBytes))\(source is GzipSource ? " once inflated" : ""), "
                       + "the most a data file may (a season's play-by-play is about 100 MB): it is not an nflverse file, or it is damaged", at: line)
        }
        return shift
    }

    /// Whether the buffer has bytes from `position` on, pulling a chunk when it is used up; false at the end.
    private func hasBytes() throws(DataFileError) -> Bool {
        while position == buffer.count {
            if atEnd { return false }
            try refill()
        }
        return true
    }

    /// The header record (line 1): names non-empty and distinct. Skips a UTF-8 BOM.
    public func readHeader() throws(DataFileError) -> [String] {
        while buffer.count - position < 3, !atEnd { try refill() }
        if buffer.count - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF {
            position += 3
        }
        guard try advance() else { throw fail("the file is empty", at: 1) }
        let header = (0..<count).map { string($0) }
        var seen = Set<String>()
        for name in header {
            if name.isEmpty { throw fail("empty column name in the header", at: 1) }
            if !seen.insert(name).inserted { throw fail("column \(TerminalText.quoted(name)) appears twice in the header", at: 1) }
        }
        fieldCount = header.count
        self.header = header
        return header
    }

    /// The next record after the header as strings, or nil at the end of the file.
    public func next() throws(DataFileError) -> CSVRecord? {
        guard try advance() else { return nil }
        return CSVRecord(fields: (0..<count).map { string($0) }, line: recordLine)
    }

    /// Fields in the current record.
    public var count: Int { starts.count }

    /// A field of the current record as text (quotes removed, `""` unescaped).
    public func string(_ i: Int) -> String {
        let s = starts[i], e = ends[i]
        if s == e { return "" }
        if !quoted[i] {
            return buffer.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[s..<e]), as: UTF8.self) }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(e - s)
        var j = s
        while j < e {
            bytes.append(buffer[j])
            j += buffer[j] == 0x22 ? 2 : 1   // "" inside quotes is one "
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a field of the current record is empty.
    public func isEmpty(_ i: Int) -> Bool { starts[i] == ends[i] }

    /// Whether a field is exactly `text` (ASCII), without making a string.
    public func equals(_ i: Int, _ text: StaticString) -> Bool {
        let s = starts[i], n = ends[i] - s
        guard n == text.utf8CodeUnitCount, !quoted[i] else { return n == text.utf8CodeUnitCount && string(i) == text.description }
        let p = text.utf8Start
        for k in 0..<n where buffer[s + k] != p[k] { return false }
        return true
    }

    /// A field as a whole number: digits with an optional leading minus, nothing else; nil otherwise (empty too).
    public func int(_ i: Int) -> Int? {
        let s = starts[i], e = ends[i]
        guard e > s, e - s <= 18 else { return nil }
        var j = s, negative = false, value = 0
        if buffer[j] == 0x2D { negative = true; j += 1; if j == e { return nil } }
        while j < e {
            let c = buffer[j]
            guard c >= 48, c <= 57 else { return nil }
            value = value * 10 + Int(c - 48)
            j += 1
        }
        return negative ? -value : value
    }

    /// Moves to the next record; false at the end of the file. The previous record's fields are gone.
    public func advance() throws(DataFileError) -> Bool {
        let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
        recordStart = position
        // Skip line ends before the record: blank lines are fine only at the end of the file.
        while true {
            guard try hasBytes() else { return false }
            let c = buffer[position]
            guard c == lf || c == cr else { break }
            position += 1
            if c == cr, try hasBytes(), buffer[position] == lf { position += 1 }
            if pendingBlankLine == nil { pendingBlankLine = line }
            line += 1
            recordStart = position
        }
        if let blank = pendingBlankLine { throw fail("blank line", at: blank) }
        recordLine = line
        // Parse from the record's start; if the buffer runs out mid-record, pull another chunk and parse it again.
        while true {
            // The scan runs on the bytes and on local arrays (no access checks on this object's properties per byte).
            var st: [Int] = [], en: [Int] = [], qu: [Bool] = []
            swap(&st, &starts); swap(&en, &ends); swap(&qu, &quoted)
            st.removeAll(keepingCapacity: true); en.removeAll(keepingCapacity: true); qu.removeAll(keepingCapacity: true)
            let scan = buffer.withUnsafeBufferPointer { Self.scan($0, from: recordStart, line: recordLine, atEnd: atEnd, &st, &en, &qu) }
            swap(&st, &starts); swap(&en, &ends); swap(&qu, &quoted)
            switch scan {
            case .needMore:
                if buffer.count - recordStart > limits.rowBytes { throw rowTooLong() }
                _ = try refill()
                continue
            case .failed(let reason, let l):
                throw fail(reason, at: l)
            case .record(var p, let lastLine, let endedByLineEnd, let highBytes):
                // Past the record's line end (a CR LF may straddle two chunks).
                if endedByLineEnd {
                    let isCR = buffer[p] == 0x0D
                    p += 1
                    if isCR {
                        if p == buffer.count { p -= try refill() }
                        if p < buffer.count, buffer[p] == 0x0A { p += 1 }
                    }
                }
                if highBytes {
                    for i in starts.indices where String(validating: buffer[starts[i]..<ends[i]], as: UTF8.self) == nil {
                        throw fail("the file is not UTF-8 text", at: recordLine)
                    }
                }
                if p - recordStart > limits.rowBytes { throw rowTooLong() }
                for i in starts.indices where ends[i] - starts[i] > limits.fieldBytes {
                    let column = i < header.count ? "column \(header[i])" : "field \(i + 1)"
                    throw fail("\(column) holds \(ends[i] - starts[i]) bytes, more than the \(CSVLimits.size(limits.fieldBytes)) a value may "
                               + "(nflverse's longest is under 1 KB)", at: recordLine)
                }
                if let expected = fieldCount, starts.count != expected {
                    if !endedByLineEnd && starts.count < expected {
                        throw fail("the file ends in the middle of this row (\(starts.count) of \(expected) fields): it is truncated (an interrupted download?)", at: recordLine)
                    }
                    throw fail("expected \(expected) fields, found \(starts.count)", at: recordLine)
                }
                // Every line of a CSV file ends with a line end: a last row without one was cut short, even when what is
                // left of its last value still reads as a value (a stats file cut at `…,14` of `…,14.34`).
                if !endedByLineEnd {
                    throw fail("the file doesn't end with a line end: it is truncated in this row (an interrupted download?)", at: recordLine)
                }
                position = p
                line = lastLine + 1
                return true
            }
        }
    }

    private func rowTooLong() -> DataFileError {
        fail("this row is longer than \(CSVLimits.size(limits.rowBytes)), the most a row may be (nflverse's longest are under 8 KB): "
             + "the file is not an nflverse file, or it is damaged", at: recordLine)
    }

    /// What scanning one record found.
    enum Scan {
        /// The buffer ends before the record does.
        case needMore
        case failed(String, line: Int)
        /// The record's fields are in the arrays; `end` is where its line end (or the file's end) is.
        case record(end: Int, lastLine: Int, endedByLineEnd: Bool, highBytes: Bool)
    }

    /// Scans one record starting at `start`: each field's byte range and whether it was quoted.
    static func scan(_ b: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, atEnd: Bool,
                     _ starts: inout [Int], _ ends: inout [Int], _ quoted: inout [Bool]) -> Scan {
        let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
        let n = b.count
        var p = start, l = line, highBytes = false
        while true {
            if p < n, b[p] == quote {
                let open = l
                p += 1
                let s = p
                var closed = false
                while p < n {
                    let c = b[p]
                    if c == quote {
                        if p + 1 < n { if b[p + 1] == quote { p += 2; continue } } else if !atEnd { break }
                        closed = true; break
                    }
                    if c >= 0x80 { highBytes = true }
                    if c == lf { l += 1 } else if c == cr { if p + 1 < n, b[p + 1] != lf { l += 1 } }
                    p += 1
                }
                guard closed else { return atEnd ? .failed("unterminated quoted field", line: open) : .needMore }
                starts.append(s); ends.append(p); quoted.append(true)
                p += 1
                if p == n { return atEnd ? .record(end: p, lastLine: l, endedByLineEnd: false, highBytes: highBytes) : .needMore }
                let c = b[p]
                if c == comma { p += 1; continue }
                if c == lf || c == cr { return .record(end: p, lastLine: l, endedByLineEnd: true, highBytes: highBytes) }
                return .failed("unexpected character after a closing quote", line: l)
            }
            let s = p
            while p < n {
                let c = b[p]
                if c == comma || c == lf || c == cr { break }
                if c == quote { return .failed("quote inside an unquoted field", line: l) }
                if c >= 0x80 { highBytes = true }
                p += 1
            }
            if p == n && !atEnd { return .needMore }
            starts.append(s); ends.append(p); quoted.append(false)
            if p == n { return .record(end: p, lastLine: l, endedByLineEnd: false, highBytes: highBytes) }
            if b[p] == comma { p += 1; continue }
            return .record(end: p, lastLine: l, endedByLineEnd: true, highBytes: highBytes)
        }
    }
}
