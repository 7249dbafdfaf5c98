#ifndef CLUBHOUSE_CSODIUM_SHIM_H
#define CLUBHOUSE_CSODIUM_SHIM_H
// libsodium (Debian's libsodium-dev): Argon2id password hashes, random tokens, SHA-256.
// Call sodium_init() once before anything else (ClubhouseData's `Sodium.ready` does).
#include <sodium.h>
#endif
