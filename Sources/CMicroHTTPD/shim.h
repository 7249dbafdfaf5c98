#ifndef CLUBHOUSE_CMICROHTTPD_SHIM_H
#define CLUBHOUSE_CMICROHTTPD_SHIM_H
// libmicrohttpd (Debian's libmicrohttpd-dev): the HTTP server under `clubhouse serve`.
// MHD_start_daemon is variadic, which Swift can't call: chs_start_daemon (plain HTTP) and chs_start_tls_daemon (HTTPS)
// pass the options we use.
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/select.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <microhttpd.h>
#include <gnutls/gnutls.h>
#include <gnutls/abstract.h>

/// Called with each request's raw request target (before libmicrohttpd percent-decodes it); its answer becomes
/// the request's `con_cls`.
/// Each connection's memory pool (its request head, and the buffer its answer is written through). libmicrohttpd
/// touches the whole pool while a connection lives, so this is most of what every open event stream costs (`make
/// bench`: 96 KiB cost 58.6 KiB per idle stream, 16 KiB 15.6 KiB — 10,000 followers in ~150 MiB); it still holds a
/// request head of several KiB (bodies are read through it in pieces, whatever their size).
#define CHS_CONNECTION_MEMORY (16 * 1024)

typedef void *(*chs_uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection);

/// The accept policy every daemon gets: once `*draining` (its closure) is set, each new connection is closed as it is
/// accepted — how the server stops taking connections before it stops. Not MHD_quiesce_daemon, which on an epoll
/// daemon running its own threads races a worker removing the same listening socket from the epoll set: the loser
/// gets ENOENT and libmicrohttpd aborts the process ("Failed to remove listen FD from epoll set", seen in a test run).
static inline enum MHD_Result chs_accept_policy(void *cls, const struct sockaddr *addr, socklen_t addrlen) {
    (void) addr; (void) addrlen;
    return (cls && __atomic_load_n((const int *) cls, __ATOMIC_ACQUIRE)) ? MHD_NO : MHD_YES;
}

/// Sets a daemon's draining flag (see chs_accept_policy).
static inline void chs_set_draining(int *draining) { __atomic_store_n(draining, 1, __ATOMIC_RELEASE); }

/// Whether a daemon's draining flag is set: the one place the server itself asks too (answers close their connection).
static inline int chs_is_draining(const int *draining) { return __atomic_load_n(draining, __ATOMIC_ACQUIRE); }

/// libmicrohttpd's own error lines (a failed TLS handshake, a connection it closed), formatted and handed to `sink`
/// whole: the server writes them to its JSON log as strings, never raw.
typedef void (*chs_error_sink)(void *cls, const char *line);
struct chs_error_log { chs_error_sink sink; void *context; };

static inline void chs_error_logger(void *cls, const char *format, va_list ap) {
    const struct chs_error_log *log = cls;
    char line[1024];
    vsnprintf(line, sizeof line, format, ap);
    if (log && log->sink) log->sink(log->context, line);
}


static inline struct MHD_Daemon *chs_start_any_daemon(unsigned int flags, int tls, const struct sockaddr_in *address,
        MHD_AccessHandlerCallback handler, void *context,
        MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify, chs_uri_logger uri_logger,
        unsigned int connectionTimeout, unsigned int connectionLimit, unsigned int threads, struct chs_error_log *error_log,
        int *draining);

static inline struct MHD_Daemon *chs_start_daemon(unsigned int flags, const struct sockaddr_in *address,
        MHD_AccessHandlerCallback handler, void *context,
        MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify, chs_uri_logger uri_logger,
        unsigned int connectionTimeout, unsigned int connectionLimit, unsigned int threads, struct chs_error_log *error_log,
        int *draining) {
    return chs_start_any_daemon(flags, 0, address, handler, context, completed, notify, uri_logger,
                                connectionTimeout, connectionLimit, threads, error_log, draining);
}

// MARK: - TLS (Debian's libmicrohttpd is built with GnuTLS)
//
// The certificate is handed to GnuTLS by a callback at each handshake (MHD_OPTION_HTTPS_CERT_CALLBACK), from the
// server's `chs_tls_slot`: swapping the slot's credentials (a SIGHUP after a certbot renewal) changes the certificate
// new connections see without restarting. The slot reaches the callback as each connection's socket context, which
// the server's connection-notify callback sets to it.

/// TLS 1.2 and 1.3 only; AEAD ciphers (AES-GCM, ChaCha20-Poly1305) with ECDHE key exchange; the server's order.
#define CHS_TLS_PRIORITIES "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-CIPHER-ALL:+AES-256-GCM:+AES-128-GCM:+CHACHA20-POLY1305:-MAC-ALL:+AEAD:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:%SERVER_PRECEDENCE"

/// A certificate chain and its private key, parsed. Once served they are never freed: a TLS session keeps pointing
/// at the certificates it was given for as long as it lives (an event stream may live for days).
struct chs_tls_credentials {
    gnutls_pcert_st certs[16];
    unsigned int count;
    gnutls_privkey_t key;
};

/// What the handshake callback serves now.
struct chs_tls_slot {
    _Atomic(struct chs_tls_credentials *) current;
};

static inline struct chs_tls_slot *chs_tls_slot_create(void) {
    struct chs_tls_slot *slot = calloc(1, sizeof *slot);
    if (slot) atomic_init(&slot->current, NULL);
    return slot;
}

static inline void chs_tls_slot_set(struct chs_tls_slot *slot, struct chs_tls_credentials *credentials) {
    atomic_store(&slot->current, credentials);
}

/// Frees credentials that were never put in a slot (a reload's, refused).
static inline void chs_tls_credentials_free(struct chs_tls_credentials *c) {
    if (!c) return;
    for (unsigned int i = 0; i < c->count; i++) gnutls_pcert_deinit(&c->certs[i]);
    if (c->key) gnutls_privkey_deinit(c->key);
    free(c);
}

/// Parses a PEM certificate chain (the server's certificate first) and its PEM private key, and checks that the key is
/// the certificate's. NULL on failure, with the reason (a sentence fragment) in `why`.
static inline struct chs_tls_credentials *chs_tls_credentials_load(const char *cert, size_t cert_length,
        const char *key, size_t key_length, char *why, size_t why_size) {
    gnutls_datum_t cert_data = { (unsigned char *) cert, (unsigned int) cert_length };
    gnutls_datum_t key_data = { (unsigned char *) key, (unsigned int) key_length };
    struct chs_tls_credentials *c = calloc(1, sizeof *c);
    if (!c) { snprintf(why, why_size, "out of memory"); return NULL; }
    c->count = 16;
    int ret = gnutls_pcert_list_import_x509_raw(c->certs, &c->count, &cert_data, GNUTLS_X509_FMT_PEM, 0);
    if (ret < 0 || c->count == 0) {
        c->count = 0;
        snprintf(why, why_size, "the certificate file holds no readable PEM certificate (%s)", gnutls_strerror(ret));
        chs_tls_credentials_free(c);
        return NULL;
    }
    if ((ret = gnutls_privkey_init(&c->key)) < 0
        || (ret = gnutls_privkey_import_x509_raw(c->key, &key_data, GNUTLS_X509_FMT_PEM, NULL, 0)) < 0) {
        snprintf(why, why_size, "the key file holds no readable PEM private key (%s)", gnutls_strerror(ret));
        chs_tls_credentials_free(c);
        return NULL;
    }
    // GnuTLS checks that the key belongs to the certificate when both go into a credentials structure.
    gnutls_certificate_credentials_t check;
    if ((ret = gnutls_certificate_allocate_credentials(&check)) < 0) {
        snprintf(why, why_size, "%s", gnutls_strerror(ret));
        chs_tls_credentials_free(c);
        return NULL;
    }
    ret = gnutls_certificate_set_x509_key_mem2(check, &cert_data, &key_data, GNUTLS_X509_FMT_PEM, NULL, 0);
    gnutls_certificate_free_credentials(check);
    if (ret < 0) {
        if (ret == GNUTLS_E_CERTIFICATE_KEY_MISMATCH) snprintf(why, why_size, "the key is not the certificate's key");
        else snprintf(why, why_size, "the certificate and key can't be used together (%s)", gnutls_strerror(ret));
        chs_tls_credentials_free(c);
        return NULL;
    }
    return c;
}

/// The serial number (hex) and subject of the first certificate, for the log.
static inline void chs_tls_credentials_describe(const struct chs_tls_credentials *c, char *out, size_t out_size) {
    out[0] = 0;
    gnutls_x509_crt_t crt;
    if (c->count == 0 || gnutls_x509_crt_init(&crt) < 0) return;
    if (gnutls_x509_crt_import(crt, &c->certs[0].cert, GNUTLS_X509_FMT_DER) >= 0) {
        unsigned char serial[64]; size_t serial_size = sizeof serial;
        char dn[256]; size_t dn_size = sizeof dn;
        size_t at = 0;
        if (gnutls_x509_crt_get_serial(crt, serial, &serial_size) >= 0) {
            for (size_t i = 0; i < serial_size && at + 3 < out_size; i++) at += (size_t) snprintf(out + at, out_size - at, "%02X", serial[i]);
        }
        if (gnutls_x509_crt_get_dn(crt, dn, &dn_size) >= 0 && at + 2 < out_size) snprintf(out + at, out_size - at, " %s", dn);
    }
    gnutls_x509_crt_deinit(crt);
}

/// The first certificate's validity period (seconds since 1970; -1 where it can't be read).
static inline void chs_tls_credentials_validity(const struct chs_tls_credentials *c, int64_t *not_before, int64_t *not_after) {
    *not_before = -1; *not_after = -1;
    gnutls_x509_crt_t crt;
    if (c->count == 0 || gnutls_x509_crt_init(&crt) < 0) return;
    if (gnutls_x509_crt_import(crt, &c->certs[0].cert, GNUTLS_X509_FMT_DER) >= 0) {
        *not_before = (int64_t) gnutls_x509_crt_get_activation_time(crt);
        *not_after = (int64_t) gnutls_x509_crt_get_expiration_time(crt);
    }
    gnutls_x509_crt_deinit(crt);
}

/// GnuTLS's certificate callback: the credentials in the connection's slot (its socket context).
static int chs_tls_retrieve(gnutls_session_t session, const gnutls_datum_t *req_ca_dn, int nreqs,
        const gnutls_pk_algorithm_t *pk_algos, int pk_algos_length, gnutls_pcert_st **pcert,
        unsigned int *pcert_length, gnutls_privkey_t *privkey) {
    (void) req_ca_dn; (void) nreqs; (void) pk_algos; (void) pk_algos_length;
    struct MHD_Connection *connection = gnutls_session_get_ptr(session);
    const union MHD_ConnectionInfo *info = connection ? MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT) : NULL;
    struct chs_tls_slot *slot = info ? (struct chs_tls_slot *) info->socket_context : NULL;
    struct chs_tls_credentials *c = slot ? atomic_load(&slot->current) : NULL;
    if (!c) return -1;
    *pcert = c->certs;
    *pcert_length = c->count;
    *privkey = c->key;
    return 0;
}

/// chs_start_daemon's daemon speaking TLS only (MHD_USE_TLS is added to `flags`): certificates from the
/// connection's slot (see above), CHS_TLS_PRIORITIES.
static inline struct MHD_Daemon *chs_start_tls_daemon(unsigned int flags, const struct sockaddr_in *address,
        MHD_AccessHandlerCallback handler, void *context,
        MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify, chs_uri_logger uri_logger,
        unsigned int connectionTimeout, unsigned int connectionLimit, unsigned int threads, struct chs_error_log *error_log,
        int *draining) {
    return chs_start_any_daemon(flags | MHD_USE_TLS, 1, address, handler, context, completed, notify, uri_logger,
                                connectionTimeout, connectionLimit, threads, error_log, draining);
}

/// Both daemons' options, as one MHD_OPTION_ARRAY (two-argument options: the callback cast to intptr_t, then its
/// context; one-pointer options: the pointer second). The TLS ones come last and are cut off for a plain daemon.
static inline struct MHD_Daemon *chs_start_any_daemon(unsigned int flags, int tls, const struct sockaddr_in *address,
        MHD_AccessHandlerCallback handler, void *context,
        MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify, chs_uri_logger uri_logger,
        unsigned int connectionTimeout, unsigned int connectionLimit, unsigned int threads, struct chs_error_log *error_log,
        int *draining) {
    struct MHD_OptionItem options[] = {
        { MHD_OPTION_SOCK_ADDR, 0, (void *) address },
        { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) completed, context },
        { MHD_OPTION_NOTIFY_CONNECTION, (intptr_t) notify, context },
        { MHD_OPTION_URI_LOG_CALLBACK, (intptr_t) uri_logger, context },
        // 0.9.75's strict mode: HTTP/1.1 without Host, and spaces in the request target, refused.
        { MHD_OPTION_STRICT_FOR_CLIENT, 1, NULL },
        { MHD_OPTION_CONNECTION_TIMEOUT, connectionTimeout, NULL },
        { MHD_OPTION_CONNECTION_LIMIT, connectionLimit, NULL },
        { MHD_OPTION_CONNECTION_MEMORY_LIMIT, CHS_CONNECTION_MEMORY, NULL },
        { MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024, NULL },
        { MHD_OPTION_THREAD_POOL_SIZE, threads, NULL },
        { tls ? MHD_OPTION_HTTPS_CERT_CALLBACK : MHD_OPTION_END, 0, (void *) chs_tls_retrieve },
        { MHD_OPTION_HTTPS_PRIORITIES, 0, (void *) CHS_TLS_PRIORITIES },
        { MHD_OPTION_END, 0, NULL },
    };
    return MHD_start_daemon(flags, ntohs(address->sin_port), chs_accept_policy, draining, handler, context,
                            // First: libmicrohttpd reports the options that follow through it.
                            MHD_OPTION_EXTERNAL_LOGGER, chs_error_logger, error_log,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (useful after binding port 0).
static inline uint16_t chs_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The peer's address as the server sees the connection (IPv4 or IPv6), NULL when unknown.
/// MHD_get_connection_info is variadic, which Swift can't call.
static inline const struct sockaddr *chs_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/// The connection's socket (-1 when unknown).
static inline int chs_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? (int) info->connect_fd : -1;
}

static inline ssize_t chs_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t chs_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t chs_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

// MARK: - The request's head as it arrived
//
// libmicrohttpd 0.9.75 hands the request line and header values to callbacks as C strings: a NUL byte inside one
// ends it early ("Bearer <token>\0junk" reads as "Bearer <token>"), and the value lengths it reports are those C
// strings' lengths. It parses the head in place in its read buffer, one line after another, turning each CR LF into
// two NULs and each header's colon into one NUL, and it reports the head's size (MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE).
// So the head is well formed exactly when its bytes are accounted for, line by line, by what libmicrohttpd reports:
//   METHOD \0 target \0 HTTP/1.x \0 \0   then per header:  name \0 [SP|HT]* value \0 \0   then  \0 \0
// Anything else — a NUL inside a line, a bare LF ending one, a line folded onto the next (libmicrohttpd copies
// those elsewhere), a header name that isn't a token, a control character (a bare CR…) in a value — is refused.

static inline int chs_is_tchar(unsigned char c) {
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return 1;
    return c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

struct chs_head_walk {
    const char *next;   // where the next header line must start
    const char *end;    // the end of the head
    int bad;
};

static enum MHD_Result chs_head_visit(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                      const char *value, size_t value_size) {
    struct chs_head_walk *w = (struct chs_head_walk *) cls;
    if (kind != MHD_HEADER_KIND || w->bad) return MHD_YES;
    if (key == NULL || value == NULL || key != w->next || key_size == 0 || key + key_size >= w->end) { w->bad = 1; return MHD_NO; }
    for (size_t i = 0; i < key_size; i++) {
        if (!chs_is_tchar((unsigned char) key[i])) { w->bad = 1; return MHD_NO; }
    }
    const char *p = key + key_size;
    if (*p != '\0') { w->bad = 1; return MHD_NO; }   // the colon
    p++;
    while (p < value && p < w->end && (*p == ' ' || *p == '\t')) p++;
    if (p != value) { w->bad = 1; return MHD_NO; }
    for (size_t i = 0; i < value_size; i++) {
        unsigned char c = (unsigned char) value[i];
        if ((c < 0x20 && c != '\t') || c == 0x7F) { w->bad = 1; return MHD_NO; }
    }
    p = value + value_size;
    if (p + 2 > w->end || p[0] != '\0' || p[1] != '\0') { w->bad = 1; return MHD_NO; }   // CR LF
    w->next = p + 2;
    return MHD_YES;
}

/// 1 when the request's head is well formed (see above): `method` and `version` as the access handler got them,
/// `target` and `target_length` as the URI log callback got them (the raw target and its C-string length).
static inline int chs_head_is_well_formed(struct MHD_Connection *connection, const char *method, const char *version,
                                          const char *target, size_t target_length) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    if (info == NULL || method == NULL || version == NULL || target == NULL) return 0;
    const char *end = method + info->header_size;
    size_t method_length = strlen(method);
    if (method_length == 0) return 0;
    for (size_t i = 0; i < method_length; i++) {
        if (!chs_is_tchar((unsigned char) method[i])) return 0;
    }
    // One space between the method and the target; the target ends at the space before the version.
    if (target != method + method_length + 1) return 0;
    const char *p = target + target_length;
    if (p >= end || *p != '\0' || version != p + 1) return 0;
    p = version + strlen(version);
    if (p + 2 > end || p[0] != '\0' || p[1] != '\0') return 0;
    struct chs_head_walk walk = { p + 2, end, 0 };
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, chs_head_visit, &walk);
    if (walk.bad) return 0;
    // The blank line ends the head.
    return walk.next + 2 == end && walk.next[0] == '\0' && walk.next[1] == '\0';
}

// MARK: - Peers that hang up on a suspended stream

/// A new epoll set for hang-ups with an eventfd registered as token 0 (`*wake_fd`; write to it to wake the
/// waiter); the epoll descriptor, or -1.
static inline int chs_watch_create(int *wake_fd) {
    int epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    if (epoll_fd < 0) return -1;
    int wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLIN;
    event.data.u64 = 0;
    if (wake < 0 || epoll_ctl(epoll_fd, EPOLL_CTL_ADD, wake, &event) != 0) {
        if (wake >= 0) close(wake);
        close(epoll_fd);
        return -1;
    }
    *wake_fd = wake;
    return epoll_fd;
}

static inline void chs_watch_wake(int wake_fd) {
    uint64_t one = 1;
    ssize_t written = write(wake_fd, &one, sizeof one);
    (void) written;
}

/// Watches `fd` for its peer closing (once: re-arm to watch again); `token` comes back from chs_watch_wait.
static inline int chs_watch_add(int epoll_fd, int fd, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLRDHUP | EPOLLONESHOT;
    event.data.u64 = token;
    return epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event);
}

/// Arms `fd` (already added) again, once: for its peer closing, and with `writable` also for room to write.
static inline int chs_watch_arm(int epoll_fd, int fd, uint64_t token, int writable) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLRDHUP | EPOLLONESHOT | (writable ? EPOLLOUT : 0);
    event.data.u64 = token;
    return epoll_ctl(epoll_fd, EPOLL_CTL_MOD, fd, &event);
}

/// What woke a watched descriptor (chs_watch_wait's `gone`): 1 when its peer closed or it failed, 0 when it only
/// has room to write.
static inline int chs_watch_is_gone(uint32_t events) { return (events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0; }

/// Writes `count` bytes of `bytes` to the non-blocking socket `fd` (never raising SIGPIPE): how many it took (0 when
/// it had no room), or -1 when the connection is gone.
static inline ssize_t chs_send_some(int fd, const void *bytes, size_t count) {
    for (;;) {
        ssize_t n = send(fd, bytes, count, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n >= 0) return n;
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
        return -1;
    }
}

/// Taking the socket of a suspended connection away from libmicrohttpd, in two steps: `chs_dup_socket` makes a new
/// descriptor for it (non-blocking, close-on-exec); `chs_put_stand_in` then makes libmicrohttpd's `fd` an unconnected
/// socket in its place, which libmicrohttpd shuts and closes in its own time once the connection is resumed and
/// ended — without touching the real one. Only while the connection is suspended (libmicrohttpd has it out of its
/// epoll set: it would fail to remove a descriptor it no longer has). -1 on failure.
static inline int chs_dup_socket(int fd) {
    int ours = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (ours >= 0) (void) fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK);
    return ours;
}

static inline int chs_put_stand_in(int fd) {
    int stand_in = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (stand_in < 0) return -1;
    int replaced = dup2(stand_in, fd);
    close(stand_in);
    if (replaced < 0) return -1;
    (void) fcntl(fd, F_SETFD, FD_CLOEXEC);
    return 0;
}

/// A socket this process writes itself from now on: sent at once (libmicrohttpd may have left it corked).
static inline void chs_socket_push_writes(int fd) {
    int off = 0, on = 1;
    (void) setsockopt(fd, IPPROTO_TCP, TCP_CORK, &off, sizeof off);
    (void) setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

static inline int chs_watch_remove(int epoll_fd, int fd) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    return epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, &event);
}

/// Waits (up to `timeout_ms`, -1: no limit) for hang-ups and room to write; fills `tokens` and `gone`
/// (chs_watch_is_gone of each); returns how many (or -1).
static inline int chs_watch_wait(int epoll_fd, uint64_t *tokens, int *gone, int max, int timeout_ms) {
    struct epoll_event events[256];
    if (max > 256) max = 256;
    int n = epoll_wait(epoll_fd, events, max, timeout_ms);
    for (int i = 0; i < n; i++) { tokens[i] = events[i].data.u64; gone[i] = chs_watch_is_gone(events[i].events); }
    return n;
}
#endif
