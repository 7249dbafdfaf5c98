// clubhouse-bench: performance figures for seeding and the heaviest reads (reported, never asserted).
//   clubhouse-bench                  the full report
//   clubhouse-bench --quick          fewer repetitions and seed runs
//   clubhouse-bench --dump FILE      seed an in-memory world at a fixed time and write a sorted dump of every table
//                                    (diff two dumps to check an optimisation changed no behaviour)
await Bench.main(Array(CommandLine.arguments.dropFirst()))
