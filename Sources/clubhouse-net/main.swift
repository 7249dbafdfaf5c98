import ClubhouseCLI
import Foundation

// The networked commands (`serve`, `--server URL`, `host-ssh`, the SSH session commands), beside everything
// `clubhouse` does: `clubhouse` execs this binary for them, so that the embedded app loads no networking library.
exit(Clubhouse.run(Array(CommandLine.arguments.dropFirst()), network: { args in
    switch args.command {
    case "serve": return ServeCommand.run(args)
    case "host-ssh": return HostSSHCommand.run(args)
    case "ssh-session": return SSHSessionCommand.run(args)
    case "ssh-authorized-keys": return SSHAuthorizedKeysCommand.run(args)
    case "ssh-keeper": return SSHDKeeper.run(args)
    case "season": return SeasonNetCommand.run(args)
    case nil: return RemoteAppCommand.run(args)
    default: return 2
    }
}))
