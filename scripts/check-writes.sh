#!/usr/bin/env bash
# A part of a write that may fail runs in `w.ifPossible { … }` (a savepoint), never under `try?`: on PostgreSQL a failed
# statement aborts the whole transaction, every statement after it fails ("current transaction is aborted"), and a
# conflict that should have retried the write is swallowed. Broken once (the clock's outage check); this fails on a
# `try?` whose call takes the write transaction (`w.…`, `(w, …)`) in the domain or the stores.
set -u
hits=$(grep -rnE 'try\? [^/]*\b(w|writer)(\.|,|\))' Sources/ClubhouseDomain Sources/ClubhouseData Sources/ClubhousePostgres --include='*.swift')
if [ -n "$hits" ]; then
    echo "check-writes: try? inside a write (use w.ifPossible { }):" >&2
    echo "$hits" >&2
    exit 1
fi
echo "check-writes: no try? inside a write"
