#!/usr/bin/env bash
# Every path the server answers is defined once: the league operations in ClubhouseDomain/API/Endpoints (`Endpoints`),
# the rest in `ServiceRoutes` beside them. The server's router, the remote client and the bench name a path only
# through those, so a `/v1/` string literal anywhere else in them is a second definition that can drift.
#
#   scripts/check-routes.sh        (from the repository's root; `make test` runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
found=$(grep -rnoE '"/v1/[^"]*"' Sources/ClubhouseRemote Sources/ClubhouseServer Sources/clubhouse-bench || true)
if [ -n "$found" ]; then
  echo "check-routes: a /v1/ path written outside Endpoints and ServiceRoutes:"
  echo "$found"
  exit 1
fi
