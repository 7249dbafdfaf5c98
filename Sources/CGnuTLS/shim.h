#ifndef CLUBHOUSE_CGNUTLS_SHIM_H
#define CLUBHOUSE_CGNUTLS_SHIM_H
// GnuTLS (Debian's libgnutls28-dev, already under libmicrohttpd): the remote client's https://. One TLS client session
// over the same blocking socket the plain http:// transport uses (ClubhouseRemote's `Connection`).
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

/// What a client trusts: the system's CAs (Debian's /etc/ssl/certs/ca-certificates.crt, through p11-kit), plus the
/// PEM certificates of `ca_file` when it is not NULL. 0, or a negative GnuTLS error (GNUTLS_E_NO_CERTIFICATE_FOUND:
/// the file holds no PEM certificate); `*added` says how many certificates the file gave.
static inline int chc_trust_create(gnutls_certificate_credentials_t *out, const char *ca_file, int *added) {
    int ret = gnutls_certificate_allocate_credentials(out);
    if (ret < 0) return ret;
    // A machine without a system store still trusts the CA file: a failure here is not fatal.
    (void) gnutls_certificate_set_x509_system_trust(*out);
    *added = 0;
    if (ca_file) {
        ret = gnutls_certificate_set_x509_trust_file(*out, ca_file, GNUTLS_X509_FMT_PEM);
        if (ret <= 0) {
            gnutls_certificate_free_credentials(*out);
            *out = NULL;
            return ret == 0 ? GNUTLS_E_NO_CERTIFICATE_FOUND : ret;
        }
        *added = ret;
    }
    return 0;
}

/// TLS 1.2 and 1.3 only, GnuTLS's default ciphers otherwise.
#define CHC_TLS_PRIORITIES "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"

/// A client session over the connected socket `fd`, verifying the server's certificate against `trust` and `host`
/// during the handshake (`host` is a DNS name, sent as SNI, or an IP address, matched against the certificate's IP
/// addresses and never sent). 0 or a negative GnuTLS error.
static inline int chc_session_create(gnutls_session_t *out, gnutls_certificate_credentials_t trust, int fd,
                                     const char *host, int host_is_address, unsigned int handshake_ms) {
    int ret = gnutls_init(out, GNUTLS_CLIENT | GNUTLS_NO_SIGNAL);
    if (ret < 0) return ret;
    if ((ret = gnutls_priority_set_direct(*out, CHC_TLS_PRIORITIES, NULL)) < 0
        || (ret = gnutls_credentials_set(*out, GNUTLS_CRD_CERTIFICATE, trust)) < 0
        || (!host_is_address && (ret = gnutls_server_name_set(*out, GNUTLS_NAME_DNS, host, strlen(host))) < 0)) {
        gnutls_deinit(*out);
        *out = NULL;
        return ret;
    }
    // GnuTLS keeps the host name's pointer for the session's lifetime: a copy, freed by chc_session_free.
    char *kept = strdup(host);
    if (!kept) { gnutls_deinit(*out); *out = NULL; return GNUTLS_E_MEMORY_ERROR; }
    gnutls_session_set_ptr(*out, kept);
    gnutls_session_set_verify_cert(*out, kept, 0);
    gnutls_transport_set_int(*out, fd);
    gnutls_handshake_set_timeout(*out, handshake_ms);
    return 0;
}

static inline void chc_session_free(gnutls_session_t session) {
    void *kept = gnutls_session_get_ptr(session);
    gnutls_deinit(session);
    free(kept);
}

/// The handshake, until done, failed, or `handshake_ms` (the socket's own timeouts wake each wait). 0 or a negative
/// GnuTLS error; GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR with the reasons in `*status` (GNUTLS_CERT_* bits).
static inline int chc_handshake(gnutls_session_t session, unsigned int handshake_ms, unsigned int *status) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int ret;
    *status = 0;
    while ((ret = gnutls_handshake(session)) < 0 && !gnutls_error_is_fatal(ret)) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        long long ms = (long long) (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (ms > (long long) handshake_ms) { ret = GNUTLS_E_TIMEDOUT; break; }
    }
    if (ret == GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR) *status = gnutls_session_get_verify_cert_status(session);
    return ret;
}

static inline int chc_e_again(void) { return GNUTLS_E_AGAIN; }
static inline int chc_e_interrupted(void) { return GNUTLS_E_INTERRUPTED; }
static inline int chc_e_premature_termination(void) { return GNUTLS_E_PREMATURE_TERMINATION; }
static inline int chc_e_verification(void) { return GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR; }
static inline int chc_e_timedout(void) { return GNUTLS_E_TIMEDOUT; }
#endif
