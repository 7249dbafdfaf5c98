#ifndef CLUBHOUSE_CPOSTGRES_SHIM_H
#define CLUBHOUSE_CPOSTGRES_SHIM_H
// libpq (Debian's libpq-dev): the PostgreSQL client library behind ClubhouseData/Postgres.
#include <libpq-fe.h>
#endif
