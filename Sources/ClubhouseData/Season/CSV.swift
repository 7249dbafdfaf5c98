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

    /// The indexes of `names`, or an error naming the first missing one (reported on the header, line 1).
    public func requireColumns(_ names: [String]) throws(DataFileError) -> [Int] {
        let index = columnIndex
        return try names.map { (name: String) throws(DataFileError) -> Int in
            guard let i = index[name] else { throw DataFileError(file: fileName, line: 1, reason: "missing column \"\(name)\"") }
            return i
        }
    }
}

/// A strict RFC 4180 parser: comma-separated, `"` quotes with `""` escapes, fields may span lines inside
/// quotes; LF or CRLF line ends (a lone CR also ends a line); an optional UTF-8 BOM; trailing blank lines
/// ignored. Rejected with the line number: a quote inside an unquoted field, text after a closing quote,
/// an unterminated quote, a blank line inside the file, a record whose field count differs from the header,
/// an empty or duplicated header name, a record that is not UTF-8.
public enum CSV {
    /// The whole text at once (small files: the season fixture). Big files go through `CSVReader`.
    public static func parse(_ text: String, fileName: String) throws(DataFileError) -> CSVTable {
        var reader = CSVReader(bytes: Array(text.utf8), fileName: fileName)
        let header = try reader.readHeader()
        var records: [CSVRecord] = []
        while let r = try reader.next() { records.append(r) }
        return CSVTable(fileName: fileName, header: header, records: records)
    }
}

/// The same parser, one record at a time from a byte source (a file read in 64 KiB chunks), so memory stays flat
/// however big the file is. `readHeader()` first, then `next()` until nil; each record's field count is checked
/// against the header.
public struct CSVReader {
    public let fileName: String
    private let refill: (inout [UInt8]) throws -> Void
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var line = 1
    private var pendingBlankLine: Int?
    private var fieldCount: Int?

    /// Reads `path` in chunks; nil when it can't be opened.
    public init?(path: String, fileName: String? = nil) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        self.fileName = fileName ?? path
        refill = { buffer in
            buffer = [UInt8](try handle.read(upToCount: 1 << 16) ?? Data())
            if buffer.isEmpty { try? handle.close() }
        }
    }

    /// Over bytes already in memory.
    public init(bytes: [UInt8], fileName: String) {
        self.fileName = fileName
        var given = Optional(bytes)
        refill = { buffer in buffer = given ?? []; given = nil }
    }

    /// Bytes pulled from the source so far.
    public private(set) var bytesRead = 0

    private mutating func peek() throws(DataFileError) -> UInt8? {
        if position < buffer.count { return buffer[position] }
        guard !atEnd else { return nil }
        do { try refill(&buffer) } catch { throw DataFileError(file: fileName, line: line, reason: "cannot read the file (\(error.localizedDescription))") }
        bytesRead += buffer.count
        position = 0
        if buffer.isEmpty { atEnd = true; return nil }
        return buffer[0]
    }

    private mutating func advance() { position += 1 }

    private func fail(_ reason: String, at l: Int) -> DataFileError { DataFileError(file: fileName, line: l, reason: reason) }

    /// The header record (line 1): names non-empty and distinct. Skips a UTF-8 BOM.
    public mutating func readHeader() throws(DataFileError) -> [String] {
        if try peek() == 0xEF, buffer.count - position >= 3, Array(buffer[position..<position + 3]) == [0xEF, 0xBB, 0xBF] {
            position += 3
        }
        guard let header = try nextFields() else { throw fail("the file is empty", at: 1) }
        var seen = Set<String>()
        for name in header.fields {
            if name.isEmpty { throw fail("empty column name in the header", at: 1) }
            if !seen.insert(name).inserted { throw fail("column \"\(name)\" appears twice in the header", at: 1) }
        }
        fieldCount = header.fields.count
        return header.fields
    }

    /// The next record after the header, or nil at the end of the file.
    public mutating func next() throws(DataFileError) -> CSVRecord? {
        guard let r = try nextFields() else { return nil }
        if let n = fieldCount, r.fields.count != n { throw fail("expected \(n) fields, found \(r.fields.count)", at: r.line) }
        return r
    }

    private mutating func nextFields() throws(DataFileError) -> CSVRecord? {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var fields: [String] = []
        var field: [UInt8] = []
        var atFieldStart = true
        var recordLine = line
        var recordStarted = false

        func finishField() throws(DataFileError) {
            guard let s = String(validating: field, as: UTF8.self) else { throw fail("the file is not UTF-8 text", at: line) }
            fields.append(s); field.removeAll(keepingCapacity: true)
        }

        while let c = try peek() {
            if !recordStarted && c != lf && c != cr {
                // A record after a blank line: the blank line was inside the file.
                if let blank = pendingBlankLine { throw fail("blank line", at: blank) }
                recordStarted = true; recordLine = line
            }
            if atFieldStart && c == quote {
                let openLine = line
                advance()
                var closed = false
                while let q = try peek() {
                    advance()
                    if q == quote {
                        if try peek() == quote { field.append(quote); advance(); continue }
                        closed = true; break
                    }
                    if q == lf { line += 1 } else if q == cr { if try peek() != lf { line += 1 } }
                    field.append(q)
                }
                guard closed else { throw fail("unterminated quoted field", at: openLine) }
                if let n = try peek(), n != comma && n != lf && n != cr {
                    throw fail("unexpected character after a closing quote", at: line)
                }
                atFieldStart = false
                continue
            }
            switch c {
            case comma:
                advance()
                try finishField()
                atFieldStart = true
            case lf, cr:
                advance()
                if c == cr, try peek() == lf { advance() }
                if !recordStarted {
                    // A blank line: fine only if nothing but blank lines follow.
                    if pendingBlankLine == nil { pendingBlankLine = line }
                    line += 1
                    continue
                }
                try finishField()
                line += 1
                return CSVRecord(fields: fields, line: recordLine)
            case quote:
                throw fail("quote inside an unquoted field", at: line)
            default:
                field.append(c); atFieldStart = false
                advance()
            }
        }
        guard recordStarted else { return nil }
        try finishField()
        return CSVRecord(fields: fields, line: recordLine)
    }
}
