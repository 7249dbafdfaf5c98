// zlib for Swift: inflateInit2 is a macro (it passes the library's version and the stream's size), which Swift
// cannot import; the shim calls it.
#ifndef CLUBHOUSE_CZLIB_SHIM_H
#define CLUBHOUSE_CZLIB_SHIM_H
#include <zlib.h>

/// inflateInit2 with `windowBits` 15 + 32: zlib or gzip headers, detected automatically.
static inline int cz_inflate_init_gzip(z_streamp stream) { return inflateInit2(stream, 15 + 32); }

#endif
