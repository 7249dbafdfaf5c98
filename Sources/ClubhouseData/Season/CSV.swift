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
/// an empty or duplicated header name.
public enum CSV {
    public static func parse(_ text: String, fileName: String) throws(DataFileError) -> CSVTable {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var records: [CSVRecord] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var i = 0
        let n = bytes.count
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

        func fail(_ reason: String, at l: Int) -> DataFileError { DataFileError(file: fileName, line: l, reason: reason) }

        var atFieldStart = true
        while i < n {
            let c = bytes[i]
            if atFieldStart && c == quote {
                // Quoted field.
                let openLine = line
                i += 1
                var closed = false
                while i < n {
                    let q = bytes[i]
                    if q == quote {
                        if i + 1 < n && bytes[i + 1] == quote { field.append(quote); i += 2; continue }
                        i += 1; closed = true; break
                    }
                    if q == lf { line += 1 } else if q == cr { if !(i + 1 < n && bytes[i + 1] == lf) { line += 1 } }
                    field.append(q); i += 1
                }
                guard closed else { throw fail("unterminated quoted field", at: openLine) }
                if i < n && bytes[i] != comma && bytes[i] != lf && bytes[i] != cr {
                    throw fail("unexpected character after a closing quote", at: line)
                }
                atFieldStart = false
                continue
            }
            switch c {
            case comma:
                fields.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true)
                atFieldStart = true
                i += 1
            case lf, cr:
                if c == cr && i + 1 < n && bytes[i + 1] == lf { i += 1 }
                i += 1
                if fields.isEmpty && field.isEmpty && atFieldStart {
                    // A blank line: fine only if nothing but blank lines follow.
                    if bytes[i...].allSatisfy({ $0 == lf || $0 == cr }) { i = n; break }
                    throw fail("blank line", at: line)
                }
                fields.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true)
                records.append(CSVRecord(fields: fields, line: recordLine))
                fields.removeAll(keepingCapacity: true)
                atFieldStart = true
                line += 1
                recordLine = line
            case quote:
                throw fail("quote inside an unquoted field", at: line)
            default:
                field.append(c); atFieldStart = false
                i += 1
            }
        }
        if !fields.isEmpty || !field.isEmpty || !atFieldStart {
            fields.append(String(decoding: field, as: UTF8.self))
            records.append(CSVRecord(fields: fields, line: recordLine))
        }

        guard let headerRecord = records.first else { throw fail("the file is empty", at: 1) }
        let header = headerRecord.fields
        var seen = Set<String>()
        for name in header {
            if name.isEmpty { throw fail("empty column name in the header", at: 1) }
            if !seen.insert(name).inserted { throw fail("column \"\(name)\" appears twice in the header", at: 1) }
        }
        let body = records.dropFirst()
        for r in body where r.fields.count != header.count {
            throw fail("expected \(header.count) fields, found \(r.fields.count)", at: r.line)
        }
        return CSVTable(fileName: fileName, header: header, records: Array(body))
    }
}
