import CPostgres
import ClubhouseData
import ClubhouseDomain
import Foundation
import Glibc

// PostgresConnection on the wire: one round trip at a time under the statement's deadline, the results read back,
// libpq's failures turned into `PostgresError`, and SQLite-style placeholders rewritten for PostgreSQL.

extension PostgresConnection {
    // MARK: Errors

    func check(_ result: OpaquePointer, sql: String) throws {
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_COPY_IN, PGRES_EMPTY_QUERY: return
        default:
            // An error libpq made itself (the connection broke) has no SQLSTATE: say it is a lost connection.
            let lost = PQstatus(handle) != CONNECTION_OK
            if lost { broken = true }
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? (lost ? "08006" : "XX000")
            let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                ?? String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
            let constraint = PQresultErrorField(result, Int32(UInt8(ascii: "n"))).map { String(cString: $0) }
            throw PostgresError(sqlState: state, message: message, sql: sql, constraint: constraint)
        }
    }

    /// The connection broke while running `sql`: it is not used again.
    func failure(_ sql: String?) -> PostgresError {
        broken = true
        let said = String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
        return PostgresError(sqlState: "08006", message: said.isEmpty ? "the connection to the server was lost" : said, sql: sql)
    }

    /// No answer by the deadline: the statement may still be running (or the server frozen), so the connection is
    /// given up — closing it is the only way to be sure nothing more arrives on it.
    func timedOut(_ sql: String?, after limit: Duration?) -> PostgresError {
        broken = true
        let waited = ContinuousClock.now - sentAt
        let said = limit.map { "no answer from the database within \(Self.seconds($0))" }
            ?? "no answer from the database by the call's deadline (this statement waited \(Self.seconds(waited)))"
        var e = PostgresError.timedOut(said, sql: sql)
        // Evidence of a server that doesn't answer only when the statement had a fair time of its own: a call that
        // spent its time waiting for a free connection (a busy pool) and then ran out says nothing about the server.
        e.serverSilent = waited >= statementTimeout / 2
        return e
    }

    /// Sends `sql` with `send`, then waits for its results until the call's deadline; returns the first error's
    /// result or else the last one (as `PQexec` does), or the COPY state that asks for data.
    func roundTrip(_ sql: String, until: ContinuousClock.Instant? = nil, send: (OpaquePointer) -> Int32) throws -> OpaquePointer {
        guard !broken else { throw PostgresError(sqlState: "08003", message: "the connection was given up after an earlier failure", sql: sql) }
        let until = until ?? deadline ?? .now + statementTimeout
        sentAt = .now
        roundTrips += 1
        guard send(handle) == 1 else { throw failure(sql) }
        try flushOutput(sql, until: until)
        return try results(sql, until: until)
    }

    /// Writes what libpq holds for the server (non-blocking mode keeps what the socket didn't take), reading meanwhile
    /// so neither side waits on the other.
    func flushOutput(_ sql: String?, until: ContinuousClock.Instant) throws {
        while true {
            let rc = PQflush(handle)
            if rc == 0 { return }
            guard rc > 0 else { throw failure(sql) }
            guard let events = Self.poll(PQsocket(handle), POLLIN | POLLOUT, until: until) else { throw timedOut(sql, after: timeLimit(until)) }
            if events & Int16(POLLIN | POLLHUP | POLLERR) != 0, PQconsumeInput(handle) != 1 { throw failure(sql) }
        }
    }

    /// Reads every result of the statement sent, waiting on the socket until `until`.
    func results(_ sql: String?, until: ContinuousClock.Instant) throws -> OpaquePointer {
        var kept: OpaquePointer?
        do {
            while true {
                while PQisBusy(handle) == 1 {
                    guard Self.poll(PQsocket(handle), POLLIN, until: until) != nil else { throw timedOut(sql, after: timeLimit(until)) }
                    guard PQconsumeInput(handle) == 1 else { throw failure(sql) }
                }
                guard let result = PQgetResult(handle) else { break }
                switch PQresultStatus(result) {
                case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                    if let k = kept { PQclear(k) }
                    return result
                default:
                    // The first error stands (what follows it was not run); otherwise the last result.
                    if let k = kept, PQresultStatus(k) == PGRES_FATAL_ERROR { PQclear(result) } else {
                        if let k = kept { PQclear(k) }
                        kept = result
                    }
                }
            }
        } catch {
            if let k = kept { PQclear(k) }
            throw error
        }
        guard let kept else { throw failure(sql) }
        return kept
    }

    /// The limit the call had, for the message (when it was a whole statement's own).
    func timeLimit(_ until: ContinuousClock.Instant) -> Duration? { deadline == nil ? statementTimeout : nil }

    /// Waits until `fd` is ready for `events` or `until` passes; returns what it is ready for, nil on timeout.
    static func poll(_ fd: Int32, _ events: Int32, until: ContinuousClock.Instant) -> Int16? {
        while true {
            let left = until - .now
            guard left > .zero else { return nil }
            var pfd = pollfd(fd: fd, events: Int16(events), revents: 0)
            let ms = Int32(clamping: (left.components.seconds * 1000) + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            let rc = Glibc.poll(&pfd, 1, max(1, ms))
            if rc > 0 { return pfd.revents }
            if rc < 0 && errno != EINTR { return Int16(POLLERR) }
        }
    }

    static func milliseconds(_ d: Duration) -> Int64 { max(1, d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000) }
    static func seconds(_ d: Duration) -> String {
        let ms = milliseconds(d)
        return ms % 1000 == 0 ? "\(ms / 1000) s" : String(format: "%.1f s", Double(ms) / 1000)
    }

    /// `sql` with `?` and `?N` placeholders as `$n` (quoted text and identifiers left alone), rewritten once per text.
    func placeholders(_ sql: String) -> String {
        if let hit = rewritten[sql] { return hit }
        let out = Self.rewritePlaceholders(sql)
        if rewritten.count >= 256 { rewritten.removeAll(keepingCapacity: true) }
        rewritten[sql] = out
        return out
    }

    static func rewritePlaceholders(_ sql: String) -> String {
        var out = ""
        var n = 0
        var quote: Character?
        var chars = Array(sql)[...]
        while let c = chars.popFirst() {
            if let q = quote {
                out.append(c)
                if c == q { quote = nil }
                continue
            }
            switch c {
            case "'", "\"": quote = c; out.append(c)
            case "?":
                var digits = ""
                while let d = chars.first, d.isASCII, d.isNumber { digits.append(d); chars.removeFirst() }
                if digits.isEmpty { n += 1; out += "$\(n)" } else { out += "$" + digits }
            default: out.append(c)
            }
        }
        return out
    }
}
