import Foundation
import Synchronization

/// Whether anything in an SQLite file may have changed, asked without reading any table: SQLite's `PRAGMA data_version`
/// on a connection of its own that never writes. Its value moves on at every commit by any other connection — this
/// process's or another's — and stays put otherwise, so a number read before some work and read again equal after it
/// says nothing was committed in between (the server's kept reads, `ReadCache`).
///
/// One read-only connection, opened at the first question and kept (its numbers only compare with its own); a file that
/// can't be opened, or a question that fails, answers nil (the caller reads the data instead).
public final class SQLiteDataVersion: Sendable {
    public let path: String
    private let connection = Mutex<Opened>(.notYet)
    private enum Opened: @unchecked Sendable { case notYet, open(Connection), unavailable }

    /// Nil for a database with no file another connection could share (in memory).
    public init?(path: String) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file::memory:") else { return nil }
        self.path = path
    }

    /// The file's data version now; nil when it can't be read.
    public func current() -> UInt64? {
        connection.withLock { c -> UInt64? in
            if case .notYet = c {
                // Read-only, so it never makes a file where the database was moved away or not made yet; a short busy
                // wait: the caller answers a request with it and would rather read the data than wait.
                c = (try? Connection(path: path, busyTimeoutMilliseconds: 50, readOnly: true)).map(Opened.open) ?? .unavailable
            }
            guard case .open(let db) = c, let v = try? db.scalar("PRAGMA data_version", as: Int64.self) else { return nil }
            return UInt64(bitPattern: v)
        }
    }
}
