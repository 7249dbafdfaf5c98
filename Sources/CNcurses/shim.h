// ncursesw for Swift: the wide-character API plus static inline wrappers for
// the macros and globals Swift cannot import (ARCHITECTURE.md §9).
#ifndef CLUBHOUSE_CNCURSES_SHIM_H
#define CLUBHOUSE_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>
#include <ncursesw/term.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *cn_stdout(void) { return stdout; }
static inline FILE *cn_stderr(void) { return stderr; }
static inline FILE *cn_stdin(void) { return stdin; }

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_color_pair(int n) { return COLOR_PAIR(n); }
static inline int cn_key_f(int n) { return KEY_F(n); }
static inline int cn_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cn_getmaxx(WINDOW *w) { return getmaxx(w); }

/* wcwidth is only declared under _XOPEN_SOURCE, which SwiftPM drops; declare it ourselves. */
extern int wcwidth(wchar_t c);
static inline int cn_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
/* 1 when the current LC_CTYPE codeset is UTF-8. */
static inline int cn_codeset_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs && cs[0]=='U' && cs[1]=='T' && cs[2]=='F' && cs[3]=='-' && cs[4]=='8' && cs[5]==0;
}

#include <sys/ioctl.h>
#include <unistd.h>
/* The terminal size of fd (TIOCGWINSZ is a variadic ioctl Swift cannot call); 0 on success. */
static inline int cn_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row; *cols = ws.ws_col;
    return 0;
}
/* The global cur_term (a Swift 6 error to read directly). */
static inline TERMINAL *cn_cur_term(void) { return cur_term; }
/* tigetstr reports "not a string capability" as (char *)-1. */
static inline int cn_has_string_cap(const char *name) {
    char *s = tigetstr(name);
    return s != NULL && s != (char *)-1;
}

/* A file in memory, close-on-exec (glibc declares memfd_create only under _GNU_SOURCE); -1 on failure. */
extern int memfd_create(const char *name, unsigned int flags);
static inline int cn_memory_file(const char *name) { return memfd_create(name, 1u /* MFD_CLOEXEC */); }

#endif
