#!/usr/bin/env bash
# ARCHITECTURE.md §9, checked: no code opens a file by itself (outside SQLite's own calls) unless it is listed below
# with what it opens and how many such calls it makes; the SQLite layer's few raw opens are listed too, with their
# guard. SQLite's locks are POSIX advisory locks, and on Linux closing any descriptor of a file drops every POSIX lock
# the process holds on it: code that opened the database, its -wal or its -shm file and closed it again would leave a
# running server unlocked, and the next process to open the database would delete the WAL or rebuild its index under
# it (a SIGBUS, lost commits). The rule was known and broken once by a speed-up, so a new raw open anywhere fails
# `make test` until someone has checked that it can never be given a database path and listed it here.
#
#   scripts/check-file-opens.sh        (from the repository's root; `make test` runs it)
set -euo pipefail
cd "$(dirname "$0")/.."

# Calls that open or map a file by path or descriptor: POSIX open/openat/creat/fopen/mmap, Foundation's readers and
# handles.
pattern='(^|[^A-Za-z_.])(Glibc\.)?(open|open64|openat|creat|fopen|mmap)\(|FileHandle\((forReading|forWriting|forUpdating)|Data\(contentsOf|String\(contentsOf|contentsOfFile|FileManager\.default\.contents\(atPath'

# file · calls · what they open (never a database path SQLite has open)
allowed='
Sources/ClubhouseData/SQLite/DataVersion.swift 1 no file: an enum case named open(Connection)
Sources/ClubhouseData/SQLite/DatabaseBackup.swift 2 the new backup copy (made, then flushed) and its folder
Sources/ClubhouseData/SQLite/DatabaseOpener.swift 4 open(at:) itself, and a database file created O_EXCL (fails if it exists)
Sources/ClubhouseData/SQLite/SQLiteFiles.swift 1 readPrefix: a database header, refused while SQLite has the file open
Sources/ClubhouseCLI/Commands/OpenDatabase.swift 3 no file: its own functions named open(…), which open through SQLite
Sources/ClubhouseData/Accounts/LocalStateDirectory.swift 3 the local session and pending-action files in the state folder
Sources/ClubhouseData/Clocks/ClockLease.swift 1 the clock lease FILE.clocks beside the database, a file of its own
Sources/ClubhouseData/Demo/DemoWorld.swift 1 no file: an enum case named open(managed:)
Sources/ClubhouseData/Logging/ActivityLog.swift 1 the activity log file
Sources/ClubhouseData/SSH/Processes.swift 6 /proc files and /dev/null for child processes
Sources/ClubhouseData/SSH/SSHHostSecret.swift 1 the SSH host secret file
Sources/ClubhouseData/SSH/SSHUserAuth.swift 1 the file sshd names in SSH_USER_AUTH
Sources/ClubhouseData/Season/ByteSource.swift 1 a season file being imported
Sources/ClubhouseData/Season/SeasonReader.swift 5 season files being imported
Sources/ClubhouseData/Season/SeasonReader+PlayByPlay.swift 1 the play-by-play file being imported
Sources/ClubhouseData/Season/SeasonReader+Totals.swift 2 season files being imported
Sources/ClubhouseData/Season/SeasonReader+Injuries.swift 2 the injury report and weekly rosters files being imported
Sources/ClubhouseRemote/Connection.swift 1 the CA file given to --ca-file
Sources/ClubhouseRemote/SeasonDownload.swift 3 season downloads being written and their ETag files
Sources/ClubhouseRemote/SeasonDownload+HTTP.swift 1 a season download being written (its .part file)
Sources/ClubhouseRemote/SocketHTTP.swift 2 no file: sockets
Sources/ClubhouseUI/AppCore/Environment.swift 1 the terminal-settings file
Sources/ClubhouseUI/AppCore/UserSettings.swift 2 the user settings file
Sources/ClubhouseUI/Shell/AppReducer.swift 1 no file: an open(…) of a page
Sources/Terminal/Backends/NcursesBackend.swift 2 /dev/tty and /dev/null
Sources/Terminal/Backends/TerminalPreflight.swift 1 /dev/tty
Sources/Terminal/RunLoop/TerminalRunner.swift 1 /dev/tty
Sources/clubhouse-bench/Bench.swift 3 /proc/loadavg and bench outputs
Sources/clubhouse-bench/FanOutBench.swift 1 logs of the processes it measures
Sources/clubhouse-bench/BenchProcesses.swift 3 logs and /proc files of the processes it measures
Sources/clubhouse-bench/FollowersBench.swift 1 /proc/PID/status
Sources/clubhouse-bench/MemoryBench.swift 1 /proc/PID/stat
Sources/clubhouse-bench/ClusterBench.swift 4 /proc/loadavg, the haproxy sample configuration and instance logs
Sources/clubhouse-bench/TLSBench.swift 1 the bench certificate
Sources/clubhouse-net/Commands/HostSSHCommand.swift 4 sshd.pid, the host key, /proc/PID/cmdline, /etc/shadow
Sources/clubhouse-net/Commands/SeasonNetCommand.swift 1 a season file being fetched
Sources/clubhouse-net/Commands/ServeCommand.swift 1 the TLS certificate given to --tls-cert
Sources/clubhouse-net/SSH/SSHDSupervisor.swift 2 the sshd configuration and its log
'

status=0
declare -A want
while read -r file count _; do
    [ -n "${file:-}" ] && want[$file]=$count
done <<< "$allowed"

while read -r count file; do
    if [ -z "${want[$file]:-}" ]; then
        echo "check-file-opens: $file opens a file outside SQLite ($count calls) and is not listed in $0." >&2
        status=1
    elif [ "$count" -gt "${want[$file]}" ]; then
        echo "check-file-opens: $file makes $count raw file opens; ${want[$file]} are listed in $0." >&2
        status=1
    fi
done < <(grep -rcE "$pattern" Sources --include='*.swift' | awk -F: '$2 > 0 { print $2, $1 }')

# Whether SQLite holds its lock is read from /proc/locks by Processes.holdsPOSIXLock alone: one read of it can miss a
# steady line while other processes churn locks, so the helper reads again before it says no. A test with its own
# single read failed CI once (a lock that was there, reported gone); nothing else reads the file.
if grep -rn '"/proc/locks"' Sources Tests --include='*.swift' | grep -v '^Sources/ClubhouseData/SSH/Processes.swift:' >&2; then
    echo "check-file-opens: the lines above read /proc/locks; ask Processes.holdsPOSIXLock (or Processes.locksText for a message)." >&2
    status=1
fi

# Nothing names the database's companions in an open or a map anywhere, the SQLite layer included.
if grep -rnE "$pattern" Sources --include='*.swift' | grep -E -- '-shm|-wal' >&2; then
    echo "check-file-opens: the lines above open a -shm or -wal file outside SQLite's own calls." >&2
    status=1
fi

if [ "$status" -ne 0 ]; then
    echo "check-file-opens: never open the database, its -wal or its -shm outside SQLite while connections are open (ARCHITECTURE.md §9)." >&2
    echo "check-file-opens: if the new open can never be given a database path, list its file with what it opens." >&2
else
    echo "check-file-opens: no raw file open but the listed ones"
fi
exit "$status"
