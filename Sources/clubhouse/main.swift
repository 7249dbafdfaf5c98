import ClubhouseCLI
import Foundation

// The embedded app. The networked commands are clubhouse-net's: this binary execs it for them (NetworkBinary).
exit(Clubhouse.run(Array(CommandLine.arguments.dropFirst()), network: nil))
