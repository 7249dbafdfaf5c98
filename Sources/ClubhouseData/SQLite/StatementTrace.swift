import CSQLite

/// Every statement this connection starts, as SQL text (SQLite's `SQLITE_TRACE_STMT`): for tests and benches that
/// count what a code path asks the database, e.g. the reads made before the app's first frame.
final class StatementTrace {
    let observe: @Sendable (String) -> Void
    init(_ observe: @escaping @Sendable (String) -> Void) { self.observe = observe }
}

/// The C callback (a top-level function: no closure context, see ARCHITECTURE.md §9).
func clubhouseStatementTraced(_ kind: UInt32, _ context: UnsafeMutableRawPointer?, _ statement: UnsafeMutableRawPointer?,
                              _ sqlText: UnsafeMutableRawPointer?) -> Int32 {
    guard kind == UInt32(SQLITE_TRACE_STMT), let context, let statement else { return 0 }
    // Statements run by triggers come as "-- comment" lines: count the outer statement only.
    if let sqlText, sqlText.assumingMemoryBound(to: CChar.self).pointee == CChar(UInt8(ascii: "-")) { return 0 }
    guard let sql = sqlite3_sql(OpaquePointer(statement)) else { return 0 }
    Unmanaged<StatementTrace>.fromOpaque(context).takeUnretainedValue().observe(String(cString: sql))
    return 0
}

extension Connection {
    /// Calls `observe` with the SQL of every statement started on this connection from now on; nil stops it.
    func trace(_ trace: StatementTrace?) {
        if let trace {
            sqlite3_trace_v2(handle, UInt32(SQLITE_TRACE_STMT), clubhouseStatementTraced, Unmanaged.passUnretained(trace).toOpaque())
        } else {
            sqlite3_trace_v2(handle, 0, nil, nil)
        }
    }
}
