// clubhouse-bench: performance figures for seeding, the heaviest reads and live pick fan-out (reported, never asserted).
//   clubhouse-bench                  the full report
//   clubhouse-bench --quick          fewer repetitions and seed runs (and picks)
//   clubhouse-bench --auction-only   only the auction's draft time (12 teams, 15 spots, $200, 11 bots; simulated clock)
//   clubhouse-bench --seed-only      first-run seeding only (the demo world into a fresh database), and its breakdown
//   clubhouse-bench --startup-only   start-up and memory beside tig and htop, one table
//   clubhouse-bench --app-only       only the benchmarks of the real app on ptys (memory, idle CPU, pick fan-out)
//   clubhouse-bench --server-only    only the league server's figures (wrk browse, picks, 500-stream fan-out,
//                                    10,000 followers and 600 resumes beside /healthz)
//   clubhouse-bench --followers-only only the 10,000 followers (--quick: 2,000) and the 600 resumes
//   clubhouse-bench --picks-only     only the league server's POST picks, on SQLite and on PostgreSQL
//   clubhouse-bench --reads-only     only the browse reads (plain and kept, If-None-Match) beside nginx, on SQLite and
//                                    on PostgreSQL
//   clubhouse-bench --cluster-only   only 3 instances on one PostgreSQL behind HAProxy: kept reads beside nginx, one pick to
//                                    streams spread over them, an instance killed and restarted (fails if a stream misses
//                                    an event)
//   clubhouse-bench --tls-only       only HTTPS beside plain HTTP (wrk browse, a fresh client connection, 1,000 client streams)
//   clubhouse-bench --skip-server    everything but those (and the TLS figures)
//   clubhouse-bench --skip-app       everything but those;  --no-fan-out: the app's memory and idle CPU only
//   clubhouse-bench --ssh-sessions   pick fan-out with ssh-session clients of one clubhouse serve (as host-ssh runs them)
//   clubhouse-bench --rooms N        fan-out with N rooms of 12 clients only (instead of 1 and 20)
//   clubhouse-bench --profile-reads [N]  seed in memory, run every browse read N times (a workload for callgrind)
//   clubhouse-bench --dump FILE      seed an in-memory world at a fixed time and write a sorted dump of every table
//                                    (diff two dumps to check an optimisation changed no behaviour)
// --dump stays synchronous (no async main), so it also runs under valgrind --tool=callgrind for profiling.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--dump") || arguments.contains("--profile-reads") {
    Bench.syncMain(arguments)
} else {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await Bench.main(arguments)
        done.signal()
    }
    done.wait()
}
