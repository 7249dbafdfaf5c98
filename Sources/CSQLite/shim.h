// sqlite3 for Swift: SQLITE_TRANSIENT is a macro casting -1 to a function pointer,
// which Swift cannot import (ARCHITECTURE.md §9).
#ifndef CLUBHOUSE_CSQLITE_SHIM_H
#define CLUBHOUSE_CSQLITE_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type cs_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
