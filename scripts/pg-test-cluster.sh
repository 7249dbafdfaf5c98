#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the tests: initdb in a temporary folder, run as the unprivileged `postgres`
# user when started as root (PostgreSQL refuses to run as root), listening on a free loopback port only.
#
#   scripts/pg-test-cluster.sh start DIR   start a cluster in DIR (created); prints the URL and writes it to DIR/url
#   scripts/pg-test-cluster.sh stop DIR    stop it and delete DIR
#
# The tests read the URL from CLUBHOUSE_TEST_POSTGRES (`make test` sets it from DIR/url). Outage tests run their own
# cluster and take it through an outage with:
#
#   scripts/pg-test-cluster.sh down DIR    stop the server (fast shutdown: connections are ended), keep DIR
#   scripts/pg-test-cluster.sh up DIR      start it again on the same port
#   scripts/pg-test-cluster.sh freeze DIR  SIGSTOP the server and every backend (a hung host: TCP still accepts)
#   scripts/pg-test-cluster.sh thaw DIR    SIGCONT them
#
# PG_TEST_MAX_CONNECTIONS (default 300) sets the cluster's max_connections at `start`.
set -euo pipefail
cmd=${1:?usage: pg-test-cluster.sh start|stop|down|up|freeze|thaw DIR}
dir=${2:?usage: pg-test-cluster.sh start|stop|down|up|freeze|thaw DIR}

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "pg-test-cluster: no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql)" >&2; exit 1; }

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
start)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U clubhouse --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    # A free loopback port: a random one nobody answers on; if the server still can't bind it, try another.
    started=""
    for _ in 1 2 3 4 5 6 7 8; do
        port=$(( 20000 + RANDOM % 40000 ))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
        # Loopback TCP only (no Unix socket in /var/run), small and fast: fsync off, it is thrown away anyway.
        echo "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=${PG_TEST_MAX_CONNECTIONS:-300}" >"$dir/options"
        if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start -o "$(cat "$dir/options")" >/dev/null; then
            started=yes; break
        fi
    done
    [ -n "$started" ] || { cat "$dir/server.log" >&2; exit 1; }
    url="postgres://clubhouse@127.0.0.1:$port/postgres"
    echo "$url" >"$dir/url"
    echo "$url"
    ;;
stop)
    if [ -d "$dir/data" ]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
down)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null
    ;;
up)
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start -o "$(cat "$dir/options")" >/dev/null
    ;;
freeze | thaw)
    # The postmaster first (so it starts no new backend), then each of its children, by process id.
    signal=$([ "$cmd" = freeze ] && echo STOP || echo CONT)
    pid=$(head -n 1 "$dir/data/postmaster.pid")
    kill -s "$signal" "$pid"
    for child in $(ps -o pid= --ppid "$pid"); do kill -s "$signal" "$child" 2>/dev/null || true; done
    ;;
*)
    echo "usage: pg-test-cluster.sh start|stop|down|up|freeze|thaw DIR" >&2; exit 2
    ;;
esac
