// sqlite3 for Swift: SQLITE_TRANSIENT is a macro casting -1 to a function pointer,
// which Swift cannot import (ARCHITECTURE.md §9).
#ifndef CLUBHOUSE_CSQLITE_SHIM_H
#define CLUBHOUSE_CSQLITE_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type cs_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// The first region of the WAL index of `db`'s main database, as SQLite's own VFS has it mapped for that connection
/// (NULL: not in WAL mode, no index mapped yet, or a VFS without shared memory). No descriptor of ours is opened or
/// closed: on Linux closing any descriptor of the -shm file would drop SQLite's POSIX locks on it. The region stays
/// mapped while the connection keeps the WAL open (until it closes).
static inline const volatile void *cs_sqlite_wal_index(sqlite3 *db) {
    sqlite3_file *file = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || !file || !file->pMethods) return 0;
    if (file->pMethods->iVersion < 2 || !file->pMethods->xShmMap) return 0;
    volatile void *region = 0;
    if (file->pMethods->xShmMap(file, 0, 32768, 0, &region) != SQLITE_OK) return 0;
    return region;
}

#endif
