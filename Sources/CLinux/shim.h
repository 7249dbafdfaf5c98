// Linux calls that Glibc's Swift module map leaves out, declared here so Swift sees real C prototypes
// (not `@_silgen_name` guesses). Everything is in libc; nothing to link. Empty on other systems.
#pragma once
#if defined(__linux__)
#include <sys/inotify.h>
#include <sys/prctl.h>

// prctl(2) is variadic, which Swift can't call: the one option the app sets, by its name.
static inline int clinux_set_child_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL); }

// <stdlib.h> declares the pty calls only under _XOPEN_SOURCE, which the Glibc module is not built with:
// wrappers with block-scope declarations of the glibc prototypes.
static inline int clinux_posix_openpt(int flags) { extern int posix_openpt(int); return posix_openpt(flags); }
static inline int clinux_grantpt(int fd) { extern int grantpt(int); return grantpt(fd); }
static inline int clinux_unlockpt(int fd) { extern int unlockpt(int); return unlockpt(fd); }
static inline char *clinux_ptsname(int fd) { extern char *ptsname(int); return ptsname(fd); }
#endif
