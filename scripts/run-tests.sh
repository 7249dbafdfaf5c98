#!/usr/bin/env bash
# `make test` after the build: a throw-away PostgreSQL cluster for the PostgreSQL runs of the contract suites (stopped
# however the tests end), then three test processes side by side:
#   - the end-to-end tests (tmux, sshd, the built binaries; synchronous and minutes long);
#   - the data tests (SQLite, PostgreSQL, the HTTP server, the remote transport: real files, sockets and clocks);
#   - the in-memory tests (domain rules, the terminal layer, the app's screens and reducers).
# Why apart: Swift's cooperative pool has as many threads as the machine has cores (two here), and a synchronous test
# holds one of them for as long as it runs. In one process the data tests' thousands of seconds of blocking work held
# the pool, and every step of an async test (a screen's effect, a stream's next event, a server's answer) waited its
# turn behind them: the in-memory tests' timed out, and an event stream's 30-second wait ran out while its events
# waited for a thread. In processes of their own each gets a share of the machine from the kernel instead.
#
# Within a process, Swift Testing starts every test at once and a resumed async test is queued behind every test not
# yet started (hundreds). SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH bounds the tests in flight, so such a step
# waits behind a few tests, not all of them.
#
# Time limits: a test's limit runs from when it starts, while it may still wait for one of the pool's threads. So each
# end-to-end test's limit is 10 minutes and an async test's in the other processes at least 5: guards against a hang,
# not speed checks (those are in `make bench`).
#
#   scripts/run-tests.sh DEBUG_BIN
set -uo pipefail
bin=${1:?usage: run-tests.sh DEBUG_BIN}
swift=${SWIFT:-swift}

pgdir=$(mktemp -d)
e2e_log=$(mktemp)
data_log=$(mktemp)
memory_log=$(mktemp)
trap './scripts/pg-test-cluster.sh stop "$pgdir"; rm -f "$e2e_log" "$data_log" "$memory_log"' EXIT

url=$(./scripts/pg-test-cluster.sh start "$pgdir") || { echo "run-tests: the test PostgreSQL cluster did not start" >&2; exit 1; }
echo "test PostgreSQL cluster: $url"
export CLUBHOUSE_TEST_POSTGRES=$url CLUBHOUSE_BIN=$bin

# --ignore-lock on all three: they only run what `make test` built; without it one waits for another's lock on .build
# (a process given --ignore-lock still takes the lock when it is free).
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-12}
run() { "$swift" test --skip-build --ignore-lock "$@"; }
run --filter '^EndToEndTests\.' > "$e2e_log" 2>&1 &
e2e_pid=$!
run --filter '^ClubhouseDataTests\.' --filter '^BenchTests\.' > "$data_log" 2>&1 &
data_pid=$!
run --skip '^EndToEndTests\.' --skip '^ClubhouseDataTests\.' --skip '^BenchTests\.' 2>&1 | tee "$memory_log"
memory=${PIPESTATUS[0]}
wait "$data_pid"
data=$?
wait "$e2e_pid"
e2e=$?

echo "== data tests (run beside the others, in a process of their own):"
cat "$data_log"
echo "== end-to-end tests (run beside the others, in a process of their own):"
cat "$e2e_log"
echo "== in-memory tests: exit $memory; data tests: exit $data; end-to-end tests: exit $e2e"
if [ "$memory" -ne 0 ] || [ "$data" -ne 0 ] || [ "$e2e" -ne 0 ]; then
    # What the test cluster refused, ended or cancelled (too many clients, a terminated backend, a statement past its
    # timeout), counted: a failed PostgreSQL test's cause is often here and nowhere else.
    echo "== the test PostgreSQL cluster's FATAL and PANIC lines, and statements it cancelled, counted:"
    grep -hoE '(FATAL|PANIC): .*|ERROR: +canceling statement .*' "$pgdir/server.log" 2>/dev/null | sed -E 's/"[^"]*"/"…"/g' | sort | uniq -c | sort -rn | head -n 20
    # Last, where a reader of the output's end finds them: every issue a failed test recorded, from all three.
    echo "== what failed, from the three processes:"
    grep -h "recorded an issue" "$memory_log" "$data_log" "$e2e_log" | grep -v "known issue" | head -n 60
fi
[ "$memory" -eq 0 ] && [ "$data" -eq 0 ] && [ "$e2e" -eq 0 ]
