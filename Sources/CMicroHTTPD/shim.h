#ifndef CLUBHOUSE_CMICROHTTPD_SHIM_H
#define CLUBHOUSE_CMICROHTTPD_SHIM_H
// libmicrohttpd (Debian's libmicrohttpd-dev): the HTTP server under `clubhouse serve`.
// MHD_start_daemon is variadic, which Swift can't call: chs_start_daemon passes the options we use.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/select.h>
#include <netinet/in.h>
#include <microhttpd.h>

static inline struct MHD_Daemon *chs_start_daemon(unsigned int flags, const struct sockaddr_in *address,
        MHD_AccessHandlerCallback handler, void *context,
        MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify,
        unsigned int connectionTimeout, unsigned int connectionLimit, unsigned int threads) {
    return MHD_start_daemon(flags, ntohs(address->sin_port), NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, context,
                            MHD_OPTION_CONNECTION_TIMEOUT, connectionTimeout,
                            MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t) (96 * 1024),
                            MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
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

static inline ssize_t chs_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline uint64_t chs_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
#endif
