import CPostgres
import ClubhouseData
import ClubhouseDomain
import Foundation
import Glibc

// PostgresConnection's bulk load: `COPY … FROM STDIN` in text format, for seeding a database and moving a club's
// SQLite file over.

extension PostgresConnection {
    /// Loads `rows` into `table` with `COPY … FROM STDIN` (text format): the fast path for seeding.
    public func copy(into table: String, columns: [String], rows: some Sequence<[SQLiteValue]>) throws {
        let sql = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
        if depth == 0 { mayHaveCommitted = true }
        try flushDeferred()
        if let begin = pendingBegin {
            pendingBegin = nil
            try session(begin)
        }
        let until = deadline ?? .now + statementTimeout
        let start = try roundTrip(sql, until: until) { PQsendQuery($0, sql) }
        guard PQresultStatus(start) == PGRES_COPY_IN else {
            defer { PQclear(start) }
            try check(start, sql: sql)
            throw PostgresError(sqlState: "XX000", message: "COPY did not start", sql: sql)
        }
        PQclear(start)
        var buffer = ""
        func flush() throws {
            guard !buffer.isEmpty else { return }
            let data = Array(buffer.utf8)
            buffer = ""
            // Non-blocking: 0 means libpq's buffer is full — wait until the socket takes more.
            while true {
                let rc = data.withUnsafeBufferPointer { p in
                    p.withMemoryRebound(to: CChar.self) { PQputCopyData(handle, $0.baseAddress, Int32($0.count)) }
                }
                if rc == 1 { break }
                guard rc == 0 else { throw failure(sql) }
                try flushOutput(sql, until: until)
            }
        }
        for row in rows {
            buffer += row.map(Self.copyField).joined(separator: "\t") + "\n"
            if buffer.utf8.count > 1 << 16 { try flush() }
        }
        try flush()
        while true {
            let rc = PQputCopyEnd(handle, nil)
            if rc == 1 { break }
            guard rc == 0 else { throw failure(sql) }
            try flushOutput(sql, until: until)
        }
        // Non-blocking, 1 only says the end was queued: what libpq still holds must reach the server before waiting
        // for its answer (else each side waits on the other until the deadline — a seed hung here under load).
        try flushOutput(sql, until: until)
        let result = try results(sql, until: until)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    static func copyField(_ v: SQLiteValue) -> String {
        switch v {
        case .null: return "\\N"
        case .integer(let i): return String(i)
        case .real(let d): return float8(d)
        case .blob(let b): return "\\\\x" + b.map { String(format: "%02x", $0) }.joined()
        case .text(let s):
            var out = ""
            for c in s.unicodeScalars {
                switch c {
                case "\\": out += "\\\\"
                case "\t": out += "\\t"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                default: out.unicodeScalars.append(c)
                }
            }
            return out
        }
    }

    /// A double in text PostgreSQL reads back to the same value (Swift's description is shortest round-trip).
    static func float8(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d > 0 ? "Infinity" : "-Infinity" }
        return "\(d)"
    }
}
