#!/usr/bin/env bash
# `make test` after the build: a throw-away PostgreSQL cluster for the PostgreSQL runs of the contract suites (stopped
# however the tests end), then two test processes side by side:
#   - the end-to-end tests (tmux, sshd, the built binaries; synchronous and minutes long), in a process of their own:
#     in one process they hold Swift's cooperative pool (two threads here) for minutes, and every async test behind
#     them misses its waits;
#   - every other test.
# The end-to-end output follows the others'. Exits non-zero when either process failed.
#
# Time limits: Swift Testing starts every test of a process at once and a test's limit runs from then, while it may
# still wait for one of the pool's threads (as many as the machine has cores) behind long synchronous tests — the SSH
# auction and trade stories hold one for minutes. So each end-to-end test's limit is 10 minutes and an async test's
# in the other process at least 5: guards against a hang, not speed checks (those are in `make bench`).
#
#   scripts/run-tests.sh DEBUG_BIN
set -uo pipefail
bin=${1:?usage: run-tests.sh DEBUG_BIN}
swift=${SWIFT:-swift}

pgdir=$(mktemp -d)
e2e_log=$(mktemp)
trap './scripts/pg-test-cluster.sh stop "$pgdir"; rm -f "$e2e_log"' EXIT

url=$(./scripts/pg-test-cluster.sh start "$pgdir") || { echo "run-tests: the test PostgreSQL cluster did not start" >&2; exit 1; }
echo "test PostgreSQL cluster: $url"
export CLUBHOUSE_TEST_POSTGRES=$url CLUBHOUSE_BIN=$bin

# --ignore-lock on both: they only run what `make test` built; without it one waits for the other's lock on .build
# (a process given --ignore-lock still takes the lock when it is free).
"$swift" test --skip-build --ignore-lock --filter EndToEndTests > "$e2e_log" 2>&1 &
e2e_pid=$!
"$swift" test --skip-build --ignore-lock --skip EndToEndTests
rest=$?
wait "$e2e_pid"
e2e=$?

echo "== EndToEndTests (run beside the others, in a process of their own):"
cat "$e2e_log"
echo "== other tests: exit $rest; end-to-end tests: exit $e2e"
if [ "$rest" -ne 0 ] || [ "$e2e" -ne 0 ]; then
    # What the test cluster refused or ended (too many clients, a terminated backend), counted: a failed PostgreSQL
    # test's cause is often here and nowhere else.
    echo "== the test PostgreSQL cluster's FATAL and PANIC lines, counted:"
    grep -hoE '(FATAL|PANIC): .*' "$pgdir/server.log" 2>/dev/null | sed -E 's/"[^"]*"/"…"/g' | sort | uniq -c | sort -rn | head -n 20
fi
[ "$rest" -eq 0 ] && [ "$e2e" -eq 0 ]
