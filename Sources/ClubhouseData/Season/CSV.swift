import Foundation

/// A problem in a data file, located as `FILE:LINE: reason` (lines counted from 1, the header is line 1).
public struct DataFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String
    public init(file: String, line: Int, reason: String) { self.file = file; self.line = line; self.reason = reason }
    public var description: String { "\(file):\(line): \(reason)" }
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
/// an empty or duplicated header name, a record that is not UTF-8. A file that ends in the middle of a record
/// (no line end, too few fields) is reported as truncated.
public enum CSV {
    /// The whole text at once (small files and tests). Big files go through `CSVReader`.
    public static func parse(_ text: String, fileName: String) throws(DataFileError) -> CSVTable {
        var reader = CSVReader(bytes: Array(text.utf8), fileName: fileName)
        let header = try reader.readHeader()
        var records: [CSVRecord] = []
        while let r = try reader.next() { records.append(r) }
        return CSVTable(fileName: fileName, header: header, records: records)
    }
}

/// The same parser, one record at a time from a `ByteSource` (a file read in 64 KiB chunks, inflated when it is
/// gzip), so memory stays flat however big the file is. `readHeader()` first, then `advance()` until false, reading
/// the current record's fields by index (`string`, `int`, `isEmpty`: no text is made for the columns nobody asks
/// about, which is most of a play-by-play file's); or `next()` for the whole record as strings.
public struct CSVReader {
    public let fileName: String
    private var source: any ByteSource
    private var buffer: [UInt8] = []
    /// Where the next record starts in `buffer`.
    private var position = 0
    private var atEnd = false
    private var line = 1
    private var pendingBlankLine: Int?
    private var fieldCount: Int?
    /// The current record: each field's byte range in `buffer` and whether it was quoted.
    private var starts: [Int] = [], ends: [Int] = [], quoted: [Bool] = []
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

    /// Appends the next chunk to `buffer` (dropping what was consumed first); false at the end.
    private mutating func refill() throws(DataFileError) -> Bool {
        guard !atEnd else { return false }
        if recordStart > 0 {
            buffer.removeSubrange(0..<recordStart)
            position -= recordStart
            for i in starts.indices { starts[i] -= recordStart; ends[i] -= recordStart }
            recordStart = 0
        }
        let n: Int
        do { n = try source.read(into: &buffer, limit: 1 << 16) } catch { throw fail(error.reason, at: line) }
        bytesRead += n
        if n == 0 { atEnd = true }
        return n > 0
    }

    /// The header record (line 1): names non-empty and distinct. Skips a UTF-8 BOM.
    public mutating func readHeader() throws(DataFileError) -> [String] {
        while buffer.count - position < 3, try refill() {}
        if buffer.count - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF {
            position += 3
        }
        guard try advance() else { throw fail("the file is empty", at: 1) }
        let header = (0..<count).map { string($0) }
        var seen = Set<String>()
        for name in header {
            if name.isEmpty { throw fail("empty column name in the header", at: 1) }
            if !seen.insert(name).inserted { throw fail("column \"\(name)\" appears twice in the header", at: 1) }
        }
        fieldCount = header.count
        return header
    }

    /// The next record after the header as strings, or nil at the end of the file.
    public mutating func next() throws(DataFileError) -> CSVRecord? {
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
    public mutating func advance() throws(DataFileError) -> Bool {
        let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
        recordStart = position
        // Skip line ends before the record: blank lines are fine only at the end of the file.
        while true {
            if position == buffer.count, !(try refill()) { return false }
            let c = buffer[position]
            guard c == lf || c == cr else { break }
            position += 1
            if c == cr {
                if position == buffer.count { _ = try refill() }
                if position < buffer.count, buffer[position] == lf { position += 1 }
            }
            if pendingBlankLine == nil { pendingBlankLine = line }
            line += 1
            recordStart = position
        }
        if let blank = pendingBlankLine { throw fail("blank line", at: blank) }
        recordLine = line
        // Parse from the record's start; if the buffer runs out mid-record, pull another chunk and parse it again.
        while true {
            starts.removeAll(keepingCapacity: true); ends.removeAll(keepingCapacity: true); quoted.removeAll(keepingCapacity: true)
            var p = recordStart
            var l = recordLine
            var highBytes = false
            var complete = false, endedByLineEnd = false
            let n = buffer.count
            fields: while true {
                if p < n, buffer[p] == quote {
                    let open = l
                    p += 1
                    let s = p
                    var closed = false
                    while p < n {
                        let c = buffer[p]
                        if c == quote {
                            if p + 1 < n { if buffer[p + 1] == quote { p += 2; continue } } else if !atEnd { break }
                            closed = true; break
                        }
                        if c >= 0x80 { highBytes = true }
                        if c == lf { l += 1 } else if c == cr { if p + 1 < n, buffer[p + 1] != lf { l += 1 } }
                        p += 1
                    }
                    guard closed else {
                        if atEnd { throw fail("unterminated quoted field", at: open) }
                        break fields   // more bytes needed
                    }
                    starts.append(s); ends.append(p); quoted.append(true)
                    p += 1
                    if p == n { if atEnd { complete = true; break fields } else { break fields } }
                    let c = buffer[p]
                    if c == comma { p += 1; continue fields }
                    if c == lf || c == cr { complete = true; endedByLineEnd = true; break fields }
                    throw fail("unexpected character after a closing quote", at: l)
                }
                let s = p
                while p < n {
                    let c = buffer[p]
                    if c == comma || c == lf || c == cr { break }
                    if c == quote { throw fail("quote inside an unquoted field", at: l) }
                    if c >= 0x80 { highBytes = true }
                    p += 1
                }
                if p == n && !atEnd { break fields }   // more bytes needed
                starts.append(s); ends.append(p); quoted.append(false)
                if p == n { complete = true; break fields }
                if buffer[p] == comma { p += 1; continue fields }
                complete = true; endedByLineEnd = true; break fields
            }
            if !complete {
                _ = try refill()
                continue
            }
            // Past the record's line end.
            if endedByLineEnd {
                if buffer[p] == cr {
                    p += 1
                    if p == buffer.count { _ = try refill() }
                    if p < buffer.count, buffer[p] == lf { p += 1 }
                } else {
                    p += 1
                }
            }
            if highBytes {
                for i in starts.indices where String(validating: buffer[starts[i]..<ends[i]], as: UTF8.self) == nil {
                    throw fail("the file is not UTF-8 text", at: recordLine)
                }
            }
            if let expected = fieldCount, starts.count != expected {
                if !endedByLineEnd && starts.count < expected {
                    throw fail("the file ends in the middle of this row (\(starts.count) of \(expected) fields): it is truncated (an interrupted download?)", at: recordLine)
                }
                throw fail("expected \(expected) fields, found \(starts.count)", at: recordLine)
            }
            position = p
            line = l + 1
            return true
        }
    }
}
